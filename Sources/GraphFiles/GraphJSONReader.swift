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
            throw GraphFileError(file: name, message: "not valid JSON: \(reason(error))")
        }
        guard let top = object as? [String: Any] else {
            throw GraphFileError(file: name, message: "expected a JSON object with \"nodes\" and \"links\"")
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
}
