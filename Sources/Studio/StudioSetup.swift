import Foundation
import Production

/// What a studio session animates, chosen before its first operation: the
/// structure (a producer that takes operations, or `graph`), its options as
/// a lecture's section writes them (`probing: linear`, `code: true`), and
/// the theme. The operations come later, a run at a time.
public struct StudioSetup: Sendable, Equatable {
    /// The producer's name: `bst`, `heap`, `graph` …
    public var structure: String
    /// The section's options besides `ops` (and, for a graph, `file`), in
    /// the order given; a key given twice keeps its last value.
    public var options: [StudioOption]
    public var theme: ThemeName
    /// The graph a `graph` session runs its algorithms on, read in memory.
    public var upload: StudioUpload?

    public init(structure: String = "bst", options: [StudioOption] = [], theme: ThemeName = .light, upload: StudioUpload? = nil) {
        self.structure = structure
        self.options = options
        self.theme = theme
        self.upload = upload
    }

    /// The structures the studio offers, in the registry's order: every
    /// producer that takes `ops` or `values` and reads no file (a tree,
    /// family or bar chart is drawn from one, not typed a run at a time),
    /// and the graph, whose operations are its algorithms' runs on an
    /// uploaded graph.
    public static var structures: [String] {
        ProducerRegistry.all.filter { producer in
            let keys = Set(producer.optionKeys.map(\.name))
            return !keys.isDisjoint(with: ["ops", "values"]) && !keys.contains("file")
        }.map { $0.name } + ["graph"]
    }

    /// Whether the structure takes operations (`ops`): each run then goes
    /// on with the same structure. One that takes only `values` (a sort)
    /// makes a section of each run, its values the run's.
    public var takesOperations: Bool {
        ProducerRegistry.named(structure)?.optionKeys.contains { $0.name == "ops" } == true
    }

    /// Checks what can be checked before any operation: a known structure,
    /// option keys the structure takes, and a graph to run on.
    public func check() throws(ProductionFailure) {
        guard Self.structures.contains(structure), let producer = ProducerRegistry.named(structure) else {
            throw ProductionFailure(
                "unknown structure '\(StudioText.shown(structure))': the studio has \(Self.structures.joined(separator: ", "))", status: 64)
        }
        // `name:` names the section, as in any lecture.
        let keys = Set(producer.optionKeys.map(\.name)).subtracting(["ops", "ops-file", "file", "inserts", "values", "range", "seed"])
            .union(["name"])
        for option in options {
            guard keys.contains(option.key) else {
                throw ProductionFailure(
                    "\(structure) has no option '\(StudioText.shown(option.key))' here: it takes \(keys.sorted().joined(separator: ", "))",
                    status: 64)
            }
        }
        if structure == "graph", upload == nil {
            throw ProductionFailure("graph: upload or paste a graph (DOT, an edge list or JSON) first", status: 64)
        }
    }
}

/// One option of a section, as a lecture writes it: `probing: linear`.
public struct StudioOption: Sendable, Equatable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }

    /// Options written one a line as `key: value` (or `key=value`); blank
    /// lines and lines starting with `#` are skipped.
    public static func parse(_ text: String) throws(ProductionFailure) -> [StudioOption] {
        var options = [StudioOption]()
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let cut = line.firstIndex(where: { $0 == ":" || $0 == "=" }) else {
                throw ProductionFailure("options, line \(n + 1): write an option as key: value, e.g. probing: linear", status: 64)
            }
            let key = line[..<cut].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: cut)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw ProductionFailure("options, line \(n + 1): '\(StudioText.shown(key))' is no option name", status: 64)
            }
            options.append(StudioOption(key, value))
        }
        return options
    }
}

/// A graph file sent by the page: its name (which the lecture's `file:`
/// names) and its bytes, never a path on the server.
public struct StudioUpload: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// `name` made a plain file name: its last path component, with only
    /// letters, digits, `.`, `-` and `_`; `graph.dot` when nothing is left.
    public static func fileName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(last.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
            .map(Character.init))
        let trimmed = kept.drop { $0 == "." }
        return trimmed.isEmpty ? "graph.dot" : String(trimmed.prefix(100))
    }
}
