import Diagram
import Foundation
import Geometry
import Trees

/// The proportions of a BST drawing, in layout units, and where the things
/// that move between its nodes may go.
///
/// The tree is laid out tidily with a sibling gap of one unit, then spread
/// sideways by one factor for the whole animation (wide enough to fill a
/// 16:9 slide, and to leave lanes between neighbours), so the spacing of a
/// node's neighbours never changes from step to step.
struct BSTGeometry: Sendable {
    /// A node's radius.
    static let radius = 0.36
    /// The ring around a compared node, as a multiple of the radius.
    static let ringScale = 1.3
    /// The key being inserted rides as a token this much smaller than a
    /// node, and grows to full size as it lands.
    static let tokenScale = 0.7
    /// The token's key, as a fraction of a node's label: a node's own
    /// size, larger than the token's scale alone would make it, so that
    /// it reads as it rides (at 0.8 of a label it came out 19 px on a
    /// 720p frame for ten keys, under the 20 px a student reads at).
    static let tokenLabel = 1.0
    /// The least room between any two things that must not touch.
    static let margin = 0.05
    /// The roomiest gap between levels: what a short tree gets.
    static let roomyLevelGap = 1.3

    let levelGap: Double
    /// Horizontal distance between neighbouring nodes (or empty slots).
    let spread: Double

    /// The geometry for an animation whose trees are at most `levels` deep
    /// and `width` sibling gaps wide (tidy layout), on a viewport of
    /// `aspect` (width over height) whose height can hold `unitsHigh`
    /// layout units at the label size the slide wants. A tall tree packs
    /// its levels closer (never closer than 2.6 radii), so its labels stay
    /// readable; every tree spreads sideways to the viewport's shape.
    ///
    /// With `fillsHeight` (fast play, whose trees run to thousands of
    /// keys), a tree too wide for the viewport's shape even at the least
    /// spread stands taller instead, up to ``tallestLevelGap``, so that it
    /// fills the frame rather than lie along its top as a strip.
    ///
    /// `least` is the least spread: ``leastSpread``, or ``leastBesideCode``
    /// where a code panel takes part of the viewport's width. `beside` is
    /// the room, in layout units, something drawn beside the tree takes
    /// (a traversal's call stack): the tree spreads to the rest.
    init(
        levels: Int, width: Double, aspect: Double, unitsHigh: Double, fillsHeight: Bool = false, least: Double = leastSpread,
        beside: Double = 0
    ) {
        let r = Self.radius
        let rows = Double(max(levels - 1, 1))
        let fitting = (unitsHigh - 2 * r - 2 * Self.margin) / rows
        var gap = levels <= 1 ? Self.roomyLevelGap : min(Self.roomyLevelGap, max(2.6 * r, fitting))
        // Wide enough to match the viewport's shape, a little short of it so
        // the height, not the width, decides the zoom.
        var height = rows * gap + 2 * r + 2 * Self.margin
        let wide = 0.92 * (aspect * height - 2 * r - 2 * Self.margin - beside) / max(width, 1)
        if fillsHeight, levels > 1, wide < least {
            // The height at which the least spread matches the viewport.
            let needed = (least * max(width, 1) / 0.92 + 2 * r + 2 * Self.margin) / aspect
            gap = min(max(gap, (needed - 2 * r - 2 * Self.margin) / rows), Self.tallestLevelGap)
            height = rows * gap + 2 * r + 2 * Self.margin
        }
        levelGap = gap
        spread = min(max(0.92 * (aspect * height - 2 * r - 2 * Self.margin - beside) / max(width, 1), least), 6)
    }

    /// The region a tree `levels` deep and `width` sibling gaps wide takes
    /// with this geometry, node to node (layout units).
    func extent(levels: Int, width: Double, beside: Double = 0) -> Size {
        Size(
            width: spread * width + 2 * Self.radius + 2 * Self.margin + beside,
            height: Double(max(levels - 1, 0)) * levelGap + 2 * Self.radius + 2 * Self.margin)
    }

    /// The least sideways spread: neighbours a node and a half apart.
    static let leastSpread = 1.5
    /// The least spread beside a code panel: neighbours closer (a node and
    /// a tenth apart), so that a tree the panel narrows keeps its labels'
    /// size rather than its lanes.
    static let leastBesideCode = 1.1
    /// The most room between levels a wide tree of fast play stands to.
    static let tallestLevelGap = 6.0

    /// The tidy layout of `tree`, spread, with the root at x = 0 so that the
    /// root stays put as the tree changes.
    func positions(of tree: BinarySearchTree<Int>, layout: any TreeLayout) -> [NodeID: Point] {
        let tidy = layout.layout(tree).positions
        guard let root = tree.root, let r = tidy[root] else { return [:] }
        return tidy.mapValues { Point(($0.x - r.x) * spread, $0.y) }
    }
}

/// Finds where the riding token may go: spots near a node clear of every
/// other node and of the ring, and straight legs between spots that keep
/// clear all along. Nodes stand still while the token rides (the tree makes
/// room first), so a route found here never makes the token cover a node.
///
/// Nodes are kept by the square of ``cell`` units they are in, and a test
/// looks only at the squares near it: a route costs the same in a tree of
/// ten nodes or a thousand.
struct RoutePlanner {
    let nodes: [Point]
    /// The token's radius.
    let token: Double
    let node = BSTGeometry.radius
    let margin = BSTGeometry.margin
    private let grid: [Cell: [Point]]
    /// A square's side: about what a test looks around a point.
    static let cell = 4.0

    private struct Cell: Hashable {
        var x: Int
        var y: Int

        init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        init(_ x: Double, _ y: Double) {
            self.x = Int((x / RoutePlanner.cell).rounded(.down))
            self.y = Int((y / RoutePlanner.cell).rounded(.down))
        }
    }

    init(nodes: [Point], token: Double = BSTGeometry.radius * BSTGeometry.tokenScale) {
        self.nodes = nodes
        self.token = token
        grid = Dictionary(grouping: nodes) { Cell($0.x, $0.y) }
    }

    /// Whether `test` holds for every node inside the box from `x0`, `y0`
    /// to `x1`, `y1` (and perhaps some near it).
    private func allNodes(x0: Double, x1: Double, y0: Double, y1: Double, _ test: (Point) -> Bool) -> Bool {
        let (low, high) = (Cell(x0, y0), Cell(x1, y1))
        // A box wider than the tree has fewer nodes than squares.
        guard (high.x - low.x + 1) * (high.y - low.y + 1) <= max(grid.count, 16) else { return nodes.allSatisfy(test) }
        for x in low.x...high.x {
            for y in low.y...high.y {
                for n in grid[Cell(x: x, y: y)] ?? [] where !test(n) { return false }
            }
        }
        return true
    }

    /// Whether a token centred at `p` is at least `margin` from touching
    /// every node, the node at `ringed` counting with its ring.
    func isClear(_ p: Point, ringed: Point? = nil) -> Bool {
        // No node farther than this can be within the margin.
        let far = node * BSTGeometry.ringScale + 0.05 + token + margin + 1
        return allNodes(x0: p.x - far, x1: p.x + far, y0: p.y - far, y1: p.y + far) { n in
            let reach = ringed == n ? node * BSTGeometry.ringScale + 0.05 : node
            return n.distance(to: p) - reach - token >= margin
        }
    }

    /// Whether the straight leg from `a` to `b` keeps at least `margin`
    /// from touching every node all along.
    func isClear(from a: Point, to b: Point) -> Bool {
        let reach = node + token + 1
        let (x0, x1) = (min(a.x, b.x) - reach, max(a.x, b.x) + reach)
        let (y0, y1) = (min(a.y, b.y) - reach, max(a.y, b.y) + reach)
        let d: Vector = b - a
        let length2 = d.dx * d.dx + d.dy * d.dy
        return allNodes(x0: x0, x1: x1, y0: y0, y1: y1) { n in
            guard n.x >= x0 && n.x <= x1 && n.y >= y0 && n.y <= y1 else { return true }
            let t = length2 > 0 ? min(max(((n.x - a.x) * d.dx + (n.y - a.y) * d.dy) / length2, 0), 1) : 0
            let closest = Point(a.x + d.dx * t, a.y + d.dy * t)
            return n.distance(to: closest) - node - token >= margin
        }
    }

    /// A spot beside `target` where the token may rest, clear of every node
    /// and of the ring; nil when there is none.
    func spot(beside target: Point, side: Direction) -> Point? {
        spots(around: target, side: side).first { isClear($0, ringed: target) }
    }

    /// Spots around `centre` for the token to rest, best first: above it,
    /// then to the side of `side`, then all round.
    func spots(around centre: Point, side: Direction) -> [Point] {
        // Degrees, y down: -90 is straight up, 0 to the right.
        let d = side == .left ? -1.0 : 1.0
        let toward = d > 0 ? 0.0 : 180, away = d > 0 ? 180.0 : 0
        let reach = node * BSTGeometry.ringScale + 0.05 + token + margin
        let angles = [-90, -90 + 45 * d, toward, -90 - 45 * d, away, -90 + 20 * d, -90 - 20 * d, toward + 45 * d, away - 45 * d]
        var out = [Point]()
        for scale in [1.0, 1.25, 1.6] {
            for a in angles {
                let rad = a * .pi / 180
                out.append(Point(centre.x + cos(rad) * reach * scale, centre.y + sin(rad) * reach * scale))
            }
        }
        return out
    }

    /// A route from `start` to a resting spot beside `target`: one or two
    /// straight legs that keep clear, and the spot; nil when there is none.
    func route(from start: Point, toRestBeside target: Point, side: Direction) -> [Point]? {
        let ends = spots(around: target, side: side).filter { isClear($0, ringed: target) }
        for end in ends where isClear(from: start, to: end) { return [end] }
        let vias = ends + spots(around: start, side: side)
        for end in ends {
            for via in vias where isClear(via) && isClear(from: start, to: via) && isClear(from: via, to: end) {
                return [via, end]
            }
        }
        return nil
    }

    /// A route from `start` to `slot`, an empty place the token lands in:
    /// the slot's own node is not yet there.
    func route(from start: Point, toLandAt slot: Point) -> [Point]? {
        // The last stretch ends inside the slot, where the token grows; it
        // is clear when it is clear up to a token's reach of the slot.
        let near = { (p: Point) -> Point in
            let d = slot.distance(to: p)
            return d <= self.node ? slot : slot.interpolated(towards: p, amount: self.node / d)
        }
        if isClear(from: start, to: near(start)) { return [slot] }
        let vias = [Direction.left, .right].flatMap { spots(around: slot, side: $0) + spots(around: start, side: $0) }
        for via in vias where isClear(via) && isClear(from: start, to: via) && isClear(from: via, to: near(via)) {
            return [via, slot]
        }
        return nil
    }
}
