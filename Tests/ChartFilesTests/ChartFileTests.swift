import ChartFiles
import Charts
import Foundation
import InputText
import Testing

@Suite struct ChartFileTests {
    static func wide(_ text: String) throws -> ChartData { try ChartFile.parse(text, name: "t.csv", format: .wide) }
    static func long(_ text: String) throws -> ChartData { try ChartFile.parse(text, name: "t.csv", format: .long) }

    static func error(_ text: String, _ format: ChartFileFormat = .wide) -> String {
        do {
            _ = try ChartFile.parse(text, name: "t.csv", format: format)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func aWideFileHasAPeriodPerRowAndACategoryPerColumn() throws {
        let data = try Self.wide("year,A,B\n2000,1,2.5\n2001,,3\n")
        #expect(data.periods == ["2000", "2001"])
        #expect(data.categories == ["A", "B"])
        #expect(data.values == [[1, 2.5], [nil, 3]])
        #expect(data.decimals == 1)
    }

    /// `-0` is 0, drawn and written without a sign; numbers a double cannot
    /// hold, NaN and inf are errors naming their cell, a long one cut.
    @Test func minusZeroIsZeroAndNumbersBeyondADoubleAreRefused() throws {
        let data = try Self.wide("year,A,B\n2000,-0,-0.0\n")
        #expect(data.values == [[0, 0]])
        #expect(data.values[0].allSatisfy { $0?.sign == .plus })
        #expect(Self.error("year,A,B\n2000,1,1e400\n") == "t.csv:2:3: '1e400' is too large: values go up to about 1.8e308")
        let digits = String(repeating: "9", count: 400)
        #expect(Self.error("year,A\n2000,\(digits)\n") == "t.csv:2:2: '\(digits.prefix(24))…' is too large: values go up to about 1.8e308")
        #expect(Self.error("year,A\n2000,NaNa\n") == "t.csv:2:2: 'NaNa' is not a number")
        #expect(Self.error("year,A\n2000,inf\n") == "t.csv:2:2: 'inf' is not a number")
    }

    /// A cell that is a plain number reads as the same cell with spaces
    /// around it (which goes the general way): its value and its
    /// decimals; and the marks and faults made of number characters stay
    /// missing values and errors.
    @Test func plainNumbersReadAsTheSameNumbersWithSpaces() throws {
        let cells = ["0", "-0", "+3", "007", "1.50", "2717.0", "1e3", "-2.5E-3", "0.000001", "123456.789", "1e-400", ".5", "5."]
        for cell in cells {
            let plain = try Self.wide("year,A\n2000,\(cell)\n"), spaced = try Self.wide("year,A\n2000, \(cell) \n")
            #expect(plain.values == spaced.values, "\(cell)")
            #expect(plain.values[0][0]?.sign == spaced.values[0][0]?.sign, "\(cell)")
            #expect(plain.decimals == spaced.decimals && plain.categoryDecimals == spaced.categoryDecimals, "\(cell)")
        }
        #expect(try Self.wide("year,A,B\n2000,-,..\n").values == [[nil, nil]])
        #expect(Self.error("year,A\n2000,1e999\n") == "t.csv:2:2: '1e999' is too large: values go up to about 1.8e308")
        #expect(Self.error("year,A\n2000,1e-310\n").hasSuffix("is too small: values other than 0 go down to 1e-300 in size (write 0 for nothing)"))
        #expect(Self.error("year,A\n2000,1-2\n") == "t.csv:2:2: '1-2' is not a number")
        #expect(Self.error("year,A\n2000,e\n") == "t.csv:2:2: 'e' is not a number")
    }

    @Test func quotedNamesKeepTheirCommasQuotesAndLineBreaks() throws {
        let data = try Self.wide("period,\"Korea, South\",\"the \"\"big\"\" one\",\"two\nlines\"\r\n2020,\"1,234,567\",2,3\r\n")
        #expect(data.categories == ["Korea, South", "the \"big\" one", "two\nlines"])
        #expect(data.values == [[1_234_567, 2, 3]])
    }

    @Test func namesInAnyScriptAndAByteOrderMarkAndSpaces() throws {
        let data = try Self.wide("\u{FEFF}date , 北京 ,القاهرة,São Paulo,🚀\n 2020-01-01 , 1 ,2,3,4\n2020-02-01,5,6,7,8")
        #expect(data.categories == ["北京", "القاهرة", "São Paulo", "🚀"])
        #expect(data.periods == ["2020-01-01", "2020-02-01"])
        #expect(data.values[1] == [5, 6, 7, 8])
    }

    @Test func aLongFileByHeaderNamesInAnyOrderWithGroups() throws {
        let data = try Self.long("Value,Country,Year,Region\n3,France,2000,Europe\n4,Japan,2000,Asia\n5,France,2001,Europe\n")
        #expect(data.periods == ["2000", "2001"])
        #expect(data.categories == ["France", "Japan"])
        #expect(data.values == [[3, 4], [5, nil]])
        #expect(data.groups == ["France": "Europe", "Japan": "Asia"])
    }

    @Test func aLongFileWithoutAHeader() throws {
        let data = try Self.long("2000,a,1\n2000,b,2.25\n")
        #expect(data.categories == ["a", "b"])
        #expect(data.values == [[1, 2.25]])
        #expect(data.decimals == 2)
    }

    @Test func everyFaultIsOneLineNamingItsRowAndColumn() throws {
        #expect(Self.error("") == "t.csv: empty: no rows")
        #expect(Self.error("year\n2000\n") == "t.csv:1: the header has one column; a chart needs a period column and a column per category")
        #expect(Self.error("year,A,B\n") == "t.csv:1: a header and no rows: no periods to chart")
        #expect(Self.error("year,A,,B\n1,2,3,4\n") == "t.csv:1:3: column 3 has no name in the header")
        #expect(Self.error("year,A,B,A\n1,2,3,4\n") == "t.csv:1:4: 'A' names columns 2 and 4")
        #expect(Self.error("year,A,B\n2000,1,2\n2001,1\n") == "t.csv:3: 2 fields where the header has 3")
        #expect(Self.error("year,A,B\n2000,1,two\n") == "t.csv:2:3: 'two' is not a number")
        #expect(Self.error("year,A,B\n2000,1,12%\n") == "t.csv:2:3: '12%' is not a number")
        // A negative value is a bar below zero, not a fault.
        #expect(try Self.wide("year,A,B\n2000,-1,2\n").values == [[-1, 2]])
        #expect(Self.error("year,A,B\n2000,1e999,2\n") == "t.csv:2:2: '1e999' is too large: values go up to about 1.8e308")
        #expect(Self.error("year,A,B\n,1,2\n") == "t.csv:2:1: the period is empty")
        #expect(Self.error("year,A,B\n2000,1,2\n2000,3,4\n") == "t.csv:3:1: period '2000' is also row 2")
        #expect(Self.error("year,A,B\n2000,\"1,2\n2001,3,4\n") == "t.csv:2: a quoted field is never closed: a \" is missing")
        #expect(Self.error("year,A,B\n2000,\"12,34\",4\n") == "t.csv:2:2: '12,34' is not a number")
        #expect(Self.error("period,name,value\n2000,a,1\n2000,a,2\n", .long) == "t.csv:3: 'a' in '2000' is also row 2")
        #expect(Self.error("period,name,value,group\n2000,a,1,x\n2001,a,2,y\n", .long) == "t.csv:3:4: 'a' is in group 'y' here and 'x' above")
        #expect(Self.error("a,b,c\nx,y,z\n", .long)
            == "t.csv:1: cannot tell the period and value columns: the header has 'a', 'b' and 'c'; give --period-column, --value-column (a header name or a number from 1)")
        #expect(Self.error("period,name,value\n", .long) == "t.csv:1: a header and no rows: no values to chart")
    }

    @Test func filesThatCannotBeReadAreNamed() throws {
        #expect(throws: ChartFileError(file: "/no/such.csv", message: "no such file")) {
            try ChartFile.read(path: "/no/such.csv", format: .wide)
        }
        #expect(throws: ChartFileError(file: "/tmp", message: "a folder, not a CSV file")) {
            try ChartFile.read(path: "/tmp", format: .wide)
        }
        let path = NSTemporaryDirectory() + "latin1-\(getpid()).csv"
        try Data([0x79, 0x2C, 0x41, 0x0A, 0x31, 0x2C, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Latin-1 is read as such (uchardet and our rules agree on its
        // one byte): the cell is text, not a number.
        #expect(throws: ChartFileError(file: path, row: 2, column: 2, message: "'é' is not a number")) {
            try ChartFile.read(path: path, format: .wide)
        }
    }

    /// Latin-1 names, as a spreadsheet saves "CSV" in Western Europe: told
    /// and read as Windows-1252 (Latin-1's superset), or read so when
    /// given. Polish names in Windows-1250 are a guess that goes wrong
    /// (their few accented bytes are a Latin-1 text's too), put right by
    /// the encoding given.
    @Test func aLegacyFileIsReadInTheEncodingToldOrGiven() throws {
        let folder = NSTemporaryDirectory() + "legacy-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func load(_ name: String, _ bytes: [UInt8], _ encoding: TextEncoding?) throws -> ChartContents {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
            var reading = ChartReading()
            reading.encoding = encoding
            return try ChartFile.load(from: .path(folder + "/" + name), reading: reading)
        }
        // Zürich, Genève, Köln in Latin-1: FC, E8, F6.
        let latin = Array("year,Z".utf8) + [0xFC] + Array("rich,Gen".utf8) + [0xE8] + Array("ve,K".utf8) + [0xF6] + Array("ln\n2000,1,2,3\n2001,3,4,5\n".utf8)
        for encoding in [nil, TextEncoding(name: "latin-1")] {
            let read = try load("l.csv", latin, encoding)
            #expect(read.data.categories == ["Zürich", "Genève", "Köln"] && read.encoding == .windows1252)
            #expect(read.notes.isEmpty)
        }
        // Łódź, Kraków, Gdańsk in Windows-1250: A3 F3 64 9F, F3, F1.
        let polish = Array("year,".utf8) + [0xA3, 0xF3, 0x64, 0x9F] + Array(",Krak".utf8) + [0xF3] + Array("w,Gda".utf8) + [0xF1]
            + Array("sk\n2000,1,2,3\n2001,3,4,5\n".utf8)
        let guessed = try load("p.csv", polish, nil)
        #expect(guessed.encoding == .windows1252 && guessed.data.categories == ["£ódŸ", "Kraków", "Gdañsk"])
        let given = try load("p.csv", polish, TextEncoding(name: "windows-1250"))
        #expect(given.encoding == .other("WINDOWS-1250") && given.data.categories == ["Łódź", "Kraków", "Gdańsk"])
        // A byte the encoding given lacks is named, with the flag to change.
        #expect(throws: ChartFileError(
            file: folder + "/p.csv",
            message: "line 1, bytes 81 0A at byte offset 6 are no Windows-1250 character: give the file's encoding with --encoding")) {
            try load("p.csv", Array("year,a".utf8) + [0x81] + Array("\n2000,1\n".utf8), TextEncoding(name: "windows-1250"))
        }
    }

    /// Random tables written with quoting wherever a field needs it read
    /// back as written.
    @Test func randomTablesRoundTrip() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces = ["a", "北京", "Korea, South", "say \"hi\"", "x\ny", " ", "é", "1,5", "Zürich"]
        func quoted(_ s: String) -> String {
            s.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        for _ in 0..<60 {
            let n = next(5) + 1, periods = next(5) + 1
            var names = [String]()
            while names.count < n {
                let name = pieces[next(pieces.count)] + String(names.count)
                names.append(name)
            }
            var text = "period," + names.map(quoted).joined(separator: ",") + (next(2) == 0 ? "\r\n" : "\n")
            var values = [[Double?]]()
            for p in 0..<periods {
                let row: [Double?] = (0..<n).map { _ in next(6) == 0 ? nil : Double(next(100_000)) / 100 }
                values.append(row)
                text += "P\(p)," + row.map { $0.map { String($0) } ?? "" }.joined(separator: ",") + "\n"
            }
            let data = try Self.wide(text)
            #expect(data.categories == names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
            #expect(data.values == values)
        }
    }
}
