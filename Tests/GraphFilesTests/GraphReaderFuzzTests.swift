import Foundation
@testable import GraphFiles
import Graphs
import Testing
import TestSupport

/// Damaged graph files fed to each reader: small files of every form a
/// reader takes, cut short, with bytes flipped, inserted (quotes, braces,
/// NULs, combining marks, huge numbers) or repeated, each made from a
/// seed. None may trap; each is read into a graph within the limits (every
/// label within its length, every position finite and in range) or
/// refused with one line, and quickly.
@Suite struct GraphReaderFuzzTests {
    static let seeds: [GraphFile.Format: [String]] = [
        .dot: [
            "digraph roads {\n  node [shape=circle];\n  A [label=\"Ávila\", pos=\"1,2!\"];\n  A -> B [weight=3];\n  B -> C [label=\"7\"];\n}\n",
            "strict graph { a -- b -- c; subgraph cluster_x { d -- e [label=<<b>x</b>>] } /* note */ }\ngraph { f -- g }\n",
            "graph {\n  a [pos=\"0,0\"]; b [pos=\"10,10\"];\n  a -- b [weight=2.5];\n  # comment\n}\n",
        ],
        .edges: [
            "# roads\nA B 4\nB C\n\nD\n",
            "source,target,weight,label\nb,a,1.5,x\n\"c, the town\",b,2,y\n",
            "a -> b 2\nb -> c [3]\nc -- a\n",
        ],
        .algs4: [
            "7\n7\n0 1 0.25\n0 2 0.50\n1 2 0.17\n1 3 0.26\n2 4 0.40\n3 4 0.33\n3 5 0.12\n",
            "4\n3\n 0  1\n 1  2\n 2  3\n",
        ],
        .dimacs: [
            "c roads\nc\np sp 4 5\na 1 2 3\na 2 3 4\na 1 3 9\na 3 4 1\na 4 1 2\n",
            "p edge 4 6\ne 1 2\ne 2 1\ne 2 3\ne 3 4\ne 4 1\ne 1 4\n",
        ],
        .gml: [
            "Creator \"x\"\ngraph\n[\n  directed 0\n  node [ id 0 label \"Mr. Hi\" graphics [ x 10.0 y 20.0 ] ]\n  node [ id 1 label \"J &quot;A&quot; &#233;\" ]\n  node [ id 2 ]\n"
                + "  edge [ source 0 target 1 weight 2.5 ]\n  edge [ source 1 target 2 value 4 ]\n  edge [ source 2 target 0 label \"friends\" ]\n]\n",
            "graph [ directed 1 node [ id \"a\" ] node [ id \"b\" ] edge [ source \"a\" target \"b\" label \"7\" ] ]",
        ],
        .graphml: [
            "<?xml version='1.0' encoding='utf-8'?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n<key id=\"d1\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"><default>1</default></key>\n"
                + "<key id=\"d0\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n<key id=\"x\" for=\"node\" attr.name=\"x\"/><key id=\"y\" for=\"node\" attr.name=\"y\"/>\n"
                + "<graph edgedefault=\"undirected\">\n<node id=\"a\"><data key=\"d0\">Alpha</data><data key=\"x\">1</data><data key=\"y\">2</data></node>\n<node id=\"b\"/>\n"
                + "<edge source=\"a\" target=\"b\"><data key=\"d1\">1.5</data></edge>\n<edge source=\"b\" target=\"a\" directed=\"true\"/>\n</graph>\n</graphml>\n",
            "<graphml xmlns:y=\"http://www.yworks.com/xml/graphml\"><key for=\"node\" id=\"d6\" yfiles.type=\"nodegraphics\"/><graph edgedefault=\"directed\">"
                + "<node id=\"n0\"><data key=\"d6\"><y:ShapeNode><y:Geometry height=\"30\" width=\"40\" x=\"100\" y=\"50\"/><y:NodeLabel>Start</y:NodeLabel></y:ShapeNode></data>"
                + "<graph id=\"n0:\"><node id=\"n0::n1\"/></graph></node><node id=\"n1\"/><edge source=\"n0\" target=\"n1\"/></graph></graphml>",
        ],
        .json: [
            #"{"directed": true, "nodes": [{"id": "a", "name": "Alpha", "x": 0, "y": 0}, {"id": "b", "x": 3, "y": 4}, {"id": 7}], "links": [{"source": "a", "target": "b", "value": 5}, {"source": 1, "target": 2, "label": "l"}]}"#,
            #"{"nodes": [{"id": true}, {"id": "t"}, {"id": 1.5, "label": "é"}], "edges": [{"source": "t", "target": 1.5}]}"#,
        ],
    ]

    /// Seeds that once failed, kept as they were found.
    static let regressions: [(GraphFile.Format, String)] = [
        (.json, "{\"nodes\": [{\"id\": \"a\", \"x\": 1e300, \"y\": 0}]}"),
        (.dot, "graph { A [pos=\"nan,nan\"]; B [pos=\"1,1\"]; A -- B }"),
        (.json, "{\"nodes\": [{\"id\": \"a\"}], \"links\": [{\"source\": \"a\", \"target\": \"a\", \"label\": \"x\\u0000\"}]}"),
    ]

    static let cases = 300

    @Test(arguments: GraphFile.Format.allCases)
    func aDamagedFileIsReadWithinTheLimitsOrRefusedNeverATrap(_ format: GraphFile.Format) throws {
        let seeds = try #require(Self.seeds[format])
        var (read, refused) = (0, 0)
        for seed in 0..<Self.cases {
            var generator = SplitMix(seed: UInt64(seed) &+ 1)
            let original = Array(seeds[seed % seeds.count].utf8)
            let damaged = Self.damaged(original, using: &generator)
            let outcome = Result { () throws(GraphFileError) in try GraphFile.load(damaged, name: "g", format: format) }
            switch outcome {
            case .success(let contents):
                read += 1
                Self.expectWithinLimits(contents.graph, seed: seed)
            case .failure(let error):
                refused += 1
                #expect(!error.description.contains("\n"), "seed \(seed): \(error)")
            }
        }
        for (f, text) in Self.regressions where f == format {
            #expect(throws: GraphFileError.self) { try GraphFile.load(Array(text.utf8), name: "g", format: f) }
        }
        // Both outcomes happen, or the mutations reach nothing.
        #expect(read > 0 && refused > 0, "\(format): \(read) read, \(refused) refused")
    }

    static func expectWithinLimits(_ graph: Graph, seed: Int) {
        let limits = GraphFile.Limits()
        #expect(graph.nodes.count <= limits.maxNodes && graph.edges.count <= limits.maxEdges, "seed \(seed)")
        for text in graph.nodes.flatMap({ [$0.name, $0.label] }) + graph.edges.map(\.label) {
            #expect(text.count <= limits.maxLabelLength && !text.utf8.contains(0), "seed \(seed)")
            #expect(text.allSatisfy { $0.unicodeScalars.count <= limits.maxScalarsPerCharacter }, "seed \(seed)")
        }
        for p in graph.nodes.compactMap(\.position) {
            #expect(p.x.isFinite && p.y.isFinite && abs(p.x) <= limits.maxCoordinate && abs(p.y) <= limits.maxCoordinate, "seed \(seed)")
        }
    }

    /// Pieces a hostile file is made of.
    static let pieces: [[UInt8]] = [
        "\"", "{", "}", "[", "]", "<", ">", ",", ";", "--", "->", "\n", "\\", "/*", "#", "\0", "1e400", "nan", "-1e308", "1e20",
        "pos=\"nan,nan\"", "\"x\": 1e300", "weight=", "label=\"", "true", "null", "é", "\u{301}\u{301}\u{301}",
        "99999999999", "\n0 1\n", "p sp 3 3\n", "\na 1 2 -5\n", "e 1 1", "node [ id 0 ]", "edge [ source 0 target 1 ]", " graphics [ x 1e308 y 1 ] ",
        "&#0;", "&#x10FFFF;", "<node id=\"a\"/>", "<edge source=\"a\" target=\"a\"/>", "<!ENTITY x \"y\">", "<data key=\"d0\">", "</graph>", "<![CDATA[",
    ].map { Array($0.utf8) }

    /// `original` cut, flipped, spliced with pieces, or with a stretch
    /// repeated (a long label, a pile of combining marks).
    static func damaged(_ original: [UInt8], using g: inout SplitMix) -> [UInt8] {
        var file = original
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            let at = Int.random(in: 0...file.count, using: &g)
            switch Int.random(in: 0..<5, using: &g) {
            case 0: file.removeSubrange(at...)
            case 1 where at < file.count: file[at] ^= UInt8.random(in: 1...255, using: &g)
            case 2: file.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &g)], at: at)
            case 3:
                let piece = [[UInt8]("x".utf8), Array("\u{301}".utf8), Array("n1 -- ".utf8)][Int.random(in: 0...2, using: &g)]
                file.insert(contentsOf: Array([[UInt8]](repeating: piece, count: Int.random(in: 30...1_500, using: &g)).joined()), at: at)
            default:
                let end = min(file.count, at + Int.random(in: 1...20, using: &g))
                file.insert(contentsOf: file[at..<end], at: at)
            }
        }
        return file
    }
}

