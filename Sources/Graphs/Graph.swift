import Geometry

/// A graph as a user writes it: named nodes with labels, edges between
/// them with an optional weight, directed or not. Node and edge indices
/// are the order the file gives them in, so every algorithm visits
/// neighbours in the order the user wrote the edges.
///
///     var g = Graph(directed: false)
///     let a = g.node(named: "A"), b = g.node(named: "B")
///     g.edges.append(Graph.Edge(from: a, to: b, weight: 4))
///     g.neighbours(of: a)   // [(edge: 0, node: 1)]
public struct Graph: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The node's name in the file, unique in the graph: what `--from`
        /// names.
        public var name: String
        /// What is drawn on it: its label, else its name.
        public var label: String
        /// Where the file places it, in the file's units with y down, when
        /// it does (DOT's `pos`, JSON's `x`/`y`).
        public var position: Point?

        public init(name: String, label: String? = nil, position: Point? = nil) {
            self.name = name
            self.label = label ?? name
            self.position = position
        }
    }

    public struct Edge: Sendable, Equatable {
        public var from: Int
        public var to: Int
        /// The weight, or nil for an unweighted edge (which counts as 1).
        public var weight: Double?
        /// The words drawn on the edge: the weight as written, or the
        /// edge's own label; empty for none.
        public var label: String
        /// The line of the file the edge is written on, and the column of
        /// its weight there (in characters), for messages.
        public var line: Int?
        public var column: Int?

        public init(from: Int, to: Int, weight: Double? = nil, label: String? = nil, line: Int? = nil) {
            self.from = from
            self.to = to
            self.weight = weight
            self.label = label ?? weight.map(Graph.text(of:)) ?? ""
            self.line = line
        }

        /// The weight an algorithm adds up: 1 when none is given.
        public var cost: Double { weight ?? 1 }
    }

    public var nodes: [Node] = []
    public var edges: [Edge] = []
    public var directed: Bool
    /// The way a layered layout runs, as DOT's `rankdir` says it (`TB`,
    /// `LR`, `BT`, `RL`), when the file says it.
    public var rankdir: String?
    /// Node indices by name.
    private var index: [String: Int] = [:]

    public init(directed: Bool) {
        self.directed = directed
    }

    /// The index of the node named `name`, made (with that label) when
    /// there is none yet.
    public mutating func node(named name: String, label: String? = nil) -> Int {
        if let i = index[name] { return i }
        nodes.append(Node(name: name, label: label))
        index[name] = nodes.count - 1
        return nodes.count - 1
    }

    /// The index of the node named `name`.
    public func node(_ name: String) -> Int? { index[name] }

    /// Whether any edge has a weight.
    public var isWeighted: Bool { edges.contains { $0.weight != nil } }

    /// Whether every node has a position from the file.
    public var hasPositions: Bool { !nodes.isEmpty && nodes.allSatisfy { $0.position != nil } }

    /// Each node's edges out, in the order the file gives the edges: for
    /// an undirected graph, every edge at both its ends (a self-loop once).
    ///
    /// - Complexity: O(nodes + edges).
    public func adjacency() -> [[(edge: Int, node: Int)]] {
        var out = [[(edge: Int, node: Int)]](repeating: [], count: nodes.count)
        for (k, e) in edges.enumerated() {
            out[e.from].append((k, e.to))
            if !directed, e.from != e.to { out[e.to].append((k, e.from)) }
        }
        return out
    }

    /// A weight as a person writes it: whole numbers without a point.
    public static func text(of weight: Double) -> String {
        if weight == weight.rounded(), abs(weight) < 1e15 { return String(Int(weight)) }
        return String(weight)
    }
}
