import Foundation
import Testing
import TestSupport

/// `treeanim list`, `stack` and `queue` through the command line: what the
/// dump shows at the end, a bad operation as a step, and every refusal as
/// one line naming its place.
@Suite(.tags(.cli)) struct LinearCommandTests {
    static let small = ["--size", "320x180", "--fps", "5", "--hold", "0"]

    /// The last frame's caption, and its list read from the dump by the
    /// names of its nodes and edges.
    static func run(_ arguments: [String]) throws -> (caption: String, dump: [String: Any]) {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(arguments + Self.small + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let last = try BarsAndSortCommandTests.lastDump(dir + "/x.jsonl")
        return (last["caption"] as? String ?? "", last)
    }

    @Test func aListIsDrawnInItsOrderWithItsPointersNamed() throws {
        let (caption, last) = try Self.run(["list", "--doubly", "--ops", "append 3 5 8; insert-at 1 4; delete 5; reverse"])
        #expect(caption == "head → 8 → 4 → 3")
        let nodes = last["nodes"] as! [[String: Any]]
        let values = nodes.filter { ($0["name"] as! String).hasSuffix(".val") }.sorted { ($0["x"] as! Double) < ($1["x"] as! Double) }
        #expect(values.map { $0["label"] as! String } == ["8", "4", "3"])
        let edges = last["edges"] as! [[String: Any]]
        #expect(edges.filter { $0["kind"] as? String == "next" }.count == 2)
        #expect(edges.filter { $0["kind"] as? String == "prev" }.count == 2)
        #expect(edges.allSatisfy { $0["arrow"] as? String == "end" })
    }

    @Test func aPostfixExpressionAndBracketsEndWithTheirVerdicts() throws {
        #expect(try Self.run(["stack", "--ops", "postfix 3 4 + 2 *"]).caption == "stack, bottom to top: 14")
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["stack", "--linked", "--ops", "brackets {[(])}"] + Self.small + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let captions = try String(contentsOfFile: dir + "/x.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.compactMap { $0["caption"] as? String }
        #expect(captions.contains("( is closed by ]: they do not match, not balanced"))
    }

    @Test func aPopFromAnEmptyStackIsAStepThatSaysSo() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["stack", "--ops", "pop; push 1"] + Self.small + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/x.jsonl", encoding: .utf8)
        #expect(text.contains("the stack is empty: nothing to pop (underflow)"))
    }

    @Test func aFullQueueDoublesAndUnwraps() throws {
        let (caption, last) = try Self.run(["queue", "--capacity", "2", "--ops", "enqueue 1 2; dequeue; enqueue 3 4"])
        #expect(caption == "queue, front to rear: 2 3 4")
        let cells = (last["nodes"] as! [[String: Any]]).filter { ($0["name"] as! String).hasPrefix("slot") }
        #expect(cells.count == 4)
    }

    @Test(arguments: [
        (["list", "--ops", "append 1; fly 2"], "--ops: operation 2 'fly 2': unknown operation 'fly'"),
        (["list", "--ops", "insert-at x 4"], "--ops: operation 1 'insert-at x 4': 'x' is not an index"),
        (["stack", "--ops", "push abcdefghijklmnop"], "is too long for a value"),
        (["stack", "--ops", "postfix 3 x +"], "'x' is neither a whole number nor an operator"),
        (["queue", "--capacity", "0", "--ops", "enqueue 1"], "--capacity must be from 1 to 32 (got 0)"),
        (["queue", "--linked", "--fixed", "--ops", "enqueue 1"], "--fixed sizes an array"),
        (["list", "--ops", "append 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"], "at most"),
        (["queue", "--capacity", "32", "--ops", "enqueue 1"], "--capacity 32: at most"),
        (["list", "--fit", "all", "--ops", "append 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"], "it would hold 17 values; at most 16 are drawn\n"),
    ])
    func aBadOperationIsOneLine(arguments: [String], message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(arguments + Self.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }
}

/// `treeanim hash` through the command line.
@Suite(.tags(.cli)) struct HashCommandTests {
    @Test func aProbingTableEndsWithItsKeysTombstonesAndLoad() throws {
        let (caption, last) = try LinearCommandTests.run(
            ["hash", "--probing", "linear", "--table-size", "7", "--ops", "insert 10 17 24; delete 17; search 24"])
        #expect(caption == "2 keys in 7 cells: load 0.29")
        let labels = (last["nodes"] as! [[String: Any]]).filter { ($0["name"] as! String).hasPrefix("key:") }
            .sorted { ($0["x"] as! Double) < ($1["x"] as! Double) }.map { $0["label"] as! String }
        #expect(labels == ["10", "DEL", "24"])
    }

    @Test func wordsHashByTheirCodesAndChainsRehash() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["hash", "--table-size", "5", "--max-load", "1", "--ops", "insert cat act dog 1 2 3"] + LinearCommandTests.small
                + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/x.jsonl", encoding: .utf8)
        #expect(text.contains("h(cat) = 99+97+116 = 312, mod 5 = 2"))
        #expect(text.contains("load 1.2 > 1: rehash into a table of 11"))
        let last = try BarsAndSortCommandTests.lastDump(dir + "/x.jsonl")
        #expect(last["caption"] as? String == "6 keys in 11 cells: load 0.55")
        // cat and act collide: one chain holds both, a link from one key
        // to the other.
        let nodes = last["nodes"] as! [[String: Any]]
        let label = Dictionary(uniqueKeysWithValues: nodes.map { ($0["id"] as! Int, $0["label"] as! String) })
        let links = (last["edges"] as! [[String: Any]]).filter { $0["kind"] as? String == "chain" }
            .map { (label[$0["from"] as! Int] ?? "", label[$0["to"] as! Int] ?? "") }
        #expect(links.count == 6)
        #expect(links.contains { Set([$0.0, $0.1]) == ["cat", "act"] }, "\(links)")
    }

    @Test func aChainTooDeepToReadIsRefusedWithWhatSpreadsIt() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["hash", "--table-size", "5", "--no-rehash", "--values", "1,6,11,16,21,26,31"] + LinearCommandTests.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("--values: a chain would grow to 7 keys; at most"), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("a larger --table-size or a lower --max-load spreads the keys"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
    }

    @Test(arguments: [
        (["--hash", "k ^ 2"], "--hash 'k ^ 2': '^' at column 3 is not part of a hash expression"),
        (["--hash", "7 mod m"], "does not use k"),
        (["--table-size", "0"], "--table-size must be from 1 to 37 (got 0)"),
        (["--probing", "linear", "--max-load", "2"], "at most 1"),
        (["--hash2", "k mod 5"], "--hash2 is double hashing's step"),
        (["--probing", "cuckoo"], "cuckoo"),
    ])
    func aBadTableIsOneLine(arguments: [String], message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["hash"] + arguments + ["--ops", "insert 1"] + LinearCommandTests.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }
}
