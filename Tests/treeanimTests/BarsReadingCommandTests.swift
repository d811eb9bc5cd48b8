import Foundation
import Testing
import TestSupport

/// `treeanim bars` on tables as people have them: the layout told, the
/// columns named, names and periods chosen, and each bad flag one line.
@Suite(.tags(.cli)) struct BarsReadingCommandTests {
    static let small = ["--size", "320x180", "--fps", "5", "--period", "0.2", "--hold", "0"]

    @Test func aLongTableWithOtherHeadersIsReadAndSaysHow() throws {
        let dir = try CommandRunner.temporaryFolder()
        let table = "Country Name,Country Code,Year,Value\nA,AA,2000,1\nB,BB,2000,2\nA,AA,2001,NA\nB,BB,2001,4\nWorld,WLD,2000,3\nWorld,WLD,2001,6\n"
        try table.write(toFile: dir + "/p.csv", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["bars", "p.csv", "--exclude", "World", "--dump-scene", "d.jsonl"] + Self.small + ["-o", "p.gif"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("treeanim: note: read period 'Year', name 'Country Name', value 'Value'; column 'Country Code' not used\n"))
        #expect(r.stderr.contains("treeanim: note: 1 missing value is carried forward"))
        #expect(r.stderr.hasSuffix("; read p.csv as a long table: 2 names, 2 periods\n"), "stderr: \(r.stderr)")
        let dump = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        #expect(!dump.contains("\"World\""))
    }

    /// Three countries, two indicators, four years in tidyr's long form:
    /// no flag needed, the race within the first indicator or the one
    /// --only names, said in a note.
    @Test func aLongTableOfIndicatorsRacesWithinOneWithoutFlags() throws {
        let dir = try CommandRunner.temporaryFolder()
        try LongIndicatorTable.tidy.write(toFile: dir + "/wb.csv", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["bars", "wb.csv", "--race", "--dump-scene", "d.jsonl"] + Self.small + ["-o", "r.gif"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix(
            "treeanim: note: the bars race within one indicator, 'SP.POP.TOTL' (the first of 2 in 'indicator'; --only NAME picks another)\n"),
            "stderr: \(r.stderr)")
        #expect(r.stderr.hasSuffix("; read wb.csv as a long table: 3 names, 4 periods\n"), "stderr: \(r.stderr)")
        let urban = try CommandRunner.run(["bars", "wb.csv", "--only", "SP.URB.TOTL,AFG,ALB", "--dump-scene", "u.jsonl"] + Self.small + ["-o", "u.gif"], in: dir)
        #expect(urban.status == 0, "stderr: \(urban.stderr)")
        #expect(urban.stderr.contains("note: the bars race within one indicator, 'SP.URB.TOTL' (--only names it of 2 in 'indicator')\n"))
        #expect(urban.stderr.hasSuffix("; read wb.csv as a long table: 2 names, 4 periods\n"), "stderr: \(urban.stderr)")
        let last = try BarsAndSortCommandTests.lastDump(dir + "/u.jsonl")
        let bars = (last["bars"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "bar" }
        #expect(bars.count == 2, "\(bars)")
    }

    @Test(arguments: [
        (["--period-column", "When"], "treeanim: error: t.csv:1: --period-column 'When' is no column: the header has 'who', 'year' and 'n' (give a name or a number from 1 to 3)\n"),
        (["--only", "zed"], "treeanim: error: t.csv: --only: 'zed' is no name of the table ('a', 'b')\n"),
        (["--from", "1999"], "treeanim: error: t.csv: --from: '1999' is no period of the table ('2000', '2001')\n"),
        (["--every", "0"], "treeanim: error: --every must be from 1 to 1000 (got 0)\n"),
        (["--long", "--transpose"], "treeanim: error: --long and --transpose say different layouts: give one\n"),
        (["--wide", "--name-column", "who"], "treeanim: error: --name-column is for a long table, not --wide\n"),
    ])
    func aBadChoiceIsOneLine(_ flags: [String], _ message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try "who,year,n\na,2000,1\nb,2000,2\na,2001,3\nb,2001,4\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["bars", "t.csv"] + flags + Self.small + ["-o", "t.gif"], in: dir)
        #expect(r.status == 64 && r.stderr == message, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["t.csv"])
    }
}
