import Foundation
import Testing
import TestSupport

/// `treeanim trie` through the command line: the words the dump spells, a
/// prefix search's verdict, Chinese words a character an edge, and every
/// refusal as one line.
@Suite(.tags(.cli)) struct TrieCommandTests {
    /// The words spelled from the root along the edges' labels to the
    /// nodes drawn as word ends, in the last frame of the dump.
    static func words(_ last: [String: Any]) -> [String] {
        let nodes = last["nodes"] as! [[String: Any]]
        let name = Dictionary(uniqueKeysWithValues: nodes.map { ($0["id"] as! Int, $0["name"] as! String) })
        let role = Dictionary(uniqueKeysWithValues: nodes.map { ($0["name"] as! String, $0["role"] as! String) })
        var children = [String: [(String, String)]]()
        for e in last["edges"] as! [[String: Any]] {
            guard let from = name[e["from"] as! Int], let to = name[e["to"] as! Int] else { continue }
            children[from, default: []].append((to, e["label"] as? String ?? ""))
        }
        var out = [String]()
        var stack = [("trie:0", "")]
        while let (n, s) = stack.popLast() {
            if role[n] == "word" { out.append(s) }
            stack += (children[n] ?? []).map { ($0.0, s + $0.1) }
        }
        return out.sorted()
    }

    @Test func aRadixTreeEndsWithItsWordsAndAPrefixSearchSaysThem() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["trie", "--compressed", "--ops", "insert team tea ten toast; prefix te; delete tea"] + LinearCommandTests.small
                + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/x.jsonl", encoding: .utf8)
        #expect(text.contains("3 words start with ‘te’: ‘tea’, ‘team’, ‘ten’"))
        #expect(text.contains("splits after"))
        let last = try BarsAndSortCommandTests.lastDump(dir + "/x.jsonl")
        #expect(last["caption"] as? String == "3 words in 6 nodes")
        #expect(Self.words(last) == ["team", "ten", "toast"])
    }

    @Test func chineseWordsTakeACharacterAnEdge() throws {
        let (caption, last) = try LinearCommandTests.run(["trie", "--ops", "insert 树木 树林 森林; delete 森林"])
        #expect(caption == "2 words in 4 nodes")
        #expect(Self.words(last) == ["树木", "树林"])
    }

    @Test(arguments: [
        (["--ops", "insert"], "'insert' needs a value"),
        (["--ops", "push tea"], "unknown operation 'push' (expected insert, search, delete or prefix)"),
        (["--ops", "insert abcdefghijklmnopqrstu"], "is too long for a word (at most 16 characters)"),
        (["--ops", "insert abcdefghijklmnop"], "the trie would be 16 levels deep; at most"),
        (["--inserts", "200"], "too wide to read on this frame; use fewer words"),
    ])
    func aBadTrieIsOneLine(arguments: [String], message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["trie"] + arguments + LinearCommandTests.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }
}
