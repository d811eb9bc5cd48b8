import Foundation
import Testing
import TestSupport

/// `treeanim graph FILE` on the graph files of issue 50: what the summary
/// line says each was read as, the notes said once, and a graph drawn when
/// no algorithm is given. The files are written here, in each format; the
/// corpus's Graphviz gallery is read where it stands.
@Suite(.tags(.cli)) struct GraphFileCommandTests {
    static let small = GraphCommandTests.small
    static let corpus = URL(fileURLWithPath: BarsAndSortCommandTests.root).deletingLastPathComponent().appendingPathComponent("shared/corpus/graphs").path

    /// Eight villages, one (7) with no road: algs4's format, as the book
    /// writes `tinyEWG.txt`, weights with two decimals.
    static let villages = "8\n9\n0 1 0.35\n0 2 0.26\n1 2 0.17\n1 3 0.29\n2 4 0.40\n3 4 0.33\n3 5 0.12\n4 5 0.41\n5 6 0.19\n"

    /// Runs `graph` on `file` written as `name`, with `arguments`, into a
    /// scene dump; the result, and the dump's last frame.
    static func run(_ name: String, _ file: [UInt8], _ arguments: [String]) throws -> (CommandRunner.Result, [String: Any]) {
        let dir = try CommandRunner.temporaryFolder()
        try Data(file).write(to: URL(fileURLWithPath: dir + "/" + name))
        let r = try CommandRunner.run(["graph", name] + arguments + small + ["-o", "x.gif", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        return (r, r.status == 0 ? try BarsAndSortCommandTests.lastDump(dir + "/x.jsonl") : [:])
    }

    @Test func anAlgs4FileIsReadAsItsCountsSayAndItsSumsKeepTwoDecimals() throws {
        let (r, last) = try Self.run("villageEWG.txt", Array(Self.villages.utf8), ["--algorithm", "kruskal"])
        #expect(
            r.stderr.contains(
                "read villageEWG.txt as algs4: 8 vertices, 9 edges, undirected (--directed for a digraph), weights from the third column, laid out by neato"),
            "stderr: \(r.stderr)")
        #expect(last["caption"] as? String == "Kruskal done: 6 edges, total weight 1.36 (a forest of 2 trees: the graph is not connected)")
        // Vertex 7 has no edge, and is drawn.
        #expect(Set(((last["nodes"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }) == Set((0..<8).map(String.init)))
        let (d, path) = try Self.run("villageEWG.txt", Array(Self.villages.utf8), ["--algorithm", "dijkstra", "--from", "0", "--to", "6"])
        #expect(d.status == 0)
        #expect(path["caption"] as? String == "shortest path to 6: length 0.95")
    }

    @Test func withNoAlgorithmTheGraphIsDrawnAndTheAlgorithmsThatRunAreNamed() throws {
        let (r, last) = try Self.run("roads.txt", Array("a b 3\nb c 4\nc a 2\nc d 1\n".utf8), [])
        #expect(r.stderr.contains("read roads.txt as an edge list, weights from the third column, laid out by neato"), "stderr: \(r.stderr)")
        #expect(
            r.stderr.hasSuffix(
                "algorithms for this graph: bfs, dfs, dijkstra, bellman-ford, prim, kruskal, components; add --algorithm NAME (e.g. --algorithm dijkstra --from a) to run one\n"),
            "stderr: \(r.stderr)")
        #expect((last["nodes"] as? [Any])?.count == 4 && (last["edges"] as? [Any])?.count == 4)
        #expect(last["caption"] as? String == "An undirected, weighted graph: 4 nodes, 4 edges")
        let (dag, _) = try Self.run("deps.txt", Array("make app -> lib\nlib -> core\n".utf8), [])
        #expect(dag.stderr.contains("bfs, dfs, dijkstra, bellman-ford, topo, topo-dfs, scc, components; add --algorithm NAME (e.g. --algorithm bfs --from \"make app\")"), "stderr: \(dag.stderr)")
    }

    @Test func aDimacsFileSaysItsFormatAndCounts() throws {
        let (r, last) = try Self.run("towns.gr", Array("c towns\np sp 4 5\na 1 2 3\na 2 3 4\na 1 3 9\na 3 4 1\na 4 1 2\n".utf8), ["--algorithm", "dijkstra", "--from", "1", "--to", "4"])
        #expect(r.stderr.contains("read towns.gr as DIMACS: shortest-path format, 4 vertices, 5 arcs, weights from the arcs' fourth field, laid out by dot"), "stderr: \(r.stderr)")
        #expect(last["caption"] as? String == "shortest path to 4: length 8")
    }

    @Test func anEdgeListWithAHeaderAndEveryEdgeBothWaysHasEachEdgeOnce() throws {
        let file = Array("fromPersonId,toPersonId\n1,2\n2,1\n2,3\n3,2\n1,3\n3,1\n3,4\n4,3\n".utf8)
        let (r, last) = try Self.run("knows.csv", file, ["--algorithm", "bfs"])
        #expect(r.stderr.contains("one edge per pair: 4 edges from 8 lines, 4 giving an edge again (as an undirected list often gives each both ways); --multi keeps them all"), "stderr: \(r.stderr)")
        #expect((last["nodes"] as? [Any])?.count == 4)
        #expect(((last["edges"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "graph" }.count == 4)
        let (multi, kept) = try Self.run("knows.csv", file, ["--algorithm", "bfs", "--multi"])
        #expect(!multi.stderr.contains("one edge per pair"))
        #expect(((kept["edges"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "graph" }.count == 8)
    }

    @Test func gmlAndGraphMLAreReadWithTheirWeights() throws {
        let gml = "Creator \"me\"\ngraph [\n directed 0\n node [ id 0 label \"Ann\" ]\n node [ id 1 label \"Bob\" ]\n node [ id 2 label \"Cy\" ]\n edge [ source 0 target 1 value 2 ]\n edge [ source 1 target 2 value 3 ]\n]\n"
        let (g, gLast) = try Self.run("club.gml", Array(gml.utf8), ["--algorithm", "dijkstra", "--from", "Ann", "--to", "Cy"])
        #expect(g.stderr.contains("read club.gml as GML, weights from 'value', laid out by neato"), "stderr: \(g.stderr)")
        #expect(gLast["caption"] as? String == "shortest path to Cy: length 5")
        let graphml = """
            <?xml version="1.0"?>
            <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
            <key id="w" for="edge" attr.name="weight" attr.type="double"/>
            <graph edgedefault="directed">
            <node id="a"/><node id="b"/><node id="c"/>
            <edge source="a" target="b"><data key="w">1.1</data></edge>
            <edge source="b" target="c"><data key="w">2.2</data></edge>
            <edge source="a" target="c"><data key="w">3.4</data></edge>
            </graph></graphml>
            """
        let (m, mLast) = try Self.run("tri.graphml", Array(graphml.utf8), ["--algorithm", "dijkstra", "--from", "a", "--to", "c"])
        #expect(m.stderr.contains("read tri.graphml as GraphML, weights from 'weight', laid out by dot"), "stderr: \(m.stderr)")
        #expect(mLast["caption"] as? String == "shortest path to c: length 3.3")
    }

    @Test func aLatin1FileIsDecodedAsItsCharsetOrEncodingSays() throws {
        let dot = Array("graph G {\n  charset=latin1;\n  a [label=\"Andr".utf8) + [0xE9] + Array("\"];\n  a -- b;\n}\n".utf8)
        let (r, last) = try Self.run("l.gv", dot, ["--algorithm", "bfs"])
        #expect(r.stderr.contains("read l.gv as DOT in Latin-1, as its charset says, laid out by neato"), "stderr: \(r.stderr)")
        #expect(((last["nodes"] as? [[String: Any]]) ?? []).contains { $0["label"] as? String == "André" })
        let edges = Array("Z".utf8) + [0xFC] + Array("rich Gen".utf8) + [0xE8] + Array("ve\n".utf8)
        let (e, eLast) = try Self.run("e.txt", edges, ["--algorithm", "bfs", "--encoding", "latin-1"])
        #expect(e.stderr.contains("read e.txt as an edge list in Windows-1252, laid out by neato"), "stderr: \(e.stderr)")
        #expect(Set(((eLast["nodes"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }) == ["Zürich", "Genève"])
    }

    @Test func theCorpusSaysWhereWeightsCameFromAndWhenThereAreNone() throws {
        let dir = try CommandRunner.temporaryFolder()
        let fsm = try CommandRunner.run(["graph", Self.corpus + "/fsm.gv", "--algorithm", "dijkstra"] + Self.small + ["-o", "f.gif"], in: dir)
        #expect(fsm.status == 0, "stderr: \(fsm.stderr)")
        #expect(fsm.stderr.contains("fsm.gv as DOT, laid out by dot\nunweighted: every edge counts 1 (its labels are not numbers)\n"), "stderr: \(fsm.stderr)")
        let petersen = try CommandRunner.run(["graph", Self.corpus + "/Petersen.gv", "--algorithm", "bfs"] + Self.small + ["-o", "p.gif"], in: dir)
        #expect(petersen.status == 0, "stderr: \(petersen.stderr)")
        #expect(petersen.stderr.contains("Petersen.gv as DOT, weights from 'weight' on 5 of 15 edges (the others count 1), laid out by neato"), "stderr: \(petersen.stderr)")
        #expect(!petersen.stderr.contains("unweighted"))
    }

    @Test(arguments: [
        (["tinyEWG.txt", "--algorithm", "bfs"], "8\n16\n0 1 0.5\n", "tinyEWG.txt:2: says 16 edges, and the file has 1 after it: correct the count, or add the missing edges"),
        (["g.gr", "--algorithm", "bfs"], "p sp 3 1\na 1 9 2\n", "g.gr:2: '9' is not a vertex: the problem line (line 1) says 3, numbered 1 to 3"),
        (["k.gml", "--algorithm", "bfs"], "graph [\n node [ id 1 ]\n edge [ source 1 target 2 ]\n]\n", "k.gml:3: GML: the edge's target 2 is not the id of a node"),
        (["tinyDG.txt", "--algorithm", "prim"], "3\n2\n0 1\n1 2\n",
         "tinyDG.txt: prim spans an undirected graph, and this one is read as directed: pass --undirected (its name marks it directed, as algs4 names digraphs: DG, DAG, EWD, FN)"),
        (["g.gr", "--algorithm", "kruskal"], "p sp 3 2\na 1 2 1\na 2 3 1\n",
         "g.gr: kruskal spans an undirected graph, and this one is read as directed: pass --undirected (a 'p sp' file's arcs are directed)"),
        (["tinyG.txt", "--algorithm", "topo", "--undirected"], "3\n2\n0 1\n1 2\n",
         "tinyG.txt: topo orders a directed graph, and this one is read as undirected: leave out --undirected"),
    ])
    func aWrongFileOfANewFormatIsOneLine(arguments: [String], file: String, message: String) throws {
        _ = try GraphCommandTests.expectRefusal(arguments: arguments, file: file, message: message, status: 65)
    }

    /// Four towns of a digraph as algs4 names one, a road given both ways:
    /// directed by its name, as the summary says with the way out, and
    /// undirected with --undirected, the road both ways one edge.
    static let towns = "4\n4\n0 1 0.5\n1 0 0.5\n1 2 0.25\n2 3 0.75\n"

    @Test func anAlgs4DigraphIsReadUndirectedWithTheFlag() throws {
        let (named, _) = try Self.run("tinyDG.txt", Array(Self.towns.utf8), [])
        #expect(named.stderr.contains(
            "read tinyDG.txt as algs4: 4 vertices, 4 edges, directed (DG in its name; --undirected reads it undirected), weights from the third column, laid out by dot"),
            "stderr: \(named.stderr)")
        let (r, last) = try Self.run("tinyDG.txt", Array(Self.towns.utf8), ["--undirected", "--algorithm", "prim"])
        #expect(r.stderr.contains("read tinyDG.txt as algs4: 4 vertices, 4 edges, weights from the third column, laid out by neato\n"), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("one edge per pair: 3 edges from 4 lines"), "stderr: \(r.stderr)")
        #expect(last["caption"] as? String == "Prim done: the lit edges are the minimum spanning tree; it weighs 1.5")
    }

    @Test(arguments: [
        (["tinyDG.txt", "--directed", "--undirected"], "3\n2\n0 1\n1 2\n", "treeanim: error: --directed and --undirected say different things: give one\n"),
        (["g.dot", "--undirected"], "digraph { a -> b }\n",
         "treeanim: error: g.dot: --undirected: this is a DOT digraph, and DOT says itself whether a graph is directed: leave out --undirected, or make the file a 'graph' with '--' edges\n"),
        (["g.dot", "--directed"], "graph { a -- b }\n",
         "treeanim: error: g.dot: --directed: this is a DOT graph, and DOT says itself whether a graph is directed: leave out --directed, or make the file a 'digraph' with '->' edges\n"),
    ])
    func aFlagAgainstAnotherOrAgainstDotIsOneLine(arguments: [String], file: String, message: String) throws {
        let dir = try GraphCommandTests.expectRefusal(arguments: arguments, file: file, message: message, status: 64)
        #expect(CommandRunner.files(in: dir) == [arguments[0]])
    }

    /// A flag that says what a DOT file says is no fault.
    @Test func aFlagThatAgreesWithDotIsNoFault() throws {
        let (r, _) = try Self.run("g.dot", Array("digraph { a -> b }\n".utf8), ["--directed", "--algorithm", "topo"])
        #expect(r.stderr.contains("read g.dot as DOT, laid out by dot"), "stderr: \(r.stderr)")
    }

    /// `undirected: true` in a lecture's graph section, and both keys at
    /// once refused in the lecture's words.
    @Test func theLectureKeyReadsAsTheFlag() throws {
        let dir = try CommandRunner.temporaryFolder()
        try Self.towns.write(toFile: dir + "/tinyDG.txt", atomically: true, encoding: .utf8)
        try "sections:\n  - graph: {file: tinyDG.txt, undirected: true, algorithm: kruskal}\n".write(toFile: dir + "/l.yaml", atomically: true, encoding: .utf8)
        try "sections:\n  - graph: {file: tinyDG.txt, directed: true, undirected: true}\n".write(toFile: dir + "/b.yaml", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["lecture", "l.yaml", "--size", "320x180", "--fps", "5", "--dump-scene", "d.jsonl", "-o", "x.gif"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect((try BarsAndSortCommandTests.lastDump(dir + "/d.jsonl")["caption"] as? String)?.contains("total weight 1.5") == true)
        let both = try CommandRunner.run(["lecture", "b.yaml", "-o", "y.gif"], in: dir)
        #expect(both.status == 65)
        #expect(both.stderr.hasPrefix("treeanim: error: b.yaml:2:") && both.stderr.hasSuffix("graph: directed and undirected say different things: give one\n"),
                "stderr: \(both.stderr)")
    }
}
