import Foundation
import PNG
import Testing
import TestSupport

/// `treeanim family FILE`: a family chart read, drawn and walked, through
/// the command line.
@Suite(.tags(.cli)) struct FamilyCommandTests {
    static let small = ["--size", "320x180", "--fps", "5"]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let gedcom = "\(root)/Tests/FamilyFilesTests/Fixtures/moorland-families.ged"

    @Test func theSeedsFamilyIsRevealedAGenerationAStep() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["family", "\(Self.root)/docs/examples/family.json"] + Self.small + ["-o", "f/", "--steps-dir", "steps"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("warning"), "stderr: \(r.stderr)")
        #expect(try TreeCommandTests.reportedSteps(dir) == ["generation 1: 4 people", "generation 2: 7 people", "generation 3: 4 people", nil])
    }

    /// The corpus's Kennedy export (208 people, an Ancestris file kept
    /// outside the project) is toured, which takes over 3 minutes: the
    /// command says so, with the speed that fits it, and `--fit all`
    /// shows the whole chart at once with a warning instead.
    @Test func aLongTourSaysHowToShortenItAndFitAllWarns() throws {
        let kennedy = URL(fileURLWithPath: Self.root).deletingLastPathComponent().appendingPathComponent("shared/corpus/gedcom/kennedy.ged").path
        let dir = try CommandRunner.temporaryFolder()
        let toured = try CommandRunner.run(["family", kennedy, "--full-tour", "--frame-range", "0:1", "-o", "t/"], in: dir)
        #expect(toured.status == 0, "stderr: \(toured.stderr)")
        let notes = toured.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(notes.count == 2, "stderr: \(toured.stderr)")
        #expect(notes.first { $0.contains("208 people are too many to name legibly in one 1280×720 frame: the reveal tours them") } != nil)
        #expect(notes.first { $0.contains("over 3 minutes; --speed ") && $0.contains(" plays it in 2 min ") } != nil, "stderr: \(toured.stderr)")
        let whole = try CommandRunner.run(["family", kennedy, "--fit", "all", "--frame-range", "0:1", "-o", "w/"], in: dir)
        #expect(whole.status == 0, "stderr: \(whole.stderr)")
        let warned = whole.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(warned.count == 1 && warned[0].contains("--fit all: 208 people cannot be read in one 1280×720 frame"), "stderr: \(whole.stderr)")
    }

    /// `--focus` draws one person's family out of a large file (the
    /// names as the file writes them, in any case), and a person no one
    /// is, or --up without --focus, is one line.
    @Test func aFocusDrawsOnePersonsFamilyOutOfALargeFile() throws {
        let kennedy = URL(fileURLWithPath: Self.root).deletingLastPathComponent().appendingPathComponent("shared/corpus/gedcom/kennedy.ged").path
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["family", kennedy, "--focus", "John Fitzgerald Kennedy", "--up", "1", "--down", "1", "--hold", "0"] + Self.small
                + ["-o", "f/", "--dump-scene", "f.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/f.jsonl", encoding: .utf8).split(separator: "\n")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        let names = Set(((last["nodes"] as? [[String: Any]]) ?? []).compactMap { ($0["label"] as? String)?.split(separator: "\n").first.map(String.init) })
        #expect(names.contains("John Fitzgerald KENNEDY") && names.contains("Jacqueline Lee Bouvier") && names.contains("Rose Elizabeth Fitzgerald"))
        #expect(names.contains("Caroline Bouvier Kennedy") && !names.contains("Patrick Joseph Kennedy"), "\(names.sorted())")
        for (arguments, line) in [
            (["--focus", "Nobody"], "treeanim: error: --focus: no person has the id or name \"Nobody\""),
            (["--up", "2"], "treeanim: error: --up is for --focus: name the person to chart around"),
        ] {
            let bad = try CommandRunner.run(["family", kennedy] + arguments + ["-o", "x.gif"], in: dir)
            #expect(bad.status == 64 && bad.stderr.hasPrefix(line) && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        }
    }

    @Test func aGEDCOMExportOfHundredsOfPeopleLoadsAndRenders() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["family", Self.gedcom, "--reveal", "none", "--hold", "0"] + Self.small + ["-o", "g/", "--dump-scene", "g.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/g.jsonl", encoding: .utf8).split(separator: "\n")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect((last["nodes"] as? [Any])?.count ?? 0 >= 200)
        #expect(CommandRunner.files(in: dir + "/g").count == lines.count)
    }

    @Test func theLineageWalkEndsOnTheKinship() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["family", "\(Self.root)/docs/examples/family.yaml", "--reveal", "none", "--lineage", "王子轩,王建国"] + Self.small
                + ["-o", "l.gif", "--steps-dir", "steps"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let steps = try TreeCommandTests.reportedSteps(dir)
        #expect(steps.suffix(4) == ["father 王小明", "grandfather 王志强", "great-grandfather 王建国", "王建国 is 王子轩’s great-grandfather"])
    }

    @Test(arguments: [
        (["family", "bad.yaml"], "- {id: a, name: A, children: [b]}\n- {id: b, name: B, children: [a]}\n", "bad.yaml:1: person 'a' is their own ancestor", 65),
        (["family", "bad.json"], "[{\"id\": \"a\", \"name\": \"A\", \"couple\": \"x\"}]", "bad.json:1: spouse 'x' of 'a' is not a person in the file", 65),
        (["family", "bad.ged"], "0 HEAD\n2 SOUR x\n", "bad.ged:2: the level jumps from 0 to 2", 65),
        (["family", "ok.yaml", "--lineage", "A,nobody"], "- {id: a, name: A}\n", "--lineage: no person has the id or name \"nobody\"", 64),
        (["family", "ok.yaml", "--lineage", "a,b"], "- {id: a, name: A}\n- {id: b, name: B}\n", "--lineage: A ('a') and B ('b') share no ancestor in the file", 64),
        (["family", "ok.yaml", "--lineage", "a"], "- {id: a, name: A}\n", "--lineage \"a\" should be two people", 64),
        (["family", "noid.yaml"], "people:\n  - id: a\n    name: A\n  - id: \"\"\n    name: B\n", "noid.yaml:4: a person's \"id\" is empty: give each person an id of their own", 65),
    ] as [([String], String, String, Int32)])
    func badInputIsOneLineAndAnExitStatus(_ args: [String], _ content: String, _ message: String, _ status: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        try content.write(toFile: "\(dir)/\(args[1])", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(args + Self.small + ["-o", "out.gif"], in: dir)
        #expect(r.status == status)
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 || status == 64, "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.gif"))
    }
}
