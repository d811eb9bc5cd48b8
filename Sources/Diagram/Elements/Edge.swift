import Foundation
import Geometry

/// A line from one node to another, attached to both: its ends are computed
/// from the nodes' positions at every frame, so it never comes loose.
///
/// An edge keeps its id when its `from` node changes (a rotation gives a
/// child a new parent): its start then swings from the old node to the new
/// one while its end stays on `to`, as its ``swing`` says. Give tree edges
/// the id of their child for that (``ElementID/edge(to:)``).
public struct Edge: Hashable, Sendable {
    public var id: ElementID
    public var from: ElementID
    /// When set, the edge starts halfway between `from` and this node: a
    /// line that comes from a pair of nodes together.
    public var fromSecond: ElementID?
    /// When set, the edge starts at this point of `from`'s box rather
    /// than at its centre: an offset from the centre in fractions of the
    /// box's size, `(−0.5, 0.5)` its bottom-left corner. A B-tree's child
    /// pointer leaves from the gap between two keys of its node. The start
    /// is then a point, as with ``fromSecond``: a route leaves from it, not
    /// from the box's side, and it is not cut at the outline.
    public var fromAnchor: Vector?
    public var to: ElementID
    public var route: EdgeRoute
    /// What the edge means, for the scene dump: `tree` by default, else a
    /// word of the producer's own.
    public var kind: String
    public var role: Role
    public var opacity: Double
    /// How the edge appears: drawn out from its start, or faded in.
    public var entrance: EdgeEntrance
    /// How an end moves to a new node: the way of the change that brings
    /// the edge to this state.
    public var swing: EdgeSwing
    /// Arrowheads: a directed edge has one at its end. An end with an
    /// arrowhead stops at its node's outline, so the point shows.
    public var arrows: EdgeArrows
    /// Words along the edge at its middle, such as a weight; none when
    /// empty. They are drawn over a halo of the background, in layout units
    /// of `labelSize`, and never smaller than the legibility floor.
    public var label: String
    public var labelSize: Double
    /// Where along the drawn line the label stands, from 0 (its start) to
    /// 1 (its end): halfway by default; nearer the end, labels of edges
    /// that fan out from one node stand further apart (a trie's letters).
    public var labelAt = 0.5
    /// Drawn in dashes: a tie of another kind than the solid ones beside
    /// it (an adoption among births).
    public var dashed: Bool

    public init(
        id: ElementID, from: ElementID, to: ElementID, fromSecond: ElementID? = nil, route: EdgeRoute = .straight,
        kind: String = "tree", role: Role = .normal, opacity: Double = 1, entrance: EdgeEntrance = .draw,
        swing: EdgeSwing = .slide, arrows: EdgeArrows = [], label: String = "", labelSize: Double = 0.3, dashed: Bool = false,
        fromAnchor: Vector? = nil
    ) {
        self.id = id
        self.from = from
        self.fromSecond = fromSecond
        self.fromAnchor = fromAnchor
        self.to = to
        self.route = route
        self.kind = kind
        self.role = role
        self.opacity = opacity
        self.entrance = entrance
        self.swing = swing
        self.arrows = arrows
        self.label = label
        self.labelSize = labelSize
        self.dashed = dashed
    }

    /// A tree edge from `parent` to `child`, identified by its child.
    public static func tree(from parent: ElementID, to child: ElementID, role: Role = .normal) -> Edge {
        Edge(id: .edge(to: child), from: parent, to: child, role: role)
    }
}

extension ElementID {
    /// The id of the tree edge that leads to `child`: a node has one parent,
    /// so the edge keeps its identity when the parent changes.
    public static func edge(to child: ElementID) -> ElementID { ElementID("edge:" + child.name) }
}

/// The shape of an edge between its two ends.
///
/// A straight edge runs from centre to centre (under the nodes, which are
/// drawn over it). The orthogonal routes (`elbow`, `side`, `under`) are
/// connectors of horizontal and vertical runs that meet the boxes at their
/// edges, so every point of theirs is outside the boxes; a start that is a
/// point rather than a node (an edge's `from` that is the middle of two
/// nodes) has no box.
public enum EdgeRoute: Hashable, Sendable {
    /// A straight line.
    case straight
    /// An elbow connector down a level: down from the start to a bar `at`
    /// of the way between the two ends' centres, across, and down to the
    /// top of the end's box. A start at a node leaves from the bottom of its
    /// box; a start at a point leaves `drop` end-box heights below it (from
    /// a connector drawn under its row).
    case elbow(at: Double, drop: Double)
    /// A connector across between the facing sides of two boxes at their
    /// centres' height; with a step halfway across while the two stand at
    /// different heights.
    case side
    /// A connector that passes under what stands between the two: down
    /// from the bottom of each box to `depth` box heights below the lower
    /// one, and across.
    case under(depth: Double)
    /// A curve bowed to the left of the way from `from` to `to` by `bend`
    /// times the distance between them (negative: to the right): two edges
    /// between the same pair, or one each way, bent apart.
    case bent(Double)
    /// A loop from a node back to itself, leaving and coming back around
    /// the direction `angle` (radians, 0 to the right, y down), `size`
    /// times the node's larger side out.
    case loop(angle: Double, size: Double)
    /// A curve through Bézier control points, as Graphviz gives an edge's
    /// spline: the start, then three points for each cubic piece (two
    /// controls and its end), in layout units. When the nodes move, the
    /// curve's ends go with them and its inner points follow in proportion.
    case spline([Point])
    /// A triangle from the start over the whole near side of the end's
    /// box: a syntax tree's roof over a phrase it leaves unanalysed. It is
    /// traced from the start down one side, along the box and back up.
    case roof

    /// The drawn polyline from `a` to `b`, both ends included, for nodes
    /// without size.
    public func points(from a: Point, to b: Point) -> [Point] {
        points(from: a, to: b, fromBox: .zero, toBox: .zero)
    }

    /// The drawn polyline from `a` to `b`, both ends included. `fromBox` is
    /// the size of the node at `a`, or nil when `a` is a point, not a node;
    /// `toBox` the size of the node at `b`.
    public func points(from a: Point, to b: Point, fromBox: Size?, toBox: Size) -> [Point] {
        switch self {
        case .straight:
            return [a, b]
        case .elbow(let at, let drop):
            let start = Point(a.x, a.y + (fromBox.map { $0.height / 2 } ?? drop * toBox.height))
            let end = Point(b.x, b.y - toBox.height / 2)
            if a.x == b.x { return [start, end] }
            let y = a.y + (b.y - a.y) * at
            return [start, Point(a.x, y), Point(b.x, y), end]
        case .side:
            let w = fromBox?.width ?? 0
            let direction: Double = b.x >= a.x ? 1 : -1
            let start = Point(a.x + direction * w / 2, a.y), end = Point(b.x - direction * toBox.width / 2, b.y)
            if a.y == b.y { return [start, end] }
            let x = (start.x + end.x) / 2
            return [start, Point(x, a.y), Point(x, b.y), end]
        case .bent(let bend):
            let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
            // Left of the way from a to b, with y down.
            let control = Point(mid.x + (b.y - a.y) * bend * 2, mid.y - (b.x - a.x) * bend * 2)
            return Self.sampled(cubic: a, a.interpolated(towards: control, amount: 2.0 / 3), b.interpolated(towards: control, amount: 2.0 / 3), b)
        case .loop(let angle, let size):
            // A cubic reaches three quarters of the way to its controls:
            // the loop's far side stands `size` node sizes off the outline.
            let side = max(toBox.width, toBox.height)
            let reach = side * (0.5 + size) / 0.75
            let out = Point(a.x + cos(angle - 0.5) * reach, a.y + sin(angle - 0.5) * reach)
            let back = Point(a.x + cos(angle + 0.5) * reach, a.y + sin(angle + 0.5) * reach)
            return Self.sampled(cubic: a, out, back, a)
        case .spline(let controls):
            guard controls.count >= 4 else { return [a, b] }
            // The spline's ends follow the nodes, and each control moves
            // by a blend of the two ends' moves, by its place in the list.
            let (da, db) = (Vector(a.x - controls[0].x, a.y - controls[0].y), Vector(b.x - controls[controls.count - 1].x, b.y - controls[controls.count - 1].y))
            let moved = controls.enumerated().map { i, p in
                let f = Double(i) / Double(controls.count - 1)
                return Point(p.x + da.dx * (1 - f) + db.dx * f, p.y + da.dy * (1 - f) + db.dy * f)
            }
            var out = [moved[0]]
            var i = 0
            while i + 3 < moved.count {
                out += Self.sampled(cubic: moved[i], moved[i + 1], moved[i + 2], moved[i + 3]).dropFirst()
                i += 3
            }
            return out
        case .roof:
            let (w, h) = (toBox.width / 2, toBox.height / 2)
            if abs(b.y - a.y) >= abs(b.x - a.x) {
                let y = b.y - (b.y >= a.y ? h : -h)
                return [a, Point(b.x - w, y), Point(b.x + w, y), a]
            }
            let x = b.x - (b.x >= a.x ? w : -w)
            return [a, Point(x, b.y - h), Point(x, b.y + h), a]
        case .under(let depth):
            let h = fromBox?.height ?? 0
            let start = Point(a.x, a.y + h / 2), end = Point(b.x, b.y + toBox.height / 2)
            let y = max(start.y, end.y) + depth * max(h, toBox.height)
            return [start, Point(a.x, y), Point(b.x, y), end]
        }
    }
}

/// How an edge appears and disappears.
extension EdgeRoute {
    /// A cubic Bézier as a polyline of 24 pieces: finer than a pixel's
    /// error for the curves of a slide.
    static func sampled(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Point] {
        (0...24).map { k in
            let t = Double(k) / 24, u = 1 - t
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return Point(
                w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        }
    }
}

public enum EdgeEntrance: Hashable, Sendable {
    /// Drawn out from its start towards its end; withdrawn the same way.
    case draw
    /// Faded in and out in place.
    case fade
}

/// How an edge's end moves from one node to another.
///
/// Either way the edge joins its two nodes in every frame: an end handed
/// from one node to another is drawn as two lines, the one to the old
/// node fading out while the one to the new node fades in, each from node
/// to node wherever they move (a line whose end slid or drew through the
/// air between them would point at nothing, as a rotation's or a swap's
/// did). An end moving from one point of a node's box to another (a
/// B-tree's pointer as keys shift) slides along it.
public enum EdgeSwing: Hashable, Sendable {
    /// Handed over as the edge's nodes move.
    case slide
    /// The same hand-over, said where a producer means it: a rotation, a
    /// swap (kept so that scripts that say it read as before).
    case handOver
}

/// Which ends of an edge carry an arrowhead.
public struct EdgeArrows: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// At `from`.
    public static let start = EdgeArrows(rawValue: 1)
    /// At `to`: a directed edge.
    public static let end = EdgeArrows(rawValue: 2)
    public static let both: EdgeArrows = [.start, .end]
}

extension EdgeRoute {
    /// Where a label `fraction` of the way along this route stands, between
    /// a node at `a` and one at `b` (boxes `fromBox` and `toBox`, their
    /// corners rounded by `fromCorner` and `toCorner`, a circle's by half
    /// its side), while they stand still: on the line cut where it leaves
    /// the two outlines, as a frame draws it. In the units given, so a
    /// producer finds in layout units where a label will be and keeps
    /// other words off it.
    public func labelPoint(
        from a: Point, to b: Point, fromBox: Size, fromCorner: Double, toBox: Size, toCorner: Double, at fraction: Double = 0.5
    ) -> Point {
        var points = self == .straight ? [a, b] : self.points(from: a, to: b, fromBox: fromBox, toBox: toBox)
        points = EdgeEnds.clip(points, atEnd: true, box: NodeBox(w: toBox.width, h: toBox.height, cornerRadius: toCorner), centre: b)
        points = EdgeEnds.clip(
            points, atEnd: false, box: NodeBox(w: fromBox.width, h: fromBox.height, cornerRadius: fromCorner), centre: a)
        return Timeline.prefix(of: points, fraction: min(max(fraction, 0), 1)).last ?? a
    }
}
