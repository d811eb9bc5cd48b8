import Foundation
import Testing
import TestSupport

/// Every input a command reads (`--ops-file`, `tree`, `family`, `bars`)
/// given what an adversary would give it: empty, cut short, a folder, a
/// named pipe nobody writes to, an endless device or pipe, bytes that are
/// not UTF-8, text in UTF-16, nesting 100,000 deep, numbers no double
/// holds. Each is read, or refused with one line naming the file (and the
/// line where there is one) and the limit or fault, exit 64 for
/// `--ops-file` and 65 for the others, leaving the folder as it was.
@Suite(.tags(.cli)) struct HostileInputTests {
    /// A command that reads an input file.
    enum Reader: String, CaseIterable, Sendable {
        case ops, tree, family, bars

        /// The arguments that give it `path` (with `format` where the name
        /// does not say it), writing to a GIF if the run ever got that far.
        func arguments(_ path: String, format: String? = nil) -> [String] {
            let formatArguments = format.map { ["--format", $0] } ?? []
            let reading =
                switch self {
                case .ops: ["--ops-file", path]
                case .tree: ["tree", path] + formatArguments
                case .family: ["family", path] + formatArguments
                case .bars: ["bars", path]
                }
            return reading + ["--size", "128x72", "-o", "out.gif"]
        }

        /// The format to give for a name that does not say it.
        var format: String? {
            switch self {
            case .tree: "brackets"
            case .family: "gedcom"
            case .ops, .bars: nil
            }
        }

        /// The exit status of bad input: a flag's for operations, bad data
        /// for the rest.
        var status: Int32 { self == .ops ? 64 : 65 }

        /// The limit of a stream, as the refusal names it.
        var limit: String {
            switch self {
            case .ops: "1,000,000"
            case .tree: "50,000,000"
            case .family: "16,777,216"
            case .bars: "33,554,432"
            }
        }

        /// The line refusing `path` as a whole for `reason`.
        func refusal(_ path: String, _ reason: String) -> String {
            self == .ops ? "--ops-file: cannot read '\(path)': \(reason)" : "\(path): \(reason)"
        }
    }

    static let noWriter =
        "it is a named pipe that no program is writing to: start the program that writes it first, or give - and pipe the data in"

    /// The most memory a run refusing an endless input may take: its limit
    /// (50 MB at most) read, with room to spare.
    static let memory = 300 << 20

    /// A fresh folder holding `files` (name → bytes).
    static func folder(_ files: [String: [UInt8]] = [:]) throws -> String {
        let dir = try CommandRunner.temporaryFolder()
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        return dir
    }

    /// Runs `arguments` in `dir`, killing a run still going after two
    /// minutes (SIGKILL), so one that waits forever fails its test instead
    /// of hanging it; a safety net, not a time limit.
    static func run(_ arguments: [String], in dir: String) throws -> CommandRunner.Result {
        let started = try CommandRunner.start(arguments, in: dir)
        Wait.untilExit(of: started.0)
        return CommandRunner.finish(started)
    }

    /// Runs `arguments` with standard input fed by `writer` (a program and
    /// its arguments, writing without end), measuring the run's memory
    /// (killed past ``memory``); the writer is killed once the run is over.
    static func run(_ arguments: [String], in dir: String, fedBy writer: [String]) throws -> (CommandRunner.Result, peak: Int) {
        let pipe = Pipe()
        let source = Process()
        source.executableURL = URL(fileURLWithPath: CommandRunner.onPath(writer[0]))
        source.arguments = Array(writer.dropFirst())
        source.standardOutput = pipe
        source.standardError = FileHandle.nullDevice
        try source.run()
        defer {
            kill(source.processIdentifier, SIGKILL)
            source.waitUntilExit()
        }
        return try CommandRunner.runMeasuringMemory(arguments, in: dir, limit: memory, input: pipe)
    }

    /// The outcome of a refusal: `reader`'s status, `message` as the one
    /// line on stderr, and `dir` holding what it held before.
    static func expectRefusal(_ r: CommandRunner.Result, _ reader: Reader, _ message: String, in dir: String, holding files: [String]) {
        #expect(r.status == reader.status, "stderr: \(r.stderr)")
        #expect(r.stderr == "treeanim: error: \(message)\n")
        #expect(CommandRunner.files(in: dir) == files)
    }

    // MARK: Empty, blank, cut short

    @Test(arguments: [
        (Reader.ops, "e.txt", "--ops-file e.txt: no operations"),
        (.tree, "e.tree", "e.tree:1:1: the file is empty: expected a tree"),
        (.family, "e.json", "e.json: the file is empty: expected a list of people"),
        (.bars, "e.csv", "e.csv: empty: no rows"),
    ])
    func anEmptyFile(_ reader: Reader, _ name: String, _ message: String) throws {
        let dir = try Self.folder([name: []])
        Self.expectRefusal(try Self.run(reader.arguments(name), in: dir), reader, message, in: dir, holding: [name])
    }

    @Test(arguments: [
        (Reader.ops, "w.txt", "--ops-file w.txt: no operations"),
        (.tree, "w.tree", "w.tree:3:1: expected a tree, found only blank lines and comments"),
        (.family, "w.json", "w.json: the file is empty: expected a list of people"),
        (.bars, "w.csv", "w.csv: empty: no rows"),
    ])
    func aFileOfBlanks(_ reader: Reader, _ name: String, _ message: String) throws {
        let dir = try Self.folder([name: Array("  \n\t\n".utf8)])
        Self.expectRefusal(try Self.run(reader.arguments(name), in: dir), reader, message, in: dir, holding: [name])
    }

    @Test(arguments: [
        (Reader.ops, "t.txt", "insert 5 3\ndel",
         "--ops-file t.txt: line 2, operation 2: unknown operation 'del' (expected insert, search, delete, min, max, inorder, preorder, postorder or levelorder)"),
        (.tree, "t.tree", "[S [NP the", "t.tree:1:4: expected ']' to close this '[', found the end of the file"),
        (.tree, "t.json", #"{"label": "a", "chil"#, "t.json:1:16: unterminated string: expected '\"' before the end of the file"),
        (.family, "t.json", #"[{"id": "a", "na"#, "t.json:1: not valid JSON or YAML: found unexpected end of stream"),
        (.bars, "t.csv", "year,A\n2000,\"1", "t.csv:2: a quoted field is never closed: a \" is missing"),
    ])
    func aFileCutShortInAToken(_ reader: Reader, _ name: String, _ text: String, _ message: String) throws {
        let dir = try Self.folder([name: Array(text.utf8)])
        Self.expectRefusal(try Self.run(reader.arguments(name), in: dir), reader, message, in: dir, holding: [name])
    }

    // MARK: Folders, pipes, devices

    @Test(arguments: [
        (Reader.ops, "--ops-file: cannot read 'd': it is a folder"),
        (.tree, "d: is a directory, not a tree file"),
        (.family, "d: cannot open the file: it is a folder"),
        (.bars, "d: a folder, not a CSV file"),
    ])
    func aFolder(_ reader: Reader, _ message: String) throws {
        let dir = try Self.folder()
        try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: false)
        Self.expectRefusal(try Self.run(reader.arguments("d", format: reader.format), in: dir), reader, message, in: dir, holding: ["d"])
    }

    /// Opening a named pipe for reading waits for a writer: a run that did
    /// would never end (the safety net would kill it).
    @Test(arguments: Reader.allCases)
    func aNamedPipeNoProgramWritesToIsRefusedAtOnce(_ reader: Reader) throws {
        let dir = try Self.folder()
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let r = try Self.run(reader.arguments("fifo", format: reader.format), in: dir)
        Self.expectRefusal(r, reader, reader.refusal("fifo", Self.noWriter), in: dir, holding: ["fifo"])
    }

    @Test(arguments: ["avl", "rb", "heap"])
    func everyCommandOfOperationsReadsTheSameWay(_ command: String) throws {
        let dir = try Self.folder()
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let r = try Self.run([command] + Reader.ops.arguments("fifo"), in: dir)
        Self.expectRefusal(r, .ops, Reader.ops.refusal("fifo", Self.noWriter), in: dir, holding: ["fifo"])
    }

    /// Devices without end are read up to the limit and no further.
    @Test(arguments: Reader.allCases, ["/dev/zero", "/dev/urandom"])
    func anEndlessDeviceIsCutAtTheLimit(_ reader: Reader, _ device: String) throws {
        try #require(FileManager.default.fileExists(atPath: device))
        let dir = try Self.folder()
        let (r, peak) = try CommandRunner.runMeasuringMemory(reader.arguments(device, format: reader.format), in: dir, limit: Self.memory)
        let message = reader.refusal(device, "the file is over the limit of \(reader.limit) bytes: reading stopped there")
        Self.expectRefusal(r, reader, message, in: dir, holding: [])
        #expect(peak < Self.memory)
    }

    /// `yes "[" | treeanim tree - --format brackets`, and the like.
    @Test(arguments: [
        (Reader.ops, ["yes", "insert 1"]),
        (.tree, ["yes", "["]),
        (.family, ["yes", "0 @I1@ INDI"]),
        (.bars, ["yes", "2000,1"]),
    ])
    func anEndlessPipeIsCutAtTheLimit(_ reader: Reader, _ writer: [String]) throws {
        let dir = try Self.folder()
        let (r, peak) = try Self.run(reader.arguments("-", format: reader.format), in: dir, fedBy: writer)
        let message = reader.refusal(reader == .ops ? "-" : "<stdin>", "the file is over the limit of \(reader.limit) bytes: reading stopped there")
        Self.expectRefusal(r, reader, message, in: dir, holding: [])
        #expect(peak < Self.memory)
    }

    /// A run waiting for its input ends at once on Ctrl-C, SIGTERM or a
    /// hang-up, with exit 130 and nothing made.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP], [Reader.ops, .tree])
    func aSignalEndsARunWaitingForItsInput(_ signal: Int32, _ reader: Reader) throws {
        let dir = try Self.folder()
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A writer that never writes: this process, reading and writing so
        // that opening does not wait.
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        defer { close(writer) }
        let started = try CommandRunner.start(reader.arguments("fifo", format: reader.format), in: dir)
        let process = started.0
        func holdsTheFifo() -> Bool {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")) ?? []
            return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/fd/\($0)")) == fifo }
        }
        // The run has the pipe open, so it is reading it or about to; the
        // bound is a safety net.
        Wait.until(every: .milliseconds(2)) { !process.isRunning || holdsTheFifo() }
        #expect(process.isRunning)
        kill(process.processIdentifier, signal)
        Wait.untilExit(of: process)
        let r = CommandRunner.finish(started)
        #expect(r.status == 130)
        #expect(r.stderr == "treeanim: error: interrupted; nothing was written\n")
        #expect(CommandRunner.files(in: dir) == ["fifo"])
    }

    // MARK: Encodings

    @Test(arguments: [
        (Reader.ops, "bad.txt", Array("insert 5\ninsert ".utf8) + [0xFF, 0x0A], "--ops-file bad.txt: line 2: invalid UTF-8 at byte offset 16 (byte FF)"),
        (.tree, "bad.tree", Array("[a ".utf8) + [0xFF] + Array("]\n".utf8), "bad.tree:1:4: invalid UTF-8 at byte offset 3 (byte FF)"),
        // Without --encoding, family and bars files that are no UTF-8 are
        // read in the encoding they fit (legacyTextIsRead).
        // Cut in the middle of a character (爷 is E7 88 B7).
        (.tree, "cut.tree", Array("[a\n 爷".utf8).dropLast(), "cut.tree:2:2: invalid UTF-8 at byte offset 4 (bytes E7 88, cut short by the end of the file)"),
    ] as [(Reader, String, [UInt8], String)])
    func invalidUTF8IsPlaced(_ reader: Reader, _ name: String, _ bytes: [UInt8], _ message: String) throws {
        let dir = try Self.folder([name: bytes])
        // A tree file that is no UTF-8 is read in the legacy encoding it
        // fits, unless UTF-8 is given.
        let given = reader == .tree ? ["--encoding", "utf-8"] : []
        Self.expectRefusal(try Self.run(reader.arguments(name) + given, in: dir), reader, message, in: dir, holding: [name])
    }

    static let texts: [(Reader, String, String)] = [
        (.ops, "u.txt", "insert 5 3 9\nsearch 9\n"),
        (.tree, "u.tree", "[S [NP the 猫] [VP sat]]\n"),
        (.family, "u.json", #"[{"id": "a", "name": "王建国"}, {"id": "b", "name": "王小明"}]"#),
        (.family, "u.ged", "0 HEAD\n1 CHAR UNICODE\n0 @I1@ INDI\n1 NAME 建国 /王/\n0 TRLR\n"),
        (.bars, "u.csv", "year,北京,B\n2000,1,2\n2001,3,4\n"),
    ]

    /// UTF-16 as Windows writes it (little-endian with its mark) and as a
    /// file without a mark (big-endian): read like the UTF-8.
    @Test(arguments: texts)
    func utf16IsReadWithOrWithoutItsMark(_ reader: Reader, _ name: String, _ text: String) throws {
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let dir = try Self.folder([name: Array(text.utf8), "le-" + name: little, "be-" + name: big])
        var counts: [String] = []
        for file in [name, "le-" + name, "be-" + name] {
            let r = try Self.run(reader.arguments(file) + ["--count-frames"], in: dir)
            #expect(r.status == 0, "\(file): \(r.stderr)")
            #expect(r.stderr.isEmpty)
            counts.append(r.stdout)
        }
        #expect(Set(counts).count == 1 && Int(counts[0].trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        #expect(CommandRunner.files(in: dir) == ["be-" + name, "le-" + name, name].sorted())
    }

    /// Latin-1 names, as spreadsheets and old genealogy programs save
    /// them: every reader decodes them as the tree reader does, and says
    /// which encoding it read.
    @Test func legacyTextIsRead() throws {
        let latin: [UInt8] = Array("year,Z".utf8) + [0xFC] + Array("rich,Gen".utf8) + [0xE8] + Array("ve\n2000,1,2\n2001,3,4\n".utf8)
        let people: [UInt8] = Array(#"[{"id": "a", "name": "Fran"#.utf8) + [0xE7] + Array(#"ois M"#.utf8) + [0xFC] + Array(#"ller"}]"#.utf8)
        let dir = try Self.folder(["l.csv": latin, "l.json": people])
        let bars = try Self.run(Reader.bars.arguments("l.csv") + ["--frame-range", "0:1"], in: dir)
        #expect(bars.status == 0, "\(bars.stderr)")
        #expect(bars.stderr.contains("; read l.csv as a wide table in Windows-1252 (--encoding to change): 2 names"), "\(bars.stderr)")
        let family = try Self.run(Reader.family.arguments("l.json") + ["--frame-range", "0:1"], in: dir)
        #expect(family.status == 0, "\(family.stderr)")
        #expect(family.stderr.hasSuffix("; read l.json as JSON in Windows-1252 (--encoding to change)\n"), "\(family.stderr)")
    }

    // MARK: Nesting

    @Test(arguments: [
        (Reader.tree, "deep.tree", String(repeating: "[a ", count: 100_000) + String(repeating: "]", count: 100_000),
         "deep.tree:1:3001: nesting deeper than 1,000 levels: the limit is 1,000 levels"),
        (.tree, "deep.json", String(repeating: #"{"label":"a","children":["#, count: 100_000) + #"{"label":"b"}"# + String(repeating: "]}", count: 100_000),
         "deep.json:1:25001: nesting deeper than 1,000 levels: the limit is 1,000 levels"),
        // 100,000 levels of an outline are 5 GB (see the next test); 2,000 are 2 MB.
        (.tree, "deep.txt", (0..<2_000).map { String(repeating: " ", count: $0) + "a" }.joined(separator: "\n"),
         "deep.txt:1001:1001: nesting deeper than 1,000 levels: the limit is 1,000 levels"),
        (.family, "deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
         "deep.json:1: lists and mappings nested too deep: the limit is about 1,000 levels"),
        (.family, "chain.ged", "0 HEAD\n" + (1...100_000).map { "0 @I\($0)@ INDI\n" }.joined()
            + (1..<100_000).map { "0 @F\($0)@ FAM\n1 HUSB @I\($0)@\n1 CHIL @I\($0 + 1)@\n" }.joined(),
         "chain.ged:1002: the line from 'I1' down to 'I1001' is 1,001 generations: the limit is 1,000 generations"),
    ])
    func nestingAHundredThousandDeepIsRefusedAtTheLimit(_ reader: Reader, _ name: String, _ text: String, _ message: String) throws {
        let dir = try Self.folder([name: Array(text.utf8)])
        let (r, peak) = try CommandRunner.runMeasuringMemory(reader.arguments(name), in: dir, limit: Self.memory)
        Self.expectRefusal(r, reader, message, in: dir, holding: [name])
        #expect(peak < Self.memory)
    }

    @Test func anOutlineAHundredThousandLevelsDeepIsPastTheSizeLimit() throws {
        let dir = try Self.folder()
        let awk = #"BEGIN { s = ""; for (i = 0; i < 100000; i++) { print s "a"; s = s " " } }"#
        let (r, peak) = try Self.run(Reader.tree.arguments("-", format: "outline"), in: dir, fedBy: ["awk", awk])
        Self.expectRefusal(r, .tree, "<stdin>: the file is over the limit of 50,000,000 bytes: reading stopped there", in: dir, holding: [])
        #expect(peak < Self.memory)
    }

    // MARK: Numbers

    static let digits = String(repeating: "9", count: 400)

    @Test(arguments: [
        (Reader.bars, "1e400", "n.csv:2:2: '1e400' is too large: values go up to about 1.8e308"),
        // (A bars cell `NaN` is pandas' missing value: read as missing.)
        (.bars, "NaNa", "n.csv:2:2: 'NaNa' is not a number"),
        (.bars, "inf", "n.csv:2:2: 'inf' is not a number"),
        (.bars, digits, "n.csv:2:2: '\(digits.prefix(24))…' is too large: values go up to about 1.8e308"),
        (.tree, "1e400", "n.lo:2:2: the number '1e400' is out of range: numbers go up to about 1.8e308"),
        (.tree, "NaN", "n.lo:2:2: expected a number or null, found 'NaN'"),
        (.tree, "inf", "n.lo:2:2: expected a number or null, found 'inf'"),
        (.tree, digits, "n.lo:2:2: the number '\(digits.prefix(20))…' is out of range: numbers go up to about 1.8e308"),
        (.ops, "1e400", "--ops-file n.txt: line 2, operation 2: '1e400' is not a whole number"),
        (.ops, "NaN", "--ops-file n.txt: line 2, operation 2: 'NaN' is not a whole number"),
        (.ops, "inf", "--ops-file n.txt: line 2, operation 2: 'inf' is not a whole number"),
        (.ops, digits, "--ops-file n.txt: line 2, operation 2: key '\(digits.prefix(40))…' is out of range (-9223372036854775808 to 9223372036854775807)"),
    ])
    func aNumberNoDoubleHoldsIsPlaced(_ reader: Reader, _ number: String, _ message: String) throws {
        let (name, text, format): (String, String, String?) =
            switch reader {
            case .bars: ("n.csv", "year,A\n2000,\(number)\n", nil)
            case .tree: ("n.lo", "[1,\n \(number)]\n", "level-order")
            default: ("n.txt", "insert 5\ninsert \(number)\n", nil)
            }
        let dir = try Self.folder([name: Array(text.utf8)])
        Self.expectRefusal(try Self.run(reader.arguments(name, format: format), in: dir), reader, message, in: dir, holding: [name])
    }

    /// `-0` is 0: a node `--highlight 0` finds, a key already inserted as
    /// 0, a bar of no length.
    @Test func minusZeroIsReadAsZero() throws {
        let dir = try Self.folder(["z.lo": Array("[-0,1]\n".utf8), "z.txt": Array("insert 5 -0 0\n".utf8), "z.csv": Array("year,A\n2000,-0\n".utf8)])
        let tree = try Self.run(Reader.tree.arguments("z.lo", format: "level-order") + ["--highlight", "0", "--count-frames"], in: dir)
        #expect(tree.status == 0, "stderr: \(tree.stderr)")
        let ops = try Self.run(Reader.ops.arguments("z.txt"), in: dir)
        #expect(ops.stderr == "treeanim: error: --ops-file z.txt: line 1, operation 1: 0 is already in the tree (each key can be inserted once)\n")
        let bars = try Self.run(Reader.bars.arguments("z.csv") + ["--count-frames"], in: dir)
        #expect(bars.status == 0, "stderr: \(bars.stderr)")
        #expect(CommandRunner.files(in: dir) == ["z.csv", "z.lo", "z.txt"])
    }
}
