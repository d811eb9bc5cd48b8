import Foundation
import Testing
import TestSupport

/// `--code` through the command line, read from the scene dump: the panel's
/// listing and its lit line at each caption's first frame.
@Suite(.tags(.cli)) struct CodePanelCommandTests {
    /// The dump's frames where a new caption first shows: the caption, the
    /// panel's title and its lit line's words (trimmed), if any.
    static func onsets(_ args: [String]) throws -> [(caption: String, title: String?, line: String?)] {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(args + ["--size", "640x360", "--fps", "10", "-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        try #require(r.status == 0, "stderr: \(r.stderr)")
        var out = [(caption: String, title: String?, line: String?)]()
        var last: String?
        for text in try String(contentsOfFile: dir + "/x.jsonl", encoding: .utf8).split(separator: "\n") {
            let frame = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let caption = frame["caption"] as? String
            defer { last = caption }
            guard let caption, caption != last else { continue }
            let code = frame["code"] as? [String: Any]
            let lines = code?["lines"] as? [String] ?? []
            let line = (code?["line"] as? Int).map { lines[$0].trimmingCharacters(in: .whitespaces) }
            out.append((caption, code?["title"] as? String, line))
        }
        return out
    }

    @Test func aBSTsDumpLightsTheLineEachCaptionSays() throws {
        let onsets = try Self.onsets(["bst", "--code", "--ops", "insert 50 30 70 20 40; search 40; delete 30"])
        func line(at caption: String, in title: String) -> String? {
            onsets.first { $0.caption == caption && $0.title == title }?.line
        }
        #expect(line(at: "40 < 50 → left", in: "TREE-INSERT(T, z)") == "x = x.left")
        #expect(line(at: "40 > 30 → right", in: "TREE-INSERT(T, z)") == "else x = x.right")
        #expect(line(at: "40 becomes the right child of 30", in: "TREE-INSERT(T, z)") == "else y.right = z")
        #expect(line(at: "40 < 50 → left", in: "ITERATIVE-TREE-SEARCH(x, k)") == "x = x.left")
        #expect(line(at: "found 40", in: "ITERATIVE-TREE-SEARCH(x, k)") == "return x")
        #expect(line(at: "found 30", in: "TREE-DELETE(T, k)") == "z = TREE-SEARCH(T.root, k)")
        #expect(line(at: "40's key moves up into 30's place", in: "TREE-DELETE(T, k)") == "z.key = y.key")
        // Without --code there is no panel.
        #expect(try Self.onsets(["bst", "--ops", "insert 5 3"]).allSatisfy { $0.title == nil })
    }

    @Test func aSortsDumpLightsItsComparisonAndASwapsLine() throws {
        let onsets = try Self.onsets(["sort", "--code", "--algorithm", "bubble", "--values", "3,1,2"])
        #expect(onsets.contains { $0.title == "BUBBLE-SORT(A, n)" })
        let compare = try #require(onsets.first { $0.caption.hasPrefix("compare") })
        #expect(compare.line == "if A[j + 1] < A[j]")
    }
}
