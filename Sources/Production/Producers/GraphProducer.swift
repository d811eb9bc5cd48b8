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
        /// Read an edge list or JSON file as directed (DOT says it itself).
        public var directed = false
        /// Seconds to hold the last frame, 0 to 60.
        public var hold: Double = 3
        /// Show each algorithm's pseudocode beside the graph.
        public var code = false

        public init() {}

        public static var keys: [OptionKey] {
            [
                OptionKey("file", .path), OptionKey("algorithm"), OptionKey("from"), OptionKey("to"), OptionKey("ops"), OptionKey("layout"),
                OptionKey("pick"), OptionKey("directed", .flag), OptionKey("hold"), OptionKey("code", .flag),
            ]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            try InputFile.check(file, naming: naming)
            try Numeral.checkHold(hold, naming: naming)
            if let pick, pick < 1 { throw usage("\(name("pick")) must be 1 or more (got \(pick))") }
            if ops != nil, algorithm != nil || from != nil || to != nil {
                throw usage("\(name("ops")) names its own algorithms, starts and goals: leave out \(name("algorithm")), \(name("from")) and \(name("to"))")
            }
            if ops == nil, algorithm == nil { throw GraphProducer.noAlgorithm(naming) }
        }

        /// How many runs `ops` holds.
        public func operationCount(_ ops: String) -> Int? {
            try? GraphRun.parse(ops).count
        }

        enum CodingKeys: String, CodingKey {
            case file, algorithm, from, to, ops, layout, pick, directed, hold, code
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
            hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
            code = try c.decodeIfPresent(Bool.self, forKey: .code) ?? false
        }
    }

    /// The keys the messages of graph files, runs and layouts name as flags.
    static let messageKeys = ["pick", "ops", "to", "from", "directed", "layout"]

    static func noAlgorithm(_ naming: OptionNaming) -> ProductionFailure {
        let names = GraphAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
        return ProductionFailure("give \(naming.name("algorithm")) NAME (\(names)) or \(naming.name("ops")) \"bfs A; kruskal\"", status: 64)
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let runs: [GraphRun]
        if let ops = given.ops {
            do throws(GraphRunError) { runs = try GraphRun.parse(ops) } catch {
                throw ProductionFailure("\(context.name("ops")): \(context.worded(error.description, keys: messageKeys))", status: 64)
            }
        } else {
            guard let algorithm = given.algorithm else { throw noAlgorithm(context.naming) }
            runs = [GraphRun(algorithm, from: given.from, to: given.to)]
        }
        let file = try InputFile.path(given.file, in: context)
        let contents: GraphFile.Contents
        do throws(GraphFileError) {
            contents = try GraphFile.load(from: InputSource(argument: file), directed: given.directed ? true : nil, pick: given.pick)
        } catch {
            var said = error
            said.message = context.worded(error.message, keys: ["pick"])
            throw ProductionFailure(said.description, status: error.message.hasPrefix("--pick") ? 64 : 65)
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
                throw failure(e, file: file, ops: given.ops != nil, format: contents.format, directedFlag: given.directed, in: context)
            case .layout(let e) where e.tooLarge != nil && given.layout != nil:
                throw ProductionFailure(context.worded(e.description, keys: messageKeys), status: 64)
            case .layout(let e):
                throw ProductionFailure("\(file): \(context.worded(e.description, keys: messageKeys))", status: 65)
            }
        }
        let title = file == "-" ? "Graph" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let picked = contents.found > 1
            ? ", graph \(contents.picked) of \(contents.found)" + (given.pick == nil ? " (\(context.name("pick")) N for another)" : "") : ""
        return Production(
            script: made.script, title: title, fewer: "the runs take that many steps: run fewer algorithms, or on a smaller graph",
            read: "\(file == "-" ? "standard input" : file) as \(contents.format.description)\(picked), laid out by \(made.engine.rawValue)")
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
    static func failure(
        _ e: GraphRunError, file: String, ops: Bool, format: GraphFile.Format, directedFlag: Bool, in context: ProductionContext
    ) -> ProductionFailure {
        let name = file == "-" ? "<stdin>" : file
        let said = context.worded(e.description, keys: messageKeys)
        switch e {
        case .needsUndirected(let a) where format != .dot:
            // Only DOT says 'graph' or 'digraph': another file is directed
            // by the option, its arrows or its "directed" key.
            let how = directedFlag
                ? "leave out \(context.name("directed"))"
                : format == .json ? "set \"directed\": false" : "write its edges 'a b' or 'a -- b', not 'a -> b'"
            return ProductionFailure("\(name): \(a.rawValue) spans an undirected graph, and this one is read as directed: \(how)", status: 65)
        case .needsDirected(let a) where format != .dot:
            let pass = "pass \(context.name("directed"))"
            let how = format == .json ? "\(pass) (or set \"directed\": true)" : "\(pass) (or write its edges 'a -> b')"
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
        }
    }
}
