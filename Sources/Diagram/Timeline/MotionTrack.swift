import Geometry
import Tween

/// A position over time, each move along its own path (straight or an arc).
/// Like ``Track``, a pure function of time, and a move that starts while
/// another is under way starts from where the element is then.
struct MotionTrack: Sendable {
    struct Move: Sendable {
        let start: Double
        let end: Double
        let from: Point
        let to: Point
        let animation: Animation
        let path: MotionPath
    }

    let initial: Point
    private var moves: [Move] = []

    init(_ initial: Point) {
        self.initial = initial
    }

    var last: Point { moves.last?.to ?? initial }

    mutating func move(to target: Point, at time: Double, with animation: Animation, path: MotionPath) {
        moves.append(
            Move(start: time, end: time + animation.totalDuration, from: value(at: time), to: target,
                 animation: animation, path: path))
    }

    /// Jumps to `target` at `time`.
    mutating func set(_ target: Point, at time: Double) {
        move(to: target, at: time, with: Animation(curve: .linear, duration: 0), path: .straight)
    }

    func value(at time: Double) -> Point {
        let count = moves.count(startingBy: time, start: \.start)
        guard count > 0 else { return initial }
        let m = moves[count - 1]
        if time >= m.end { return m.to }
        return m.path.point(from: m.from, to: m.to, amount: m.animation.fraction(at: time - m.start))
    }
}

/// Something resolved to a point in output pixels at each frame, with the
/// size of the node it sits on, if any.
struct Resolved: Sendable {
    var point: Point
    var box: NodeBox?
}

/// A node's drawn box in pixels: what a ring around it takes its shape from.
struct NodeBox: Sendable {
    var w: Double
    var h: Double
    var cornerRadius: Double

    func interpolated(to other: NodeBox, amount f: Double) -> NodeBox {
        NodeBox(w: w + (other.w - w) * f, h: h + (other.h - h) * f, cornerRadius: cornerRadius + (other.cornerRadius - cornerRadius) * f)
    }
}

/// A placement over time: moves between placements blend their resolved
/// points, so an element moving from one node to another follows both
/// while it travels, and arrives on the node wherever the node has gone.
struct PlacementTrack: Sendable {
    struct Move: Sendable {
        let start: Double
        let end: Double
        let to: Placement
        let animation: Animation
        let path: MotionPath
    }

    let initial: Placement
    private var moves: [Move] = []

    init(_ initial: Placement) {
        self.initial = initial
    }

    var last: Placement { moves.last?.to ?? initial }

    mutating func move(to target: Placement, at time: Double, with animation: Animation, path: MotionPath) {
        moves.append(Move(start: time, end: time + animation.totalDuration, to: target, animation: animation, path: path))
    }

    /// The placement the element is at or heading for at `time`.
    func target(at time: Double) -> Placement {
        let i = moves.count(startingBy: time, start: \.start)
        return i == 0 ? initial : moves[i - 1].to
    }

    /// Where the element is at `time`, resolving placements with `resolve`.
    func value(at time: Double, resolve: (Placement) -> Resolved) -> Resolved {
        value(at: time, through: moves.count(startingBy: time, start: \.start), resolve: resolve)
    }

    /// The value at `time` from the first `count` moves: a move under way
    /// blends from what the earlier moves give at the same time.
    private func value(at time: Double, through count: Int, resolve: (Placement) -> Resolved) -> Resolved {
        guard count > 0 else { return resolve(initial) }
        let m = moves[count - 1]
        let target = resolve(m.to)
        if time >= m.end { return target }
        let from = value(at: time, through: count - 1, resolve: resolve)
        let f = m.animation.fraction(at: time - m.start)
        let p = m.path.point(from: from.point, to: target.point, amount: f)
        let box: NodeBox? = switch (from.box, target.box) {
        case let (a?, b?): a.interpolated(to: b, amount: f)
        case (nil, let b): b
        case (let a, nil): a
        }
        return Resolved(point: p, box: box)
    }
}

/// An edge's end over time: a node, or the midpoint of two, swinging from
/// one to the next when it changes.
struct EndTrack: Sendable {
    struct End: Hashable, Sendable {
        var node: Int
        var partner: Int?
    }

    struct Swing: Sendable {
        let start: Double
        let end: Double
        let to: End
        let animation: Animation
    }

    let initial: End
    private var swings: [Swing] = []

    init(_ initial: End) {
        self.initial = initial
    }

    var last: End { swings.last?.to ?? initial }

    /// The end the edge is at or swinging to at `time`.
    func current(at time: Double) -> End {
        let i = swings.count(startingBy: time, start: \.start)
        return i == 0 ? initial : swings[i - 1].to
    }

    mutating func swing(to target: End, at time: Double, with animation: Animation) {
        guard target != last else { return }
        swings.append(Swing(start: time, end: time + animation.totalDuration, to: target, animation: animation))
    }

    func value(at time: Double, position: (Int) -> Point) -> Point {
        value(at: time, through: swings.count(startingBy: time, start: \.start), position: position)
    }

    private func value(at time: Double, through count: Int, position: (Int) -> Point) -> Point {
        func point(_ e: End) -> Point {
            let a = position(e.node)
            guard let p = e.partner else { return a }
            let b = position(p)
            return Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        }
        guard count > 0 else { return point(initial) }
        let s = swings[count - 1]
        let target = point(s.to)
        if time >= s.end { return target }
        let from = value(at: time, through: count - 1, position: position)
        return from.interpolated(towards: target, amount: s.animation.fraction(at: time - s.start))
    }
}

extension Array {
    /// How many elements, sorted by `start`, start at or before `time`: a
    /// binary search.
    @inline(__always)
    func count(startingBy time: Double, start: (Element) -> Double) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if start(self[mid]) <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
