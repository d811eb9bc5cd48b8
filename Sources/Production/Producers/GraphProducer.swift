import Diagram
import Foundation
import GraphFiles
import Graphs
import InputText
import Producers
import Synchronization

/// `graph`: a graph laid out by Graphviz and an algorithm run on it step
/// by step.
public enum GraphProducer: Producer {
    public static let name = "graph"

    public struct Options: ProducerOptions, CodeShowing, OperationsGiven, Equatable {
        /// The graph file, or `-` for standard input.
        public var file: String?
        /// The algorithm to run.
        public var algorithm: GraphAlgorithm?
        /// The node to start from and a goal node (their names or labels).
        public var from: String?
        public var to: String?
        /// Several runs in one animation: `bfs A; dijkstra A E; kruskal`.
        public var ops: String?
        /// Graphviz's layout engine (default: by the graph's kind and size).
        public var layout: GraphLayout.Engine?
        /// Which graph of a DOT file that holds several to draw, from 1.
        public var pick: Int?
        /// Read the graph as directed, or as undirected, whatever the
        /// file's name, header or arrows say (DOT says it itself, and a
        /// flag that contradicts it is refused).
        public var directed = false
        public var undirected = false
        /// The file's character encoding, when the guess (or a DOT file's
        /// `charset`) is wrong.
        public var encoding: TextEncoding?
        /// Keep every edge an undirected edge list gives, a pair given
        /// twice as two edges (a multigraph).
        public var multi = false
        /// Seconds to hold the last frame, 0 to 60.
        public var hold: Double = 3
        /// Show each algorithm's pseudocode beside the graph.
        public var code = false

        public init() {}

        public static var keys: [OptionKey] {
            [
                OptionKey("file", .path), OptionKey("algorithm"), OptionKey("from"), OptionKey("to"), OptionKey("ops"), OptionKey("layout"),
                OptionKey("pick"), OptionKey("directed", .flag), OptionKey("undirected", .flag), OptionKey("encoding"), OptionKey("multi", .flag), OptionKey("hold"),
                OptionKey("code", .flag),
            ]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            try InputFile.check(file, naming: naming)
            try Numeral.checkHold(hold, naming: naming)
            if let pick, pick < 1 { throw usage("\(name("pick")) must be 1 or more (got \(pick))") }
            if directed, undirected { throw usage("\(name("directed")) and \(name("undirected")) say different things: give one") }
            if ops != nil, algorithm != nil || from != nil || to != nil {
                throw usage("\(name("ops")) names its own algorithms, starts and goals: leave out \(name("algorithm")), \(name("from")) and \(name("to"))")
            }
        }

        /// How many runs `ops` holds.
        public func operationCount(_ ops: String) -> Int? {
            try? GraphRun.parse(ops).count
        }

        enum CodingKeys: String, CodingKey {
            case file, algorithm, from, to, ops, layout, pick, directed, undirected, encoding, multi, hold, code
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            file = try c.decodeIfPresent(String.self, forKey: .file)
            algorithm = try c.decodeIfPresent(GraphAlgorithmName.self, forKey: .algorithm)?.algorithm
            from = try c.decodeIfPresent(String.self, forKey: .from)
            to = try c.decodeIfPresent(String.self, forKey: .to)
            ops = try c.decodeIfPresent(OperationText.self, forKey: .ops)?.text
            layout = try c.decodeIfPresent(GraphLayout.Engine.self, forKey: .layout)
            pick = try c.decodeIfPresent(Int.self, forKey: .pick)
            directed = try c.decodeIfPresent(Bool.self, forKey: .directed) ?? false
            undirected = try c.decodeIfPresent(Bool.self, forKey: .undirected) ?? false
            encoding = try c.decodeIfPresent(EncodingName.self, forKey: .encoding)?.encoding
            multi = try c.decodeIfPresent(Bool.self, forKey: .multi) ?? false
            hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
            code = try c.decodeIfPresent(Bool.self, forKey: .code) ?? false
        }
    }

    /// The keys the messages of graph files, runs and layouts name as flags.
    static let messageKeys = ["pick", "ops", "to", "from", "directed", "undirected", "layout"]

    /// Whether a file's error is the fault of a flag (64) rather than of
    /// the file (65): `--pick 3` of a file of two graphs, `--undirected` of
    /// a DOT digraph.
    static func isFlags(_ error: GraphFileError) -> Bool {
        ["--pick", "--directed", "--undirected"].contains { error.message.hasPrefix($0) }
    }

    /// The line said when no algorithm is given: the ones that can run on
    /// `graph`, and how to run one.
    static func algorithmsLine(for graph: Graph, in context: ProductionContext) -> String {
        let names = GraphAnimation.algorithms(for: graph).map { $0 == .astar ? "astar (with \(context.name("to")))" : $0.rawValue }
        let first = graph.nodes.first.map { node in
            node.name.count > 20 || node.name.contains("\"") ? "NODE" : node.name.contains(where: { $0.isWhitespace || "'$`\\;&|<>()*?".contains($0) }) ? "\"\(node.name)\"" : node.name
        }
        let start = first.map { " \(context.name("from")) \($0)" } ?? ""
        return "algorithms for this graph: \(names.joined(separator: ", ")); add \(context.name("algorithm")) NAME (e.g. \(context.name("algorithm")) \(names.contains("dijkstra") && graph.isWeighted ? "dijkstra" : "bfs")\(start)) to run one"
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let runs: [GraphRun]
        if let ops = given.ops {
            do throws(GraphRunError) { runs = try GraphRun.parse(ops) } catch {
                throw ProductionFailure("\(context.name("ops")): \(context.worded(error.description, keys: messageKeys))", status: 64)
            }
        } else if let algorithm = given.algorithm {
            runs = [GraphRun(algorithm, from: given.from, to: given.to)]
        } else {
            if given.from != nil || given.to != nil {
                throw ProductionFailure(
                    "\(context.name(given.from != nil ? "from" : "to")) names a node for an algorithm: give \(context.name("algorithm")) NAME too", status: 64)
            }
            runs = []
        }
        let upload = given.file.flatMap { context.uploads[$0] }
        let file = try upload == nil ? InputFile.path(given.file, in: context) : given.file ?? ""
        let contents: GraphFile.Contents
        do throws(GraphFileError) {
            let directed = given.directed ? true : given.undirected ? false : nil
            if let upload, upload.count > GraphFile.Limits().maxBytes {
                throw GraphFileError(file: file, message: InputError.tooLarge(size: upload.count, limit: GraphFile.Limits().maxBytes).description)
            }
            if let upload {
                contents = try GraphFile.load(upload, name: file, directed: directed, pick: given.pick, encoding: given.encoding, multi: given.multi)
            } else {
                contents = try GraphFile.load(
                    from: InputSource(argument: file), directed: directed, pick: given.pick, encoding: given.encoding, multi: given.multi)
            }
        } catch {
            var said = error
            said.message = context.worded(error.message, keys: messageKeys)
            throw ProductionFailure(said.description, status: isFlags(error) ? 64 : 65)
        }
        var options = GraphOptions()
        options.engine = given.layout
        options.stage = context.stage
        options.finalHold = given.hold
        options.code = given.code
        let made: GraphAnimation
        let graph = contents.graph
        let labels = context.labels
        do throws(GraphAnimationError) {
            made = try sayingWhenSlow(
                "laying out \(grouped(graph.nodes.count)) nodes and \(grouped(graph.edges.count)) edges with Graphviz's "
                    + (given.layout ?? GraphLayout.Engine.chosen(for: graph)).rawValue + "…",
                log: context.session.log
            ) { () throws(GraphAnimationError) in
                try GraphAnimation(graph: graph, runs: runs, options: options, labels: labels)
            }
        } catch {
            switch error {
            case .run(let e):
                let flag = given.directed ? true : given.undirected ? false : nil
                throw failure(e, file: file, ops: given.ops != nil, format: contents.format, directedFlag: flag, in: context)
            case .layout(let e) where e.tooLarge != nil && given.layout != nil:
                throw ProductionFailure(context.worded(e.description, keys: messageKeys), status: 64)
            case .layout(let e):
                throw ProductionFailure("\(file): \(context.worded(e.description, keys: messageKeys))", status: 65)
            }
        }
        let title = file == "-" ? "Graph" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var afterword = contents.report.notes
        if runs.contains(where: \.algorithm.weighs), !graph.isWeighted {
            afterword.append("unweighted: every edge counts 1" + (graph.edges.contains { !$0.label.isEmpty } ? " (its labels are not numbers)" : ""))
        }
        if runs.isEmpty { afterword.append(algorithmsLine(for: graph, in: context)) }
        return Production(
            script: made.script, title: title, fewer: "the runs take that many steps: run fewer algorithms, or on a smaller graph",
            read: described(contents, file: file, pick: given.pick, asked: given.encoding, in: context) + ", laid out by \(made.engine.rawValue)", afterword: afterword)
    }

    /// What the file was read as, for the summary line: its format and
    /// what the reader says of it (the counts, directed or not), a legacy
    /// encoding, the graph picked of several, where the weights came from.
    static func described(_ contents: GraphFile.Contents, file: String, pick: Int?, asked: TextEncoding?, in context: ProductionContext) -> String {
        var what = (file == "-" ? "standard input" : file) + " as " + contents.format.description
        let details = contents.report.details.map { context.worded($0, keys: messageKeys) }
        if !details.isEmpty { what += ": " + details.joined(separator: ", ") }
        // A charset declared is Latin-1, as Graphviz and XML name it.
        let declared = contents.encodingFrom?.hasPrefix("its ") == true
        what += InputFile.encoding(contents.encoding, asked: asked, from: contents.encodingFrom, shown: declared ? "Latin-1" : nil, in: context)
        if contents.found > 1 {
            what += ", graph \(contents.picked) of \(contents.found)" + (pick == nil ? " (\(context.name("pick")) N for another)" : "")
        }
        if let from = contents.report.weightsFrom {
            let graph = contents.graph
            let weighted = graph.edges.reduce(0) { $0 + ($1.weight == nil ? 0 : 1) }
            what += ", weights from \(from)" + (weighted < graph.edges.count ? " on \(weighted) of \(graph.edges.count) edges (the others count 1)" : "")
        }
        return what
    }

    /// `body`'s result, with `what` written as a line to `log` once it has
    /// run for a second: a layout can take several.
    static func sayingWhenSlow<R>(
        _ what: String, log: ProductionLog, _ body: () throws(GraphAnimationError) -> R
    ) throws(GraphAnimationError) -> R {
        let done = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            done.withLock { finished in if !finished { log.write(what + "\n") } }
        }
        defer { done.withLock { $0 = true } }
        return try body()
    }

    /// A run the graph does not allow, as one line: a node the user named
    /// is the option's fault (64); what the graph is (a negative weight, a
    /// cycle, directed or not) is the file's (65), at its line when known.
    /// `directedFlag` is the flag given: true `--directed`, false
    /// `--undirected`.
    static func failure(
        _ e: GraphRunError, file: String, ops: Bool, format: GraphFile.Format, directedFlag: Bool?, in context: ProductionContext
    ) -> ProductionFailure {
        let name = file == "-" ? "<stdin>" : file
        let said = context.worded(e.description, keys: messageKeys)
        switch e {
        case .needsUndirected(let a) where format != .dot:
            // Only DOT says 'graph' or 'digraph' for good: another file is
            // directed by the flag, its name, its arrows or its own key,
            // and --undirected reads it undirected.
            let pass = "pass \(context.name("undirected"))"
            let how: String
            switch format {
            case _ where directedFlag == true: how = "leave out \(context.name("directed"))"
            case .json: how = "\(pass) (or set \"directed\": false)"
            case .gml: how = "\(pass) (or set 'directed 0')"
            case .graphml: how = "\(pass) (or set edgedefault=\"undirected\" and no directed=\"true\")"
            case .algs4: how = "\(pass) (its name marks it directed, as algs4 names digraphs: DG, DAG, EWD, FN)"
            case .dimacs: how = "\(pass) (a 'p sp' file's arcs are directed)"
            default: how = "\(pass) (or write its edges 'a b' or 'a -- b', not 'a -> b')"
            }
            return ProductionFailure("\(name): \(a.rawValue) spans an undirected graph, and this one is read as directed: \(how)", status: 65)
        case .needsDirected(let a) where format != .dot:
            let pass = "pass \(context.name("directed"))"
            let how: String
            switch format {
            case _ where directedFlag == false: how = "leave out \(context.name("undirected"))"
            case .json: how = "\(pass) (or set \"directed\": true)"
            case .gml: how = "\(pass) (or set 'directed 1')"
            case .graphml: how = "\(pass) (or set edgedefault=\"directed\")"
            case .algs4, .dimacs: how = pass
            default: how = "\(pass) (or write its edges 'a -> b')"
            }
            return ProductionFailure("\(name): \(a.rawValue) orders a directed graph, and this one is read as undirected: \(how)", status: 65)
        case .noSuchNode(_, let role, _), .ambiguousNode(_, let role, _):
            return ProductionFailure(context.name(ops ? "ops" : role == "start" ? "from" : "to") + ": " + said, status: 64)
        case .needsGoal, .unknownAlgorithm, .badOperation:
            return ProductionFailure(context.name(ops ? "ops" : "to") + ": " + said, status: 64)
        default:
            return ProductionFailure(name + (e.line.map { ":\($0)" } ?? "") + (e.column.map { ":\($0)" } ?? "") + ": " + said, status: 65)
        }
    }

    /// `algorithm`'s value: a name or a usual other name.
    public static func algorithm(_ text: String) throws(ValueProblem) -> GraphAlgorithm {
        guard let a = GraphAlgorithm(name: text) else {
            throw ValueProblem("unknown algorithm '\(text)': use one of \(GraphAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return a
    }
}

/// An algorithm as a lecture names it: as `algorithm`'s flag reads it.
struct GraphAlgorithmName: Decodable {
    var algorithm: GraphAlgorithm

    init(from decoder: any Decoder) throws {
        algorithm = try GraphProducer.algorithm(decoder.singleValueContainer().decode(String.self))
    }
}

extension GraphLayout.Engine: Decodable {}

extension GraphFile.Format: CustomStringConvertible {
    public var description: String {
        switch self {
        case .dot: "DOT"
        case .edges: "an edge list"
        case .json: "JSON"
        case .algs4: "algs4"
        case .dimacs: "DIMACS"
        case .gml: "GML"
        case .graphml: "GraphML"
        }
    }
}
