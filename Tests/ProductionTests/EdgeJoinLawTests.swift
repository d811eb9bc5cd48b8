import Diagram
import Geometry
import Production
import Testing
import TestSupport

/// Edges are joined, a law of the compiler held over every producer: in
/// every frame, every edge that shows starts on its first node and ends on
/// its second, however the nodes move (a swap, a rotation, a split), so
/// that no line points at nothing. Each producer's defaults and seeded
/// random programs, at 10 frames a second.
@Suite(.tags(.sweep)) struct EdgeJoinLawTests {
    static let fps = 10.0

    /// How far `p` lies outside `node`'s box, in pixels (0 inside).
    static func outside(_ p: Point, _ node: NodeState) -> Double {
        let dx = max(abs(p.x - node.x) - node.w / 2, 0), dy = max(abs(p.y - node.y) - node.h / 2, 0)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The kinds of edge that join two nodes of a structure: a tree's, a
    /// graph's, a union-find forest's. A pointer (a list's `next`, a
    /// variable such as `head`) slides from node to node as it is
    /// reassigned, which is what it shows; a family's lines start at a
    /// couple's junction, not at a node.
    static let joining: Set<String> = ["tree", "graph", "union-find"]

    /// Whether `points` run straight from their start (on the first node:
    /// its centre, or a slot such as a B-tree key's gap) towards `b`'s
    /// centre: a line drawn part of the way.
    static func along(_ points: [Point], to b: NodeState) -> Bool {
        guard let a = points.first else { return false }
        let (ux, uy) = (b.x - a.x, b.y - a.y)
        let length = (ux * ux + uy * uy).squareRoot()
        guard length > 1 else { return false }
        return points.allSatisfy { p in
            let k = ((p.x - a.x) * ux + (p.y - a.y) * uy) / (length * length)
            let off = abs((p.x - a.x) * uy - (p.y - a.y) * ux) / length
            return off < 2 && k > -0.05 && k < 1.05
        }
    }

    /// The frames' loose ends: an edge end more than two pixels off its node.
    static func looseEnds(_ timeline: Timeline) -> [String] {
        var out = [String]()
        for f in 0..<timeline.frameCount {
            let scene = timeline.scene(at: f)
            var nodes = [Int: NodeState]()
            for n in scene.nodes { nodes[n.id] = n }
            for e in scene.edges where e.opacity > 0.05 && Self.joining.contains(e.kind) {
                guard let first = e.points.first, let last = e.points.last, let a = nodes[e.from], let b = nodes[e.to] else { continue }
                // An arrowhead stands past the line's end, up to the outline.
                let reach = 2 + (e.arrowheads.isEmpty ? 0 : e.arrowLength * 1.5)
                if outside(first, a) > reach {
                    out.append("frame \(f): the edge \(e.name) starts \(Int(outside(first, a))) px off \(a.label)")
                }
                // A line being drawn out from its start runs towards its end
                // node, along the way between the two.
                if outside(last, b) > reach, !Self.along(e.points, to: b) {
                    out.append("frame \(f): the edge \(e.name) ends \(Int(outside(last, b))) px off \(b.label)")
                }
            }
        }
        return out
    }

    @Test(arguments: RegistryRun.all(programs: 2))
    func everyEdgeJoinsItsNodesInEveryFrame(_ run: RegistryRun) throws {
        var options = RenderOptions()
        options.fps = Self.fps
        let session = RenderSession(options: options, log: .silent)
        let timeline = try session.compile(try run.script(in: session), settings: options.settings, font: try session.font())
        let loose = Self.looseEnds(timeline)
        #expect(loose.isEmpty, "\(loose.count) loose ends: \(loose.prefix(4).joined(separator: "; "))")
    }
}
