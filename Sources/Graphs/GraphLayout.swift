import Foundation
import Geometry

/// Graphviz lays a graph out: node centres and edge curves, in layout
/// units (inches, as Graphviz measures them) with y down.
///
/// The graph is built in Graphviz's own libraries (libcgraph, libgvc) by
/// their calls, not written as DOT and read again, with every node's
/// drawn size fixed, so the curves Graphviz routes meet the nodes we
/// draw. The same graph gives the same layout on every run: the
/// force-directed engines start from a fixed seed.
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
            if graph.directed, Engine.dot.budget.takes(graph) { return .dot }
            return graph.nodes.count <= 150 ? .neato : .sfdp
        }

        /// The largest graph the engine lays out in a few seconds, measured
        /// on random graphs with Graphviz 2.43 (docs/guides/limits-and-safety.md): past it,
        /// its work grows too fast (dot's crossing minimisation, neato's
        /// and circo's quadratic models), so a layout is refused before
        /// Graphviz starts rather than left running for minutes.
        public var budget: Budget {
            switch self {
            case .dot: Budget(nodes: 500, edges: 400)
            case .neato: Budget(nodes: 1_000, edges: 2_000)
            case .fdp: Budget(nodes: 1_000, edges: 2_000)
            case .circo: Budget(nodes: 100, edges: 200)
            case .sfdp: Budget(nodes: 10_000, edges: 20_000)
            }
        }

        /// Graph attributes that bound the engine's work on a graph past
        /// the size where its defaults are quick: dot with fewer rounds of
        /// crossing minimisation and network simplex and straight edges,
        /// sfdp packing its components in a grid (its default packing is
        /// quadratic in their count: 10,000 lone nodes take minutes) and
        /// removing overlaps in at most 20 rounds of its proximity-graph
        /// algorithm (prism) instead of 1,000: a connected graph of 10,000
        /// nodes and 20,000 edges took 87 s with the default and 13.5 s
        /// with 20, free of overlaps both ways. Its repulsive forces are
        /// summed over the coarser quadtree (`quadtree=fast`), which halves
        /// the force model's time (3.5 s to 1.8 s on that graph, 5.5 s to
        /// 4.2 s in all, still free of overlaps) and lays a 70 × 70 grid
        /// out flat where the finer one folds it. Smaller graphs are laid
        /// out with the defaults, as they always were.
        func bounds(for graph: Graph) -> GraphvizGraph.Attributes {
            switch self {
            case .dot where graph.edges.count > 150 || graph.nodes.count > 300:
                [("mclimit", "0.01"), ("nslimit", "0.1"), ("nslimit1", "0.1"), ("searchsize", "10"), ("remincross", "false"), ("splines", "false")]
            case .sfdp where graph.nodes.count > 500: [("packmode", "array"), ("overlap", "prism20"), ("quadtree", "fast")]
            default: []
            }
        }
    }

    /// The most nodes and edges an engine lays out in a few seconds.
    public struct Budget: Sendable, Equatable {
        public var nodes: Int
        public var edges: Int

        /// Whether `graph` is within the budget.
        public func takes(_ graph: Graph) -> Bool { graph.nodes.count <= nodes && graph.edges.count <= edges }
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
        // Given positions cost nothing to lay out; any other layout is
        // bounded before Graphviz starts.
        guard (engine == .neato && graph.hasPositions) || engine.budget.takes(graph) else {
            throw GraphLayoutError(engine: engine, tooLarge: (graph.nodes.count, graph.edges.count))
        }
        // Given positions are kept as they are: neato's no-op mode (`neato
        // -n`) routes the edges between them.
        let pinned = engine == .neato && graph.hasPositions
        let input = Self.graphviz(graph, engine: engine, sizes: sizes, circles: circles, labelled: labelled)
        let all: [Double]
        switch Graphviz.layout(input, engine: pinned ? "nop" : engine.rawValue) {
        case .success(let values): all = values
        case .failure(let error): throw GraphLayoutError(engine: engine, message: error.message)
        }
        // Points, y up, to layout units, y down. Graphviz's last digits vary
        // from call to call (its force models keep global state), so
        // coordinates are kept to a hundredth of a point, as its own
        // output formats give them: the same graph, the same layout.
        let unit = { (x: Double, y: Double) in Point(Self.kept(x) / 72, -Self.kept(y) / 72) }
        let (x0, y0, x1, y1) = (Self.kept(all[0]), Self.kept(all[1]), Self.kept(all[2]), Self.kept(all[3]))
        bounds = Rect(x: x0 / 72, y: -y1 / 72, width: (x1 - x0) / 72, height: (y1 - y0) / 72)
        centres = (0..<graph.nodes.count).map { i in unit(all[4 + 2 * i], all[5 + 2 * i]) }
        var at = 4 + 2 * graph.nodes.count
        curves = []
        curves.reserveCapacity(graph.edges.count)
        // Edges that share their two ends, counted in order: the straight
        // ones of the force-directed engines are bent apart below.
        var pairs = [[Int]: Int](), place = [Int](repeating: 0, count: graph.edges.count)
        for (k, e) in graph.edges.enumerated() where e.from != e.to {
            let key = [min(e.from, e.to), max(e.from, e.to)]
            place[k] = pairs[key, default: 0]
            pairs[key, default: 0] += 1
        }
        for (index, e) in graph.edges.enumerated() {
            let k = Int(all[at])
            at += 1
            var routed = (0..<k).map { j in unit(all[at + 2 * j], all[at + 2 * j + 1]) }
            at += 2 * k
            let (a, b) = (centres[e.from], centres[e.to])
            if routed.count < 4 || (routed.count - 1) % 3 != 0 { routed = [a, b] }
            let shared = e.from == e.to ? 1 : pairs[[min(e.from, e.to), max(e.from, e.to)]] ?? 1
            if engine != .dot, shared > 1 {
                curves.append(Self.bent(from: a, to: b, place: place[index], of: shared, flipped: e.from > e.to))
            } else {
                curves.append(Self.joined(routed, from: a, to: b))
            }
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

    /// How much given positions (points) are scaled: spread so that no
    /// two nodes overlap (the closest pair of centres apart by twice the
    /// largest node at least), but never past the side a loose grid of
    /// the nodes would take (five times a grid at that spacing, 12 inches
    /// at least), so that a drawing whose nodes stand far apart, a map in
    /// metres, is drawn as large as its nodes need. Their shape is kept;
    /// only their scale changes.
    static func spread(_ points: [Point], sizes: [Size]) -> Double {
        guard points.count >= 2 else { return 1 }
        let largest = sizes.map { max($0.width, $0.height) }.max() ?? 0.6
        let xs = points.map(\.x), ys = points.map(\.y)
        let extent = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
        let most = 72 * max(12, 10 * largest * Double(points.count).squareRoot())
        var scale = 1.0
        // Pairs are counted up to 2,000 nodes; a larger drawing is taken
        // as its author spaced it.
        if points.count <= 2_000 {
            var closest = Double.infinity
            for i in points.indices {
                for j in points.indices where j > i {
                    closest = min(closest, hypot(points[i].x - points[j].x, points[i].y - points[j].y))
                }
            }
            if closest > Self.nearest, closest.isFinite { scale = max(1, 2 * largest * 72 / closest) }
        }
        guard extent.isFinite, extent > Self.nearest else { return scale }
        return min(scale, most / extent)
    }

    /// Given positions closer than this many points are taken as one
    /// place: dividing by a smaller gap (a subnormal such as 1e-320)
    /// overflows to an infinite scale.
    static let nearest = 1e-6

    /// The size edge labels are drawn at, in points: 0.85 of a node label
    /// of about 0.27 inches.
    static let edgeLabelPoints = 17

    /// The `place`th of `count` curves between the same two centres, bowed
    /// apart symmetrically (the middle one straight when `count` is odd);
    /// `flipped` for an edge written the other way round, so that two
    /// edges each way bow to different sides.
    static func bent(from a: Point, to b: Point, place: Int, of count: Int, flipped: Bool) -> [Point] {
        let offset = (Double(place) - Double(count - 1) / 2) * 0.35 * (flipped ? -1 : 1)
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        // Left of the way from a to b, as far as `offset` of its length.
        let (nx, ny) = (dy * offset, -dx * offset)
        return [a, Point(a.x + dx / 3 + nx, a.y + dy / 3 + ny), Point(a.x + 2 * dx / 3 + nx, a.y + 2 * dy / 3 + ny), b]
    }

    /// `v` points to a hundredth.
    static func kept(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    static func lerp(_ p: Point, _ q: Point, _ f: Double) -> Point { Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f) }

    /// The graph Graphviz lays out: nodes `n0`… with every size fixed,
    /// edges in order.
    static func graphviz(_ graph: Graph, engine: Engine, sizes: [Size], circles: [Bool], labelled: Bool) -> GraphvizGraph {
        var out = GraphvizGraph(directed: graph.directed)
        // Room between nodes for the weights drawn on the edges. dot routes
        // splines round nodes; the force-directed engines draw straight
        // lines (their spline router crashes or runs for minutes on some
        // graphs of a few hundred nodes in Graphviz 2.42), and parallel
        // edges are bowed apart here.
        let sep = labelled ? 0.55 : 0.35
        let pinned = engine == .neato && graph.hasPositions
        // Given positions are kept as given: no overlap removal moves them.
        out.defaults.append(
            pinned
                ? (.graph, [("splines", "false"), ("notranslate", "true"), ("pad", "0")])
                : (.graph, [("splines", "\(engine == .dot)"), ("overlap", "false"), ("sep", "+12"), ("start", "7"), ("nodesep", "\(sep)"),
                            ("ranksep", "\(labelled ? 0.75 : 0.55)"), ("pad", "0")]))
        if let rankdir = graph.rankdir { out.defaults.append((.graph, [("rankdir", rankdir)])) }
        let bounds = pinned ? [] : engine.bounds(for: graph)
        if !bounds.isEmpty { out.defaults.append((.graph, bounds)) }
        out.defaults.append((.node, [("fixedsize", "true"), ("label", ""), ("margin", "0"), ("penwidth", "0")]))
        out.defaults.append((.edge, [("len", "\(labelled ? 2.0 : 1.4)"), ("arrowhead", "normal"), ("arrowsize", "0.6")]))
        let given = pinned ? graph.nodes.compactMap(\.position) : []
        let spread = pinned ? Self.spread(given, sizes: sizes) : 1
        // Measured from the drawing's corner, so that scaling keeps the
        // numbers small wherever the file places it.
        let corner = Point(given.map(\.x).min() ?? 0, given.map(\.y).min() ?? 0)
        out.nodes.reserveCapacity(graph.nodes.count)
        for (i, n) in graph.nodes.enumerated() {
            let size = i < sizes.count ? sizes[i] : Size(width: 0.6, height: 0.6)
            var attributes: GraphvizGraph.Attributes = [
                ("shape", circles.count > i && circles[i] ? "circle" : "box"), ("width", "\(size.width)"), ("height", "\(size.height)"),
            ]
            if pinned, let p = n.position { attributes.append(("pos", "\((p.x - corner.x) * spread),\(-(p.y - corner.y) * spread)!")) }
            out.nodes.append(attributes)
        }
        out.edges.reserveCapacity(graph.edges.count)
        for e in graph.edges {
            // dot makes room between ranks for a label it is given: the
            // words drawn on the edge, at their drawn size.
            var attributes: GraphvizGraph.Attributes = []
            if engine == .dot, !e.label.isEmpty {
                // Control characters (a NUL would end the string Graphviz
                // is given) take a space's room; a backslash is doubled, as
                // a DOT string keeps it, so that Graphviz's label escapes
                // read it as itself.
                let text = String(e.label.unicodeScalars.map { $0.value < 32 && $0 != "\n" ? " " : Character($0) })
                attributes = [("label", text.replacingOccurrences(of: "\\", with: "\\\\")), ("fontsize", "\(Self.edgeLabelPoints)")]
            }
            out.edges.append((e.from, e.to, attributes))
        }
        return out
    }

    /// The graph Graphviz lays out as DOT text, for the benchmark that
    /// times Graphviz's programs on the same graph.
    public static func dot(_ graph: Graph, engine: Engine, sizes: [Size], circles: [Bool], labelled: Bool) -> String {
        graphviz(graph, engine: engine, sizes: sizes, circles: circles, labelled: labelled).dot
    }
}

/// Why Graphviz gave no layout.
public struct GraphLayoutError: Error, Sendable, CustomStringConvertible {
    public var engine: GraphLayout.Engine
    public var message: String
    /// The graph's nodes and edges, when the layout was refused for its
    /// size (past the engine's ``GraphLayout/Engine/budget``).
    public var tooLarge: (nodes: Int, edges: Int)?

    public init(engine: GraphLayout.Engine, message: String) {
        self.engine = engine
        self.message = message
    }

    public init(engine: GraphLayout.Engine, tooLarge: (nodes: Int, edges: Int)) {
        self.engine = engine
        self.tooLarge = tooLarge
        let takes = GraphLayout.Engine.allCases.filter { $0 != engine && $0.budget.nodes >= tooLarge.nodes && $0.budget.edges >= tooLarge.edges }
        let sizes = GraphLayout.Engine.allCases.map { "\($0.rawValue) \(Self.grouped($0.budget.nodes))/\(Self.grouped($0.budget.edges))" }
        message = "a graph of \(Self.counted(tooLarge.nodes, "node")) and \(Self.counted(tooLarge.edges, "edge")) is more than "
            + "\(engine.rawValue) lays out in seconds; "
            + (takes.isEmpty ? "no engine does (nodes/edges each lays out: \(sizes.joined(separator: ", "))): draw a smaller graph"
                : "use --layout \(takes.map(\.rawValue).joined(separator: " or ")) (nodes/edges each lays out: \(sizes.joined(separator: ", ")))")
    }

    public var description: String {
        tooLarge == nil ? "Graphviz's \(engine.rawValue) layout failed: \(message)" : "--layout \(engine.rawValue): \(message)"
    }

    static func counted(_ n: Int, _ word: String) -> String { "\(grouped(n)) \(word)\(n == 1 ? "" : "s")" }

    /// `n` with commas between thousands: 10,000.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max(0, $0 - 3)..<$0]) }
        return (n < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
