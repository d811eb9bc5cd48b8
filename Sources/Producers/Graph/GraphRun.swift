import Graphs

/// A graph algorithm, as `--algorithm` and `--ops` name it.
public enum GraphAlgorithm: String, Sendable, CaseIterable {
    case bfs, dfs, dijkstra
    case bellmanFord = "bellman-ford"
    case astar
    case prim, kruskal
    /// Kahn's algorithm: in-degrees and a queue.
    case topo
    /// Topological order as the reverse of DFS finish times.
    case topoDFS = "topo-dfs"
    /// Strongly connected components (Tarjan's algorithm).
    case scc
    /// Connected components (weakly connected, in a directed graph).
    case components

    /// Other names people write.
    static let aliases: [String: GraphAlgorithm] = [
        "bellmanford": .bellmanFord, "bellman_ford": .bellmanFord, "a*": .astar, "a-star": .astar, "topological": .topo,
        "toposort": .topo, "kahn": .topo, "topological-sort": .topo, "tarjan": .scc, "cc": .components, "connected": .components,
        "mst": .kruskal, "breadth-first": .bfs, "depth-first": .dfs, "sssp": .dijkstra,
    ]

    /// Whether it adds up the edges' weights (a graph without them counts
    /// each edge 1).
    public var weighs: Bool {
        switch self {
        case .dijkstra, .bellmanFord, .astar, .prim, .kruskal: true
        default: false
        }
    }

    public init?(name: String) {
        let key = name.lowercased()
        guard let found = GraphAlgorithm(rawValue: key) ?? Self.aliases[key] else { return nil }
        self = found
    }
}

/// One algorithm run on the graph: which, and from and to where.
public struct GraphRun: Sendable, Equatable {
    public var algorithm: GraphAlgorithm
    public var from: String?
    public var to: String?

    public init(_ algorithm: GraphAlgorithm, from: String? = nil, to: String? = nil) {
        self.algorithm = algorithm
        self.from = from
        self.to = to
    }

    /// The runs `--ops` writes: `bfs A; dijkstra A E; kruskal`, an
    /// algorithm and its start and goal, separated by `;` or new lines.
    public static func parse(_ text: String) throws(GraphRunError) -> [GraphRun] {
        var out = [GraphRun]()
        for (words, source) in OperationWords.split(text, lines: text.contains("\n")) {
            guard let algorithm = GraphAlgorithm(name: words[0]) else {
                throw .unknownAlgorithm(words[0], place: OperationWords.place(source))
            }
            guard words.count <= 3 else {
                throw .badOperation(OperationWords.place(source), "takes at most a start and a goal, found \(words.count - 1) names")
            }
            out.append(GraphRun(algorithm, from: words.count > 1 ? words[1] : nil, to: words.count > 2 ? words[2] : nil))
        }
        guard !out.isEmpty else { throw .badOperation("--ops", "is empty: give an algorithm, e.g. \"bfs A\"") }
        return out
    }
}

/// Why an algorithm cannot run on a graph: one line, without the file.
public enum GraphRunError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownAlgorithm(String, place: String)
    case badOperation(String, String)
    case noSuchNode(String, role: String, known: [String])
    /// A label that more than one node has (their names, in order).
    case ambiguousNode(String, role: String, names: [String])
    case negativeWeight(GraphAlgorithm, edge: String, weight: String, line: Int?, column: Int?)
    case needsUndirected(GraphAlgorithm)
    case needsDirected(GraphAlgorithm)
    case cycle(GraphAlgorithm, [String])
    case needsPositions
    case needsGoal(GraphAlgorithm)

    /// The line of the file at fault, when there is one, and the column.
    public var line: Int? {
        if case .negativeWeight(_, _, _, let line, _) = self { return line }
        return nil
    }

    public var column: Int? {
        if case .negativeWeight(_, _, _, _, let column) = self { return column }
        return nil
    }

    public var description: String {
        switch self {
        case .unknownAlgorithm(let name, let place):
            "\(place): unknown algorithm '\(name)': use one of \(GraphAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))"
        case .badOperation(let place, let what): "\(place) \(what)"
        case .noSuchNode(let name, let role, let known):
            "the \(role) node '\(name)' is not in the graph (its nodes: \(known.prefix(8).joined(separator: ", "))\(known.count > 8 ? ", …" : ""))"
        case .ambiguousNode(let label, let role, let names):
            "the \(role) node '\(label)' is ambiguous: \(names.count) nodes are labelled so (\(names.prefix(8).map { "'\($0)'" }.joined(separator: ", "))\(names.count > 8 ? ", …" : "")); name one by its name, e.g. '\(names[0])'"
        case .negativeWeight(let a, let edge, let weight, _, _):
            "\(a.rawValue) needs weights of 0 or more, and the edge \(edge) weighs \(weight): use bellman-ford for negative weights"
        case .needsUndirected(let a): "\(a.rawValue) spans an undirected graph, and this one is directed: write it as 'graph', not 'digraph' (or leave out --directed)"
        case .needsDirected(let a): "\(a.rawValue) orders a directed graph, and this one is undirected: write it as a 'digraph' (or pass --directed)"
        case .cycle(let a, let nodes):
            "\(a.rawValue) needs a graph without cycles, and this one has the cycle \(nodes.joined(separator: " → ")): remove one of its edges"
        case .needsPositions: "astar needs node positions (DOT's pos, or x and y in JSON) for its straight-line heuristic; use dijkstra without them"
        case .needsGoal(let a): "\(a.rawValue) needs a goal node: give --to NODE (or \"\(a.rawValue) START GOAL\" in --ops)"
        }
    }
}
