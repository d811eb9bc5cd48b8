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
    }

    /// What a graph file may hold.
    public struct Limits: Sendable {
        public var maxBytes = 16 << 20
        public var maxNodes = 10_000
        public var maxEdges = 100_000

        public init() {}
    }

    /// The graph in `input`.
    public static func load(
        from input: InputSource, format: Format? = nil, directed: Bool? = nil, limits: Limits = Limits()
    ) throws(GraphFileError) -> Contents {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: limits.maxBytes)
        } catch {
            throw GraphFileError(file: input.name, message: error == .directory ? "is a directory, not a graph file" : error.description)
        }
        return try load(bytes, name: input.name, format: format, directed: directed, limits: limits)
    }

    /// The graph in `bytes`, named `name` in messages. `directed` overrides
    /// what an edge list or JSON file says (DOT says it itself).
    public static func load(
        _ bytes: [UInt8], name: String, format: Format? = nil, directed: Bool? = nil, limits: Limits = Limits()
    ) throws(GraphFileError) -> Contents {
        let text: String
        do throws(TextError) {
            text = try DecodedText(decoding: bytes).string
        } catch {
            throw GraphFileError(file: name, line: error.position?.line, column: error.position?.column, message: error.description)
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw GraphFileError(file: name, message: "the file is empty: expected a graph (DOT, an edge list or JSON)")
        }
        let found = format ?? detect(text)
        var graph: Graph
        switch found {
        case .dot: graph = try DOTReader.read(text, name: name)
        case .edges: graph = try EdgeListReader.read(text, name: name, directed: directed ?? false)
        case .json: graph = try GraphJSONReader.read(text, name: name, directed: directed)
        }
        if found == .dot, let directed, directed != graph.directed {
            throw GraphFileError(
                file: name,
                message: "is a DOT \(graph.directed ? "digraph" : "graph"): it says itself whether it is directed; leave out --\(directed ? "directed" : "undirected")")
        }
        guard !graph.nodes.isEmpty else { throw GraphFileError(file: name, message: "has no nodes: expected at least one node or edge") }
        guard graph.nodes.count <= limits.maxNodes else {
            throw GraphFileError(file: name, message: "has \(graph.nodes.count) nodes, more than the \(limits.maxNodes) treeanim draws")
        }
        guard graph.edges.count <= limits.maxEdges else {
            throw GraphFileError(file: name, message: "has \(graph.edges.count) edges, more than the \(limits.maxEdges) treeanim draws")
        }
        return Contents(graph: graph, format: found)
    }

    /// The format of `text`: DOT when it starts (after comments) with
    /// `graph`, `digraph` or `strict`; JSON when with `{`; else an edge
    /// list.
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
