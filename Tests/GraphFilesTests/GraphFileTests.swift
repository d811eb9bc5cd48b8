import GraphFiles
import Graphs
import Testing

/// Graph files as people write them: DOT read by Graphviz's own parser,
/// edge lists in their many forms, d3-force JSON; and each refusal as one
/// line with its place.
@Suite struct GraphFileTests {
    static func read(_ text: String, directed: Bool? = nil) throws -> GraphFile.Contents {
        try GraphFile.load(Array(text.utf8), name: "g", directed: directed)
    }

    static func error(_ text: String) -> GraphFileError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error as? GraphFileError
        }
    }

    @Test func dotGivesNodesEdgesWeightsAndLabelsInTheOrderWritten() throws {
        let g = try Self.read(
            """
            // roads
            digraph roads {
              node [shape=circle];
              A [label="Ávila"];
              subgraph cluster_0 { B -> C [weight=3]; }
              A -> B [label="7"];
              C -> A [label="ferry", weight=2.5];
              "北京" -> A;
            }
            """)
        #expect(g.format == .dot)
        #expect(g.graph.directed)
        #expect(g.graph.nodes.map(\.name) == ["A", "B", "C", "北京"])
        #expect(g.graph.nodes[0].label == "Ávila")
        let edges = g.graph.edges.map { (g.graph.nodes[$0.from].name, g.graph.nodes[$0.to].name, $0.weight, $0.label) }
        #expect(edges.map(\.0) == ["B", "A", "C", "北京"])
        #expect(edges.map(\.2) == [3, 7, 2.5, nil])
        #expect(edges.map(\.3) == ["3", "7", "ferry", ""])
        #expect(g.graph.edges.map(\.line) == [5, 6, 7, 8])
    }

    @Test func dotPositionsAreReadWithYDown() throws {
        let g = try Self.read("graph { a [pos=\"10,20!\"]; b [pos=\"30,-5\"]; a -- b }")
        #expect(!g.graph.directed)
        #expect(g.graph.hasPositions)
        #expect(g.graph.nodes[0].position?.y == -20)
        #expect(g.graph.nodes[1].position?.x == 30)
    }

    @Test func aDotSyntaxErrorNamesItsLineAndColumn() throws {
        // Graphviz's parser counts lines across the texts it reads: the
        // count starts again for each.
        _ = try Self.read("digraph {\n a -> b\n c -> d\n e -> f\n}\n")
        _ = Self.error("digraph {\n a -> ;\n}\n")
        let e = try #require(Self.error("digraph {\n  a -> b;\n  b -> ;\n}\n"))
        #expect(e.line == 3)
        #expect(e.column == 8)
        #expect(e.description.hasPrefix("g:3:8: DOT syntax error near ';'"))
    }

    @Test func edgeListsOfSpacesCommasTabsAndArrows() throws {
        let spaced = try Self.read("# a comment\nA B 4\nB C\n\nD\n")
        #expect(spaced.format == .edges)
        #expect(spaced.graph.nodes.map(\.name) == ["A", "B", "C", "D"])
        #expect(spaced.graph.edges.map(\.weight) == [4, nil])
        #expect(spaced.graph.edges.map(\.line) == [2, 3])
        #expect(!spaced.graph.directed)

        let csv = try Self.read("target,source,cost\nb,a,1.5\n\"c, the town\",b,2\n")
        #expect(csv.graph.nodes.map(\.name) == ["a", "b", "c, the town"])
        #expect(csv.graph.edges.map(\.from) == [0, 1])
        #expect(csv.graph.edges.map(\.weight) == [1.5, 2])

        let tsv = try Self.read("x\ty\t3\ny\tz\t4\n")
        #expect(tsv.graph.edges.map(\.weight) == [3, 4])

        // A first line of single letters is an edge, not a header.
        let letters = try Self.read("u v\nv w\n")
        #expect(letters.graph.edges.count == 2)
        let arrows = try Self.read("a -> b 2\nb -> c\n")
        #expect(arrows.graph.directed)
        #expect(arrows.graph.edges.count == 2)
        #expect(try Self.read("a b\n", directed: true).graph.directed)
    }

    @Test func aBadWeightNamesItsLine() throws {
        let e = try #require(Self.error("a b 3\nb c heavy\n"))
        #expect(e.description == "g:2:5: expected a weight (a number) in column 3, found 'heavy'; write edges as 'a b' or 'a b 3'")
    }

    @Test func d3JSONWithIdsOrIndicesAndNetworkxDirected() throws {
        let g = try Self.read(
            """
            {"directed": true, "nodes": [{"id": "a", "name": "Alpha", "x": 0, "y": 0}, {"id": "b", "x": 3, "y": 4}, {"id": 7}],
             "links": [{"source": "a", "target": "b", "value": 5}, {"source": 1, "target": 2}]}
            """)
        #expect(g.format == .json)
        #expect(g.graph.directed)
        #expect(g.graph.nodes.map(\.label) == ["Alpha", "b", "7"])
        #expect(g.graph.edges.map(\.weight) == [5, nil])
        #expect(g.graph.edges[1].from == 1 && g.graph.edges[1].to == 2)
        #expect(!g.graph.hasPositions)
        let e = try #require(Self.error(#"{"nodes": [{"id": "a"}], "links": [{"source": "a", "target": "z"}]}"#))
        #expect(e.description == "g:1: links[0]: the target \"z\" is not the id of a node")
    }

    @Test func emptyFilesAndDirectionClashesAreRefused() {
        #expect(Self.error("  \n")?.description == "g: the file is empty: expected a graph (DOT, an edge list or JSON)")
        #expect(throws: GraphFileError.self) { try Self.read("graph { a -- b }", directed: true) }
    }

    /// Issue 47: edges that all stand on one line are found there once,
    /// the line tokenised once rather than scanned per edge (10,000 took
    /// 84 s), each weight's column its own `weight`'s on ordinary lines.
    @Test func edgesOnOneLineGetThatLineAndTheirWeightColumns() throws {
        let edges = (0..<5_000).map { "n\($0) -- n\($0 + 1) [weight=\($0 % 7 + 1)];" }.joined(separator: " ")
        let g = try Self.read("// one line\ngraph {" + edges + "}\n").graph
        #expect(g.edges.count == 5_000)
        #expect(g.edges.allSatisfy { $0.line == 2 })
        #expect(g.edges.allSatisfy { $0.column == 18 })
        let quoted = try Self.read("graph {\n  \"a b\" -- c [label=\"7\"];\n  c -- d [weight=2];\n}\n").graph
        #expect(quoted.edges.map(\.line) == [2, 3])
        #expect(quoted.edges.map(\.column) == [22, 11])
    }

    /// An ASCII file is read byte by byte, any other by characters: the
    /// same lines and columns either way, CR LF one line break, a bare
    /// CR none, quoted and HTML IDs, comments and numerals included.
    @Test func anASCIIFileAndOneWithOtherCharactersGiveTheSamePlaces() throws {
        let body = [
            "graph {", "  // a -- b [weight=9]", "  \"a b\" -- c [label=\"7\"];\r", "  c -- d [weight=2]; /* d -- e */",
            "  d -- -1.5 [weight=3];  e -- f [label=<x<b>y</b>>, weight=4]", "  # not a comment here", "  f -- g [weight=5]",
        ]
        for breakText in ["\n", "\r\n"] {
            let ascii = body.joined(separator: breakText) + breakText + "}" + breakText
            let other = ascii + "// é" + breakText
            let (a, b) = (try Self.read(ascii).graph, try Self.read(other).graph)
            #expect(a.edges.map(\.line) == b.edges.map(\.line))
            #expect(a.edges.map(\.column) == b.edges.map(\.column))
            #expect(a.edges.map(\.line) == [3, 4, 5, 5, 7].map(Optional.some), "\(breakText.utf8.count)")
            #expect(a.edges.map(\.column) == [22, 11, 14, 14, 11].map(Optional.some), "\(breakText.utf8.count)")
        }
    }
}
