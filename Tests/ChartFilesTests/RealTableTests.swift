import ChartFiles
import Charts
import Foundation
import InputText
import TestSupport
import Testing

/// Tables as statistics sites and spreadsheets write them: any headers,
/// long, wide or transposed, with missing values written as NA, .. or -,
/// and the names and periods chosen.
@Suite struct RealTableTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/csv")

    static func load(_ name: String, _ reading: ChartReading = ChartReading()) throws -> ChartContents {
        try ChartFile.load(from: .path(corpus.path + "/" + name), reading: reading)
    }

    /// A name's value in the last period.
    static func last(_ data: ChartData, _ name: String) -> Double? {
        data.categories.firstIndex(of: name).flatMap { data.values[data.values.count - 1][$0] }
    }

    @Test func baseballIsALongTableOfPlayersByYear() throws {
        let contents = try Self.load("bcr_baseball.csv")
        #expect(contents.layout == .long)
        let data = contents.data
        #expect(data.categories.count == 20 && data.categories.first == "Hank Aaron")
        // Periods in their numeric order, 0 to 23.
        #expect(data.periods.count == 24 && data.periods.first == "0" && data.periods.map { Int($0)! } == data.periods.map { Int($0)! }.sorted())
        // A career that ended carries its total on; the note says so.
        #expect(data.values.last!.allSatisfy { $0 != nil })
        #expect(contents.notes.contains { $0.contains("carried forward") })
        #expect(data.decimals == 0)
    }

    @Test func dataHubsPopulationFindsItsColumnsByTheirHeaders() throws {
        let contents = try Self.load("datahub_population.csv")
        #expect(contents.layout == .long)
        #expect(contents.notes.first == "read period 'Year', name 'Country Name', value 'Value'; column 'Country Code' not used")
        #expect(contents.data.periods.first == "1960")
        #expect(Self.last(contents.data, "Aruba") != nil && Self.last(contents.data, "World")! > 7e9)
        // Aggregates left out; every fifth year from 1970, and the last.
        var reading = ChartReading()
        // A pattern whose names another took out already is no typo.
        reading.exclude = ["World", "*income*", "Low income"]
        (reading.every, reading.from) = (5, "1970")
        let chosen = try Self.load("datahub_population.csv", reading).data
        #expect(!chosen.categories.contains("World") && !chosen.categories.contains { $0.contains("income") })
        #expect(chosen.periods.prefix(3) == ["1970", "1975", "1980"] && chosen.periods.last == contents.data.periods.last)
    }

    @Test func theWideFilesOfBarChartRaceStayWide() throws {
        let covid = try Self.load("bcr_covid19.csv")
        #expect(covid.layout == .wide && covid.data.categories.count == 20)
        // 2717.0 is whole: no stray decimals.
        #expect(covid.data.decimals == 0)
        let urban = try Self.load("bcr_urban_pop.csv")
        #expect(urban.layout == .wide && urban.data.categories.contains("Congo, Dem. Rep."))
    }

    /// Four indicators a country: the bars race within one (a country's
    /// urban population is not ranked against its growth rate), the first
    /// unless --only names another.
    @Test func theWorldBanksTableRacesWithinOneIndicator() throws {
        let contents = try Self.load("tidyr_world_bank_pop.csv")
        #expect(contents.layout == .transposed)
        let data = contents.data
        #expect(data.periods.first == "2000" && data.periods.last == "2017" && data.categories.count == 266)
        #expect(data.categories.first == "ABW" && Self.last(data, "ABW") == 45648)
        #expect(contents.notes.first == "the bars race within one indicator, 'SP.URB.TOTL' (the first of 4 in 'indicator'; --only NAME picks another)")
        var reading = ChartReading()
        reading.only = ["SP.URB.GROW"]
        let growth = try Self.load("tidyr_world_bank_pop.csv", reading)
        #expect(growth.data.categories.count == 266 && growth.notes.first?.contains("'SP.URB.GROW' (--only names it of 4") == true)
        // Growth rates below zero are bars below zero, with the decimals the file gives them.
        #expect(growth.data.values.joined().contains { ($0 ?? 0) < 0 } && growth.data.decimals(of: 0) > 0)
        // An indicator and names together: the others choose the bars.
        reading.only = ["SP.POP.TOTL", "USA", "CHN"]
        #expect(try Self.load("tidyr_world_bank_pop.csv", reading).data.categories == ["USA", "CHN"])
    }

    @Test func columnsNamedByTheFlagsAndMissingMarks() throws {
        let table = "who,when,score,extra\na,2001,NA,x\nb,2001,2,x\na,2002,..,x\na,2000,1,x\nb,2002,-,x\n"
        var reading = ChartReading()
        (reading.nameColumn, reading.periodColumn, reading.valueColumn) = ("who", "2", "Score")
        let carried = try ChartFile.load(table, name: "t.csv", reading: reading).data
        #expect(carried.periods == ["2000", "2001", "2002"])
        #expect(carried.values == [[1, nil], [1, 2], [1, 2]])
        reading.missing = .gap
        #expect(try ChartFile.load(table, name: "t.csv", reading: reading).data.values == [[1, nil], [nil, 2], [nil, nil]])
        reading.missing = .zero
        #expect(try ChartFile.load(table, name: "t.csv", reading: reading).data.values == [[1, 0], [0, 2], [0, 0]])
        reading.valueColumn = "points"
        #expect(throws: ChartFileError.self) { try ChartFile.load(table, name: "t.csv", reading: reading) }
    }

    /// Flourish's bar chart race template: periods headed with a word
    /// before their year, an image column before them, with or without
    /// --transpose.
    @Test func flourishPeriodHeadersEndInAYear() throws {
        let table = "Party,Image,Election 2013,Election 2017,Election 2021\nA,https://x/a.png,10,\"1,200\",14\nB,https://x/b.png,9,11,\n"
        for layout in [nil, ChartLayout.transposed] {
            let contents = try ChartFile.load(table, name: "f.csv", reading: ChartReading(layout: layout))
            #expect(contents.layout == .transposed)
            #expect(contents.data.periods == ["Election 2013", "Election 2017", "Election 2021"])
            #expect(contents.data.categories == ["A", "B"] && contents.data.values == [[10, 9], [1200, 11], [14, 11]])
            #expect(contents.notes.first == "column 'Image' not used: 'Party' names the bars")
        }
    }

    /// The World Bank's own download: the country's name and code, the
    /// indicator's name and code, then a column a year.
    @Test func aWorldBankDownloadRacesWithinTheIndicatorOnlyNames() throws {
        let table = """
            "Country Name","Country Code","Indicator Name","Indicator Code","1960","1961"
            "Aruba","ABW","Urban population","SP.URB.TOTL","27526","28141"
            "Aruba","ABW","Population, total","SP.POP.TOTL","54608","55811"
            "World","WLD","Urban population","SP.URB.TOTL","1019494838","1051510197"
            "World","WLD","Population, total","SP.POP.TOTL","3031474234","3072546985"

            """
        for layout in [nil, ChartLayout.transposed] {
            let first = try ChartFile.load(table, name: "wb.csv", reading: ChartReading(layout: layout))
            #expect(first.data.categories == ["Aruba", "World"] && first.data.values[1] == [28141, 1051510197])
            #expect(first.notes.first == "the bars race within one indicator, 'Urban population', 'SP.URB.TOTL' (the first of 2 in 'Indicator Name'; "
                + "--only NAME picks another); column 'Country Code' not used")
            var reading = ChartReading(layout: layout)
            reading.only = ["Population, total"]
            #expect(try ChartFile.load(table, name: "wb.csv", reading: reading).data.values[0] == [54608, 3031474234])
            reading.only = ["SP.POP.*", "World"]
            #expect(try ChartFile.load(table, name: "wb.csv", reading: reading).data.values == [[3031474234], [3072546985]])
        }
    }

    /// The same table as the World Bank's long download heads it, the
    /// indicator's name in quotes (it has a comma), the rows by year
    /// first, a value missing.
    static let worldBankLong: String = {
        var rows = [#""Country Name","Country Code","Indicator Name","Indicator Code","Year","Value""#]
        for year in 2000...2003 {
            for (c, code, base) in [("Aruba", "ABW", 100), ("Afghanistan", "AFG", 300), ("Albania", "ALB", 200)] {
                for (name, indicator, scale) in [("Population, total", "SP.POP.TOTL", 1), ("Urban population", "SP.URB.TOTL", 10)] {
                    let value = code == "AFG" && year == 2001 && scale == 1 ? ".." : "\(scale * (base + year - 2000))"
                    rows.append(#""\#(c)","\#(code)","\#(name)","\#(indicator)","\#(year)","\#(value)""#)
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }()

    /// Long tables of several indicators read as their authors meant:
    /// periods from the year column, names from the country column, values
    /// from the value column, the bars within one indicator (the first,
    /// or the one --only names), with the note of the transposed table.
    @Test func aLongTableOfSeveralIndicatorsRacesWithinOne() throws {
        let tidy = try ChartFile.load(LongIndicatorTable.tidy, name: "t.csv", reading: ChartReading())
        #expect(tidy.layout == .long)
        #expect(tidy.data.periods == ["2000", "2001", "2002", "2003"] && tidy.data.categories == ["ABW", "AFG", "ALB"])
        #expect(tidy.data.values == [[100, 300, 200], [101, 301, 201], [102, 302, 202], [103, 303, 203]])
        #expect(tidy.notes == ["the bars race within one indicator, 'SP.POP.TOTL' (the first of 2 in 'indicator'; --only NAME picks another)"])
        var reading = ChartReading()
        reading.only = ["SP.URB.*", "ALB", "ABW"]
        let urban = try ChartFile.load(LongIndicatorTable.tidy, name: "t.csv", reading: reading)
        #expect(urban.data.categories == ["ALB", "ABW"] && urban.data.values[3] == [2030, 1030])
        #expect(urban.notes == ["the bars race within one indicator, 'SP.URB.TOTL' (--only names it of 2 in 'indicator')"])

        let bank = try ChartFile.load(Self.worldBankLong, name: "wb.csv", reading: ChartReading())
        #expect(bank.layout == .long && bank.data.categories == ["Aruba", "Afghanistan", "Albania"])
        #expect(bank.data.periods == ["2000", "2001", "2002", "2003"] && bank.data.values[3] == [103, 303, 203])
        #expect(bank.notes == [
            "the bars race within one indicator, 'Population, total', 'SP.POP.TOTL' (the first of 2 in 'Indicator Name'; --only NAME picks another)",
            "read period 'Year', name 'Country Name', value 'Value'; column 'Country Code' not used",
            "1 missing value is carried forward from the period before (--missing gap leaves no bar, --missing zero draws none)",
        ])
        reading.only = ["Urban population"]
        #expect(try ChartFile.load(Self.worldBankLong, name: "wb.csv", reading: reading).data.values[0] == [1000, 3000, 2000])
        // Said long, it reads the same; a name alone is a name, not an indicator.
        #expect(try ChartFile.load(Self.worldBankLong, name: "wb.csv", reading: ChartReading(layout: .long)).data == bank.data)
        reading.only = ["Albania"]
        #expect(try ChartFile.load(Self.worldBankLong, name: "wb.csv", reading: reading).data.categories == ["Albania"])
    }

    /// A series column names the bars when no other column can; beside a
    /// country column it is the indicator. One indicator needs no choosing.
    @Test func aSeriesColumnIsTheNameOnlyWhenNothingElseIs() throws {
        let series = try ChartFile.load("date,series,value\n2000,a,1\n2000,b,2\n2001,a,3\n2001,b,4\n", name: "s.csv", reading: ChartReading())
        #expect(series.data.categories == ["a", "b"] && series.notes.isEmpty)
        let both = "Series Name,Country Name,Time,Value\nGDP,Chile,2000,1\nGDP,Peru,2000,2\nGDP,Chile,2001,3\nGDP,Peru,2001,4\n"
        let one = try ChartFile.load(both, name: "b.csv", reading: ChartReading())
        #expect(one.data.categories == ["Chile", "Peru"] && one.data.values == [[1, 2], [3, 4]])
        #expect(one.notes == ["read period 'Time', name 'Country Name', value 'Value'; column 'Series Name' not used"])
        // An indicator a name, none given twice a period: nothing to choose.
        let each = try ChartFile.load("country,indicator,year,value\nA,x,2000,1\nB,y,2000,2\nA,x,2001,3\nB,y,2001,4\n", name: "e.csv", reading: ChartReading())
        #expect(each.data.categories == ["A", "B"] && each.notes == ["read period 'year', name 'country', value 'value'; column 'indicator' not used"])
    }

    /// A row cut short among several indicators is refused at its row, not
    /// passed over with the indicator it would have had.
    @Test func aShortRowOfALongTableOfIndicatorsIsNamed() {
        #expect(throws: ChartFileError(file: "t.csv", row: 4, message: "2 fields where the header has 4")) {
            try ChartFile.load("country,indicator,year,value\nA,x,2000,1\nA,y,2000,2\nA,x\n", name: "t.csv", reading: ChartReading())
        }
    }

    @Test func aFlourishTableWithAnImageColumn() throws {
        let table = "Name,Image,2019,2020,2021\nAda,http://x/a.png,1,2,3\nBob,http://x/b.png,2,,5\n"
        let contents = try ChartFile.load(table, name: "f.csv", reading: ChartReading())
        #expect(contents.layout == .transposed)
        #expect(contents.data.categories == ["Ada", "Bob"] && contents.data.values == [[1, 2], [2, 2], [3, 5]])
        #expect(contents.notes.first == "column 'Image' not used: 'Name' names the bars")
    }
}

/// The last period of each corpus table, against a second reading of the
/// text: split at commas (these files quote nothing), missing values
/// carried forward by hand.
@Suite struct CorpusLastPeriodTests {
    static func naive(_ name: String) throws -> [[String]] {
        try String(contentsOfFile: RealTableTests.corpus.path + "/" + name, encoding: .utf8)
            .split { $0 == "\n" || $0 == "\r\n" }.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func covidsLastDayIsItsLastRowCarriedForward() throws {
        let rows = try Self.naive("bcr_covid19.csv")
        var last = [Double?](repeating: nil, count: rows[0].count - 1)
        for row in rows.dropFirst() {
            for (k, cell) in row.dropFirst().enumerated() { if let v = Double(cell) { last[k] = v } }
        }
        let data = try RealTableTests.load("bcr_covid19.csv").data
        #expect(data.categories == Array(rows[0].dropFirst()))
        #expect(data.values.last! == last)
    }

    @Test func eachPlayersLastValueIsTheirLastRow() throws {
        var last = [String: (year: Int, value: Double)]()
        for row in try Self.naive("bcr_baseball.csv").dropFirst() {
            let (year, value) = (Int(row[1])!, Double(row[2])!)
            if year >= last[row[0]]?.year ?? -1 { last[row[0]] = (year, value) }
        }
        let data = try RealTableTests.load("bcr_baseball.csv").data
        for (player, expected) in last {
            #expect(RealTableTests.last(data, player) == expected.value, "\(player)")
        }
    }
}
