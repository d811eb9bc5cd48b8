import Foundation
import PNG
import Testing
import TestSupport

/// `treeanim tree FILE`: a user's tree read, drawn and animated between
/// versions, through the command line.
@Suite(.tags(.cli)) struct TreeCommandTests {
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

    @Test func standardInputIsToldByItsContent() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "[S [NP the cat] [VP sat]]\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["tree", "-", "--count-frames"], in: dir, redirecting: "< s.txt")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let file = try CommandRunner.run(["tree", "s.txt"] + Self.small + ["-o", "s.gif"], in: dir)
        #expect(file.status == 0, "stderr: \(file.stderr)")
        // The summary line says what the file was read as.
        #expect(file.stderr.hasSuffix("; read s.txt as a bracket tree\n"), "stderr: \(file.stderr)")
    }

    /// A LaTeX document of two trees in Windows-1252, the second picked;
    /// a forest joined under a root; the flags' bad values.
    @Test func pickEncodingAndRootLabel() throws {
        let dir = try CommandRunner.temporaryFolder()
        let tex = Array("\\documentclass{article}\n\\begin{forest} [Caf".utf8) + [0xE9] + Array(" [a]] \\end{forest}\n\\Tree [.S b ]\n".utf8)
        try Data(tex).write(to: URL(fileURLWithPath: dir + "/n.tex"))
        let first = try CommandRunner.run(["tree", "n.tex"] + Self.small + ["-o", "a.gif"], in: dir)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stderr.hasSuffix("; read n.tex as LaTeX in Windows-1252 (--encoding to change), tree 1 of 2 (--pick N for another)\n"))
        let second = try CommandRunner.run(["tree", "n.tex", "--pick", "2", "--dump-scene", "d.jsonl"] + Self.small + ["-o", "b.gif"], in: dir)
        #expect(second.status == 0 && second.stderr.contains("tree 2 of 2"), "stderr: \(second.stderr)")
        let dump = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        #expect(dump.contains("\"label\":\"S\"") && !dump.contains("Caf"))
        let over = try CommandRunner.run(["tree", "n.tex", "--pick", "3", "-o", "c.gif"], in: dir)
        #expect(over.status == 64 && over.stderr == "treeanim: error: n.tex: --pick 3: the file holds 2 trees, so --pick takes 1 to 2\n")
        let bad = try CommandRunner.run(["tree", "n.tex", "--encoding", "klingon", "-o", "c.gif"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("--encoding"), "stderr: \(bad.stderr)")
        try "a\n  b\nc\n".write(toFile: dir + "/f.txt", atomically: true, encoding: .utf8)
        let forest = try CommandRunner.run(["tree", "f.txt"] + Self.small + ["-o", "f.gif"], in: dir)
        #expect(forest.stderr.hasSuffix("; read f.txt as an indented outline, 2 roots side by side (--root-label joins them)\n"))
        let joined = try CommandRunner.run(["tree", "f.txt", "--root-label", "all", "--dump-scene", "j.jsonl"] + Self.small + ["-o", "j.gif"], in: dir)
        #expect(joined.status == 0 && !joined.stderr.contains("side by side"), "stderr: \(joined.stderr)")
        #expect(try String(contentsOfFile: dir + "/j.jsonl", encoding: .utf8).contains("\"label\":\"all\""))
        // --collapse-below counts a forest's depths from its trees' roots.
        let folded = try CommandRunner.run(["tree", "f.txt", "--collapse-below", "0", "--dump-scene", "k.jsonl"] + Self.small + ["-o", "k.gif"], in: dir)
        let lastFrame = try #require(String(contentsOfFile: dir + "/k.jsonl", encoding: .utf8).split(separator: "\n").last)
        #expect(folded.status == 0 && lastFrame.contains("\"label\":\"a\"") && lastFrame.contains("\"label\":\"+1 more\""))
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
