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

    /// The most decimals a weight is written with (in its shortest form,
    /// the one that reads back as the same number): 2 for weights such as
    /// `0.35` and `0.5`, 0 for whole ones. Sums are shown at this
    /// precision, where the error of adding in binary never shows.
    public var weightDecimals: Int {
        edges.reduce(0) { most, edge in max(most, edge.weight.map(Graph.decimals(of:)) ?? 0) }
    }

    /// The decimals of `value`'s shortest form: `0.35` 2, `1.5e-07` 8,
    /// `4` 0; at most 15, as many as a double holds.
    public static func decimals(of value: Double) -> Int {
        guard value.isFinite, value != value.rounded() else { return 0 }
        let written = "\(abs(value))"
        let parts = written.lowercased().split(separator: "e")
        let mantissa = parts[0].split(separator: ".")
        let fraction = mantissa.count > 1 ? mantissa[1].count : 0
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return min(max(fraction - exponent, 0), 15)
    }

    /// `value` rounded to `decimals` places, written in the shortest form
    /// at that precision: `0.43000000000000005` at 2 is `0.43`, `0.5` is
    /// `0.5`, `1.4100000000000001` is `1.41`; at 0 as ``text(of:)``.
    public static func text(of value: Double, decimals: Int) -> String {
        let places = min(max(decimals, 0), 15)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let units = (abs(value) * scale).rounded()
        guard value.isFinite, units < 9e15 else { return text(of: value) }
        var digits = String(Int(units))
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        var fraction = digits.suffix(places)
        while fraction.last == "0" { fraction = fraction.dropLast() }
        let sign = value < 0 && units > 0 ? "-" : ""
        return sign + digits.dropLast(places) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
