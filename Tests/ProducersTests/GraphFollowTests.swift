import Diagram
import Graphs
import Producers
import Testing
import TestSupport

/// A graph too wide to read whole at 640×360 is followed by the camera,
/// node by node; the followed view stays over the graph: it never shows
/// blank beside the graph on one side while cutting the graph off on the
/// other (the first node of a wide graph sat mid-frame with the left half
/// empty, and a node at the bottom pushed the top row under the caption).
@Suite struct GraphFollowTests {
    /// Graphviz's finite-state machine example, nine states left to right
    /// with long edge labels, and a run of twelve more states after its
    /// last: too wide to read whole at 640×360 (the example alone reads,
    /// with its rows).
    static func machine() -> Graph {
        var g = Graph(directed: true)
        g.rankdir = "LR"
        let edges: [(String, String, String)] = [
            ("LR_0", "LR_2", "SS(B)"), ("LR_0", "LR_1", "SS(S)"), ("LR_1", "LR_3", "S($end)"), ("LR_2", "LR_6", "SS(b)"),
            ("LR_2", "LR_5", "SS(a)"), ("LR_2", "LR_4", "S(A)"), ("LR_5", "LR_7", "S(b)"), ("LR_5", "LR_5", "S(a)"),
            ("LR_6", "LR_6", "S(b)"), ("LR_6", "LR_5", "S(a)"), ("LR_7", "LR_8", "S(b)"), ("LR_7", "LR_5", "S(a)"),
            ("LR_8", "LR_6", "S(b)"), ("LR_8", "LR_5", "S(a)"),
        ]
        let tail = (8..<20).map { ("LR_\($0)", "LR_\($0 + 1)", "S(c\($0))") }
        for (a, b, label) in edges + tail {
            let (i, j) = (g.node(named: a), g.node(named: b))
            g.edges.append(Graph.Edge(from: i, to: j, label: label))
        }
        return g
    }

    @Test(arguments: [GraphRun(.scc), GraphRun(.bfs, from: "LR_0"), GraphRun(.dfs, from: "LR_0")])
    func theFollowedViewStaysOverTheGraph(run: GraphRun) throws {
        let t = try GraphBoard.timeline(Self.machine(), run)
        let (w, h) = (Double(t.settings.width), Double(t.settings.height))
        var followed = false
        var problems = [String]()
        for f in stride(from: 0, to: t.frameCount, by: 3) {
            let nodes = t.scene(at: f).nodes.filter { $0.opacity > 0.99 }
            guard !nodes.isEmpty else { continue }
            let minX = nodes.map { $0.x - $0.w / 2 }.min()!, maxX = nodes.map { $0.x + $0.w / 2 }.max()!
            let minY = nodes.map { $0.y - $0.h / 2 }.min()!, maxY = nodes.map { $0.y + $0.h / 2 }.max()!
            if minX < 0 || maxX > w { followed = true }
            if minX < 0, maxX < 0.9 * w { problems.append("frame \(f): cut off on the left, blank on the right (graph ends at x \(Int(maxX)))") }
            if maxX > w, minX > 0.1 * w { problems.append("frame \(f): cut off on the right, blank on the left (graph starts at x \(Int(minX)))") }
            if minY < 0.12 * h, maxY < 0.8 * h { problems.append("frame \(f): top row under the caption, blank below") }
            if maxY > h, minY > 0.2 * h { problems.append("frame \(f): cut off below, blank above") }
        }
        #expect(followed, "the test graph must be one the camera follows at 640×360")
        #expect(problems.isEmpty, "\(problems.count) frames: \(problems.prefix(4))")
    }
}
