import Foundation
import Testing
import TestSupport

/// `--encoding` of `bars` and `family` (and `encoding:` of their lecture
/// sections): a file that is no UTF-8 is read in the encoding its bytes
/// fit and the summary says which, with the flag to change it; the flag
/// puts a wrong guess right, and wins over a GEDCOM header's `CHAR`.
@Suite(.tags(.cli)) struct EncodingCommandTests {
    static let small = ["--size", "320x180", "--fps", "5", "--hold", "0"]

    /// Zürich, Genève, Köln in Latin-1 (FC, E8, F6), as a spreadsheet in
    /// Western Europe saves "CSV".
    static let latinTable = Array("year,Z".utf8) + [0xFC] + Array("rich,Gen".utf8) + [0xE8] + Array("ve,K".utf8) + [0xF6]
        + Array("ln\n2000,1,2,3\n2001,3,4,5\n".utf8)
    /// Łódź, Kraków, Gdańsk in Windows-1250 (A3 F3 64 9F, F3, F1): a few
    /// accented bytes that Latin-1 has too, so the guess is Windows-1252.
    static let polishTable = Array("year,".utf8) + [0xA3, 0xF3, 0x64, 0x9F] + Array(",Krak".utf8) + [0xF3] + Array("w,Gda".utf8) + [0xF1]
        + Array("sk\n2000,1,2,3\n2001,3,4,5\n".utf8)
    /// A GEDCOM whose header says ANSEL over Latin-1 names (ç E7, ü FC, é E9).
    static let latinGedcom = Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Fran".utf8) + [0xE7] + Array("ois /M".utf8) + [0xFC]
        + Array("ller/\n1 FAMS @F1@\n0 @I2@ INDI\n1 NAME Ren".utf8) + [0xE9, 0x65] + Array(" /M".utf8) + [0xFC]
        + Array("ller/\n1 FAMC @F1@\n0 @F1@ FAM\n1 HUSB @I1@\n1 CHIL @I2@\n0 TRLR\n".utf8)

    static func folder(_ files: [String: [UInt8]]) throws -> String {
        let dir = try CommandRunner.temporaryFolder()
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        return dir
    }

    /// `arguments` run to a GIF with a scene dump, and the dump's text.
    static func run(_ arguments: [String], in dir: String) throws -> (CommandRunner.Result, String) {
        let r = try CommandRunner.run(arguments + small + ["--dump-scene", "d.jsonl", "-o", "x.gif"], in: dir)
        let dump = (try? String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)) ?? ""
        return (r, dump)
    }

    @Test func aLatin1TableIsToldAndTheSummarySaysHowToChangeIt() throws {
        let dir = try Self.folder(["l.csv": Self.latinTable])
        let (told, toldDump) = try Self.run(["bars", "l.csv", "--period", "0.2"], in: dir)
        #expect(told.status == 0, "stderr: \(told.stderr)")
        #expect(told.stderr.hasSuffix("; read l.csv as a wide table in Windows-1252 (--encoding to change): 3 names, 2 periods\n"), "stderr: \(told.stderr)")
        #expect(!told.stderr.contains("note:"), "stderr: \(told.stderr)")
        #expect(toldDump.contains("Zürich") && toldDump.contains("Genève") && toldDump.contains("Köln"))
        let (given, givenDump) = try Self.run(["bars", "l.csv", "--encoding", "latin-1", "--period", "0.2"], in: dir)
        #expect(given.status == 0, "stderr: \(given.stderr)")
        #expect(given.stderr.hasSuffix("; read l.csv as a wide table in Windows-1252: 3 names, 2 periods\n"), "stderr: \(given.stderr)")
        #expect(givenDump == toldDump)
    }

    /// A spreadsheet's "CSV UTF-8" begins with a byte-order mark: read as
    /// UTF-8 under a legacy --encoding too, and the summary says the mark
    /// decided, as the flag was not followed.
    @Test func aByteOrderMarkDecidesOverTheFlagAndTheSummarySaysSo() throws {
        let dir = try Self.folder(["m.csv": [0xEF, 0xBB, 0xBF] + Array("year,Zürich,Genève,Köln\n2000,1,2,3\n2001,3,4,5\n".utf8)])
        let (r, dump) = try Self.run(["bars", "m.csv", "--encoding", "latin-1", "--period", "0.2"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(
            r.stderr.hasSuffix("; read m.csv as a wide table in UTF-8, as its byte-order mark says (not --encoding Windows-1252): 3 names, 2 periods\n"),
            "stderr: \(r.stderr)")
        #expect(dump.contains("Zürich") && dump.contains("Köln") && !dump.contains("ï»¿") && !dump.contains("Ã"))
    }

    @Test func aWrongGuessIsPutRightByTheFlag() throws {
        let dir = try Self.folder(["p.csv": Self.polishTable])
        let (guessed, guessedDump) = try Self.run(["bars", "p.csv", "--period", "0.2"], in: dir)
        #expect(guessed.status == 0, "stderr: \(guessed.stderr)")
        #expect(guessed.stderr.contains("read p.csv as a wide table in Windows-1252 (--encoding to change)"), "stderr: \(guessed.stderr)")
        #expect(guessedDump.contains("£ódŸ") && !guessedDump.contains("Łódź"))
        let (given, givenDump) = try Self.run(["bars", "p.csv", "--encoding", "windows-1250", "--period", "0.2"], in: dir)
        #expect(given.status == 0, "stderr: \(given.stderr)")
        #expect(given.stderr.hasSuffix("; read p.csv as a wide table in Windows-1250: 3 names, 2 periods\n"), "stderr: \(given.stderr)")
        #expect(givenDump.contains("Łódź") && givenDump.contains("Gdańsk") && !givenDump.contains("£"))
    }

    /// The header's ANSEL is wrong: ü is no ANSEL character, and the
    /// refusal names the flag; the flag reads the names.
    @Test func theFlagWinsOverAGedcomHeader() throws {
        let dir = try Self.folder(["l.ged": Self.latinGedcom])
        let (refused, _) = try Self.run(["family", "l.ged"], in: dir)
        #expect(refused.status == 65)
        #expect(refused.stderr == "treeanim: error: l.ged:4: byte FC at byte offset 50 is no ANSEL character: give the file's encoding with --encoding\n")
        #expect(CommandRunner.files(in: dir) == ["l.ged"])
        let (given, dump) = try Self.run(["family", "l.ged", "--encoding", "latin-1"], in: dir)
        #expect(given.status == 0, "stderr: \(given.stderr)")
        #expect(given.stderr.hasSuffix("; read l.ged as GEDCOM in Windows-1252\n"), "stderr: \(given.stderr)")
        #expect(dump.contains("François Müller") && dump.contains("Renée Müller"))
    }

    @Test func aFamilysSummarySaysItsFormatAndAnEncodingToldOrDeclared() throws {
        var ansi = Self.latinGedcom
        ansi.replaceSubrange(7..<19, with: Array("1 CHAR ANSI".utf8))
        let ansel = Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Jos".utf8) + [0xE2, 0x65] + Array("\n0 TRLR\n".utf8)
        let dir = try Self.folder(["a.ged": ansi, "n.ged": ansel, "u.yaml": Array("- {id: a, name: Zoë}\n".utf8)])
        let (told, dump) = try Self.run(["family", "a.ged"], in: dir)
        #expect(told.stderr.hasSuffix("; read a.ged as GEDCOM in Windows-1252 (--encoding to change)\n"), "stderr: \(told.stderr)")
        #expect(dump.contains("François Müller"))
        let (declared, anselDump) = try Self.run(["family", "n.ged"], in: dir)
        #expect(declared.stderr.hasSuffix("; read n.ged as GEDCOM in ANSEL, as its CHAR says\n"), "stderr: \(declared.stderr)")
        #expect(anselDump.contains("José"))
        let (utf8, _) = try Self.run(["family", "u.yaml"], in: dir)
        #expect(utf8.stderr.hasSuffix("; read u.yaml as YAML\n"), "stderr: \(utf8.stderr)")
    }

    @Test(arguments: [["bars", "l.csv"], ["family", "l.ged"], ["tree", "l.csv"], ["graph", "l.csv"]])
    func anUnknownEncodingIsOneLineNamingTheFlag(_ arguments: [String]) throws {
        let dir = try Self.folder(["l.csv": Self.latinTable, "l.ged": Self.latinGedcom])
        let r = try CommandRunner.run(arguments + ["--encoding", "klingon", "-o", "x.gif"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("treeanim: error: The value 'klingon' is invalid for '--encoding <name>': 'klingon' is no encoding treeanim reads: give utf-8, "),
                "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["l.csv", "l.ged"])
    }

    /// `encoding:` in a lecture's bars and family sections, and its
    /// unknown name at its line and column.
    @Test func theLectureKeyReadsAsTheFlag() throws {
        let dir = try Self.folder([
            "p.csv": Self.polishTable, "l.ged": Self.latinGedcom,
            "lecture.yaml": Array("sections:\n  - bars: {file: p.csv, encoding: windows-1250, period: 0.2}\n  - family: {file: l.ged, encoding: latin-1}\n".utf8),
            "bad.yaml": Array("sections:\n  - family: {file: l.ged, encoding: klingon}\n".utf8),
        ])
        let r = try CommandRunner.run(["lecture", "lecture.yaml", "--size", "320x180", "--fps", "5", "--dump-scene", "d.jsonl", "-o", "x.gif"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let dump = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        #expect(dump.contains("Łódź") && dump.contains("François Müller") && !dump.contains("£"))
        let bad = try CommandRunner.run(["lecture", "bad.yaml", "-o", "y.gif"], in: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("treeanim: error: bad.yaml:2:27: family: encoding: 'klingon' is no encoding treeanim reads: give utf-8, "),
                "stderr: \(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").count == 1, "stderr: \(bad.stderr)")
    }
}
