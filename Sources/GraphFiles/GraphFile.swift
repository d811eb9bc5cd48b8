import Foundation
import Graphs
import InputText

/// Reads a graph from a file: DOT (the Graphviz language), an edge list
/// (`a b`, `a,b,w`, CSV or TSV, with a header or not), d3-force JSON
/// (`{"nodes": […], "links": […]}`), Sedgewick and Wayne's algs4 files
/// (V, E, then `v w [weight]`), DIMACS (`p sp V E` and `a u v w`, or
/// `p edge V E` and `e u v`), GML or GraphML. The format comes from the
/// content, the file's extension a hint where the content allows two.
///
///     let file = try GraphFile.load(from: InputSource(argument: "g.dot"))
///     file.graph.nodes.count
public enum GraphFile {
    public enum Format: String, Sendable, CaseIterable {
        case dot, edges, json, algs4, dimacs, gml, graphml
    }

    /// What a reader says of its reading, for the summary line: the
    /// counts a counted format gives, where the weights came from, edges
    /// given twice.
    public struct Report: Sendable, Equatable {
        /// Said after the format: "8 vertices, 16 edges".
        public var details: [String] = []
        /// Where the edges' weights came from ("the weight attribute"),
        /// or nil when no edge has one.
        public var weightsFrom: String?
        /// Said of the graph as read: "one edge per pair: …".
        public var notes: [String] = []

        public init() {}
    }

    /// What was read.
    public struct Contents: Sendable {
        public var graph: Graph
        public var format: Format
        /// Which of the file's graphs was read (from 1), and how many it
        /// holds: only a DOT file holds more than one.
        public var picked = 1
        public var found = 1
        /// The encoding the text was in, and what chose it when it was
        /// not UTF-8 or UTF-16 ("its charset", "--encoding").
        public var encoding: TextEncoding = .utf8
        public var encodingFrom: String?
        public var report = Report()
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
        from input: InputSource, format: Format? = nil, directed: Bool? = nil, pick: Int? = nil, encoding: TextEncoding? = nil, multi: Bool = false,
        limits: Limits = Limits()
    ) throws(GraphFileError) -> Contents {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: limits.maxBytes)
        } catch {
            throw GraphFileError(file: input.name, message: error == .directory ? "is a directory, not a graph file" : error.description)
        }
        return try load(bytes, name: input.name, format: format, directed: directed, pick: pick, encoding: encoding, multi: multi, limits: limits)
    }

    /// The graph in `bytes`, named `name` in messages. `directed` overrides
    /// what another format's convention says: an edge list's arrows, an
    /// algs4 file's name, a DIMACS problem line, a JSON, GML or GraphML
    /// file's own key. DOT says it itself, in its grammar (`digraph` and
    /// `->`): a `directed` that contradicts it is refused, one that agrees
    /// is no fault. `pick`
    /// chooses one of a DOT file's graphs (from 1; the first by default).
    /// `encoding` is the text's, when UTF-8 or UTF-16 (told by their
    /// marks), or the `charset` a DOT file declares, or the guess is
    /// wrong. An undirected edge list that gives an edge twice (`a b` and
    /// `b a`) has it once unless `multi`.
    public static func load(
        _ bytes: [UInt8], name: String, format: Format? = nil, directed: Bool? = nil, pick: Int? = nil, encoding: TextEncoding? = nil,
        multi: Bool = false, limits: Limits = Limits()
    ) throws(GraphFileError) -> Contents {
        let text: String
        let decoded: DecodedText
        let declared = encoding == nil ? declaredCharset(bytes) : nil
        do throws(TextError) {
            // The encoding given or declared; else UTF-8, UTF-16, or the
            // legacy encoding uchardet tells.
            decoded = try DecodedText(decoding: bytes, as: encoding ?? declared?.encoding)
            text = decoded.string
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
        let found = format ?? (name.lowercased().hasSuffix(".json") ? .json : detect(text, name: name))
        var graph: Graph
        var picked = (number: 1, of: 1)
        var report = Report()
        switch found {
        case .dot: (graph, picked) = try DOTReader.read(text, name: name, pick: pick, limits: limits, report: &report)
        case .edges: graph = try EdgeListReader.read(text, name: name, directed: directed, multi: multi, limits: limits, report: &report)
        case .json: graph = try GraphJSONReader.read(text, name: name, directed: directed, limits: limits)
        case .algs4: graph = try Algs4Reader.read(text, name: name, directed: directed, multi: multi, limits: limits, report: &report)
        case .dimacs: graph = try DIMACSReader.read(text, name: name, directed: directed, multi: multi, limits: limits, report: &report)
        case .gml: graph = try GMLReader.read(text, name: name, directed: directed, limits: limits, report: &report)
        case .graphml: graph = try GraphMLReader.read(text, name: name, directed: directed, limits: limits, report: &report)
        }
        if found == .json, graph.isWeighted { report.weightsFrom = "'weight', 'value' or 'cost'" }
        if found != .dot, let pick, pick != 1 {
            throw GraphFileError(file: name, message: "--pick \(pick): this file holds one graph; --pick chooses among the graphs of a DOT file")
        }
        if found == .dot, let directed, directed != graph.directed {
            let (flag, kind, other) = directed ? ("--directed", "graph", "a 'digraph' with '->' edges") : ("--undirected", "digraph", "a 'graph' with '--' edges")
            throw GraphFileError(
                file: name,
                message: "\(flag): this is a DOT \(kind), and DOT says itself whether a graph is directed: leave out \(flag), or make the file \(other)")
        }
        guard !graph.nodes.isEmpty else { throw GraphFileError(file: name, message: "has no nodes: expected at least one node or edge") }
        try checkSize(graph, name: name, limits: limits)
        var contents = Contents(graph: graph, format: found, picked: picked.number, found: picked.of)
        contents.encoding = decoded.encoding
        contents.encodingFrom = encoding != nil ? "--encoding" : declared?.by
        contents.report = report
        return contents
    }

    /// The encoding a DOT file's `charset` attribute names when it is not
    /// UTF-8 (`charset=latin1`, `"iso-8859-1"`, `l1`), or an XML file's
    /// declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`), read
    /// from the bytes before they are decoded: Graphviz and XML read such
    /// a file in Latin-1.
    static func declaredCharset(_ bytes: [UInt8]) -> (encoding: TextEncoding, by: String)? {
        // The word is ASCII in every encoding a graph file is written in.
        let ascii = String(decoding: bytes.prefix(1 << 16).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        let xml = ascii.firstMatch(of: /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9_-]+)["']/)?.1
        guard let found = xml ?? ascii.firstMatch(of: /(?i)\bcharset\s*=\s*"?([A-Za-z0-9_-]+)"?/)?.1 else { return nil }
        let value = found.lowercased().filter { $0.isLetter || $0.isNumber }
        guard ["latin1", "isolatin1", "iso88591", "l1", "latin", "windows1252", "cp1252"].contains(value) else { return nil }
        return (.windows1252, xml != nil ? "its XML declaration" : "its charset")
    }

    /// Text from the file as a message quotes it: at most 40 characters,
    /// line breaks and other controls written as `\n` and `\u{…}`, so
    /// that the message stays one line.
    static func shown(_ text: some StringProtocol) -> String {
        TextLimits.shown(text).unicodeScalars.map { s in
            s == "\n" ? "\\n" : s.properties.generalCategory == .control || s == "\u{2028}" || s == "\u{2029}" ? "\\u{\(String(s.value, radix: 16))}" : String(s)
        }.joined()
    }

    /// Keeps one edge of each pair an undirected graph gives twice (`a b`
    /// and `b a`, or `a b` again), the first, and says so in `report`;
    /// `given` names what the edges were written on ("lines").
    static func mergeDoubled(_ graph: inout Graph, report: inout Report, given: String) {
        guard !graph.directed else { return }
        var seen = Set<UInt64>()
        var kept = [Graph.Edge]()
        kept.reserveCapacity(graph.edges.count)
        for edge in graph.edges {
            let (a, b) = (min(edge.from, edge.to), max(edge.from, edge.to))
            if seen.insert(UInt64(a) << 32 | UInt64(b)).inserted { kept.append(edge) }
        }
        guard kept.count < graph.edges.count else { return }
        let twice = graph.edges.count - kept.count
        report.notes.append(
            "one edge per pair: \(grouped(kept.count)) edges from \(grouped(graph.edges.count)) \(given), "
                + "\(grouped(twice)) giving an edge again (as an undirected list often gives each both ways); --multi keeps them all")
        graph.edges = kept
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
    /// the whole is JSON; GraphML when with an XML element and it names
    /// `<graphml`; GML when with `graph [` (after `Creator "…"`-style
    /// pairs); DIMACS when its first line that is no `c` comment is
    /// `p KIND V E`; algs4 when its first two lines are a whole number
    /// each and the third an edge between vertices below the first; else
    /// an edge list, unless `name`'s extension is `.gml`, `.graphml`, `.gr`
    /// or `.col`: the extension is a hint, never over what the content says.
    public static func detect(_ text: String, name: String = "") -> Format {
        if GraphMLReader.looksLike(text) { return .graphml }
        if GMLReader.looksLike(text) { return .gml }
        if DIMACSReader.looksLike(text) { return .dimacs }
        if Algs4Reader.looksLike(text) { return .algs4 }
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
        // What looks like no format's content but is named as one is read
        // as that format, whose reader says what is wrong with it (a `.gr`
        // without its problem line), instead of read as an edge list.
        let hints: [String: Format] = ["gml": .gml, "graphml": .graphml, "gr": .dimacs, "col": .dimacs, "dimacs": .dimacs]
        return hints[URL(fileURLWithPath: name).pathExtension.lowercased()] ?? .edges
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

/// `n` and `word`, plural unless `n` is 1: "1 edge", "3 edges",
/// "16 vertices".
func counted(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
    "\(grouped(n)) \(n == 1 ? word : plural ?? word + "s")"
}
