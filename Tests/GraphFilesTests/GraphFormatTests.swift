import Foundation
@testable import GraphFiles
import Graphs
import InputText
import Testing

/// The graph files people have beside DOT, edge lists and JSON (issue 50):
/// Sedgewick and Wayne's algs4 files, DIMACS, GML, GraphML; edge lists with
/// a header of names or every edge given both ways; weights told from
/// labels that are words; a DOT file in Latin-1. Every file here is one
/// written for these tests in the format.
@Suite struct GraphFormatTests {
    static func read(_ text: String, name: String = "g", directed: Bool? = nil, multi: Bool = false) throws -> GraphFile.Contents {
        try GraphFile.load(Array(text.utf8), name: name, directed: directed, multi: multi)
    }

    static func error(_ text: String, name: String = "g") -> GraphFileError? {
        do {
            _ = try read(text, name: name)
            return nil
        } catch {
            return error as? GraphFileError
        }
    }

    static func ends(_ g: Graph) -> [String] {
        g.edges.map { g.nodes[$0.from].name + (g.directed ? ">" : "-") + g.nodes[$0.to].name }
    }

    // MARK: algs4

    /// Seven vertices (6 has no edge), seven weighted edges, as the book
    /// writes `tinyEWG.txt`: the counts are not nodes.
    static let algs4 = "7\n7\n0 1 0.25\n0 2 0.50\n1 2 0.17\n1 3 0.26\n2 4 0.40\n3 4 0.33\n3 5 0.12\n"

    @Test func anAlgs4FileIsReadWithItsCountsAndIsolatedVertices() throws {
        let g = try Self.read(Self.algs4, name: "smallEWG.txt")
        #expect(g.format == .algs4)
        #expect(g.graph.nodes.map(\.name) == ["0", "1", "2", "3", "4", "5", "6"])
        #expect(!g.graph.directed)
        #expect(Self.ends(g.graph) == ["0-1", "0-2", "1-2", "1-3", "2-4", "3-4", "3-5"])
        #expect(g.graph.edges.map(\.weight) == [0.25, 0.5, 0.17, 0.26, 0.4, 0.33, 0.12])
        #expect(g.graph.edges.map(\.line) == [3, 4, 5, 6, 7, 8, 9])
        #expect(g.report.details == ["7 vertices, 7 edges", "undirected (--directed for a digraph)"])
        #expect(g.report.weightsFrom == "the third column")
    }

    @Test(arguments: [("tinyDG.txt", "DG"), ("tinyDAG.txt", "DAG"), ("mediumEWD.txt", "EWD"), ("tinyEWDAG.txt", "EWDAG")])
    func anAlgs4FileNamedAsTheBookNamesDigraphsIsDirected(name: String, mark: String) throws {
        let g = try Self.read("4\n3\n0 1\n1 2\n2 3\n", name: "data/" + name)
        #expect(g.graph.directed && g.format == .algs4)
        #expect(g.report.details == ["4 vertices, 3 edges", "directed (\(mark) in its name; --undirected reads it undirected)"])
        #expect(try Self.read("4\n3\n0 1\n1 2\n2 3\n", name: "tinyG.txt").graph.directed == false)
        #expect(try Self.read("4\n3\n0 1\n1 2\n2 3\n", name: "tinyG.txt", directed: true).report.details == ["4 vertices, 3 edges"])
    }

    /// What a name, a header or arrows call directed is read undirected
    /// when the caller says so; an arc given both ways is then one edge
    /// (unless `multi`), as in any undirected list.
    @Test func aFileCalledDirectedIsReadUndirectedWhenTold() throws {
        let dg = try Self.read("4\n4\n0 1\n1 0\n1 2\n2 3\n", name: "tinyDG.txt", directed: false)
        #expect(!dg.graph.directed && Self.ends(dg.graph) == ["0-1", "1-2", "2-3"])
        #expect(dg.report.details == ["4 vertices, 4 edges"] && dg.report.notes[0].hasPrefix("one edge per pair: 3 edges from 4 lines"))
        #expect(try Self.read("4\n4\n0 1\n1 0\n1 2\n2 3\n", name: "tinyDG.txt", directed: false, multi: true).graph.edges.count == 4)
        let dimacs = try Self.read(Self.dimacs, name: "towns.gr", directed: false)
        #expect(!dimacs.graph.directed && Self.ends(dimacs.graph) == ["1-2", "2-3", "1-3", "3-4", "4-1"])
        let gml = try Self.read("graph [ directed 1 node [ id 0 ] node [ id 1 ] edge [ source 0 target 1 ] ]", directed: false)
        #expect(gml.format == .gml && !gml.graph.directed)
        let graphml = try Self.read(
            #"<graphml><graph edgedefault="directed"><node id="a"/><node id="b"/><edge source="a" target="b"/></graph></graphml>"#, directed: false)
        #expect(graphml.format == .graphml && !graphml.graph.directed)
        let json = try Self.read(#"{"directed": true, "nodes": [{"id": "a"}, {"id": "b"}], "links": [{"source": "a", "target": "b"}]}"#, directed: false)
        #expect(json.format == .json && !json.graph.directed)
        let arrows = try Self.read("a -> b\nb -> c\n", directed: false)
        #expect(arrows.format == .edges && Self.ends(arrows.graph) == ["a-b", "b-c"])
    }

    /// DOT says it in its grammar: a flag against it is refused, naming
    /// the flag; one that agrees is no fault.
    @Test func aDotFileSaysItselfWhetherItIsDirected() throws {
        #expect(throws: GraphFileError(
            file: "g", message: "--undirected: this is a DOT digraph, and DOT says itself whether a graph is directed: leave out --undirected, or make the file a 'graph' with '--' edges")) {
            try Self.read("digraph { a -> b }", directed: false)
        }
        #expect(throws: GraphFileError(
            file: "g", message: "--directed: this is a DOT graph, and DOT says itself whether a graph is directed: leave out --directed, or make the file a 'digraph' with '->' edges")) {
            try Self.read("graph { a -- b }", directed: true)
        }
        #expect(try Self.read("digraph { a -> b }", directed: true).graph.directed)
        #expect(try !Self.read("graph { a -- b }", directed: false).graph.directed)
    }

    @Test(arguments: [
        ("5\n4\n0 1\n1 2\n2 3\n", 2, "says 4 edges, and the file has 3 after it: correct the count, or add the missing edges"),
        ("5\n2\n0 1\n1 2\n2 3\n", 5, "edge 3, and line 2 says 2 edges: correct the count on line 2, or remove the extra lines"),
        ("5\n3\n0 1\n1 7\n2 3\n", 4, "'7' is not a vertex: line 1 says 5 vertices, numbered 0 to 4"),
        ("5\n3\n0 1\n1 2 heavy\n2 3\n", 4, "expected a weight (a number), found 'heavy'"),
        ("1000000000000\n1\n0 1\n", 1, "says 1,000,000,000,000 vertices, more than the 10,000 treeanim draws"),
        ("5\n99999999\n0 1\n", 2, "says 99,999,999 edges, more than the 100,000 treeanim draws"),
    ])
    func aWrongAlgs4FileIsOneLineNamingItsLine(text: String, line: Int, message: String) throws {
        let e = try #require(Self.error(text))
        #expect(e.line == line, "\(e)")
        #expect(e.message == message, "\(e)")
    }

    /// Lines that merely start with two numbers stay an edge list.
    @Test func numbersThatAreNotAlgs4StayAnEdgeList() throws {
        #expect(try Self.read("1 2\n2 3\n3 1\n").format == .edges)
        #expect(try Self.read("3\n1 2\n").format == .edges)
        // The third line names a vertex past the count: not the format.
        #expect(try Self.read("2\n5\n7 8\n").format == .edges)
    }

    // MARK: DIMACS

    static let dimacs = """
        c roads between four towns, as the 9th DIMACS challenge writes them
        c
        p sp 4 5
        a 1 2 3
        a 2 3 4
        a 1 3 9
        a 3 4 1
        a 4 1 2
        """

    @Test func aDimacsShortestPathFileGivesDirectedWeightedArcs() throws {
        let g = try Self.read(Self.dimacs, name: "towns.gr")
        #expect(g.format == .dimacs)
        #expect(g.graph.directed)
        #expect(g.graph.nodes.map(\.name) == ["1", "2", "3", "4"])
        #expect(Self.ends(g.graph) == ["1>2", "2>3", "1>3", "3>4", "4>1"])
        #expect(g.graph.edges.map(\.weight) == [3, 4, 9, 1, 2])
        #expect(g.graph.edges[0].line == 4 && g.graph.edges[0].column == 7)
        #expect(g.report.details == ["shortest-path format, 4 vertices, 5 arcs"])
    }

    @Test func aDimacsEdgeFileIsUndirectedAndAnEdgeGivenTwiceIsOne() throws {
        let text = "c a square\np edge 4 6\ne 1 2\ne 2 1\ne 2 3\ne 3 4\ne 4 1\ne 1 4\n"
        let g = try Self.read(text)
        #expect(g.format == .dimacs && !g.graph.directed)
        #expect(Self.ends(g.graph) == ["1-2", "2-3", "3-4", "4-1"])
        #expect(g.report.notes.count == 1 && g.report.notes[0].hasPrefix("one edge per pair: 4 edges from 6 lines"))
        #expect(try Self.read(text, multi: true).graph.edges.count == 6)
    }

    @Test(arguments: [
        ("p sp 3 2\na 1 2 5\n", 1, "says 2 arcs, and the file has 1: correct the count, or add the missing ones"),
        ("c x\np sp 3 1\na 1 2 5\na 2 3 1\n", 4, "arc 2, and the problem line (line 2) says 1: correct the count there"),
        ("p sp 3 1\na 1 4 5\n", 2, "'4' is not a vertex: the problem line (line 1) says 3, numbered 1 to 3"),
        ("p sp 3 1\ne 1 2\n", 2, "expected an arc 'a u v w' or a comment 'c …', found 'e'"),
        ("p max 3 1\na 1 2 5\n", 1, "'p max': treeanim reads DIMACS shortest-path ('p sp', arcs 'a u v w') and edge files ('p edge', edges 'e u v')"),
        ("p sp 99999999 1\na 1 2 5\n", 1, "says 99,999,999 vertices, more than the 10,000 treeanim draws"),
    ])
    func aWrongDimacsFileIsOneLineNamingItsLine(text: String, line: Int, message: String) throws {
        let e = try #require(Self.error(text))
        #expect(e.line == line, "\(e)")
        #expect(e.message == message, "\(e)")
    }

    // MARK: Edge lists

    @Test func aHeaderOfNamesOverNumericIdsIsNoEdge() throws {
        let g = try Self.read("fromPersonId,toPersonId\n1,2\n2,3\n3,1\n")
        #expect(g.format == .edges)
        #expect(g.graph.nodes.map(\.name) == ["1", "2", "3"])
        #expect(g.graph.edges.count == 3)
        let named = try Self.read("person1\tperson2\tsince\n10\t20\t1999\n20\t30\t2004\n")
        #expect(named.graph.nodes.map(\.name) == ["10", "20", "30"] && !named.graph.isWeighted)
        let weighted = try Self.read("source target weight\na b 0.5\nb c 1.25\n")
        #expect(weighted.graph.edges.map(\.weight) == [0.5, 1.25])
        #expect(weighted.report.weightsFrom == "the column 'weight'")
        // Gephi's edge table: the weight is named, the type is no label.
        let gephi = try Self.read("Source,Target,Type,Id,Label,Weight\n1,2,Undirected,0,,2.0\n2,3,Undirected,1,road,3.0\n")
        #expect(gephi.graph.edges.map(\.weight) == [2, 3] && gephi.graph.edges[1].label == "road 3")
    }

    @Test func aFirstEdgeOfWordsIsStillAnEdge() throws {
        #expect(try Self.read("u v\nv w\n").graph.edges.count == 2)
        #expect(try Self.read("alice bob\nbob carol\n").graph.edges.count == 2)
    }

    @Test func anUndirectedListGivingEveryEdgeBothWaysHasEachOnce() throws {
        let text = "1 2\n2 1\n2 3\n3 2\n1 3\n3 1\n3 4\n"
        let g = try Self.read(text)
        #expect(Self.ends(g.graph) == ["1-2", "2-3", "1-3", "3-4"])
        #expect(g.report.notes == [
            "one edge per pair: 4 edges from 7 lines, 3 giving an edge again (as an undirected list often gives each both ways); --multi keeps them all"
        ])
        #expect(try Self.read(text, multi: true).graph.edges.count == 7)
        // Directed, both ways are two edges.
        #expect(try Self.read(text, directed: true).graph.edges.count == 7)
        #expect(try Self.read("a -> b\nb -> a\n").graph.edges.count == 2)
    }

    // MARK: DOT weights

    @Test func dotWeightsComeFromWeightElseANumericLabelNeverAWord() throws {
        let fsm = try Self.read("digraph { a -> b [label=\"S(A)\"]; b -> c [label=\"n\"]; }")
        #expect(!fsm.graph.isWeighted && fsm.report.weightsFrom == nil)
        #expect(fsm.graph.edges.map(\.label) == ["S(A)", "n"])
        #expect(try Self.read("graph { a -- b [weight=5]; b -- c }").report.weightsFrom == "'weight'")
        #expect(try Self.read("graph { a -- b [label=2.5]; b -- c [label=x] }").report.weightsFrom == "numeric 'label's")
        #expect(try Self.read("graph { a -- b [label=2.5]; b -- c [weight=1] }").report.weightsFrom == "'weight', else a numeric 'label'")
    }

    // MARK: Encodings

    @Test func aDotFileDeclaringLatin1IsReadInLatin1() throws {
        var bytes = Array("graph G {\n  charset=latin1;\n  a [label=\"Andr".utf8) + [0xE9] + Array("\"];\n  a -- b;\n}\n".utf8)
        let g = try GraphFile.load(bytes, name: "l.gv")
        #expect(g.graph.nodes[0].label == "André")
        #expect(g.encoding == .windows1252 && g.encodingFrom == "its charset")
        bytes = Array("graph G {\n  charset=\"ISO-8859-1\";\n  a [label=\"".utf8) + [0xC5, 0x6C] + Array("\"];\n}\n".utf8)
        #expect(try GraphFile.load(bytes, name: "l.gv").graph.nodes[0].label == "Ål")
        // Told otherwise, it is read as told.
        let utf8 = Array("graph { charset=latin1; a [label=\"é\"] }".utf8)
        #expect(try GraphFile.load(utf8, name: "u.gv", encoding: .utf8).graph.nodes[0].label == "é")
        #expect(try GraphFile.load(utf8, name: "u.gv").graph.nodes[0].label == "Ã©")
    }

    // MARK: GML

    static let gml = """
        Creator "written for treeanim's tests"
        graph
        [
          directed 0
          # three people of a club
          node [ id 0 label "Mr. Hi" graphics [ x 10.0 y 20.0 ] ]
          node [ id 1 label "John &quot;A&quot;" ]
          node [ id 2 ]
          edge [ source 0 target 1 weight 2.5 ]
          edge [ source 1 target 2 value 4 ]
          edge [ source 2 target 0 label "friends" ]
        ]
        """

    @Test func gmlGivesNodesLabelsWeightsAndPositions() throws {
        let g = try Self.read(Self.gml)
        #expect(g.format == .gml && !g.graph.directed)
        #expect(g.graph.nodes.map(\.name) == ["0", "1", "2"])
        #expect(g.graph.nodes.map(\.label) == ["Mr. Hi", "John \"A\"", "2"])
        #expect(g.graph.nodes[0].position?.x == 10 && g.graph.nodes[0].position?.y == 20)
        #expect(Self.ends(g.graph) == ["0-1", "1-2", "2-0"])
        #expect(g.graph.edges.map(\.weight) == [2.5, 4, nil])
        #expect(g.graph.edges.map(\.line) == [9, 10, 11])
        #expect(g.report.weightsFrom == "'value' and 'weight'")
        #expect(try Self.read("graph [ directed 1 node [ id \"a\" ] node [ id \"b\" ] edge [ source \"a\" target \"b\" ] ]").graph.directed)
    }

    @Test(arguments: [
        ("graph [\n node [ id 0 ]\n edge [ source 0 target 7 ]\n]", 3, "GML: the edge's target 7 is not the id of a node"),
        ("graph [\n node [ id 0 ]\n node [ label \"x\" ]\n]", 3, "GML: a node without an id: give it 'id N'"),
        ("graph [\n node [ id 0\n", 2, "GML: the list 'node [' is not closed: add ']'"),
        ("graph [\n node [ id 0 label \"x ]\n]", 2, "GML: a string that is not closed: add '\"'"),
        ("graph [\n node [ id 0 ]\n node [ id 0 ]\n]", 3, "GML: a second node with id 0: give each node its own id"),
        ("graph [\n node [ id 0 ]\n edge [ source 0 target 0 weight \"heavy\" ]\n]", 3, "GML: the edge's weight heavy is not a number"),
    ])
    func aWrongGmlFileIsOneLineNamingItsLine(text: String, line: Int, message: String) throws {
        let e = try #require(Self.error(text))
        #expect(e.line == line, "\(e)")
        #expect(e.message == message, "\(e)")
    }

    @Test func gmlNestedPastItsDepthIsRefusedNotRecursedInto() throws {
        let deep = "graph [ " + String(repeating: "a [ ", count: 5_000) + String(repeating: "] ", count: 5_000) + "]"
        let e = try #require(Self.error(deep))
        #expect(e.message == "GML: lists nested more than 32 deep")
    }

    // MARK: GraphML

    static let networkx = """
        <?xml version='1.0' encoding='utf-8'?>
        <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
          <key id="d1" for="edge" attr.name="weight" attr.type="double" />
          <key id="d0" for="node" attr.name="label" attr.type="string" />
          <graph edgedefault="undirected">
            <node id="a"><data key="d0">Alpha</data></node>
            <node id="b" />
            <node id="c" />
            <edge source="a" target="b"><data key="d1">1.5</data></edge>
            <edge source="b" target="c"><data key="d1">2</data></edge>
            <edge source="c" target="a" />
          </graph>
        </graphml>
        """

    @Test func networkxGraphMLGivesLabelsAndWeights() throws {
        let g = try Self.read(Self.networkx)
        #expect(g.format == .graphml && !g.graph.directed)
        #expect(g.graph.nodes.map(\.name) == ["a", "b", "c"] && g.graph.nodes[0].label == "Alpha")
        #expect(Self.ends(g.graph) == ["a-b", "b-c", "c-a"])
        #expect(g.graph.edges.map(\.weight) == [1.5, 2, nil])
        #expect(g.graph.edges.map(\.line) == [9, 10, 11])
        #expect(g.report.weightsFrom == "'weight'")
    }

    @Test func gephiGraphMLGivesPositionsAndDefaultWeights() throws {
        let g = try Self.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
            <key attr.name="label" attr.type="string" for="node" id="label"/>
            <key attr.name="weight" attr.type="double" for="edge" id="weight"><default>1.0</default></key>
            <key attr.name="x" attr.type="float" for="node" id="x"/>
            <key attr.name="y" attr.type="float" for="node" id="y"/>
            <graph edgedefault="directed">
            <node id="0"><data key="label">Lyon</data><data key="x">-12.5</data><data key="y">40.0</data></node>
            <node id="1"><data key="label">Paris</data><data key="x">3.0</data><data key="y">-7.25</data></node>
            <edge id="0" source="0" target="1"><data key="weight">3.0</data></edge>
            <edge id="1" source="1" target="0"/>
            </graph>
            </graphml>
            """)
        #expect(g.graph.directed)
        #expect(g.graph.nodes.map(\.label) == ["Lyon", "Paris"])
        #expect(g.graph.nodes[0].position?.x == -12.5 && g.graph.nodes[1].position?.y == -7.25)
        #expect(g.graph.edges.map(\.weight) == [3, 1])
    }

    @Test func yEdGraphMLGivesItsNodeLabels() throws {
        let g = try Self.read(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:y="http://www.yworks.com/xml/graphml">
              <key for="node" id="d6" yfiles.type="nodegraphics"/>
              <key for="edge" id="d10" yfiles.type="edgegraphics"/>
              <graph edgedefault="directed" id="G">
                <node id="n0">
                  <data key="d6"><y:ShapeNode><y:Geometry height="30.0" width="40.0" x="100.0" y="50.0"/><y:NodeLabel>Start</y:NodeLabel></y:ShapeNode></data>
                </node>
                <node id="n1">
                  <data key="d6"><y:ShapeNode><y:NodeLabel alignment="center">End
            here</y:NodeLabel></y:ShapeNode></data>
                </node>
                <edge id="e0" source="n0" target="n1">
                  <data key="d10"><y:PolyLineEdge><y:EdgeLabel>7</y:EdgeLabel></y:PolyLineEdge></data>
                </edge>
              </graph>
            </graphml>
            """)
        #expect(g.graph.directed)
        #expect(g.graph.nodes.map(\.label) == ["Start", "End\nhere"])
        #expect(g.graph.nodes[0].position?.x == 120 && g.graph.nodes[0].position?.y == 65)
        #expect(g.graph.edges.map(\.weight) == [7] && g.report.weightsFrom == "'label'")
    }

    @Test(arguments: [
        ("<graphml>\n<graph>\n<node id=\"a\"/>\n<edge source=\"a\" target=\"z\"/>\n</graph>\n</graphml>", 4,
         "GraphML: the edge's target \"z\" is not the id of a node"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE lol [<!ENTITY a \"aaaa\">]>\n<graphml><graph/></graphml>", 2,
         "GraphML: a document type or entity declaration: GraphML needs none; remove it"),
        ("<graphml>\n<graph>\n<node id=\"a\">\n</graph>\n</graphml>", 4, nil),
        ("<graphml>\n<graph>\n<node id=\"a\"/>\n<edge source=a target=\"a\"/>\n</graph>\n</graphml>", 4, nil),
    ] as [(String, Int, String?)])
    func aWrongGraphMLFileIsOneLineNamingItsLine(text: String, line: Int, message: String?) throws {
        let e = try #require(Self.error(text))
        #expect(e.line == line, "\(e)")
        if let message { #expect(e.message == message, "\(e)") } else { #expect(e.message.hasPrefix("GraphML: not well-formed XML"), "\(e)") }
        #expect(!e.description.contains("\n"))
    }

    @Test func aLatin1GraphMLFileIsReadAsItsDeclarationSays() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<graphml><key id=\"l\" for=\"node\" attr.name=\"label\"/><graph>".utf8)
            + Array("<node id=\"a\"><data key=\"l\">Gen".utf8) + [0xE8] + Array("ve</data></node></graph></graphml>".utf8)
        let g = try GraphFile.load(bytes, name: "l.graphml")
        #expect(g.graph.nodes[0].label == "Genève")
        #expect(g.encodingFrom == "its XML declaration")
    }

    /// Counts past the limits are refused as they are met, before the
    /// rest of the file is read into nodes.
    @Test func gmlAndGraphMLPastTheLimitsAreRefused() throws {
        var limits = GraphFile.Limits()
        limits.maxNodes = 2
        let gml = "graph [ node [ id 0 ] node [ id 1 ] node [ id 2 ] ]"
        #expect(throws: GraphFileError(file: "g", line: 1, message: "has more than the 2 nodes treeanim draws")) {
            try GraphFile.load(Array(gml.utf8), name: "g", limits: limits)
        }
        let graphml = "<graphml><graph>\n<node id=\"a\"/>\n<node id=\"b\"/>\n<node id=\"c\"/>\n</graph></graphml>"
        #expect(throws: GraphFileError(file: "g", line: 4, message: "has more than the 2 nodes treeanim draws")) {
            try GraphFile.load(Array(graphml.utf8), name: "g", limits: limits)
        }
    }

    /// As Newman's network data writes GML: a `Creator` line, nodes
    /// numbered from 1 without labels, `value` weights.
    @Test func newmansGmlIsRead() throws {
        let g = try Self.read("Creator \"written for a test\"\ngraph\n[\n  node\n  [\n    id 1\n  ]\n  node\n  [\n    id 2\n  ]\n  edge\n  [\n    source 2\n    target 1\n    value 3\n  ]\n]\n")
        #expect(g.format == .gml && g.graph.nodes.map(\.label) == ["1", "2"])
        #expect(Self.ends(g.graph) == ["2-1"] && g.graph.edges[0].weight == 3)
    }

    // MARK: Detection

    @Test func eachFormatIsToldFromItsContent() {
        #expect(GraphFile.detect(Self.algs4) == .algs4)
        #expect(GraphFile.detect(Self.dimacs) == .dimacs)
        #expect(GraphFile.detect(Self.gml) == .gml)
        #expect(GraphFile.detect(Self.networkx) == .graphml)
        #expect(GraphFile.detect("graph [ node [ id 1 ] ]") == .gml)
        #expect(GraphFile.detect("graph { a -- b }") == .dot)
        #expect(GraphFile.detect("graph G { a -- b }") == .dot)
        #expect(GraphFile.detect("p q\nq r\n") == .edges)
        #expect(GraphFile.detect("c d\np q\n") == .edges)
        #expect(GraphFile.detect("{\"nodes\": []}") == .json)
        // The extension is a hint where the content is no format's.
        #expect(GraphFile.detect("a 1 2 3\n", name: "roads.gr") == .dimacs)
        #expect(GraphFile.detect("graph { a -- b }", name: "g.gml") == .dot)
        #expect(GraphFile.detect("a b\n", name: "g.txt") == .edges)
        #expect(Self.error("a 1 2 3\n", name: "roads.gr")?.description
            == "roads.gr:1: expected the problem line 'p sp V E' or 'p edge V E' before any arc or edge")
    }

    // MARK: Numbers

    @Test func sumsAreShownAtThePrecisionTheWeightsAreWrittenIn() {
        #expect(Graph.text(of: 0.26 + 0.17, decimals: 2) == "0.43")
        #expect(Graph.text(of: 0.35 + 0.37 + 0.28 + 0.41 - 0.4, decimals: 2) == "1.01")
        #expect(Graph.text(of: 1.4100000000000001, decimals: 2) == "1.41")
        #expect(Graph.text(of: 0.5, decimals: 2) == "0.5")
        #expect(Graph.text(of: 3, decimals: 2) == "3")
        #expect(Graph.text(of: -0.0000001, decimals: 2) == "0")
        #expect(Graph.text(of: -2.25, decimals: 1) == "-2.3" || Graph.text(of: -2.25, decimals: 1) == "-2.2")
        #expect(Graph.text(of: 7, decimals: 0) == "7")
        #expect(Graph.decimals(of: 0.35) == 2 && Graph.decimals(of: 4) == 0 && Graph.decimals(of: 1.5e-7) == 8 && Graph.decimals(of: 0.1) == 1)
        var g = Graph(directed: false)
        let (a, b, c) = (g.node(named: "a"), g.node(named: "b"), g.node(named: "c"))
        g.edges = [Graph.Edge(from: a, to: b, weight: 0.5), Graph.Edge(from: b, to: c, weight: 0.17), Graph.Edge(from: a, to: c)]
        #expect(g.weightDecimals == 2)
    }
}
