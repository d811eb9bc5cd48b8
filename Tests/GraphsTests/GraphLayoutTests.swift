import Foundation
import Geometry
import Graphs
import Testing

/// Graphviz's layouts as treeanim takes them: every engine runs, the same
/// graph gives the same layout, and each edge's curve runs from its tail's
/// centre to its head's.
@Suite struct GraphLayoutTests {
    static func ring(_ n: Int, directed: Bool) -> Graph {
        var g = Graph(directed: directed)
        for i in 0..<n { _ = g.node(named: "v\(i)") }
        for i in 0..<n { g.edges.append(Graph.Edge(from: i, to: (i + 1) % n, weight: Double(i % 3 + 1))) }
        g.edges.append(Graph.Edge(from: 0, to: n / 2))
        return g
    }

    static func layout(_ g: Graph, _ engine: GraphLayout.Engine) throws -> GraphLayout {
        let sizes = Array(repeating: Size(width: 0.6, height: 0.6), count: g.nodes.count)
        return try GraphLayout(g, engine: engine, sizes: sizes, circles: Array(repeating: true, count: g.nodes.count), labelled: true)
    }

    @Test(arguments: GraphLayout.Engine.allCases)
    func everyEngineLaysOutTheGraphAndCurvesJoinTheCentres(engine: GraphLayout.Engine) throws {
        let g = Self.ring(9, directed: engine == .dot)
        let layout = try Self.layout(g, engine)
        #expect(layout.centres.count == 9)
        #expect(layout.curves.count == g.edges.count)
        for (k, e) in g.edges.enumerated() {
            let c = layout.curves[k]
            #expect((c.count - 1) % 3 == 0)
            #expect(c.first == layout.centres[e.from])
            #expect(c.last == layout.centres[e.to])
        }
        // No two nodes overlap.
        for i in 0..<9 {
            for j in (i + 1)..<9 {
                let (a, b) = (layout.centres[i], layout.centres[j])
                #expect(((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() >= 0.6 - 1e-6)
            }
        }
    }

    @Test(arguments: GraphLayout.Engine.allCases)
    func theSameGraphGivesTheSameLayout(engine: GraphLayout.Engine) throws {
        let g = Self.ring(12, directed: false)
        let (a, b) = (try Self.layout(g, engine), try Self.layout(g, engine))
        #expect(a.centres == b.centres)
        #expect(a.curves == b.curves)
    }

    /// Past 500 nodes sfdp removes overlaps in at most 20 rounds (its
    /// default, 1,000, took minutes on a connected graph of 10,000 nodes);
    /// the nodes still stand apart.
    @Test func aLargeSfdpLayoutRemovesOverlapsInFewRounds() throws {
        var g = Graph(directed: false)
        let n = 600
        for i in 0..<n { _ = g.node(named: "v\(i)") }
        var state: UInt64 = 7
        for i in 0..<(2 * n) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let j = Int((state >> 33) % UInt64(n))
            g.edges.append(Graph.Edge(from: i < n - 1 ? i : j, to: i < n - 1 ? i + 1 : (j * 7 + 3) % n))
        }
        g.edges.removeAll { $0.from == $0.to }
        let sizes = Array(repeating: Size(width: 0.6, height: 0.6), count: n), circles = Array(repeating: true, count: n)
        #expect(GraphLayout.dot(g, engine: .sfdp, sizes: sizes, circles: circles, labelled: false).contains("prism20"))
        #expect(!GraphLayout.dot(Self.ring(9, directed: false), engine: .sfdp, sizes: sizes, circles: circles, labelled: false).contains("prism20"))
        let layout = try Self.layout(g, .sfdp)
        var close = 0
        for i in 0..<n {
            for j in (i + 1)..<n {
                let (a, b) = (layout.centres[i], layout.centres[j])
                if ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() < 0.6 - 1e-6 { close += 1 }
            }
        }
        #expect(close == 0, "\(close) pairs of nodes overlap")
    }

    @Test func givenPositionsAreKept() throws {
        var g = Graph(directed: false)
        for (i, p) in [Point(0, 0), Point(144, 0), Point(0, 216)].enumerated() {
            _ = g.node(named: "p\(i)")
            g.nodes[i].position = p
        }
        g.edges = [Graph.Edge(from: 0, to: 1), Graph.Edge(from: 1, to: 2)]
        #expect(GraphLayout.Engine.chosen(for: g) == .neato)
        let layout = try Self.layout(g, .neato)
        // Points are 1/72 inch: layout units are inches.
        let d01 = layout.centres[1].x - layout.centres[0].x, d02 = layout.centres[2].y - layout.centres[0].y
        #expect(abs(d01 - 2) < 1e-6 && abs(d02 - 3) < 1e-6, "\(layout.centres)")
    }

    @Test func parallelEdgesAreBowedApart() throws {
        var g = Graph(directed: true)
        let (a, b) = (g.node(named: "a"), g.node(named: "b"))
        g.edges = [Graph.Edge(from: a, to: b), Graph.Edge(from: b, to: a), Graph.Edge(from: a, to: b)]
        let layout = try Self.layout(g, .neato)
        // The middles of the three curves stand apart.
        let middles = layout.curves.map { c in Point((c[1].x + c[2].x) / 2, (c[1].y + c[2].y) / 2) }
        for i in 0..<3 {
            for j in (i + 1)..<3 { #expect(hypot(middles[i].x - middles[j].x, middles[i].y - middles[j].y) > 0.1) }
        }
    }

    @Test func theEngineIsChosenByTheGraph() {
        #expect(GraphLayout.Engine.chosen(for: Self.ring(5, directed: true)) == .dot)
        #expect(GraphLayout.Engine.chosen(for: Self.ring(5, directed: false)) == .neato)
        #expect(GraphLayout.Engine.chosen(for: Self.ring(200, directed: false)) == .sfdp)
    }
}
