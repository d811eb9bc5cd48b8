import Foundation
import Graphs
import InputText

/// Reads a graph from a file: DOT (the Graphviz language), an edge list
/// (`a b`, `a,b,w`, CSV or TSV, with a header or not) or d3-force JSON
/// (`{"nodes": […], "links": […]}`). The format comes from the content.
///
///     let file = try GraphFile.load(from: InputSource(argument: "g.dot"))
///     file.graph.nodes.count
public enum GraphFile {
    public enum Format: String, Sendable, CaseIterable {
        case dot, edges, json
    }

    /// What was read.
    public struct Contents: Sendable {
        public var graph: Graph
        public var format: Format
        /// Which of the file's graphs was read (from 1), and how many it
        /// holds: only a DOT file holds more than one.
        public var picked = 1
        public var found = 1
    }

    /// What a graph file may hold.
    public struct Limits: Sendable {
        public var maxBytes = 16 << 20
        public var maxNodes = 10_000
        public var maxEdges = 100_000
        /// The longest label, name or id, in `Character`s: 1,000, as tree
        /// files have it (some twenty lines of a slide).
        public var maxLabelLength = 1_000
        /// The most code points one character (a grapheme cluster) may
        /// hold: 32, room for the longest emoji sequences; a letter under
        /// thousands of combining marks is a hostile file, not a label.
        public var maxScalarsPerCharacter = 32
        /// The largest coordinate a position may have, either way: a
        /// billion (points in DOT, the file's units in JSON). Positions are
        /// scaled to the frame, so only their shape matters; this bound
        /// keeps that shape exact in a double.
        public var maxCoordinate = 1e9

        public init() {}
    }

    /// The graph in `input`.
    public static func load(
        from input: InputSource, format: Format? = nil, directed: Bool? = nil, pick: Int? = nil, limits: Limits = Limits()
    ) throws(GraphFileError) -> Contents {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: limits.maxBytes)
        } catch {
            throw GraphFileError(file: input.name, message: error == .directory ? "is a directory, not a graph file" : error.description)
        }
        return try load(bytes, name: input.name, format: format, directed: directed, pick: pick, limits: limits)
    }

    /// The graph in `bytes`, named `name` in messages. `directed` overrides
    /// what an edge list or JSON file says (DOT says it itself); `pick`
    /// chooses one of a DOT file's graphs (from 1; the first by default).
    public static func load(
        _ bytes: [UInt8], name: String, format: Format? = nil, directed: Bool? = nil, pick: Int? = nil, limits: Limits = Limits()
    ) throws(GraphFileError) -> Contents {
        let text: String
        do throws(TextError) {
            // UTF-8, UTF-16, or the legacy encoding uchardet tells.
            text = try DecodedText(decoding: bytes, as: nil).string
        } catch {
            throw GraphFileError(file: name, line: error.position?.line, column: error.position?.column, message: error.description)
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw GraphFileError(file: name, message: "the file is empty: expected a graph (DOT, an edge list or JSON)")
        }
        // Graphviz reads C strings, and a label is text: a NUL would end
        // the file or the label where it stands.
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            throw GraphFileError(file: name, line: line, message: "a NUL character (byte 0): a graph file is text; remove it")
        }
        // A `.json` file is read as JSON whatever it holds: as an edge
        // list, `[1,2]` would be an edge from `[1` to `2]`.
        let found = format ?? (name.lowercased().hasSuffix(".json") ? .json : detect(text))
        var graph: Graph
        var picked = (number: 1, of: 1)
        switch found {
        case .dot: (graph, picked) = try DOTReader.read(text, name: name, pick: pick, limits: limits)
        case .edges: graph = try EdgeListReader.read(text, name: name, directed: directed ?? false, limits: limits)
        case .json: graph = try GraphJSONReader.read(text, name: name, directed: directed, limits: limits)
        }
        if found != .dot, let pick, pick != 1 {
            throw GraphFileError(file: name, message: "--pick \(pick): this file holds one graph; --pick chooses among the graphs of a DOT file")
        }
        if found == .dot, let directed, directed != graph.directed {
            throw GraphFileError(
                file: name,
                message: "is a DOT \(graph.directed ? "digraph" : "graph"): it says itself whether it is directed; leave out --\(directed ? "directed" : "undirected")")
        }
        guard !graph.nodes.isEmpty else { throw GraphFileError(file: name, message: "has no nodes: expected at least one node or edge") }
        try checkSize(graph, name: name, limits: limits)
        return Contents(graph: graph, format: found, picked: picked.number, found: picked.of)
    }

    /// Refuses a graph of more nodes or edges than `limits` allow.
    static func checkSize(_ graph: Graph, name: String, limits: Limits) throws(GraphFileError) {
        guard graph.nodes.count <= limits.maxNodes else {
            throw GraphFileError(file: name, message: "has \(grouped(graph.nodes.count)) nodes, more than the \(grouped(limits.maxNodes)) treeanim draws")
        }
        guard graph.edges.count <= limits.maxEdges else {
            throw GraphFileError(file: name, message: "has \(grouped(graph.edges.count)) edges, more than the \(grouped(limits.maxEdges)) treeanim draws")
        }
    }

    /// The format of `text`: DOT when it starts (after comments) with
    /// `graph`, `digraph` or `strict`; JSON when with `{`, or with `[` and
    /// the whole is JSON; else an edge list.
    public static func detect(_ text: String) -> Format {
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if rest.hasPrefix("//") || rest.hasPrefix("#") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        if rest.first == "{" { return .json }
        if rest.first == "[", (try? JSONSerialization.jsonObject(with: Data(rest.utf8), options: [.fragmentsAllowed])) != nil { return .json }
        let word = rest.prefix { $0.isLetter }.lowercased()
        if ["graph", "digraph", "strict"].contains(word) {
            let after = rest.dropFirst(word.count).first
            if after == nil || after!.isWhitespace || after == "{" { return .dot }
        }
        return .edges
    }

    /// A number as people write weights: `3`, `-2.5`, `1e3`, `4,5` (a
    /// decimal comma), with no unit.
    static func number(_ s: String) -> Double? {
        let t = s.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, let v = Double(t) ?? (t.filter { $0 == "," }.count == 1 ? Double(t.replacingOccurrences(of: ",", with: ".")) : nil),
            v.isFinite
        else { return nil }
        return v
    }
}
