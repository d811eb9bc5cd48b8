import Diagram
import Foundation

/// The per-frame rules of a tree animation: between two frames no node moves
/// more than 6% of the frame's diagonal, and at no frame do two visible
/// nodes (ghosts aside) overlap.
enum FrameMotion {
    /// What breaks the rules in `timeline`, frame by frame, and how many
    /// frames were checked.
    static func problems(in timeline: Timeline) -> (problems: [String], frames: Int) {
        let (w, h) = (Double(timeline.settings.width), Double(timeline.settings.height))
        let limit = 0.06 * (w * w + h * h).squareRoot()
        let name = { (n: NodeState) in n.label.isEmpty ? "nil" : n.label }
        var problems = [String]()
        var previous = [Int: (x: Double, y: Double)]()
        for f in 0..<timeline.frameCount {
            let shown = timeline.nodes(at: f).filter { $0.opacity > 0.5 && $0.role != "ghost" }
            for n in shown {
                if let p = previous[n.id], hypot(n.x - p.x, n.y - p.y) > limit {
                    problems.append("frame \(f): node \(name(n)) moved \(hypot(n.x - p.x, n.y - p.y)) px")
                }
            }
            for (i, a) in shown.enumerated() {
                for b in shown[(i + 1)...] where hypot(a.x - b.x, a.y - b.y) < (a.w + b.w) / 2 - 1 {
                    problems.append("frame \(f): \(name(a)) and \(name(b)) overlap")
                }
            }
            previous = Dictionary(shown.map { ($0.id, (x: $0.x, y: $0.y)) }, uniquingKeysWith: { a, _ in a })
        }
        return (problems, timeline.frameCount)
    }
}

/// What a viewer sees of the nodes over a whole animation: each node's
/// largest label while it is on screen, the smallest label drawn at all,
/// and the largest move of a node between two frames, as a fraction of
/// the diagonal, counted where it is on screen in either frame (or
/// anywhere, when `anywhere`).
struct NodeSight {
    var largest = [Int: Double]()
    var smallest = Double.infinity
    var fastest = 0.0

    /// The sight of `timeline`'s nodes shown over `opacity`.
    init(_ timeline: Timeline, opacity: Double = 0.99, anywhere: Bool = false) {
        let (w, h) = (Double(timeline.settings.width), Double(timeline.settings.height))
        let diagonal = (w * w + h * h).squareRoot()
        func seen(_ x: Double, _ y: Double) -> Bool { x >= 0 && x <= w && y >= 0 && y <= h }
        var previous = [Int: (x: Double, y: Double)]()
        for frame in 0..<timeline.frameCount {
            var now = [Int: (x: Double, y: Double)]()
            for n in timeline.nodes(at: frame) where n.opacity > opacity {
                if seen(n.x, n.y) { largest[n.id] = max(largest[n.id] ?? 0, n.fontSize) }
                if n.fontSize > 0 { smallest = min(smallest, n.fontSize) }
                if let p = previous[n.id], anywhere || seen(n.x, n.y) || seen(p.x, p.y) {
                    fastest = max(fastest, hypot(n.x - p.x, n.y - p.y) / diagonal)
                }
                now[n.id] = (n.x, n.y)
            }
            previous = now
        }
    }
}
