import CGraphviz
import Synchronization

/// Graphviz's libraries (libcgraph, libgvc), which this module alone
/// calls: they keep global state (the parser's, the error handler, the
/// layout context), so they are called from one thread at a time, through
/// ``serially(_:)``.
public enum Graphviz {
    static let lock = Mutex(())

    /// Runs `body`, which calls Graphviz, while no other call does.
    static func serially<R>(_ body: () -> R) -> R {
        lock.withLock { _ in
            // The lock's value is unused: `body`'s result never crosses
            // threads.
            nonisolated(unsafe) let r = body()
            return r
        }
    }

    /// The first graph of DOT `text`, read by Graphviz's own parser.
    ///
    /// - Throws: Graphviz's message, as it words it ("syntax error in
    ///   line 3 near 'x'").
    public static func read(dot text: String) throws(GraphvizError) -> DOTGraph {
        let read: Result<DOTGraph, GraphvizError> = serially {
            var message = [CChar](repeating: 0, count: 512)
            guard let g = cgv_read(text, &message, message.count) else {
                return .failure(GraphvizError(said: message))
            }
            defer { cgv_close(g) }
            return .success(DOTGraph(g))
        }
        return try read.get()
    }

    /// The doubles `cgv_layout` gives for `input` laid out by `engine`
    /// (a Graphviz engine's name, or `nop` to keep given positions), or
    /// Graphviz's message.
    static func layout(_ input: GraphvizGraph, engine: String) -> Result<[Double], GraphvizError> {
        serially {
            guard let g = cgv_open(input.directed ? 1 : 0) else { return .failure(GraphvizError(message: "Graphviz could not make a graph")) }
            defer { cgv_close(g) }
            for (kind, attributes) in input.defaults {
                for (name, value) in attributes { cgv_declare(g, kind.c, name, value) }
            }
            var nodes = [UnsafeMutableRawPointer?]()
            nodes.reserveCapacity(input.nodes.count)
            for (i, attributes) in input.nodes.enumerated() {
                guard let n = cgv_node(g, "n\(i)") else { return .failure(GraphvizError(message: "Graphviz could not make node n\(i)")) }
                for (name, value) in attributes { cgv_set(n, name, value) }
                nodes.append(n)
            }
            var edges = [UnsafeMutableRawPointer?]()
            edges.reserveCapacity(input.edges.count)
            for e in input.edges {
                guard let edge = cgv_edge(g, nodes[e.from], nodes[e.to]) else { return .failure(GraphvizError(message: "Graphviz could not make edge n\(e.from)-n\(e.to)")) }
                for (name, value) in e.attributes { cgv_set(edge, name, value) }
                edges.append(edge)
            }
            var count = 0
            var message = [CChar](repeating: 0, count: 512)
            guard let values = cgv_layout(g, engine, nodes, Int32(nodes.count), edges, Int32(edges.count), &count, &message, message.count) else {
                return .failure(GraphvizError(said: message))
            }
            defer { cgv_free(values) }
            return .success(Array(UnsafeBufferPointer(start: values, count: count)))
        }
    }
}

/// Why Graphviz read no graph or made no layout: its own words.
public struct GraphvizError: Error, Sendable {
    public var message: String

    init(message: String) { self.message = message }

    /// The message Graphviz left in `said`, a C string.
    init(said: [CChar]) { message = String(decoding: said.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self) }
}

/// A DOT graph as Graphviz's parser reads it: every graph Graphviz reads
/// (subgraphs, attribute lists, HTML labels, ports, `strict`), with the
/// attributes treeanim draws from, as Graphviz keeps them (declared
/// defaults applied, a quoted string's backslashes as written).
public struct DOTGraph: Sendable {
    public struct Node: Sendable {
        public var name: String
        public var label: String?
        /// Whether ``label`` is an HTML-like label (`<...>`).
        public var labelIsHTML: Bool
        public var shape: String?
        public var pos: String?
    }

    public struct Edge: Sendable {
        /// The indices of its ends in ``DOTGraph/nodes``.
        public var tail: Int
        public var head: Int
        public var label: String?
        public var labelIsHTML: Bool
        public var weight: String?
    }

    public var directed: Bool
    public var rankdir: String?
    /// In the order they are first named.
    public var nodes: [Node] = []
    /// In the order they are written.
    public var edges: [Edge] = []

    /// The graph `g`, read while Graphviz is held.
    init(_ g: UnsafeMutableRawPointer) {
        func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
        directed = cgv_directed(g) != 0
        rankdir = string(cgv_attr(g, "rankdir"))
        var handles = [UnsafeMutableRawPointer: Int]()
        var n = cgv_first_node(g)
        while let node = n {
            handles[node] = nodes.count
            nodes.append(
                Node(
                    name: string(cgv_name(node)) ?? "", label: string(cgv_attr(node, "label")), labelIsHTML: cgv_html_label(node) != 0,
                    shape: string(cgv_attr(node, "shape")), pos: string(cgv_attr(node, "pos"))))
            n = cgv_next_node(g, node)
        }
        var written = [(seq: UInt, edge: Edge)]()
        var e = cgv_first_edge(g)
        while let edge = e {
            // Every edge's ends are nodes of the graph, listed above.
            let (tail, head) = (handles[cgv_tail(edge)!]!, handles[cgv_head(edge)!]!)
            written.append(
                (cgv_seq(edge),
                 Edge(tail: tail, head: head, label: string(cgv_attr(edge, "label")), labelIsHTML: cgv_html_label(edge) != 0,
                      weight: string(cgv_attr(edge, "weight")))))
            e = cgv_next_edge(g, edge)
        }
        edges = written.sorted { $0.seq < $1.seq }.map(\.edge)
    }
}
