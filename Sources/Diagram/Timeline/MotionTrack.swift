import Geometry
import Tween

/// A position over time, each move along its own path (straight or an arc).
/// A move that starts while another is under way starts from where the
/// element is then.
struct MotionTrack: Sendable {
    struct Move: Sendable {
        let from: Point
        let to: Point
        let path: MotionPath
    }

    let initial: Point
    private var moves = Timed<Move>()

    init(_ initial: Point) {
        self.initial = initial
    }

    mutating func move(to target: Point, at time: Double, with animation: Animation, path: MotionPath) {
        moves.append(Move(from: value(at: time), to: target, path: path), at: time, with: animation)
    }

    func value(at time: Double) -> Point {
        guard let m = moves.latest(at: time) else { return initial }
        guard let f = m.fraction(at: time) else { return m.change.to }
        return m.change.path.point(from: m.change.from, to: m.change.to, amount: f)
    }
}

/// A placement resolved at one frame: a point in output pixels, the box the
/// element takes there (a ring's, around a node or of its own radius), and
/// how many pixels a layout unit of its size is (the zoom, or for a place
/// on the screen the frame's shorter side).
struct Resolved: Sendable {
    var point: Point
    var box: NodeBox?
    var unit: Double
}

/// A node's drawn box in pixels: what a ring around it takes its shape from.
struct NodeBox: Sendable {
    var w: Double
    var h: Double
    var cornerRadius: Double

    var size: Size { Size(width: w, height: h) }

    static let empty = NodeBox(w: 0, h: 0, cornerRadius: 0)

    func interpolated(to other: NodeBox, amount f: Double) -> NodeBox {
        NodeBox(w: w + (other.w - w) * f, h: h + (other.h - h) * f, cornerRadius: cornerRadius + (other.cornerRadius - cornerRadius) * f)
    }
}

/// A placement over time: moves between placements blend their resolved
/// points, so an element moving from one node to another follows both
/// while it travels, and arrives on the node wherever the node has gone.
struct PlacementTrack: Sendable {
    struct Move: Sendable {
        let to: Placement
        let path: MotionPath
    }

    let initial: Placement
    private var moves = Timed<Move>()

    init(_ initial: Placement) {
        self.initial = initial
    }

    var last: Placement { moves.last?.change.to ?? initial }

    mutating func move(to target: Placement, at time: Double, with animation: Animation, path: MotionPath) {
        moves.append(Move(to: target, path: path), at: time, with: animation)
    }

    /// Where the element is at `time`, resolving placements with `resolve`.
    func value(at time: Double, resolve: (Placement) -> Resolved) -> Resolved {
        value(at: time, through: moves.count(startingBy: time), resolve: resolve)
    }

    /// The value at `time` from the first `count` moves: a move under way
    /// blends from what the earlier moves give at the same time.
    private func value(at time: Double, through count: Int, resolve: (Placement) -> Resolved) -> Resolved {
        guard count > 0 else { return resolve(initial) }
        let m = moves.entries[count - 1]
        let target = resolve(m.change.to)
        guard let f = m.fraction(at: time) else { return target }
        let from = value(at: time, through: count - 1, resolve: resolve)
        let p = m.change.path.point(from: from.point, to: target.point, amount: f)
        let box: NodeBox? = switch (from.box, target.box) {
        case let (a?, b?): a.interpolated(to: b, amount: f)
        case (nil, let b): b
        case (let a, nil): a
        }
        return Resolved(point: p, box: box, unit: from.unit + (target.unit - from.unit) * f)
    }
}

/// An edge's end over time: a node, the midpoint of two, or a point of a
/// node's box, swinging from one to the next when it changes.
struct EndTrack: Sendable {
    struct End: Hashable, Sendable {
        var node: Int
        var second: Int?
        /// A point of the node's box, as fractions of its size from its
        /// centre (``Edge/fromAnchor``).
        var anchor: Vector?

        /// Whether the end is a point rather than a node's outline: a line
        /// starting there is neither routed from nor cut at a box.
        var isPoint: Bool { second != nil || anchor != nil }
    }

    struct Swing: Sendable {
        var end: End
        var style: EdgeSwing
        /// A cut (reduced motion): the end is the old one until the middle
        /// of the swing's time, then the new one.
        var cut = false
    }

    let initial: End
    private var swings = Timed<Swing>()
    /// Whether any swing goes from one node to another: most edges never
    /// do, and the scene asks every edge every frame.
    private var crosses = false

    init(_ initial: End) {
        self.initial = initial
    }

    var last: End { swings.last?.change.end ?? initial }

    /// The end the edge is at or swinging to at `time`; a cut's, once made.
    func current(at time: Double) -> End {
        var count = swings.count(startingBy: time)
        while count > 0, swings.entries[count - 1].change.cut, swings.entries[count - 1].fraction(at: time) == 0 { count -= 1 }
        return count == 0 ? initial : swings.entries[count - 1].change.end
    }

    mutating func swing(to target: End, at time: Double, with animation: Animation, style: EdgeSwing = .slide, cut: Bool = false) {
        guard target != last else { return }
        if !cut, target.node != last.node { crosses = true }
        swings.append(Swing(end: target, style: style, cut: cut), at: time, with: animation)
    }

    /// Where the end is at `time`: `position` gives a node's centre and
    /// `box` its drawn box, for an anchored end.
    func value(at time: Double, position: (Int) -> Point, box: (Int) -> NodeBox = { _ in .empty }) -> Point {
        value(at: time, through: swings.count(startingBy: time), position: position, box: box)
    }

    /// While the end swings from one node to another (not a cut): the
    /// end it leaves, the end it goes to, and how far it has got. A swing
    /// along one node's box (from one of its points to another) slides,
    /// joined to the node all the way, and is not one.
    func crossing(at time: Double) -> (old: End, new: End, fraction: Double)? {
        guard crosses else { return nil }
        let count = swings.count(startingBy: time)
        guard count > 0 else { return nil }
        let s = swings.entries[count - 1]
        guard !s.change.cut, let f = s.fraction(at: time) else { return nil }
        let old = count > 1 ? swings.entries[count - 2].change.end : initial
        guard old.node != s.change.end.node else { return nil }
        return (old, s.change.end, f)
    }

    /// Where `e` is: `position` gives a node's centre and `box` its
    /// drawn box.
    func point(_ e: End, position: (Int) -> Point, box: (Int) -> NodeBox) -> Point { point(e, position, box) }

    private func point(_ e: End, _ position: (Int) -> Point, _ box: (Int) -> NodeBox) -> Point {
        let a = position(e.node)
        if let f = e.anchor {
            let b = box(e.node)
            return Point(a.x + f.dx * b.w, a.y + f.dy * b.h)
        }
        guard let p = e.second else { return a }
        let b = position(p)
        return Point((a.x + b.x) / 2, (a.y + b.y) / 2)
    }

    private func value(at time: Double, through count: Int, position: (Int) -> Point, box: (Int) -> NodeBox) -> Point {
        guard count > 0 else { return point(initial, position, box) }
        let s = swings.entries[count - 1]
        let target = point(s.change.end, position, box)
        guard let f = s.fraction(at: time) else { return target }
        return value(at: time, through: count - 1, position: position, box: box).interpolated(towards: target, amount: f)
    }
}
