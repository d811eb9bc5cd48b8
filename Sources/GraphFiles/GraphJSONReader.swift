import Foundation
import Geometry
import Graphs

/// Reads d3-force's `{nodes, links}` JSON (and networkx's node-link data,
/// which adds `directed`): nodes with an `id` (else their place in the
/// list), a `label` or `name`, and optional `x`/`y`; links (or `edges`)
/// with `source` and `target` (ids, or indices into the nodes as d3
/// allows) and an optional `weight` or `value`, and `label`.
enum GraphJSONReader {
    static func read(_ text: String, name: String, directed: Bool?) throws(GraphFileError) -> Graph {
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
        var graph = Graph(directed: directed ?? (top["directed"] as? Bool) ?? false)
        var ids = [String]()
        for (i, n) in nodes.enumerated() {
            let fields = n as? [String: Any] ?? [:]
            let id = fields["id"].flatMap(scalar) ?? (n is [String: Any] ? String(i) : scalar(n) ?? String(i))
            let label = (fields["label"] ?? fields["name"]).flatMap(scalar)
            guard graph.node(id) == nil else { throw GraphFileError(file: name, message: "nodes[\(i)]: the id \"\(id)\" is used twice") }
            let k = graph.node(named: id, label: label)
            if let x = number(fields["x"]), let y = number(fields["y"]) { graph.nodes[k].position = Point(x, y) }
            ids.append(id)
        }
        for (i, l) in links.enumerated() {
            guard let fields = l as? [String: Any] else {
                throw GraphFileError(file: name, message: "links[\(i)]: expected an object with \"source\" and \"target\"")
            }
            var ends = [Int]()
            for key in ["source", "target"] {
                guard let value = fields[key] else { throw GraphFileError(file: name, message: "links[\(i)] has no \"\(key)\"") }
                // An id; else, as d3 reads a number, an index into the nodes.
                let end = (value as? [String: Any]).flatMap { $0["id"] }.flatMap(scalar) ?? scalar(value) ?? ""
                if let k = graph.node(end) {
                    ends.append(k)
                } else if let index = value as? Int, ids.indices.contains(index) {
                    ends.append(index)
                } else {
                    throw GraphFileError(file: name, message: "links[\(i)]: the \(key) \"\(end)\" is not the id of a node")
                }
            }
            let weight = number(fields["weight"] ?? fields["value"] ?? fields["cost"])
            graph.edges.append(Graph.Edge(from: ends[0], to: ends[1], weight: weight, label: fields["label"].flatMap(scalar)))
        }
        return graph
    }

    static func scalar(_ v: Any) -> String? {
        switch v {
        case let s as String: s
        case let n as NSNumber: n.stringValue
        default: nil
        }
    }

    static func number(_ v: Any?) -> Double? {
        switch v {
        case let n as NSNumber: n.doubleValue
        case let s as String: GraphFile.number(s)
        default: nil
        }
    }

    static func reason(_ error: Error) -> String {
        let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return said
    }
}
