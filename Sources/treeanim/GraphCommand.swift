import ArgumentParser
import Diagram
import Foundation
import GraphFiles
import Graphs
import InputText
import Producers
import Production
import Synchronization

extension GraphLayout.Engine: ExpressibleByArgument {}

extension GraphAlgorithm {
    /// `--algorithm`'s value: a name or a usual other name.
    static func argument(_ text: String) throws -> GraphAlgorithm {
        guard let a = GraphAlgorithm(name: text) else {
            throw ValidationError("unknown algorithm '\(text)': use one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return a
    }
}

/// `treeanim graph FILE`: a graph laid out by Graphviz and an algorithm
/// run on it step by step.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
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

    @Option(help: ArgumentHelp("The algorithm to run.", valueName: "name"), transform: GraphAlgorithm.argument)
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

    mutating func validate() throws {
        try validating { try Numeral.checkHold(hold) }
        if let pick, pick < 1 { throw ValidationError("--pick must be 1 or more (got \(pick))") }
        if ops != nil, algorithm != nil || from != nil || to != nil {
            throw ValidationError("--ops names its own algorithms, starts and goals: leave out --algorithm, --from and --to")
        }
        if ops == nil, algorithm == nil {
            throw ValidationError("give --algorithm NAME (\(GraphAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))) or --ops \"bfs A; kruskal\"")
        }
    }

    func run() throws {
        let font = try Render.font(animation)
        let runs: [GraphRun]
        if let ops {
            do throws(GraphRunError) { runs = try GraphRun.parse(ops) } catch { throw CommandFailure("--ops: \(error)", status: 64) }
        } else {
            runs = [GraphRun(algorithm!, from: from, to: to)]
        }
        let contents: GraphFile.Contents
        do throws(GraphFileError) {
            contents = try GraphFile.load(from: InputSource(argument: file), directed: directed ? true : nil, pick: pick)
        } catch {
            throw CommandFailure(error.description, status: error.message.hasPrefix("--pick") ? 64 : 65)
        }
        var options = GraphOptions()
        options.engine = layout
        options.stage = Stage(animation.settings)
        options.finalHold = hold
        options.code = code
        let made: GraphAnimation
        let graph = contents.graph
        do throws(GraphAnimationError) {
            made = try Self.sayingWhenSlow(
                "laying out \(grouped(graph.nodes.count)) nodes and \(grouped(graph.edges.count)) edges with Graphviz's "
                    + (layout ?? GraphLayout.Engine.chosen(for: graph)).rawValue + "…"
            ) { () throws(GraphAnimationError) in
                try GraphAnimation(graph: graph, runs: runs, options: options, labels: LabelFit(font: font))
            }
        } catch {
            switch error {
            case .run(let e):
                throw Self.failure(e, file: file, ops: ops != nil, format: contents.format, directedFlag: directed)
            case .layout(let e) where e.tooLarge != nil && layout != nil:
                throw CommandFailure(e.description, status: 64)
            case .layout(let e):
                throw CommandFailure("\(file): \(e)", status: 65)
            }
        }
        let name = file == "-" ? "Graph" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        try Render.run(
            made.script, font: font, options: animation, title: name, fewer: "the runs take that many steps: run fewer algorithms, or on a smaller graph",
            read: "\(file == "-" ? "standard input" : file) as \(contents.format.description)"
                + (contents.found > 1 ? ", graph \(contents.picked) of \(contents.found)" + (pick == nil ? " (--pick N for another)" : "") : "")
                + ", laid out by \(made.engine.rawValue)")
    }
}

extension GraphCommand {
    /// `body`'s result, with `what` written as a line on stderr once it
    /// has run for a second: a layout can take several.
    static func sayingWhenSlow<R>(_ what: String, _ body: () throws(GraphAnimationError) -> R) throws(GraphAnimationError) -> R {
        let done = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            done.withLock { finished in if !finished { Messages.write(what + "\n") } }
        }
        defer { done.withLock { $0 = true } }
        return try body()
    }

    /// A run the graph does not allow, as one line: a node the user named
    /// is the flag's fault (64); what the graph is (a negative weight, a
    /// cycle, directed or not) is the file's (65), at its line when known.
    static func failure(_ e: GraphRunError, file: String, ops: Bool, format: GraphFile.Format, directedFlag: Bool) -> CommandFailure {
        let name = file == "-" ? "<stdin>" : file
        switch e {
        case .needsUndirected(let a) where format != .dot:
            // Only DOT says 'graph' or 'digraph': another file is directed
            // by the flag, its arrows or its "directed" key.
            let how =
                directedFlag ? "leave out --directed" : format == .json ? "set \"directed\": false" : "write its edges 'a b' or 'a -- b', not 'a -> b'"
            return CommandFailure("\(name): \(a.rawValue) spans an undirected graph, and this one is read as directed: \(how)", status: 65)
        case .needsDirected(let a) where format != .dot:
            let how = format == .json ? "pass --directed (or set \"directed\": true)" : "pass --directed (or write its edges 'a -> b')"
            return CommandFailure("\(name): \(a.rawValue) orders a directed graph, and this one is read as undirected: \(how)", status: 65)
        case .noSuchNode(_, let role, _), .ambiguousNode(_, let role, _):
            return CommandFailure((ops ? "--ops" : role == "start" ? "--from" : "--to") + ": " + e.description, status: 64)
        case .needsGoal, .unknownAlgorithm, .badOperation:
            return CommandFailure((ops ? "--ops" : "--to") + ": " + e.description, status: 64)
        default:
            return CommandFailure(name + (e.line.map { ":\($0)" } ?? "") + (e.column.map { ":\($0)" } ?? "") + ": " + e.description, status: 65)
        }
    }
}

extension GraphFile.Format: CustomStringConvertible {
    public var description: String {
        switch self {
        case .dot: "DOT"
        case .edges: "an edge list"
        case .json: "JSON"
        }
    }
}
