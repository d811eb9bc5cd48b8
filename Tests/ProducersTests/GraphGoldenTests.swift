import Diagram
import GraphFiles
import Graphs
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of graph algorithms at 640×360, in the light and
/// the dark theme: a BFS mid-step with its queue, a Dijkstra relaxation, a
/// Kruskal union with its union-find forest, a DFS back edge, and a
/// topological order.
@Suite(.tags(.golden)) struct GraphGoldenTests {
    static let roads = """
        graph roads {
          A -- B [weight=4]; A -- C [weight=2]; B -- C [weight=5]; B -- D [weight=10];
          C -- E [weight=3]; E -- D [weight=4]; D -- F [weight=11];
        }
        """
    static let course = """
        digraph course {
          intro -> ds; intro -> algo; ds -> graphs; algo -> graphs; graphs -> flows;
          ds -> trees; trees -> graphs; algo -> dp; dp -> flows;
        }
        """
    static let cycle = "digraph g { a -> b; b -> c; c -> a; c -> d; d -> e; b -> e }"

    static func timeline(_ dot: String, _ run: GraphRun, theme: Theme) throws -> Timeline {
        let graph = try GraphFile.load(Array(dot.utf8), name: "g").graph
        var options = GraphOptions()
        options.stage = Stage(FrameSettings(width: 640, height: 360))
        let script = try GraphAnimation(graph: graph, runs: [run], options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 10, theme: theme), labels: BSTBoard.labels)
    }

    /// The frame `offset` frames after the first whose caption starts with
    /// `caption` (the last frame, for an offset of -1).
    static func frame(_ t: Timeline, _ caption: String, _ offset: Int) -> Int? {
        guard let first = (0..<t.frameCount).first(where: { t.scene(at: $0).caption?.hasPrefix(caption) == true }) else { return nil }
        return offset < 0 ? t.frameCount - 1 : first + offset
    }

    static let cases: [(name: String, dot: String, run: GraphRun, caption: String, offset: Int)] = [
        ("graph-bfs-queue", roads, GraphRun(.bfs, from: "A"), "A–C: C is new", 3),
        ("graph-dijkstra-relax", roads, GraphRun(.dijkstra, from: "A"), "relax E–D", 3),
        ("graph-kruskal-union", roads, GraphRun(.kruskal), "A–B (4)", 3),
        ("graph-dfs-back-edge", cycle, GraphRun(.dfs, from: "a"), "c→a: a is on the stack", 3),
        ("graph-topological-order", course, GraphRun(.topo), "a topological order", -1),
    ]

    @Test(arguments: ["light", "dark"])
    func algorithmsMidStepMatchTheirGoldens(theme: String) throws {
        for c in Self.cases {
            let t = try Self.timeline(c.dot, c.run, theme: theme == "dark" ? .dark : .light)
            let index = try #require(Self.frame(t, c.caption, c.offset), "no frame for \(c.name)")
            var canvas = Canvas(width: 640, height: 360)
            FrameRenderer(font: BSTBoard.font).render(t.scene(at: index), into: &canvas)
            assertFrame(canvas, matches: "\(c.name)-\(theme)")
        }
    }
}
