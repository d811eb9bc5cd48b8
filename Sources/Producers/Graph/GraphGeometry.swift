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
