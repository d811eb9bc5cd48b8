import Diagram
import Geometry
import Trees

/// Where a heap's items are drawn, in layout units: the tree by index, every
/// level spread evenly with the deepest level the animation reaches, and
/// the array in a row of boxes under it.
///
/// Places depend on the index alone, and the deepest level and the longest
/// row are known before the first step, so nothing shifts as the heap grows
/// or shrinks: only the items that move, move.
struct HeapGeometry: Sendable {
    /// A tree node's radius, as a BST's.
    static let radius = 0.36
    /// A box's side: a node's diameter, so both views show keys alike.
    static let box = 0.72
    /// From a box's centre to the next one's: a row of cells with a small
    /// gap, so that two boxes never touch.
    static let boxPitch = 0.84
    static let levelGap = 1.35
    /// How far a box leaves the row to pass another: above (one way) or
    /// below (the other), clear of the row and of each other.
    static let rowLift = 0.8
    /// How far the two nodes of a swap bulge from the line between them:
    /// the one going up swings wide, away from its sibling; the one going
    /// down keeps close to the line, so it passes the sibling clear too.
    static let outerBulge = 0.7
    static let innerBulge = 0.15
    /// The token a node shrinks to while it climbs from the last leaf to the
    /// root: small enough to pass between the levels (half a level gap
    /// takes a node and the token with a little room), large enough to
    /// keep its label.
    static let tokenScale = 0.7
    /// The index under each box, its size and the gap from the box: at
    /// 0.24 it came out 18 px on a 720p frame for ten keys, and a student
    /// reads it (a parent at (i − 1) / 2, children at 2i + 1 and 2i + 2).
    static let indexSize = 0.28

    /// The deepest level any heap of the animation reaches.
    let depth: Int
    /// The most items the array ever holds.
    let capacity: Int
    /// Distance between neighbours on the deepest level.
    let pitch: Double

    /// The geometry of an animation whose array holds at most `capacity`
    /// items, on a viewport of `aspect` (width over height): the tree is
    /// spread sideways to use the slide's width, and never narrower than
    /// the row under it.
    init(capacity: Int, aspect: Double) {
        self.capacity = max(capacity, 1)
        depth = BinaryHeap.depth(of: self.capacity - 1)
        let slots = Double(1 << depth)
        let height = Double(depth) * Self.levelGap + 2 * Self.radius + Self.rowDrop + Self.rowLift + Self.box
        let rowWidth = Double(self.capacity) * Self.boxPitch
        // Arcs were checked clear of every other node for pitches from 1.1
        // to 2.5 (wider spreads a small tree thinly).
        pitch = min(max(0.9 * aspect * height / slots, rowWidth / slots, 1.1), 2.5)
    }

    /// From the deepest level to the row: room for a box lifted over the
    /// row to pass under the deepest nodes.
    static let rowDrop = radius + 0.1 + rowLift + box / 2

    /// The centre of the tree node at index `i`.
    func node(_ i: Int) -> Point {
        let d = BinaryHeap.depth(of: i)
        let place = Double(i - ((1 << d) - 1))
        let span = Double(1 << (depth - d)) * pitch
        return Point((place + 0.5) * span - Double(1 << depth) * pitch / 2, Double(d) * Self.levelGap)
    }

    var rowY: Double { Double(depth) * Self.levelGap + Self.rowDrop }

    /// The centre of the box at index `i`.
    func box(_ i: Int) -> Point {
        Point((Double(i) - Double(capacity - 1) / 2) * Self.boxPitch, rowY)
    }

    /// Where index `i` is written: just under its box.
    func index(_ i: Int) -> Point {
        Point(box(i).x, rowY + Self.box / 2 + Self.indexSize * 0.85)
    }

    /// Everything the animation may cover: the camera frames it once, and
    /// stays.
    var bounds: Rect {
        let half = max(Double(1 << depth) * pitch, Double(capacity) * Self.boxPitch) / 2
        let top = -Self.radius - 0.05
        let bottom = rowY + Self.rowLift + Self.box / 2 + 0.05
        return Rect(x: -half, y: top, width: 2 * half, height: bottom - top)
    }

    /// The paths of a parent–child swap in the tree: the child going up,
    /// the parent going down, bulging to opposite sides.
    func treeSwap(parent p: Int, child c: Int) -> (up: MotionPath, down: MotionPath) {
        let (a, b) = (node(c), node(p))
        let length = a.distance(to: b)
        // An arc bulges by bend × length / 2, to the left of its way (y
        // down). The child going up bulges away from its sibling: to the
        // right of the line for a right child.
        let outward = (a.x > b.x) == (b.y - a.y < 0) ? -1.0 : 1.0
        return (.arc(bend: outward * 2 * Self.outerBulge / length), .arc(bend: outward * 2 * Self.innerBulge / length))
    }

    /// The paths of two boxes trading places in the row: the one at `i`
    /// over the others, the one at `j` under them, both with legs of the
    /// same length so that they move in step.
    func rowSwap(_ i: Int, _ j: Int) -> (MotionPath, MotionPath) {
        let (a, b) = (box(i), box(j))
        let up = Vector(0, -Self.rowLift), down = Vector(0, Self.rowLift)
        return (.via([a + up, b + up]), .via([b + down, a + down]))
    }

    /// The box at `i` going to `j` over the row, alone.
    func rowMove(_ i: Int, to j: Int) -> MotionPath {
        let up = Vector(0, -Self.rowLift)
        return .via([box(i) + up, box(j) + up])
    }

    /// The way a token climbs from the node at `i` to the empty root: up
    /// into the band between its level and the one above (clear of both),
    /// along it to the middle, and straight up the middle, where every level
    /// has a gap, into the root's place.
    func climb(from i: Int) -> MotionPath {
        let start = node(i)
        let d = BinaryHeap.depth(of: i)
        guard d > 1 else { return .straight }
        let band = (Double(d) - 0.5) * Self.levelGap
        return .via([Point(start.x, band), Point(0, band)])
    }

    /// How long a move along `path` from `a` to `b` takes: long enough that
    /// nothing crosses more than a few percent of the frame a frame, however
    /// far it goes.
    func duration(_ path: MotionPath, from a: Point, to b: Point, base: Double) -> Double {
        let length: Double
        switch path {
        case .via(let points):
            let all = [a] + points + [b]
            length = zip(all, all.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        case .straight, .arc:
            length = a.distance(to: b) * 1.2
        }
        return base + length / max(bounds.width, bounds.height)
    }
}
