import Diagram
import Graphs
import Producers
import Testing
import TestSupport
import Trees

/// A run on a graph too large to play one step at a time in three minutes
/// plays its steps in batches that fit: the fewest at once that do, found
/// from what the steps really last (a caption held until it is read, a
/// batch's running account that is not), so that the default lasts at
/// most three minutes. A 41-node graph's BFS played for 7 min 26 s, its
/// steps' beats counted without their captions' reading time.
@Suite(.tags(.sweep)) struct GraphLengthTests {
    /// A directed graph with no cycle: `count` versions of a system, each
    /// derived from one or two before it, as Graphviz's Unix family tree.
    static func family(_ count: Int) -> Graph {
        var g = Graph(directed: true)
        var random = SeededGenerator(seed: 41)
        let names = (0..<count).map { "Release \($0 / 4 + 1).\($0 % 4)" }
        for n in names { _ = g.node(named: n) }
        for i in 1..<count {
            let a = random.next(in: max(0, i - 6)...(i - 1))
            g.edges.append(Graph.Edge(from: a, to: i))
            if i % 4 == 0, a > 0 { g.edges.append(Graph.Edge(from: random.next(in: 0...(a - 1)), to: i)) }
        }
        return g
    }

    @Test(arguments: [GraphRun(.bfs), GraphRun(.dfs), GraphRun(.topo), GraphRun(.scc), GraphRun(.dijkstra)])
    func aLargeRunPlaysInAtMostThreeMinutes(run: GraphRun) throws {
        let g = Self.family(41)
        var options = GraphOptions()
        options.stage = Stage(GraphBoard.settings)
        let animation = try GraphAnimation(graph: g, runs: [run], options: options, labels: BSTBoard.labels)
        let timeline = try Timeline(script: animation.script, settings: FrameSettings(width: 640, height: 360, fps: 10), labels: BSTBoard.labels)
        let seconds = timeline.pacing.duration(atSpeed: 1)
        #expect(seconds <= 180, "\(seconds) s")
        // Batched, and said so: one step at a time it would play too long.
        #expect(animation.script.notes.contains { $0.contains("steps at once") }, "\(animation.script.notes)")
        // Not more at once than it needs: it fills a good part of the time.
        #expect(seconds >= 45, "\(seconds) s")
    }

    /// A long order is said in part, with where the rest is: the numbers
    /// beside the nodes; the caption fits a 640-pixel frame at a size that
    /// reads.
    @Test func aLongOrderSaysWhereTheRestIs() throws {
        let t = try GraphBoard.timeline(Self.family(41), GraphRun(.topo), fps: 5)
        let caption = try #require(t.scene(at: t.frameCount - 1).caption)
        #expect(caption.hasPrefix("a topological order: Release 1.0, "))
        #expect(caption.hasSuffix(", … (#1 to #41 beside the nodes)"), "\(caption)")
        #expect(caption.count <= 110, "\(caption.count) characters")
        let short = try GraphBoard.timeline(Self.family(5), GraphRun(.topo), fps: 5)
        #expect(short.scene(at: short.frameCount - 1).caption?.contains("…") == false)
    }
}
