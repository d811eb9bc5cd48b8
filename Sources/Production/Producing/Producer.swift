import Diagram
import Foundation
import InputText
import Producers
import Raster

/// A kind of animation treeanim makes (a heap, a graph, a bar chart): typed
/// options in, a script out. The command line makes its subcommands of the
/// producers in ``ProducerRegistry``, and a lecture its sections; both
/// render what a producer makes through one ``RenderSession``.
public protocol Producer: Sendable {
    associatedtype Options: ProducerOptions
    /// The name the command line and a lecture call it by: `heap`.
    static var name: String { get }
    /// The animation `options` ask for: inputs read, bounds checked before
    /// the work, the script built.
    static func make(_ options: Options, in context: ProductionContext) throws(ProductionFailure) -> Production
}

/// A producer's own options: what its subcommand's flags set, and what a
/// lecture's section writes as keys (the flags' long names, without the
/// dashes). Decoded from a lecture by their coding keys.
public protocol ProducerOptions: Decodable, Sendable {
    /// The options with every default.
    init()
    /// The keys the options take, as a lecture writes them.
    static var keys: [OptionKey] { get }
    /// Checks the options together (each value in range, no two sources
    /// of one input), naming each option as `naming` says.
    func check(naming: OptionNaming) throws(ProductionFailure)
}

/// Options that can show each operation's pseudocode beside the drawing:
/// a lecture's `--code` turns it on for every section that has it.
public protocol CodeShowing {
    var code: Bool { get set }
}

/// A key a producer's options take.
public struct OptionKey: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A value: `ops: "insert 3"`, `fps: 24`.
        case value
        /// On or off: `code: true`.
        case flag
        /// A path read from the lecture's folder: `ops-file: ops.txt`.
        case path
    }

    public var name: String
    public var kind: Kind

    public init(_ name: String, _ kind: Kind = .value) {
        self.name = name
        self.kind = kind
    }
}

/// What a producer makes: the script, and what the session says of it.
public struct Production: Sendable {
    public var script: Script
    /// The animation's name in a deck or handout, unless the options give a title.
    public var title: String
    /// What shortens it, as a note on a long animation says it: "use fewer keys".
    public var fewer: String
    /// The exit status of an animation found too large once built: 64
    /// when options gave the input, 65 for a file.
    public var status: Int32
    /// What the input was read as, for the summary line.
    public var read: String?
    /// Lines said once the animation is made (the seed of random keys).
    public var afterword: [String]

    public init(script: Script, title: String, fewer: String, status: Int32 = 64, read: String? = nil, afterword: [String] = []) {
        self.script = script
        self.title = title
        self.fewer = fewer
        self.status = status
        self.read = read
        self.afterword = afterword
    }
}

/// Where a producer works: the session it renders in (its options, limits
/// and log), the font, and how its options are named and its paths read.
public struct ProductionContext: Sendable {
    public var session: RenderSession
    public var font: Font
    public var naming: OptionNaming
    /// The folder relative paths are read from (a lecture's); nil for the
    /// working folder.
    public var folder: String?
    /// The producer's name, as a lecture's section names it.
    public var section: String
    /// Input files held in memory, by the name an option gives them (the
    /// studio's uploaded graph): read from here, never from the disk.
    public var uploads: [String: [UInt8]] = [:]

    public init(session: RenderSession, font: Font, naming: OptionNaming = .flags, folder: String? = nil, section: String = "") {
        self.session = session
        self.font = font
        self.naming = naming
        self.folder = folder
        self.section = section
    }

    /// The options every animation shares.
    public var options: RenderOptions { session.options }

    /// The stage of the frame the options give.
    public var stage: Stage { Stage(options.settings) }

    public var labels: LabelFit { LabelFit(font: font) }

    /// `key` as this context names it: `--ops` or `ops`.
    public func name(_ key: String) -> String { naming.name(key) }

    /// `path` as written, read from ``folder`` when relative.
    public func resolved(_ path: String) -> String {
        guard let folder, path != "-", !path.hasPrefix("/") else { return path }
        return (folder as NSString).appendingPathComponent(path)
    }

    /// Who reads a file given as `key`, as a refusal to overwrite it says:
    /// `--ops-file`, or `the lecture's heap section (ops-file:)`.
    public func role(_ key: String) -> String {
        naming == .flags ? "--" + key : "the lecture's \(section) section (\(key):)"
    }
}

extension RenderSession {
    /// Makes and renders the animation `producer` makes of `options`, then
    /// says its afterword.
    public func produce<P: Producer>(_ producer: P.Type, _ options: P.Options) throws(ProductionFailure) -> RenderOutcome {
        let font = try font()
        let made = try P.make(options, in: ProductionContext(session: self, font: font, section: P.name))
        let outcome = try run(made.script, font: font, title: made.title, fewer: made.fewer, status: made.status, read: made.read)
        for line in made.afterword { log.write(line + "\n") }
        return outcome
    }
}

/// Every producer, by the name its subcommand and a lecture's section take,
/// in the order the command line lists them.
public enum ProducerRegistry {
    public static let all: [any Producer.Type] = [
        BSTProducer.self,
        AVLProducer.self,
        RBProducer.self,
        HeapProducer.self,
        ListProducer.self,
        StackProducer.self,
        QueueProducer.self,
        HashProducer.self,
        BTreeProducer.self,
        TrieProducer.self,
        TreeProducer.self,
        FamilyProducer.self,
        BarsProducer.self,
        SortProducer.self,
        GraphProducer.self,
    ]

    /// The producer called `name`.
    public static func named(_ name: String) -> (any Producer.Type)? {
        all.first { $0.name == name }
    }
}

/// Options whose operations are written as `ops`: a lecture may give them
/// in parts, a question before each part after the first, and stops
/// before the step of the first operation of each part.
public protocol OperationsGiven {
    var ops: String? { get set }
    /// How many operations `ops` holds; nil when it does not parse.
    func operationCount(_ ops: String) -> Int?
}

/// Options whose operations come from an ``OperationInput``.
public protocol OperationDriven: OperationsGiven {
    associatedtype Operation: OperationList
    var operations: OperationInput<Operation> { get set }
}

extension OperationDriven {
    public var ops: String? {
        get { operations.ops }
        set { operations.ops = newValue }
    }

    public func operationCount(_ ops: String) -> Int? {
        try? Operation.parse(ops, lines: false).count
    }
}

extension Producer {
    /// The keys its options take.
    public static var optionKeys: [OptionKey] { Options.keys }
}
