import Foundation
import Geometry
import Graphs

/// Reads DOT with Graphviz's own parser (libcgraph), so every graph
/// Graphviz reads is read here: subgraphs, attribute lists, HTML labels,
/// ports, `strict`. A node's label is its `label` (with `\N` for its name)
/// unless that is HTML; an edge's weight is its `weight`, else its `label`
/// when that is a number; `pos` (points, y up) gives positions.
enum DOTReader {
    /// The `pick`th graph of `text` (from 1; the first by default), and
    /// which it is of how many the text holds.
    static func read(_ text: String, name: String, pick: Int?, limits: GraphFile.Limits, report: inout GraphFile.Report) throws(GraphFileError) -> (
        Graph, picked: (number: Int, of: Int)
    ) {
        let index = pick ?? 1
        // Graphviz reads a text's first graph: a later one is cut out
        // for it, the lines before it kept as blank lines, so that its
        // messages name the file's lines.
        let outline = DOTPlaces(text, wanted: [])
        let ends = outline.graphEnds
        // Graphviz's parser stops after the graph it reads, and the text
        // after the last graph would be taken for a graph (it is a syntax
        // error in `dot` too): it is refused here, where it stands.
        if let (line, column) = outline.trailing {
            let rest = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })[line].dropFirst(column - 1)
            let near = rest.prefix { !$0.isWhitespace }.prefix(20)
            throw GraphFileError(
                file: name, line: line + 1, column: column,
                message: "DOT syntax error near '\(near)': expected another graph or the end of the file after the last graph's '}'")
        }
        let found = max(ends.count, 1)
        guard index <= found else {
            throw GraphFileError(
                file: name,
                message: found == 1
                    ? "--pick \(index): the file holds one graph; leave out --pick"
                    : "--pick \(index): the file holds \(found) graphs; give --pick 1 to \(found)")
        }
        var source = text
        if ends.count > 1 {
            let bytes = Array(text.utf8)
            let start = index == 1 ? 0 : ends[index - 2]
            let blank = bytes[..<start].reduce(0) { $1 == 10 ? $0 + 1 : $0 }
            source = String(repeating: "\n", count: blank) + String(decoding: bytes[start..<ends[index - 1]], as: UTF8.self)
        }
        let dot: DOTGraph
        do throws(GraphvizError) {
            dot = try Graphviz.read(dot: source)
        } catch {
            throw syntaxError(error.message, in: text, name: name)
        }
        var (graph, written, weights) = Self.graph(of: dot, limits: limits)
        let fromWeight = zip(dot.edges, graph.edges).contains { $0.weight.flatMap(GraphFile.number) != nil && $1.weight != nil }
        let fromLabel = zip(dot.edges, graph.edges).contains { $0.weight.flatMap(GraphFile.number) == nil && $1.weight != nil }
        switch (fromWeight, fromLabel) {
        case (true, false): report.weightsFrom = "'weight'"
        case (false, true): report.weightsFrom = "numeric 'label's"
        case (true, true): report.weightsFrom = "'weight', else a numeric 'label'"
        default: break
        }
        try GraphFile.checkSize(graph, name: name, limits: limits)
        // Lines of edges and nodes, for messages: each edge's is the first
        // line at or after the last edge's (edges come in the order they
        // are written) that names both its ends, among the next 64 that
        // name its tail, so that reading stays linear in the file; an edge
        // not found there has no line.
        var wanted: Set<String> = ["weight"]
        for node in graph.nodes { wanted.insert(node.name) }
        for edge in graph.edges where !edge.label.isEmpty { wanted.insert(edge.label) }
        let places = DOTPlaces(text, wanted: wanted)
        var from = places.graphStarts.indices.contains(index - 1) ? places.graphStarts[index - 1] : 0
        for k in graph.edges.indices {
            let (a, b) = (graph.nodes[graph.edges[k].from].name, graph.nodes[graph.edges[k].to].name)
            guard let tails = places.lines[a] else { continue }
            let first = Self.firstIndex(in: tails, notBelow: from)
            guard let i = tails[first..<min(first + 64, tails.count)].first(where: { places.columns[$0][b] != nil }) else { continue }
            graph.edges[k].line = i + 1
            // The weight's column: at `weight`, else at the label.
            let columns = places.columns[i]
            graph.edges[k].column = columns["weight"] ?? (graph.edges[k].label.isEmpty ? nil : columns[graph.edges[k].label])
            from = i
        }
        if let k = weights.keys.min(), let weight = weights[k] {
            let edge = graph.edges[k]
            let ends = graph.nodes[edge.from].name + (graph.directed ? " -> " : " -- ") + graph.nodes[edge.to].name
            throw GraphFileError(
                file: name, line: edge.line, column: edge.line == nil ? nil : edge.column,
                message: "edge \(ends): expected a weight (a number), found '\(weight.prefix(40))'; write it as weight=3")
        }
        try check(graph, written: written, places: places, name: name, limits: limits)
        return (graph, (index, found))
    }

    /// Refuses a label, name or position treeanim cannot draw, naming the
    /// node or edge and the first line it stands on.
    static func check(_ graph: Graph, written: [String: String], places: DOTPlaces, name: String, limits: GraphFile.Limits) throws(GraphFileError) {
        for node in graph.nodes {
            let line = places.lines[node.name]?.first.map { $0 + 1 }
            let shown = node.name.count > 40 ? String(node.name.prefix(40)) + "…" : node.name
            for (what, text) in [("name", node.name), ("label", node.label)] {
                if let problem = GraphFile.problem(with: text, what: what, limits: limits) {
                    throw GraphFileError(file: name, line: line, message: "node \(shown): \(problem)")
                }
            }
            if let pos = written[node.name], let p = point(pos),
                let problem = GraphFile.positionProblem(x: p.x, y: p.y, written: "pos \"\(pos)\"", limits: limits)
            {
                throw GraphFileError(file: name, line: line, message: "node \(shown): \(problem)")
            }
        }
        for edge in graph.edges {
            if let problem = GraphFile.problem(with: edge.label, what: "label", limits: limits) {
                let ends = graph.nodes[edge.from].name + (graph.directed ? " -> " : " -- ") + graph.nodes[edge.to].name
                throw GraphFileError(file: name, line: edge.line, message: "edge \(ends): \(problem)")
            }
        }
    }

    /// The first index of `sorted` whose value is `bound` or more.
    static func firstIndex(in sorted: [Int], notBelow bound: Int) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
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

    /// The graph; the `pos` of each node whose position is not taken
    /// because it is not finite or out of range, by name, as written; and
    /// the `weight` of each edge whose weight is not a finite number
    /// (`nan`, `inf`, a word), by the edge's index, as written.
    static func graph(of dot: DOTGraph, limits: GraphFile.Limits) -> (Graph, [String: String], [Int: String]) {
        var rejected = [String: String]()
        var graph = Graph(directed: dot.directed)
        if let rankdir = dot.rankdir, ["LR", "RL", "TB", "BT"].contains(rankdir.uppercased()) {
            graph.rankdir = rankdir.uppercased()
        }
        for node in dot.nodes {
            var label = node.label.flatMap { $0.isEmpty || $0 == "\\N" ? nil : $0 }
            if node.labelIsHTML { label = nil }
            if let shape = node.shape?.lowercased(), shape == "record" || shape == "mrecord" {
                label = label.map(recordText)
            }
            let i = graph.node(named: node.name, label: label.map { escapes($0, name: node.name) })
            if let pos = node.pos, let p = point(pos) {
                if GraphFile.positionProblem(x: p.x, y: p.y, written: pos, limits: limits) == nil {
                    graph.nodes[i].position = Point(p.x, -p.y)
                } else {
                    rejected[node.name] = pos
                }
            }
        }
        var weights = [Int: String]()
        graph.edges = dot.edges.enumerated().map { k, edge in
            let label = edge.label.flatMap { $0.isEmpty || edge.labelIsHTML ? nil : escapes($0, name: "") }
            let written = edge.weight.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            let weight = written.flatMap(GraphFile.number) ?? label.flatMap(GraphFile.number)
            if let written, GraphFile.number(written) == nil { weights[k] = written }
            return Graph.Edge(from: edge.tail, to: edge.head, weight: weight, label: label)
        }
        return (graph, rejected, weights)
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
