import Diagram
import Geometry
import Graphs

/// Where a graph's elements stand: the nodes and edges where Graphviz put
/// them, and under them the rows an algorithm keeps its queue, stack or
/// order in.
struct GraphGeometry {
    /// Node sizes, label sizes, row heights: layout units (Graphviz's
    /// inches).
    static let radius = 0.3
    static let rowHeight = 0.5
    static let rowGap = 0.9
    /// The union-find forest's nodes and the distance between their
    /// centres; the most nodes whose forest is drawn (past it, its cells
    /// would be too many to read beside the graph, and the captions say
    /// what find and union do).
    static let forestSide = 2 * radius * 0.8
    static let forestStep = forestSide * 1.3
    static let forestLimit = 16

    let centres: [Point]
    let curves: [[Point]]
    let sizes: [Size]
    let circles: Bool
    let labelSize: Double
    /// The graph's region, as Graphviz laid it out.
    let bounds: Rect
    let fit: LabelFit

    init(graph: Graph, engine: GraphLayout.Engine, labels: LabelFit) throws(GraphLayoutError) {
        fit = labels
        let names = graph.nodes.map(\.label)
        let common = labels.commonSize(for: names, inCircleOfRadius: Self.radius)
        // Short labels in circles; when one would shrink under two thirds
        // of a circle's size, every node is a box its label fits.
        circles = common >= 0.62 * Self.radius
        if circles {
            labelSize = common
            sizes = Array(repeating: Size(width: 2 * Self.radius, height: 2 * Self.radius), count: names.count)
        } else {
            labelSize = 0.62 * Self.radius
            sizes = names.map { labels.boxSize(for: $0, size: 0.62 * Self.radius, padding: 0.12, height: 2 * Self.radius) }
        }
        let layout = try GraphLayout(
            graph, engine: engine, sizes: sizes, circles: Array(repeating: circles, count: names.count),
            labelled: graph.edges.contains { !$0.label.isEmpty })
        centres = layout.centres
        curves = layout.curves
        bounds = layout.bounds
        // The rows stand beside a graph that is taller than the frame's
        // shape (a 16:9 frame has room at the side), else under it.
        beside = bounds.width / max(bounds.height, 0.01) < 1.3
        // Wide enough for up to ten nodes' cells: an order or a queue of a
        // small graph shows whole.
        let nodeCell = max(2 * Self.radius, (names.map { labels.width(of: $0 + " 00") }.max() ?? 1) * labelSize * 0.85 + 0.24)
        let least = max(5, nodeCell * Double(min(names.count, 10)))
        panelWidth = beside ? max(least, bounds.height * 1.75 - bounds.width - 0.8) : max(bounds.width, least)
        let top = beside ? bounds.minY + 0.45 : bounds.maxY + Self.rowGap
        panelOrigin = Point(beside ? bounds.maxX + 0.9 : bounds.minX, top)
    }

    /// Whether the rows stand to the right of the graph (else under it).
    let beside: Bool
    /// The top left of the first row's cells, and how wide rows may run.
    let panelOrigin: Point
    let panelWidth: Double

    /// The width of a cell that holds any of `labels` at the rows' size.
    func cellWidth(for labels: [String], fit: LabelFit) -> Double {
        let widest = labels.map { fit.width(of: $0) }.max() ?? 1
        return max(2 * Self.radius, widest * labelSize * 0.85 + 0.24)
    }

    /// How many cells of `width` a row shows before it says how many more.
    func capacity(cellWidth: Double) -> Int { max(3, Int(min((panelWidth / cellWidth).rounded(.down), 1e6))) }

    /// The centre of cell `i` of row `row`, of cells `width` wide.
    func cell(_ i: Int, row: Int, width: Double) -> Point {
        Point(panelOrigin.x + width * (Double(i) + 0.5), rowTop(row) + Self.rowHeight / 2)
    }

    /// The top of row `row`.
    func rowTop(_ row: Int) -> Double { panelOrigin.y + Double(row) * (Self.rowHeight + Self.rowGap) }

    /// Where row `row`'s title stands: over its first cell.
    func title(row: Int) -> Point { Point(panelOrigin.x, rowTop(row) - 0.15) }

    /// The region a union-find forest of `count` nodes may take under the
    /// first row (three levels deep, as union by rank keeps a small one).
    func forestRegion(count: Int) -> Rect? {
        guard count <= Self.forestLimit else { return nil }
        return Rect(x: panelOrigin.x, y: rowTop(1), width: Double(count) * Self.forestStep, height: 3 * Self.forestStep)
    }

    /// The region of rows `0..<rows`, with their titles.
    func rowsRegion(_ rows: Int) -> Rect? {
        guard rows > 0 else { return nil }
        let top = rowTop(0) - 0.5
        return Rect(x: panelOrigin.x, y: top, width: panelWidth, height: rowTop(rows - 1) + Self.rowHeight - top)
    }
}

/// Where a node's badge stands: its anchor's offset from the node's centre
/// (layout units), and how the badge is aligned on it.
struct BadgeSpot: Equatable, Sendable {
    var offset: Vector
    var alignment: TextAlignment
}

extension GraphGeometry {
    /// A badge's size, and an edge label's, as a fraction of a node's label.
    static let badgeScale = 0.85
    /// How far a text's ink rises over its baseline and falls under it, as
    /// a fraction of its size (DejaVu Sans Bold's digits and capitals,
    /// a little over).
    static let inkRise = 0.76
    static let inkFall = 0.06
    /// The room kept around a text, as a fraction of its size: what keeps
    /// two texts from reading as one.
    static let textRoom = 0.15

    /// The box of edge `k`'s label (layout units) where a frame draws it:
    /// halfway along the line between the outlines, centred; nil for an
    /// edge without one.
    func labelBox(_ k: Int, in graph: Graph) -> Rect? {
        let e = graph.edges[k]
        guard !e.label.isEmpty else { return nil }
        let size = labelSize * Self.badgeScale
        let corner = { (i: Int) in circles ? sizes[i].width / 2 : 0.12 }
        let centre = EdgeRoute.spline(curves[k]).labelPoint(
            from: centres[e.from], to: centres[e.to], fromBox: sizes[e.from], fromCorner: corner(e.from), toBox: sizes[e.to],
            toCorner: corner(e.to))
        let lines = e.label.split(separator: "\n", omittingEmptySubsequences: false)
        let width = (lines.map { fit.width(of: String($0)) }.max() ?? 0) * size
        let height = (Self.inkRise + Self.inkFall) * size + Double(lines.count - 1) * 1.2 * size
        return Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
    }

    /// The spots where each node's badge stands, for badges as wide as the
    /// widest of `samples`: for each node in turn, the first spot around it
    /// (its top right, top left, bottom right, bottom left, right, left,
    /// over it, under it; then the same a little farther out) whose box,
    /// with room round it, is clear of every other node, every edge's
    /// label, the badges placed before it and `obstacles` (the rows, the
    /// total), and, first choice, of every edge's line too; the top right
    /// when none is clear. Graphviz places the nodes and edges without
    /// the badges, so a badge takes what room it leaves.
    func badgeSpots(for samples: [String], in graph: Graph, obstacles: [Rect]) -> [BadgeSpot] {
        let size = labelSize * Self.badgeScale
        let width = (samples.map { fit.width(of: $0) }.max() ?? 1) * size
        let (rise, fall) = (Self.inkRise * size, Self.inkFall * size)
        let room = Self.textRoom * size
        // Most of what is kept, and every badge, lies over the graph.
        let region = bounds.insetBy(dx: -1, dy: -1)
        var texts = SpatialIndex(over: region), lines = SpatialIndex(over: region)
        for r in obstacles { texts.insert(r) }
        let routes = graph.edges.indices.map { k in
            EdgeRoute.spline(curves[k]).points(from: centres[graph.edges[k].from], to: centres[graph.edges[k].to])
        }
        // Room for every segment at once: a large graph has a million.
        lines.reserveCapacity(routes.reduce(0) { $0 + max($1.count - 1, 0) })
        for (k, points) in routes.enumerated() {
            if let box = labelBox(k, in: graph) { texts.insert(box.insetBy(dx: -room, dy: -room)) }
            for (a, b) in zip(points, points.dropFirst()) { lines.insert(segment: a, b) }
        }
        var nodes = SpatialIndex(over: region)
        for (i, c) in centres.enumerated() {
            let s = sizes[i]
            nodes.insert(Rect(x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height).insetBy(dx: -0.03, dy: -0.03), tag: i)
        }
        /// The box of a badge at `spot` beside node `i`, with its room.
        func box(_ i: Int, _ spot: BadgeSpot) -> Rect {
            let anchor = centres[i] + spot.offset
            let x0 = switch spot.alignment {
            case .left: anchor.x
            case .right: anchor.x - width
            case .center, .baseline: anchor.x - width / 2
            }
            return Rect(x: x0 - room, y: anchor.y - rise - room, width: width + 2 * room, height: rise + fall + 2 * room)
        }
        var out = [BadgeSpot]()
        out.reserveCapacity(centres.count)
        for i in centres.indices {
            let candidates = [0.03, 0.12, 0.25].map { Self.spots(around: sizes[i], gap: $0, rise: rise) }
            let clear = { (spot: BadgeSpot, lined: Bool) -> Bool in
                let b = box(i, spot)
                return !texts.hits(b) && !nodes.hits(b, except: i) && !(lined && lines.hits(b.insetBy(dx: room * 0.5, dy: room * 0.5)))
            }
            let spot = candidates.prefix(2).joined().first { clear($0, true) }
                ?? candidates.joined().first { clear($0, false) } ?? candidates[0][0]
            out.append(spot)
            texts.insert(box(i, spot))
        }
        return out
    }

    /// The spots around a node of `size`, `gap` off its box, best first:
    /// the top right (where a badge has always stood), the top left, the
    /// bottom right and left, the right and left, over and under. A spot
    /// to the left is right-aligned, so that a wider badge grows away from
    /// its node.
    static func spots(around size: Size, gap: Double, rise: Double) -> [BadgeSpot] {
        let (w, h) = (size.width / 2, size.height / 2)
        // The top corners' baseline a hair under the box's top, as it
        // always was; the bottom corners' top a hair over its bottom.
        let (top, bottom) = (-h + 0.02 - (gap - 0.03), h - 0.02 + rise + (gap - 0.03))
        return [
            BadgeSpot(offset: Vector(dx: w + gap, dy: top), alignment: .left),
            BadgeSpot(offset: Vector(dx: -w - gap, dy: top), alignment: .right),
            BadgeSpot(offset: Vector(dx: w + gap, dy: bottom), alignment: .left),
            BadgeSpot(offset: Vector(dx: -w - gap, dy: bottom), alignment: .right),
            BadgeSpot(offset: Vector(dx: w + gap + 0.03, dy: rise / 2), alignment: .left),
            BadgeSpot(offset: Vector(dx: -w - gap - 0.03, dy: rise / 2), alignment: .right),
            BadgeSpot(offset: Vector(dx: 0, dy: -h - gap - 0.03), alignment: .baseline),
            BadgeSpot(offset: Vector(dx: 0, dy: h + gap + 0.03 + rise), alignment: .baseline),
        ]
    }
}

/// The badges' spots found so far, by what they depend on: the badges'
/// widest texts and the regions they keep off. They do not depend on how
/// many steps play at once, so the scripts a run is tried at, batch after
/// batch, find them once.
struct BadgeSpotCache {
    private struct Key: Hashable {
        var samples: [String]
        var obstacles: [Rect]
    }
    private var found: [Key: [BadgeSpot]] = [:]

    /// ``GraphGeometry/badgeSpots(for:in:obstacles:)``, found once.
    mutating func spots(for samples: [String], in graph: Graph, geometry: GraphGeometry, obstacles: [Rect]) -> [BadgeSpot] {
        let key = Key(samples: samples, obstacles: obstacles)
        if let spots = found[key] { return spots }
        let spots = geometry.badgeSpots(for: samples, in: graph, obstacles: obstacles)
        found[key] = spots
        return spots
    }
}

/// Boxes and segments kept by the unit squares they cross, so that a test
/// looks only near the box it is given: a badge's spot costs the same in
/// a graph of ten nodes or a thousand.
struct SpatialIndex {
    private struct Cell: Hashable {
        var x: Int
        var y: Int
    }
    private enum Shape {
        case box(Rect, tag: Int?)
        case segment(Point, Point)
    }
    private var shapes = [Shape]()
    /// Each square's shapes as a chain through `entries`, from its latest:
    /// a shape's index and the square's entry before it (-1 for none), in
    /// two flat arrays rather than an array a square. The squares of the
    /// region the index is made over have their latest entry in a flat
    /// grid, the others in a dictionary.
    private var entries = [(shape: Int, before: Int)]()
    private var grid: [Int]
    private let corner: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var latest = [Cell: Int]()
    static let side = 1.0

    /// An empty index whose squares over `region` (at most a few million)
    /// are kept in a flat grid.
    init(over region: Rect) {
        let side = Self.side
        let (x0, y0) = (Int((region.minX / side).rounded(.down)), Int((region.minY / side).rounded(.down)))
        let (columns, rows) = (Int((region.maxX / side).rounded(.down)) - x0 + 1, Int((region.maxY / side).rounded(.down)) - y0 + 1)
        let fits = columns <= 4_000 && rows <= 4_000 && columns * rows <= 4_000_000
        (self.columns, self.rows) = fits ? (columns, rows) : (0, 0)
        corner = (x0, y0)
        grid = Array(repeating: -1, count: self.columns * self.rows)
    }

    /// The square `(x, y)`'s place in `grid`, if it is there.
    private func place(_ x: Int, _ y: Int) -> Int? {
        let (i, j) = (x - corner.x, y - corner.y)
        return i >= 0 && i < columns && j >= 0 && j < rows ? j * columns + i : nil
    }

    /// The squares `r` crosses; nil for a region over a thousand squares
    /// across, which is kept nowhere and meets nothing.
    private static func squares(_ r: Rect) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let (x0, x1) = (Int((r.minX / side).rounded(.down)), Int((r.maxX / side).rounded(.down)))
        let (y0, y1) = (Int((r.minY / side).rounded(.down)), Int((r.maxY / side).rounded(.down)))
        guard x1 - x0 < 1_000, y1 - y0 < 1_000 else { return nil }
        return (x0...x1, y0...y1)
    }

    private mutating func add(_ shape: Shape, over r: Rect) {
        shapes.append(shape)
        guard let (xs, ys) = Self.squares(r) else { return }
        for x in xs {
            for y in ys {
                let before: Int
                if let k = place(x, y) {
                    before = grid[k]
                    grid[k] = entries.count
                } else {
                    before = latest.updateValue(entries.count, forKey: Cell(x: x, y: y)) ?? -1
                }
                entries.append((shapes.count - 1, before))
            }
        }
    }

    /// Makes room for `count` shapes of a square or two each.
    mutating func reserveCapacity(_ count: Int) {
        shapes.reserveCapacity(count)
        entries.reserveCapacity(2 * count)
    }

    mutating func insert(_ r: Rect, tag: Int? = nil) { add(.box(r, tag: tag), over: r) }

    mutating func insert(segment a: Point, _ b: Point) {
        add(.segment(a, b), over: Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y)))
    }

    /// Whether anything kept but a box tagged `except` meets `r`.
    func hits(_ r: Rect, except: Int? = nil) -> Bool {
        guard let (xs, ys) = Self.squares(r) else { return false }
        for x in xs {
            for y in ys {
                var e = place(x, y).map { grid[$0] } ?? latest[Cell(x: x, y: y)] ?? -1
                while e >= 0 {
                    switch shapes[entries[e].shape] {
                    case .box(let b, let tag): if tag == nil || tag != except, b.intersects(r) { return true }
                    case .segment(let a, let b): if Self.segment(a, b, meets: r) { return true }
                    }
                    e = entries[e].before
                }
            }
        }
        return false
    }

    /// Whether the segment from `a` to `b` meets `r` (Liang–Barsky).
    static func segment(_ a: Point, _ b: Point, meets r: Rect) -> Bool {
        var (t0, t1) = (0.0, 1.0)
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}
