import ArgumentParser
import TreeAnimKit

extension GraphLayout.Engine: ExpressibleByArgument {}

/// `treeanim graph FILE`: a graph laid out by Graphviz and an algorithm
/// run on it step by step.
struct GraphCommand: ProducerCommand {
    typealias Made = GraphProducer

    static let configuration = CommandConfiguration(
        commandName: GraphProducer.name,
        abstract: "Draw a graph from a file (DOT, an edge list, JSON, GML, GraphML, algs4, DIMACS), laid out by Graphviz, and run graph algorithms on it step by step.",
        discussion: """
            The file is DOT (Graphviz's language: graph or digraph, with weight or label on \
            edges and pos on nodes), an edge list (one edge a line: 'a b', 'a b 3' or \
            'a,b,3', CSV or TSV with or without a header, '#' comments; --directed makes it \
            directed, as does 'a -> b'; an undirected list that gives an edge twice keeps \
            one unless --multi), d3-force JSON ({"nodes": [...], "links": [...]}), GML \
            (graph [ node [ id 0 ] edge [ source 0 target 1 ] ]), GraphML (networkx, Gephi, \
            yEd), algs4 (V, E, then 'v w [weight]' lines; directed when named as the book \
            names digraphs, tinyDG.txt) or DIMACS ('p sp V E' with 'a u v w' arcs, directed; \
            'p edge V E' with 'e u v'). --directed or --undirected reads any but DOT, which \
            says it itself, the other way. Without --algorithm the graph is drawn, and the \
            algorithms that can run on it are named.

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

    @Flag(help: "Read the graph as directed: an edge list of 'a b' lines, an algs4 file not named as a digraph, a JSON, GML or GraphML file that says undirected (DOT says it itself).")
    var directed = false

    @Flag(help: "Read the graph as undirected: an algs4 file named as a digraph (tinyDG.txt), a DIMACS 'p sp' file, an edge list of 'a -> b' lines, a JSON, GML or GraphML file that says directed (DOT says it itself).")
    var undirected = false

    @Flag(help: "Keep every edge an undirected edge list gives: a pair given twice (a b and b a) is two edges, a multigraph's.")
    var multi = false

    @OptionGroup var encodingOption: EncodingOption

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
        (options.layout, options.pick, options.directed, options.undirected) = (layout, pick, directed, undirected)
        (options.encoding, options.multi) = (encodingOption.encoding, multi)
        (options.hold, options.code) = (hold, code)
        return options
    }
}
