import Foundation
import Testing
import TestSupport

/// `treeanim graph FILE`, through the command line: into every output, and
/// every refusal as one line naming its place.
@Suite(.tags(.cli)) struct GraphCommandTests {
    static let small = ["--size", "320x180", "--fps", "5", "--hold", "0"]
    static let roads = "\(BarsAndSortCommandTests.root)/docs/examples/roads.dot"

    @Test func dijkstraShowsTheDistancesAndThePathInTheDump() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["graph", Self.roads, "--algorithm", "dijkstra", "--from", "A", "--to", "F"] + Self.small + ["-o", "d/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("read \(Self.roads) as DOT, weights from 'weight', laid out by neato"), "stderr: \(r.stderr)")
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
        (["g.txt", "--algorithm", "prim", "--directed"], "a b\n", "g.txt: prim spans an undirected graph, and this one is read as directed", 65),
        (["g.txt", "--algorithm", "astar", "--to", "b"], "a b\n", "g.txt: astar needs node positions", 65),
        (["g.txt", "--ops", "bfs a; fly"], "a b\n", "--ops: operation 2 'fly': unknown algorithm 'fly'", 64),
        (["g.txt", "--from", "a"], "a b\n", "--from names a node for an algorithm: give --algorithm NAME too", 64),
        (["g.txt", "--algorithm", "sort"], "a b\n", "unknown algorithm 'sort'", 64),
        (["g.json", "--algorithm", "bfs"], "{\"nodes\": [{\"id\": 1}], \"links\": [{\"source\": 1, \"target\": 9}]}", "g.json:1: links[0]: the target \"9\" is not the id of a node", 65),
        (["e.txt", "--algorithm", "bfs"], "\n# nothing\n", "e.txt: has no edges", 65),
    ])
    func aBadGraphOrRunIsOneLine(arguments: [String], file: String, message: String, status: Int32) throws {
        let dir = try Self.expectRefusal(arguments: arguments, file: file, message: message, status: status)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }

    /// Runs `graph` on `file` (named by the first argument) into `x.gif`
    /// and expects one line containing `message` with `status`; the folder.
    static func expectRefusal(arguments: [String], file: String, message: String, status: Int32) throws -> String {
        let dir = try CommandRunner.temporaryFolder()
        try file.write(toFile: dir + "/" + arguments[0], atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["graph"] + arguments + small + ["-o", "x.gif"], in: dir)
        #expect(r.status == status, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        return dir
    }

    static let bound = "x and y must be finite numbers from -1,000,000,000 to 1,000,000,000"

    /// Written as JSON escapes, a letter's marks pass the decoder's check
    /// of the file and meet the reader's own, with the same words.
    @Test func marksWrittenAsEscapesMeetTheReadersLimit() throws {
        let dir = try CommandRunner.temporaryFolder()
        try ("{\"nodes\": [{\"id\": \"e" + String(repeating: "\\u0301", count: 40) + "\"}]}").write(toFile: dir + "/e.json", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["graph", "e.json", "--algorithm", "bfs"] + Self.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 65)
        #expect(r.stderr == "treeanim: error: e.json:1: nodes[0]: a character of 41 Unicode scalars (a letter and its combining marks) in an id: the limit is 32 scalars a character\n")
    }

    /// Issue 47: what a hostile tester gave `treeanim graph`, each refused
    /// with one line naming the file, the line and the node or limit, or
    /// the flag, and no trap, lock or temporary file left behind.
    @Test(arguments: [
        (["nan.dot", "--algorithm", "bfs"], #"graph { A [pos="nan,nan"]; B [pos="1,1"]; A -- B }"#, "nan.dot:1: node A: pos \"nan,nan\" is out of range: \(bound)", 65),
        (["huge.dot", "--algorithm", "bfs"], "graph {\n A [pos=\"1e308,1e308\"];\n B [pos=\"1,1\"];\n A -- B\n}\n", "huge.dot:2: node A: pos \"1e308,1e308\" is out of range", 65),
        (["inf.dot", "--algorithm", "bfs"], #"graph { A [pos="1e400,0"]; B [pos="1,1"]; A -- B }"#, "inf.dot:1: node A: pos \"1e400,0\" is out of range", 65),
        (["x.json", "--algorithm", "bfs"], "{\"nodes\": [\n{\"id\": \"a\", \"x\": 1e300, \"y\": 0},\n{\"id\": \"b\", \"x\": 0, \"y\": 0}], \"links\": []}",
         "x.json:2: nodes[0]: the position x 1e+300, y 0.0 is out of range", 65),
        (["x.json", "--algorithm", "bfs"], #"{"nodes": [{"id": "a", "x": 1e20, "y": 0}, {"id": "b", "x": 0, "y": 0}]}"#, "x.json:1: nodes[0]: the position x 1e+20, y 0.0 is out of range", 65),
        (["l.json", "--algorithm", "bfs"], "{\"nodes\": [{\"id\": \"a\", \"label\": \"" + String(repeating: "x", count: 1_000_001) + "\"}]}",
         "l.json:1: nodes[0]: label of 1,000,001 characters: the limit is 1,000 characters", 65),
        (["m.json", "--algorithm", "bfs"], "{\"nodes\": [{\"id\": \"e" + String(repeating: "\u{301}", count: 450_000) + "\"}]}",
         "m.json:1:20: a character of 450,001 Unicode scalars (a letter and its combining marks) at byte offset 19: the limit is 32 scalars a character", 65),
        (["l.txt", "--algorithm", "bfs"], "a b\nb " + String(repeating: "y", count: 2_000) + "\n", "l.txt:2: name of 2,000 characters: the limit is 1,000 characters", 65),
        (["l.dot", "--algorithm", "bfs"], "graph {\n a -- b;\n b -- c [label=\"" + String(repeating: "z", count: 1_500) + "\"];\n}\n",
         "l.dot:3: edge b -- c: label of 1,500 characters: the limit is 1,000 characters", 65),
        (["n.json", "--algorithm", "bfs"], #"{"nodes": [{"id": "a"}, {"id": "b"}], "links": [{"source": "a", "target": "b", "label": "x\u0000y"}]}"#,
         "n.json:1: links[0]: a NUL character (\\0) in a label: labels are text; remove it", 65),
        (["ids.json", "--algorithm", "bfs"], #"{"nodes": [{"id": "1"}, {"id": 1}]}"#,
         "ids.json:1: nodes[1]: the id 1 (a number) is nodes[0]'s id (a string) once read as text, as node names are: give each node its own id", 65),
        (["d.dot", "--algorithm", "bfs", "--to", "X"], "graph { a [label=X]; b [label=X]; a -- b }",
         "--to: the goal node 'X' is ambiguous: 2 nodes are labelled so ('a', 'b'); name one by its name, e.g. 'a'", 64),
        (["two.dot", "--algorithm", "bfs", "--pick", "3"], "graph { a -- b }\ngraph { c -- d }\n", "two.dot: --pick 3: the file holds 2 graphs; give --pick 1 to 2", 64),
        (["big.txt", "--algorithm", "bfs", "--layout", "circo"], (0..<300).map { "n\($0) n\(($0 + 1) % 300)" }.joined(separator: "\n"),
         "--layout circo: a graph of 300 nodes and 300 edges is more than circo lays out in seconds; use --layout dot or neato or fdp or sfdp", 64),
    ])
    func aHostileGraphIsOneLineAndLeavesNothing(arguments: [String], file: String, message: String, status: Int32) throws {
        let dir = try Self.expectRefusal(arguments: arguments, file: file, message: message, status: status)
        #expect(CommandRunner.files(in: dir) == [arguments[0]])
    }

    /// A layout whose nodes stand a hundred million units apart is scaled
    /// to the frame, not drawn as a flight of minutes; the second graph of
    /// a DOT file is drawn with --pick 2, and the summary says how many
    /// the file holds.
    @Test func farApartPositionsAreScaledAndPickChoosesAGraph() throws {
        let dir = try CommandRunner.temporaryFolder()
        try #"{"nodes": [{"id": "a", "x": 1e8, "y": 0}, {"id": "b", "x": 0, "y": 0}, {"id": "c", "x": 0, "y": 1}], "links": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]}"#
            .write(toFile: dir + "/far.json", atomically: true, encoding: .utf8)
        let far = try CommandRunner.run(["graph", "far.json", "--algorithm", "bfs"] + Self.small + ["-o", "f/"], in: dir)
        #expect(far.status == 0, "stderr: \(far.stderr)")
        #expect(CommandRunner.files(in: dir + "/f").count < 200, "\(CommandRunner.files(in: dir + "/f").count) frames")
        try "graph { a -- b }\ngraph { c -- d -- e }\n".write(toFile: dir + "/two.dot", atomically: true, encoding: .utf8)
        let first = try CommandRunner.run(["graph", "two.dot", "--algorithm", "bfs"] + Self.small + ["-o", "a.gif"], in: dir)
        #expect(first.stderr.contains("graph 1 of 2 (--pick N for another)"), "stderr: \(first.stderr)")
        let second = try CommandRunner.run(
            ["graph", "two.dot", "--algorithm", "bfs", "--pick", "2"] + Self.small + ["-o", "b.gif", "--dump-scene", "b.jsonl"], in: dir)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let labels = ((try BarsAndSortCommandTests.lastDump(dir + "/b.jsonl"))["nodes"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(Set(labels).isSuperset(of: ["c", "d", "e"]) && !labels.contains("a"), "\(labels)")
    }
}

extension GraphCommandTests {
    /// Positions apart by a subnormal gap (1e-320) are one place: the
    /// layout's scale stays finite and the animation is drawn, where a NaN
    /// camera flight trapped (exit 132).
    @Test(arguments: [
        ("p.dot", "graph G { a [pos=\"1e-320,0\"]; b [pos=\"0,0\"]; a -- b }\n"),
        ("q.dot", "graph G { a [pos=\"5e-324,5e-324\"]; b [pos=\"0,0\"]; a -- b }\n"),
        ("p.json", #"{"nodes":[{"id":"a","x":1e-320,"y":4.9e-324},{"id":"b","x":0,"y":0}],"links":[{"source":"a","target":"b"}]}"#),
    ])
    func subnormalPositionsAreDrawn(name: String, file: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try file.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["graph", name, "--algorithm", "bfs"] + Self.small + ["-o", "z.gif"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
    }

    /// What a reader can tell is wrong it refuses itself, at its place and
    /// in its own words, not as a Graphviz or Foundation message.
    @Test(arguments: [
        (["j.dot", "--algorithm", "bfs"], "graph { a -- b } trailing junk",
         "j.dot:1:18: DOT syntax error near 'trailing': expected another graph or the end of the file after the last graph's '}'"),
        (["w.dot", "--algorithm", "bfs"], "graph {\n a -- b [weight=\"nan\"]\n}", "w.dot:2:10: edge a -- b: expected a weight (a number), found 'nan'"),
        (["i.dot", "--algorithm", "bfs"], "graph { a -- b [weight=inf] }", "i.dot:1:17: edge a -- b: expected a weight (a number), found 'inf'"),
        (["big.json", "--algorithm", "bfs"], #"{"nodes":[{"id":"a","x":1e400,"y":0}],"links":[]}"#,
         "big.json:1:25: the number 1e400 is out of range"),
        (["t.json", "--algorithm", "bfs"], "{\"nodes\":[{\"id\":\"a\"}],\n\"links\":[]} x", "t.json:2:13: expected the end of the file after the graph object, found 'x'"),
        (["l.json", "--algorithm", "bfs"], "[1,2]", "l.json:1: expected a graph: a JSON object {\"nodes\": […], \"links\": […]}"),
        (["e.txt", "--algorithm", "prim", "--directed"], "a b 1\nb c 2\n",
         "e.txt: prim spans an undirected graph, and this one is read as directed: leave out --directed"),
    ])
    func aReaderRefusesWhatItCanTellAtItsPlace(arguments: [String], file: String, message: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try file.write(toFile: dir + "/" + arguments[0], atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["graph"] + arguments + Self.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
    }

    @Test func pickOnAOneGraphFileSaysToLeaveItOut() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "graph { a -- b }".write(toFile: dir + "/one.dot", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["graph", "one.dot", "--algorithm", "bfs", "--pick", "2"] + Self.small + ["-o", "x.gif"], in: dir)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("one.dot: --pick 2: the file holds one graph; leave out --pick"), "stderr: \(r.stderr)")
    }
}
