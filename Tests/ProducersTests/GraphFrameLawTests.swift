import Diagram
import Foundation
import Geometry
import Graphs
import Producers
import Testing
import TestSupport

/// Every frame of every algorithm, over a few random graphs each: no node
/// on screen moves more than 6% of the diagonal between two frames at 30
/// fps, no two
/// nodes overlap, and every edge ends on its nodes' outlines (an arrowhead's
/// tip touching the outline, not inside it).
@Suite(.tags(.sweep)) struct GraphFrameLawTests {
    static let runs: [(GraphRun, GraphBoard.Shape, Bool?)] = [
        (GraphRun(.bfs, from: "n0"), .any, nil), (GraphRun(.dfs, from: "n0"), .any, true), (GraphRun(.dijkstra, from: "n0"), .any, nil),
        (GraphRun(.bellmanFord, from: "n0"), .any, true), (GraphRun(.prim, from: "n0"), .any, false), (GraphRun(.kruskal), .any, false),
        (GraphRun(.topo), .acyclic, true), (GraphRun(.topoDFS), .acyclic, true), (GraphRun(.scc), .any, true),
        (GraphRun(.components), .any, false), (GraphRun(.astar, from: "n0", to: "n1"), .placed, nil),
    ]

    /// How far `p` is outside the outline of `n` (negative: inside), in
    /// pixels: a circle's radius, or a box's nearest side.
    static func outside(_ p: Point, _ n: NodeState) -> Double {
        let (dx, dy) = (abs(p.x - n.x), abs(p.y - n.y))
        if n.cornerRadius >= min(n.w, n.h) / 2 - 0.01, abs(n.w - n.h) < 0.01 { return hypot(dx, dy) - n.w / 2 }
        return max(dx - n.w / 2, dy - n.h / 2)
    }

    static func problems(_ t: Timeline) -> [String] {
        var out = [String]()
        let (w, h) = (Double(t.settings.width), Double(t.settings.height))
        let limit = 0.06 * (w * w + h * h).squareRoot()
        var previous = [Int: Point]()
        for f in 0..<t.frameCount {
            let scene = t.scene(at: f)
            let shown = scene.nodes.filter { $0.opacity > 0.99 }
            let byID = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            // A move counts where the node is on screen in either frame: a
            // camera zooming in sweeps what lies far outside the frame
            // faster than anything the viewer sees.
            func seen(_ x: Double, _ y: Double) -> Bool { x >= 0 && x <= w && y >= 0 && y <= h }
            for n in shown {
                if let p = previous[n.id], seen(n.x, n.y) || seen(p.x, p.y), hypot(n.x - p.x, n.y - p.y) > limit {
                    out.append("frame \(f): \(n.label) jumps")
                }
            }
            for (i, a) in shown.enumerated() {
                for b in shown[(i + 1)...]
                where abs(a.x - b.x) < (a.w + b.w) / 2 - 1 && abs(a.y - b.y) < (a.h + b.h) / 2 - 1 {
                    out.append("frame \(f): \(a.label) and \(b.label) overlap")
                }
            }
            for e in scene.edges where e.opacity > 0.99 {
                guard let a = byID[e.from], let b = byID[e.to], e.from != e.to else { continue }
                let start = e.arrows.contains(.start) ? e.arrowheads.first?.tip : e.points.first
                let end = e.arrows.contains(.end) ? e.arrowheads.last?.tip : e.points.last
                // A line still being drawn out has not reached its end.
                guard let start, let end, e.arrows.isEmpty || e.arrowheads.count == (e.arrows == .both ? 2 : 1) else { continue }
                if abs(Self.outside(start, a)) > 1.5 { out.append("frame \(f): \(a.label)→\(b.label) starts \(Self.outside(start, a)) px off \(a.label)") }
                if abs(Self.outside(end, b)) > 1.5 { out.append("frame \(f): \(a.label)→\(b.label) ends \(Self.outside(end, b)) px off \(b.label)") }
            }
            previous = Dictionary(shown.map { ($0.id, Point($0.x, $0.y)) }, uniquingKeysWith: { a, _ in a })
        }
        return out
    }

    @Test(arguments: 0..<11)
    func everyFrameKeepsTheRules(run index: Int) throws {
        let (run, shape, directed) = Self.runs[index]
        // Two graphs of any size, and one of at most 12 nodes (whose
        // union-find forest Kruskal draws).
        let small = (UInt64(1)...).first { GraphBoard.graph(seed: $0 &+ UInt64(index) * 100, shape: shape, directed: directed).nodes.count <= 12 }!
        for seed: UInt64 in [3, 11, small] {
            let g = GraphBoard.graph(seed: seed &+ UInt64(index) * 100, shape: shape, directed: directed)
            let problems = Self.problems(try GraphBoard.timeline(g, run))
            #expect(problems.isEmpty, "\(run.algorithm.rawValue), seed \(seed): \(problems.prefix(5))")
        }
    }
}
