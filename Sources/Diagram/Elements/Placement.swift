import Geometry

/// Where an element sits: at a point of the world, on a node (following it
/// as it moves), or at a fixed place of the frame.
///
/// Marks and texts are placed; edges are attached to nodes by their ends.
/// A placement on a node is resolved from the node's position at every
/// frame, so a ring resting on a node stays on it while the tree moves, and
/// a badge beside a node travels with it through a rotation.
public enum Placement: Hashable, Sendable {
    /// A point in layout units, moved and scaled by the camera.
    case world(Point)
    /// The centre of a node (or a bar) plus an offset in layout units.
    case node(ElementID, offset: Vector)
    /// A point of a node's or a bar's box, `unit` across and down it
    /// ((0, 0) its top-left corner, (1, 1) its bottom-right), plus an
    /// offset in layout units: a bar's label under its foot, its value
    /// over its end, following the box as it grows and moves.
    case box(ElementID, unit: Point, offset: Vector)
    /// A point of the frame: (0, 0) is the top-left corner, (1, 1) the
    /// bottom-right, whatever the camera does.
    case screen(Point)

    /// The centre of `id`.
    public static func on(_ id: ElementID) -> Placement { .node(id, offset: .zero) }

    /// The node (or bar) this placement follows, if any.
    public var node: ElementID? {
        switch self {
        case .node(let id, _), .box(let id, _, _): id
        case .world, .screen: nil
        }
    }
}

/// The way a moving element travels from its old place to its new one.
public enum MotionPath: Hashable, Sendable {
    /// The straight line between the two.
    case straight
    /// An arc bulging to the left of the direction of travel by `bend`
    /// times the distance (negative: to the right): two nodes that trade
    /// places along arcs of opposite bends pass each other instead of
    /// colliding halfway.
    case arc(bend: Double)
    /// Straight legs through these points, in layout units, at an even
    /// pace along their length: a route around things in the way.
    case via([Point])

    /// The point a fraction `amount` of the way from `a` to `b`.
    @inlinable
    public func point(from a: Point, to b: Point, amount: Double) -> Point {
        let straight = Point(a.x + (b.x - a.x) * amount, a.y + (b.y - a.y) * amount)
        switch self {
        case .straight:
            return straight
        case .via(let points):
            return Self.along([a] + points + [b], amount: amount)
        case .arc(let bend):
            // A quadratic Bézier through the control point above the
            // chord's middle; 4·t·(1−t) is its bulge profile at t.
            let d: Vector = b - a
            let lift = 2 * bend * amount * (1 - amount)
            return Point(straight.x + d.dy * lift, straight.y - d.dx * lift)
        }
    }

    /// The point a fraction `amount` of the way along the polyline
    /// `points`, by length; beyond its ends (a spring's overshoot) along
    /// the first or last leg.
    @usableFromInline
    static func along(_ points: [Point], amount: Double) -> Point {
        var lengths = [Double](), total = 0.0
        for i in 1..<points.count {
            let l = points[i].distance(to: points[i - 1])
            lengths.append(l)
            total += l
        }
        guard total > 0 else { return points[points.count - 1] }
        var left = amount * total
        for i in 1..<points.count {
            let l = lengths[i - 1]
            if left <= l || i == points.count - 1 {
                let f = l > 0 ? left / l : 1
                return Point(points[i - 1].x + (points[i].x - points[i - 1].x) * f, points[i - 1].y + (points[i].y - points[i - 1].y) * f)
            }
            left -= l
        }
        return points[points.count - 1]
    }
}
