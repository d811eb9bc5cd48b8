import Foundation
import Geometry
import Graphs

/// Reads d3-force's `{nodes, links}` JSON (and networkx's node-link data,
/// which adds `directed`): nodes with an `id` (else their place in the
/// list), a `label` or `name`, and optional `x`/`y`; links (or `edges`)
/// with `source` and `target` (ids, or indices into the nodes as d3
/// allows) and an optional `weight` or `value`, and `label`.
enum GraphJSONReader {
    static func read(_ text: String, name: String, directed: Bool?, limits: GraphFile.Limits) throws(GraphFileError) -> Graph {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw invalid(error, in: text, name: name)
        }
        guard let top = object as? [String: Any] else {
            throw GraphFileError(
                file: name, line: 1,
                message: "expected a graph: a JSON object {\"nodes\": […], \"links\": […]} (d3-force's node-link data), found \(shape(of: object))")
        }
        guard let nodes = top["nodes"] as? [Any] else {
            throw GraphFileError(file: name, message: "expected a \"nodes\" list in the JSON object (d3-force's {nodes, links})")
        }
        let links = (top["links"] ?? top["edges"] ?? [Any]()) as? [Any] ?? []
        let places = JSONPlaces(text)
        func fail(_ list: String, _ i: Int, _ message: String) -> GraphFileError {
            let lines = list == "nodes" ? places.nodes : places.links
            return GraphFileError(file: name, line: lines.indices.contains(i) ? lines[i] : nil, message: "\(list)[\(i)]: \(message)")
        }
        var graph = Graph(directed: directed ?? (top["directed"] as? Bool) ?? false)
        var ids = [String]()
        // The node each id was given to, and how it was written: `1`,
        // `"1"` and `true` are different JSON, and the same text.
        var given = [String: (index: Int, kind: String)]()
        for (i, n) in nodes.enumerated() {
            let fields = n as? [String: Any] ?? [:]
            let written = fields["id"] ?? (n is [String: Any] ? nil : n)
            let id = written.flatMap(scalar) ?? String(i)
            let label = (fields["label"] ?? fields["name"]).flatMap(scalar)
            for (what, text) in [("id", id), ("label", label ?? "")] {
                if let problem = GraphFile.problem(with: text, what: what, limits: limits) { throw fail("nodes", i, problem) }
            }
            let kind = written.map(Self.kind) ?? "its place in the list"
            if let earlier = given[id] {
                let shown = kind == "a string" ? "\"\(id)\"" : id
                if earlier.kind == kind {
                    throw fail("nodes", i, "the id \(shown) is used twice (nodes[\(earlier.index)] has it too): give each node its own id")
                }
                throw fail(
                    "nodes", i,
                    "the id \(shown) (\(kind)) is nodes[\(earlier.index)]'s id (\(earlier.kind)) once read as text, "
                        + "as node names are: give each node its own id")
            }
            given[id] = (i, kind)
            let k = graph.node(named: id, label: label)
            if let x = number(fields["x"]), let y = number(fields["y"]) {
                if let problem = GraphFile.positionProblem(x: x, y: y, written: "the position x \(x), y \(y)", limits: limits) {
                    throw fail("nodes", i, problem)
                }
                graph.nodes[k].position = Point(x, y)
            }
            ids.append(id)
        }
        for (i, l) in links.enumerated() {
            guard let fields = l as? [String: Any] else {
                throw fail("links", i, "expected an object with \"source\" and \"target\"")
            }
            var ends = [Int]()
            for key in ["source", "target"] {
                guard let value = fields[key] else { throw fail("links", i, "has no \"\(key)\"") }
                // An id; else, as d3 reads a number, an index into the nodes.
                let end = (value as? [String: Any]).flatMap { $0["id"] }.flatMap(scalar) ?? scalar(value) ?? ""
                if let k = graph.node(end) {
                    ends.append(k)
                } else if let index = value as? Int, ids.indices.contains(index) {
                    ends.append(index)
                } else {
                    throw fail("links", i, "the \(key) \"\(end)\" is not the id of a node")
                }
            }
            let weight = number(fields["weight"] ?? fields["value"] ?? fields["cost"])
            let label = fields["label"].flatMap(scalar)
            if let label, let problem = GraphFile.problem(with: label, what: "label", limits: limits) { throw fail("links", i, problem) }
            graph.edges.append(Graph.Edge(from: ends[0], to: ends[1], weight: weight, label: label))
        }
        return graph
    }

    /// How a JSON id is written, for a message about two that read the same.
    static func kind(_ v: Any) -> String {
        switch v {
        case is String: "a string"
        case let n as NSNumber: isBool(n) ? "a boolean" : "a number"
        default: "a value"
        }
    }

    /// Whether JSONSerialization read `n` from `true` or `false`: it keeps
    /// booleans as NSNumbers of type `c`, and numbers as other types.
    static func isBool(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    static func scalar(_ v: Any) -> String? {
        switch v {
        case let s as String: s
        case let n as NSNumber: isBool(n) ? (n.boolValue ? "true" : "false") : n.stringValue
        default: nil
        }
    }

    static func number(_ v: Any?) -> Double? {
        switch v {
        case let n as NSNumber: isBool(n) ? nil : n.doubleValue
        case let s as String: GraphFile.number(s)
        default: nil
        }
    }

    static func reason(_ error: Error) -> String {
        let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return said
    }

    /// Foundation's complaint about `text` as one line at its place, worded
    /// as the tree JSON reader words its own: what was expected, and what
    /// was found there.
    static func invalid(_ error: Error, in text: String, name: String) -> GraphFileError {
        let said = reason(error)
        let bytes = Array(text.utf8)
        if let m = said.firstMatch(of: /Number (\S+) is not representable/) {
            let number = String(m.1)
            let at = text.firstRange(of: number).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) }
            let (line, column) = at.map { place(of: $0, in: bytes) } ?? (nil, nil)
            return GraphFileError(
                file: name, line: line, column: column,
                message: "the number \(number) is out of range: write a number within ±1.8e308 (a double)")
        }
        guard let m = said.firstMatch(of: /around character (\d+)/), let offset = Int(m.1), offset <= bytes.count else {
            return GraphFileError(file: name, message: "not valid JSON: \(said)")
        }
        let (line, column) = place(of: offset, in: bytes)
        let found = found(at: offset, in: bytes)
        // A whole value before the place: what follows it is extra.
        if offset > 0, (try? JSONSerialization.jsonObject(with: Data(bytes[..<offset]), options: [.fragmentsAllowed])) != nil {
            return GraphFileError(file: name, line: line, column: column, message: "expected the end of the file after the graph object, found \(found)")
        }
        let what = said.prefix { $0 != "." }.replacing(/\s+around character \d+/, with: "").lowercased()
        return GraphFileError(file: name, line: line, column: column, message: "not valid JSON (\(what)): found \(found)")
    }

    /// The line and column (from 1, the column in characters) of UTF-8
    /// offset `offset`.
    static func place(of offset: Int, in bytes: [UInt8]) -> (Int?, Int?) {
        let before = bytes[..<offset]
        let lineStart = (before.lastIndex(of: 10) ?? -1) + 1
        let line = before.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        return (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
    }

    /// What stands at `offset`, for a message: `'x'`, a word in quotes,
    /// the end of the line or of the file.
    static func found(at offset: Int, in bytes: [UInt8]) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        if bytes[offset] == 10 || bytes[offset] == 13 { return "the end of the line" }
        let word = String(decoding: bytes[offset...].prefix(80), as: UTF8.self)
            .prefix { !$0.isWhitespace && !",:[]{}".contains($0) }.prefix(20)
        return "'\(word.isEmpty ? String(decoding: bytes[offset...].prefix(1), as: UTF8.self) : String(word))'"
    }

    /// What a top-level JSON value is, for a message.
    static func shape(of v: Any) -> String {
        switch v {
        case is [Any]: "a list"
        case is String: "a string"
        case let n as NSNumber: isBool(n) ? "a boolean" : "a number"
        default: "null"
        }
    }
}
