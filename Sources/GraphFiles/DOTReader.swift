import CGraphviz
import Foundation
import Geometry
import Graphs

/// Reads DOT with Graphviz's own parser (libcgraph), so every graph
/// Graphviz reads is read here: subgraphs, attribute lists, HTML labels,
/// ports, `strict`. A node's label is its `label` (with `\N` for its name)
/// unless that is HTML; an edge's weight is its `weight`, else its `label`
/// when that is a number; `pos` (points, y up) gives positions.
enum DOTReader {
    static func read(_ text: String, name: String) throws(GraphFileError) -> Graph {
        let result: Result<Graph, GraphFileError> = Graphviz.serially {
            var message = [CChar](repeating: 0, count: 512)
            guard let g = cgv_read(text, &message, message.count) else {
                let said = String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
                return .failure(syntaxError(said, in: text, name: name))
            }
            defer { cgv_close(g) }
            return .success(Self.graph(of: g))
        }
        var graph = try result.get()
        // Lines of edges, for messages about a weight: the first line that
        // names both ends, looked for a few lines on from the last edge's
        // (edges come in the order they are written), so that reading stays
        // linear in the file; an edge not found there has no line.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var from = 0
        for k in graph.edges.indices {
            let (a, b) = (graph.nodes[graph.edges[k].from].name, graph.nodes[graph.edges[k].to].name)
            if let i = (from..<min(from + 64, lines.count)).first(where: { lines[$0].contains(a) && lines[$0].contains(b) }) {
                graph.edges[k].line = i + 1
                // The weight's column: after `weight=`, else the label's.
                let line = lines[i]
                if let r = line.range(of: "weight") ?? (graph.edges[k].label.isEmpty ? nil : line.range(of: graph.edges[k].label)) {
                    graph.edges[k].column = line.distance(from: line.startIndex, to: r.lowerBound) + 1
                }
                from = i
            }
        }
        return graph
    }

    /// Graphviz's message as one line with the place: its line, and the
    /// column of the token it names on that line.
    static func syntaxError(_ said: String, in text: String, name: String) -> GraphFileError {
        // "syntax error in line 3 near 'x'"
        let pattern = /syntax error in line (\d+)(?: near '(.*)')?/
        guard let m = said.firstMatch(of: pattern), let line = Int(m.1) else {
            return GraphFileError(file: name, message: "not a DOT graph Graphviz reads: \(said)")
        }
        var column: Int?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let near = m.2.map(String.init), !near.isEmpty, line - 1 < lines.count, let r = lines[line - 1].range(of: near) {
            column = lines[line - 1].distance(from: lines[line - 1].startIndex, to: r.lowerBound) + 1
        }
        let token = m.2.map { $0.isEmpty ? "" : " near '\($0)'" } ?? ""
        return GraphFileError(file: name, line: line, column: column, message: "DOT syntax error\(token): expected a node, an edge or an attribute (see graphviz.org/doc/info/lang.html)")
    }

    static func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }

    static func graph(of g: UnsafeMutableRawPointer) -> Graph {
        var graph = Graph(directed: cgv_directed(g) != 0)
        if let rankdir = string(cgv_attr(g, "rankdir")), ["LR", "RL", "TB", "BT"].contains(rankdir.uppercased()) {
            graph.rankdir = rankdir.uppercased()
        }
        var handles = [UnsafeMutableRawPointer: Int]()
        var n = cgv_first_node(g)
        while let node = n {
            let name = string(cgv_name(node)) ?? ""
            var label = string(cgv_attr(node, "label")).flatMap { $0.isEmpty || $0 == "\\N" ? nil : $0 }
            if cgv_html_label(node) != 0 { label = nil }
            if let shape = string(cgv_attr(node, "shape"))?.lowercased(), shape == "record" || shape == "mrecord" {
                label = label.map(recordText)
            }
            let i = graph.node(named: name, label: label.map { escapes($0, name: name) })
            if let pos = string(cgv_attr(node, "pos")), let p = point(pos) { graph.nodes[i].position = Point(p.x, -p.y) }
            handles[node] = i
            n = cgv_next_node(g, node)
        }
        var edges = [(seq: UInt, edge: Graph.Edge)]()
        var e = cgv_first_edge(g)
        while let edge = e {
            let from = handles[cgv_tail(edge)!]!, to = handles[cgv_head(edge)!]!
            let label = string(cgv_attr(edge, "label")).flatMap { $0.isEmpty || cgv_html_label(edge) != 0 ? nil : escapes($0, name: "") }
            let weight = string(cgv_attr(edge, "weight")).flatMap(GraphFile.number) ?? label.flatMap(GraphFile.number)
            edges.append((cgv_seq(edge), Graph.Edge(from: from, to: to, weight: weight, label: label)))
            e = cgv_next_edge(g, edge)
        }
        graph.edges = edges.sorted { $0.seq < $1.seq }.map(\.edge)
        return graph
    }

    /// A label's escapes as drawn: `\N` the node's name, `\n`, `\l` and
    /// `\r` line ends (centred, left and right in Graphviz; all lines
    /// here), other backslashes as the character after them.
    static func escapes(_ label: String, name: String) -> String {
        var out = "", escaping = false
        for c in label {
            if escaping {
                switch c {
                case "N": out += name
                case "n", "l", "r": out += "\n"
                default: out.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out.hasSuffix("\n") ? String(out.dropLast()) : out
    }

    /// A record's label as plain text: its fields joined by ` | `, ports
    /// (`<f0>`) and braces left out.
    static func recordText(_ label: String) -> String {
        let fields = label.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
            .split(separator: "|", omittingEmptySubsequences: false)
            .map { field in field.replacing(/<[^>]*>/, with: "").trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return fields.joined(separator: " | ")
    }

    /// `"x,y"` or `"x,y!"`.
    static func point(_ s: String) -> Point? {
        let parts = s.replacingOccurrences(of: "!", with: "").split(separator: ",")
        guard parts.count >= 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let y = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return Point(x, y)
    }
}
