import Foundation
import Testing
import TestSupport

/// `treeanim btree` through the command line: a B+ tree's keys, leaves and
/// separators in the dump, CLRS's cases in the captions, and every
/// refusal as one line.
@Suite(.tags(.cli)) struct BTreeCommandTests {
    @Test func aBPlusTreeEndsWithItsKeysInLinkedLeavesAndSeparatorsAbove() throws {
        let (caption, last) = try LinearCommandTests.run(["btree", "--variant", "bplus", "--order", "3", "--ops", "insert 10 20 30 40 50"])
        #expect(caption == "5 keys, height 2")
        let nodes = last["nodes"] as! [[String: Any]]
        let named = { (prefix: String) in
            nodes.filter { ($0["name"] as! String).hasPrefix(prefix) }.sorted { ($0["x"] as! Double) < ($1["x"] as! Double) }
        }
        #expect(named("key:").map { $0["label"] as! String } == ["10", "20", "30", "40", "50"])
        #expect(Set(named("sep:").map { $0["label"] as! String }) == ["20", "30", "40"])
        // Every key of a leaf stands on one line, under the separators.
        let leafY = Set(named("key:").map { $0["y"] as! Double })
        #expect(leafY.count == 1)
        #expect(named("sep:").allSatisfy { ($0["y"] as! Double) < leafY.first! })
        let edges = last["edges"] as! [[String: Any]]
        #expect(edges.filter { $0["kind"] as? String == "next" }.count == 3)
        #expect(edges.filter { $0["kind"] as? String == "tree" }.count == 6)
    }

    @Test func clrsDeletionNamesItsCasesAndTheCaptionsSayTheConvention() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["btree", "--min-degree", "2", "--ops", "insert 10 20 30 40 50 60 70 80 90; delete 20"] + LinearCommandTests.small
                + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/x.jsonl", encoding: .utf8)
        #expect(text.contains("B-tree of minimum degree t = 2 (CLRS): t − 1 = 1 to 2t − 1 = 3 keys a node"))
        #expect(text.contains("full (2t − 1 = 3 keys): split it before going down"))
        for c in ["case 3b: ", "case 2c: ", "case 1: 20 is in a leaf"] { #expect(text.contains(c), "no '\(c)'") }
    }

    @Test(arguments: [
        (["--order", "2"], "--order must be from 3 to 12 (got 2)"),
        (["--order", "4", "--min-degree", "2"], "give --order or --min-degree, not both"),
        (["--variant", "bplus", "--min-degree", "2"], "--variant bplus grows bottom-up"),
        (["--ops", "insert 1 x"], "--ops: operation 1 'insert 1 x': 'x' is not a whole number"),
        (["--ops", "push 1"], "unknown operation 'push' (expected insert, search or delete)"),
        (["--values", "3,1,3"], "duplicate keys in --values: 3"),
        (["--inserts", "80"], "the tree would grow to"),
    ])
    func aBadTreeIsOneLine(arguments: [String], message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["btree"] + arguments + LinearCommandTests.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }
}
