import Foundation
import TestSupport
import Testing

/// `treeanim graph FILE`, through the command line: into every output, and
/// every refusal as one line naming its place.
@Suite struct GraphCommandTests {
    static let small = ["--size", "320x180", "--fps", "5", "--hold", "0"]
    static let roads = "\(BarsAndSortCommandTests.root)/docs/examples/roads.dot"

    @Test func dijkstraShowsTheDistancesAndThePathInTheDump() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["graph", Self.roads, "--algorithm", "dijkstra", "--from", "A", "--to", "F"] + Self.small + ["-o", "d/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("read \(Self.roads) as DOT, laid out by neato"), "stderr: \(r.stderr)")
        let last = try BarsAndSortCommandTests.lastDump(dir + "/d.jsonl")
        #expect(last["caption"] as? String == "shortest path to F: length 20")
        let nodes = last["nodes"] as! [[String: Any]]
        let name = Dictionary(uniqueKeysWithValues: nodes.map { ($0["id"] as! Int, $0["label"] as! String) })
        let badges = Dictionary(
            (last["texts"] as! [[String: Any]]).compactMap { t in (t["node"] as? Int).flatMap { name[$0] }.map { ($0, t["text"] as! String) } },
            uniquingKeysWith: { a, _ in a })
        #expect(badges == ["A": "0", "B": "4", "C": "2", "D": "9", "E": "5", "F": "20"])
        let edges = last["edges"] as! [[String: Any]]
        #expect(edges.count == 7)
        #expect(edges.allSatisfy { $0["arrow"] as? String == "none" && $0["kind"] as? String == "graph" })
        #expect(Set(edges.compactMap { $0["label"] as? String }) == ["2", "3", "4", "5", "10", "11"])
    }

    @Test func aDirectedEdgeListFromStandardInputHasArrowheads() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "a -> b\nb -> c\na -> c\n".write(toFile: dir + "/e.txt", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(
            ["graph", "-", "--algorithm", "topo"] + Self.small + ["-o", "t/", "--dump-scene", "t.jsonl"], in: dir, redirecting: "< e.txt")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let last = try BarsAndSortCommandTests.lastDump(dir + "/t.jsonl")
        #expect(last["caption"] as? String == "a topological order: a, b, c")
        let edges = (last["edges"] as! [[String: Any]]).filter { $0["kind"] as? String == "graph" }
        #expect(edges.count == 3 && edges.allSatisfy { $0["arrow"] as? String == "end" && ($0["arrowheads"] as? [Any])?.count == 1 })
    }

    @Test func everyOutputOpensInItsProgram() throws {
        let dir = try CommandRunner.temporaryFolder()
        let run = ["graph", Self.roads, "--ops", "bfs A; kruskal"] + Self.small
        for out in ["g.gif", "g.mp4", "g.pdf", "g.pptx", "g.html"] {
            let r = try CommandRunner.run(run + ["-o", out], in: dir)
            #expect(r.status == 0, "\(out): \(r.stderr)")
        }
        #expect(try CommandRunner.probe(dir + "/g.gif").frames > 20)
        #expect(try CommandRunner.probe(dir + "/g.mp4").width == 320)
        let pages = try Poppler.pageCount(dir + "/g.pdf")
        #expect(pages > 10)
        #expect(try Poppler.text(dir + "/g.pdf").contains("Kruskal done: 5 edges, total weight 24"))
        let slides = try convertWithLibreOffice(dir + "/g.pptx", to: "pdf", in: dir)
        #expect(try Poppler.pageCount(slides) == pages)
        let html = try String(contentsOfFile: dir + "/g.html", encoding: .utf8)
        #expect(html.contains("BFS from A"))
    }

    @Test(arguments: [
        (["bad.dot", "--algorithm", "bfs"], "digraph {\n  a -> b;\n  b -> ;\n}\n", "bad.dot:3:8: DOT syntax error near ';'", 65),
        (["neg.txt", "--algorithm", "dijkstra"], "a b 3\nb c -2\n", "neg.txt:2:5: dijkstra needs weights of 0 or more, and the edge b -- c weighs -2", 65),
        (["neg.dot", "--algorithm", "dijkstra"], "graph {\n  a -- b [weight=2];\n  b -- c [weight=-1];\n}\n", "neg.dot:3:11: dijkstra needs weights", 65),
        (["g.txt", "--algorithm", "bfs", "--from", "Z"], "a b\n", "--from: the start node 'Z' is not in the graph (its nodes: a, b)", 64),
        (["g.txt", "--algorithm", "topo", "--directed"], "a b\nb a\n", "g.txt: topo needs a graph without cycles, and this one has the cycle a → b → a", 65),
        (["g.txt", "--algorithm", "prim", "--directed"], "a b\n", "g.txt: prim spans an undirected graph, and this one is directed", 65),
        (["g.txt", "--algorithm", "astar", "--to", "b"], "a b\n", "g.txt: astar needs node positions", 65),
        (["g.txt", "--ops", "bfs a; fly"], "a b\n", "--ops: operation 2 'fly': unknown algorithm 'fly'", 64),
        (["g.txt"], "a b\n", "give --algorithm NAME", 64),
        (["g.txt", "--algorithm", "sort"], "a b\n", "unknown algorithm 'sort'", 64),
        (["g.json", "--algorithm", "bfs"], "{\"nodes\": [{\"id\": 1}], \"links\": [{\"source\": 1, \"target\": 9}]}", "g.json:1: links[0]: the target \"9\" is not the id of a node", 65),
        (["e.txt", "--algorithm", "bfs"], "\n# nothing\n", "e.txt: has no edges", 65),
    ])
    func aBadGraphOrRunIsOneLine(arguments: [String], file: String, message: String, status: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        try file.write(toFile: dir + "/" + arguments[0], atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["graph"] + arguments + Self.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == status, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }
}
