import CGraphviz
import Geometry
import Synchronization

/// Graphviz lays a graph out: node centres and edge curves, in layout
/// units (inches, as Graphviz measures them) with y down.
///
/// The graph goes to Graphviz's own libraries (libgvc, libcgraph) as DOT
/// with every node's drawn size fixed, so the curves Graphviz routes meet
/// the nodes we draw. The same graph gives the same layout on every run:
/// the force-directed engines start from a fixed seed.
///
///     let layout = try GraphLayout(graph, engine: .neato, sizes: sizes)
///     layout.centres[0]   // node 0's centre
///     layout.curves[0]    // edge 0's control points, tail centre to head centre
public struct GraphLayout: Sendable {
    /// Graphviz's layout engines, as `--layout` names them.
    public enum Engine: String, Sendable, CaseIterable {
        /// Layered, edges flowing down: for directed graphs and DAGs.
        case dot
        /// Spring model: small undirected graphs.
        case neato
        /// Force-directed.
        case fdp
        /// A circle.
        case circo
        /// Scalable force-directed: large graphs.
        case sfdp

        /// The engine a graph is laid out with when none is asked for:
        /// given positions are kept (neato, with every node pinned);
        /// a directed graph is layered (dot); an undirected one is a spring
        /// model (neato) up to 150 nodes, and sfdp above, which is made for
        /// large graphs.
        public static func chosen(for graph: Graph) -> Engine {
            if graph.hasPositions { return .neato }
            if graph.directed { return .dot }
            return graph.nodes.count <= 150 ? .neato : .sfdp
        }
    }

    /// Each node's centre, by index.
    public var centres: [Point]
    /// Each edge's curve, by index: cubic Bézier control points (the start,
    /// then three a piece) from the tail's centre to the head's, the
    /// part Graphviz routes between the outlines, with straight pieces
    /// inside the nodes.
    public var curves: [[Point]]
    /// The region the layout covers.
    public var bounds: Rect

    /// The layout of `graph` by `engine`, its nodes drawn `sizes` (layout
    /// units) and as circles where `circles` says so; edges with labels get
    /// room for them.
    public init(_ graph: Graph, engine: Engine, sizes: [Size], circles: [Bool], labelled: Bool) throws(GraphLayoutError) {
        let dot = Self.dot(graph, engine: engine, sizes: sizes, circles: circles, labelled: labelled)
        var count = 0
        var message = [CChar](repeating: 0, count: 512)
        let values = Graphviz.serially {
            cgv_layout(dot, engine.rawValue, Int32(graph.nodes.count), Int32(graph.edges.count), &count, &message, message.count)
        }
        guard let values else {
            throw GraphLayoutError(engine: engine, message: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))
        }
        defer { cgv_free(values) }
        let all = UnsafeBufferPointer(start: values, count: count)
        // Points, y up, to layout units, y down.
        let unit = { (x: Double, y: Double) in Point(x / 72, -y / 72) }
        bounds = Rect(x: all[0] / 72, y: -all[3] / 72, width: (all[2] - all[0]) / 72, height: (all[3] - all[1]) / 72)
        centres = (0..<graph.nodes.count).map { i in unit(all[4 + 2 * i], all[5 + 2 * i]) }
        var at = 4 + 2 * graph.nodes.count
        curves = []
        curves.reserveCapacity(graph.edges.count)
        for e in graph.edges {
            let k = Int(all[at])
            at += 1
            var routed = (0..<k).map { j in unit(all[at + 2 * j], all[at + 2 * j + 1]) }
            at += 2 * k
            let (a, b) = (centres[e.from], centres[e.to])
            if routed.count < 4 || (routed.count - 1) % 3 != 0 { routed = [a, b] }
            curves.append(Self.joined(routed, from: a, to: b))
        }
    }

    /// `routed` with straight pieces from `a` to its start and from its
    /// end to `b`: a curve from centre to centre whose part inside each
    /// node is cut off where it is drawn.
    static func joined(_ routed: [Point], from a: Point, to b: Point) -> [Point] {
        guard routed.count >= 4 else {
            return [a, lerp(a, b, 1.0 / 3), lerp(a, b, 2.0 / 3), b]
        }
        let (s, e) = (routed[0], routed[routed.count - 1])
        var out = [a, lerp(a, s, 1.0 / 3), lerp(a, s, 2.0 / 3)]
        out += routed
        out += [lerp(e, b, 1.0 / 3), lerp(e, b, 2.0 / 3), b]
        return out
    }

    static func lerp(_ p: Point, _ q: Point, _ f: Double) -> Point { Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f) }

    /// The DOT text Graphviz lays out: nodes `n0`…, edges with `id` their
    /// index, every size fixed.
    static func dot(_ graph: Graph, engine: Engine, sizes: [Size], circles: [Bool], labelled: Bool) -> String {
        let arrow = graph.directed ? "->" : "--"
        var out = graph.directed ? "digraph G {\n" : "graph G {\n"
        // Room between nodes for the weights drawn on the edges, and
        // splines that go round nodes rather than through them.
        let sep = labelled ? 0.55 : 0.35
        out += "graph [splines=true, overlap=false, sep=\"+12\", start=7, nodesep=\(sep), ranksep=\(labelled ? 0.75 : 0.55), pad=0];\n"
        out += "node [fixedsize=true, label=\"\", margin=0, penwidth=0];\n"
        out += "edge [len=\(labelled ? 2.0 : 1.4), arrowhead=normal, arrowsize=0.6];\n"
        let pinned = engine == .neato && graph.hasPositions
        for (i, n) in graph.nodes.enumerated() {
            let size = i < sizes.count ? sizes[i] : Size(width: 0.6, height: 0.6)
            var line = "n\(i) [shape=\(circles.count > i && circles[i] ? "circle" : "box"), width=\(size.width), height=\(size.height)"
            if pinned, let p = n.position { line += ", pos=\"\(p.x),\(-p.y)!\"" }
            out += line + "];\n"
        }
        for (k, e) in graph.edges.enumerated() {
            out += "n\(e.from) \(arrow) n\(e.to) [id=\(k)];\n"
        }
        return out + "}\n"
    }
}

/// Graphviz keeps global state (its parser's, its error handler): it is
/// called from one thread at a time, through ``serially(_:)``.
public enum Graphviz {
    static let lock = Mutex(())

    /// Runs `body`, which calls Graphviz, while no other call does.
    public static func serially<R>(_ body: () -> R) -> R {
        lock.withLock { _ in
            // The lock's value is unused: `body`'s result never crosses
            // threads.
            nonisolated(unsafe) let r = body()
            return r
        }
    }
}

/// Why Graphviz gave no layout.
public struct GraphLayoutError: Error, Sendable, CustomStringConvertible {
    public var engine: GraphLayout.Engine
    public var message: String

    public var description: String { "Graphviz's \(engine.rawValue) layout failed: \(message)" }
}
