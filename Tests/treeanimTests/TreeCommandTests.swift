import Foundation
import PNG
import TestSupport
import Testing

/// `treeanim tree FILE`: a user's tree read, drawn and animated between
/// versions, through the command line.
@Suite struct TreeCommandTests {
    static let small = ["--size", "320x180", "--fps", "5"]
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TreeFilesTests/Fixtures").path

    static func reportedSteps(_ dir: String) throws -> [String?] {
        struct Index: Decodable {
            struct Step: Decodable { var caption: String? }
            var steps: [Step]
        }
        let json = try #require(FileManager.default.contents(atPath: dir + "/steps/steps.json"))
        return try JSONDecoder().decode(Index.self, from: json).steps.map(\.caption)
    }

    /// `--max-children` and `--collapse-below` summarise a wide tree into
    /// "+N more" leaves; a ring sent to a folded node, or a bad count, is
    /// one line.
    @Test func aWideTreeIsSummarisedIntoMoreLeaves() throws {
        let dir = try CommandRunner.temporaryFolder()
        let outline = "root\n" + (1...12).map { "  chapter \($0)\n" + (1...5).map { "    section \($0)" }.joined(separator: "\n") }.joined(separator: "\n") + "\n"
        try outline.write(toFile: dir + "/t.txt", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(
            ["tree", "t.txt", "--max-children", "4", "--collapse-below", "1", "--reveal", "none", "--hold", "0", "--size", "640x360", "--fps", "5",
             "-o", "f/", "--dump-scene", "f.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/f.jsonl", encoding: .utf8).split(separator: "\n")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        let labels = ((last["nodes"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels.sorted() == ["+5 more", "+5 more", "+5 more", "+5 more", "+8 more", "chapter 1", "chapter 2", "chapter 3", "chapter 4", "root"])
        for (arguments, line) in [
            (["--max-children", "0"], "treeanim: error: --max-children must be from 1 to 10000 (got 0)"),
            (["--collapse-below", "1", "--highlight", "section 2"], "treeanim: error: --highlight: "),
        ] {
            let bad = try CommandRunner.run(["tree", "t.txt"] + arguments + ["-o", "x.gif"], in: dir)
            #expect(bad.status == 64 && bad.stderr.hasPrefix(line) && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        }
        let folded = try CommandRunner.run(["tree", "t.txt", "--collapse-below", "1", "--highlight", "root/chapter 2/section 3", "-o", "x.gif"], in: dir)
        #expect(folded.status == 64 && folded.stderr.contains("is folded into a \"+N more\" leaf"), "\(folded.stderr)")
    }

    @Test(arguments: ["family.txt", "family.json", "family.tree"])
    func theChineseFamilyTreeIsRevealedLevelByLevelFromEachFormat(_ file: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["tree", "\(Self.fixtures)/\(file)"] + Self.small + ["-o", "f/", "--steps-dir", "steps", "--step-format", "gif"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // Every label is drawn: nothing is missing from the installed fonts.
        #expect(!r.stderr.contains("warning"), "stderr: \(r.stderr)")
        #expect(try Self.reportedSteps(dir) == ["the root", "depth 1: 2 nodes", "depth 2: 4 nodes", nil])
        let frames = CommandRunner.files(in: dir + "/f")
        let last = try PNGFile.read("\(dir)/f/\(frames.last!)")
        let inked = stride(from: 0, to: last.pixels.count, by: 4).filter { last.pixels[$0] < 100 }.count
        #expect(inked > 500, "labels and outlines are drawn")
    }

    @Test func versionsAnimateFromOneToTheNext() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "a\n  b\n  c\n---\na\n  b\n    c\n  d\n".write(toFile: dir + "/v.txt", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(
            ["tree", "v.txt", "--reveal", "none"] + Self.small + ["-o", "v.gif", "--steps-dir", "steps"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try Self.reportedSteps(dir) == ["3 nodes", "version 2 of 2", nil])
    }

    @Test(arguments: [
        (["tree", "bad.txt"], "a\n\tb\n  c\n", "bad.txt:3:"),
        (["tree", "bad.json"], "{\"label\": 3, \"children\": 4}", "bad.json:1:"),
        (["tree", "bad.tree"], "[S [NP the cat]", "bad.tree:1:"),
    ] as [([String], String, String)])
    func aBadFileIsOneLineWithItsPlaceAndExit65(_ arguments: [String], _ text: String, _ place: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try text.write(toFile: dir + "/" + arguments[1], atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(arguments + ["-o", "out.gif"], in: dir)
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("treeanim: error: \(place)"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(CommandRunner.files(in: dir) == [arguments[1]])
    }

    @Test func standardInputNeedsAFormat() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["tree", "-", "-o", "out.gif"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains("give --format"), "stderr: \(r.stderr)")
    }

    @Test func aHighlightAndATourNamedByPathWithEscapedCommas() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "root\n  a, b\n    leaf\n  c/d\n".write(toFile: dir + "/t.txt", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(
            ["tree", "t.txt", "--highlight", "root/c\\/d", "--tour", "root, a\\, b/leaf ,c\\/d", "--wrap", "12"]
                + Self.small + ["-o", "t.gif", "--steps-dir", "steps"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try Self.reportedSteps(dir) == ["the root", "depth 1: 2 nodes", "depth 2: 1 node", "c/d", "root", "leaf", "c/d", nil])
    }

    @Test(arguments: [
        (["--highlight", "root/q"], "treeanim: error: --highlight: no node \"root/q\" in the tree; the children of \"root\" are \"a\", \"b\""),
        (["--tour", "a,zz"], "treeanim: error: --tour: no node \"zz\" in the tree; the root is \"root\""),
        (["--tour", "a,,b"], "treeanim: error: --tour \"a,,b\" has an empty stop: give paths separated by commas"),
        (["--wrap", "3"], "treeanim: error: --wrap must be from 4 to 200 characters (got 3)"),
        (["--highlight", "x"], "treeanim: error: --highlight: \"x\" names 2 nodes (\"root/a/x\", \"root/b/x\"); give more of its path"),
    ] as [([String], String)])
    func aNodeThatIsNotThereIsOneLineAndExit64(_ arguments: [String], _ message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try "root\n  a\n    x\n  b\n    x\n".write(toFile: dir + "/t.txt", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["tree", "t.txt"] + arguments + ["-o", "out.gif"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr == message + "\n")
        #expect(CommandRunner.files(in: dir) == ["t.txt"])
    }

    @Test func aHandoutSetsChineseCaptionsInTheFontTheFramesUse() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["tree", "\(Self.fixtures)/family.txt", "--tour", "大爷,小儿子", "--title", "家谱"] + Self.small
                + ["-o", "family.pdf"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try Poppler.text(dir + "/family.pdf")
        #expect(text.contains("大爷") && text.contains("小儿子") && text.contains("家谱"))
        let fonts = try Poppler.run("pdffonts", [dir + "/family.pdf"])
        #expect(fonts.contains("+WenQuanYiMicroHei"), "\(fonts)")
    }
}
