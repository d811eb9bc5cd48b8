import ArgumentParser
import TreeAnimKit

extension GraphLayout.Engine: ExpressibleByArgument {}

/// `treeanim graph FILE`: a graph laid out by Graphviz and an algorithm
/// run on it step by step.
struct GraphCommand: ProducerCommand {
    typealias Made = GraphProducer

    static let configuration = CommandConfiguration(
        commandName: GraphProducer.name,
        abstract: "Run graph algorithms step by step on a graph from a file (DOT, an edge list or JSON), laid out by Graphviz.",
        discussion: """
            The file is DOT (Graphviz's language: graph or digraph, with weight or label on \
            edges and pos on nodes), an edge list (one edge a line: 'a b', 'a b 3' or \
            'a,b,3', CSV or TSV with or without a header, '#' comments; --directed makes it \
            directed, as does 'a -> b'), or d3-force JSON ({"nodes": [...], "links": [...]}).

            Algorithms: bfs, dfs, dijkstra, bellman-ford, astar (needs positions and --to), \
            prim and kruskal (undirected), topo (Kahn's) and topo-dfs (directed, no cycle), \
            scc (directed), components. --from names the start (default: the first node), \
            --to a goal whose path is shown. --ops runs several in one animation.

            Examples:
              treeanim graph roads.dot --algorithm dijkstra --from A --to E -o dijkstra.gif
              treeanim graph edges.txt --algorithm bfs --from 1 -o bfs.mp4
              treeanim graph g.dot --ops "bfs A; dfs A; kruskal" -o deck.html
            """)

    @Argument(help: ArgumentHelp("The graph file, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The algorithm to run.", valueName: "name"), transform: GraphProducer.algorithm)
    var algorithm: GraphAlgorithm?

    @Option(help: ArgumentHelp("The node to start from (its name or label).", valueName: "node"))
    var from: String?

    @Option(help: ArgumentHelp("A goal node: the search stops there and shows the path.", valueName: "node"))
    var to: String?

    @Option(help: ArgumentHelp("Several runs in one animation, e.g. \"bfs A; dijkstra A E; kruskal\".", valueName: "runs"))
    var ops: String?

    @Option(help: "Graphviz's layout engine (default: dot for directed graphs, neato for undirected ones, sfdp for large ones; positions in the file are kept).")
    var layout: GraphLayout.Engine?

    @Option(help: ArgumentHelp("Which graph of a DOT file that holds several to draw, from 1 (default: the first).", valueName: "n"))
    var pick: Int?

    @Flag(help: "Read an edge list or JSON file as directed (DOT says it itself).")
    var directed = false

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @Flag(help: "Show each algorithm's pseudocode (CLRS) beside the graph, the line running highlighted.")
    var code = false

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's graph takes them.
    var options: GraphProducer.Options {
        var options = GraphProducer.Options()
        options.file = file
        (options.algorithm, options.from, options.to, options.ops) = (algorithm, from, to, ops)
        (options.layout, options.pick, options.directed) = (layout, pick, directed)
        (options.hold, options.code) = (hold, code)
        return options
    }
}
