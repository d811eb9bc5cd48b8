import CGraphviz

/// The graph Graphviz is given to lay out, as the statements of a DOT
/// text would give it to Graphviz's parser: attribute defaults, then the
/// nodes `n0`… with their own attributes, then the edges with theirs.
/// ``Graphviz`` builds it with cgraph's calls in that order, so no text is
/// written and read again; each value is the one the parser would keep of
/// a quoted string (its backslashes as written).
struct GraphvizGraph: Sendable {
    enum Kind: Sendable {
        case graph, node, edge

        var c: cgv_kind {
            switch self {
            case .graph: CGV_GRAPH
            case .node: CGV_NODE
            case .edge: CGV_EDGE
            }
        }
    }

    typealias Attributes = [(name: String, value: String)]

    var directed: Bool
    /// `graph [...]`, `node [...]` and `edge [...]` statements, in order.
    var defaults: [(kind: Kind, attributes: Attributes)] = []
    /// Each node's attributes, by index.
    var nodes: [Attributes] = []
    var edges: [(from: Int, to: Int, attributes: Attributes)] = []

    /// The same graph as DOT text, for Graphviz's programs.
    var dot: String {
        func list(_ attributes: Attributes) -> String {
            "[" + attributes.map { "\($0.name)=\"\($0.value.replacingOccurrences(of: "\"", with: "\\\""))\"" }.joined(separator: ", ") + "]"
        }
        var out = directed ? "digraph G {\n" : "graph G {\n"
        for (kind, attributes) in defaults { out += "\(kind) \(list(attributes));\n" }
        for (i, attributes) in nodes.enumerated() { out += "n\(i) \(list(attributes));\n" }
        for e in edges { out += "n\(e.from) \(directed ? "->" : "--") n\(e.to) \(list(e.attributes));\n" }
        return out + "}\n"
    }
}
