import Foundation
import Geometry
import Graphs
import InputText

/// Reads GML, the Graph Modelling Language networkx, igraph, Gephi, yEd
/// and Newman's network data write:
///
///     graph [
///       directed 0
///       node [ id 0 label "Mr. Hi" graphics [ x 10.0 y 20.0 ] ]
///       edge [ source 0 target 1 weight 2.5 ]
///     ]
///
/// Keys and values, a value a number, a string in double quotes (with
/// `&quot;`-style entities, as networkx writes them) or a list in square
/// brackets; `#` starts a comment. A node's name is its `id`, its label
/// its `label`; an edge's weight its `weight`, else `value` (Newman's
/// files), else a numeric `label`; `graphics [x y]` places a node.
enum GMLReader {
    /// How deep lists may nest: far more than any GML writer nests them
    /// (node, graphics, Line, point), few enough that no file can exhaust
    /// the stack.
    static let maxDepth = 32

    indirect enum Value {
        case number(Double, String)
        case text(String)
        case list([Entry])
    }

    struct Entry {
        var key: String
        var value: Value
        var line: Int
    }

    /// Whether `text` opens as GML: key-value pairs (`Creator "…"`,
    /// `Version 1`), then `graph [`.
    static func looksLike(_ text: String) -> Bool {
        var t = Tokens(Array(text.utf8.prefix(8_192)))
        var pairs = 0
        while pairs < 50 {
            guard case .key(let k)? = try? t.next() else { return false }
            guard let value = try? t.next() else { return false }
            if k.lowercased() == "graph" { return value == .open }
            guard value != .open, value != .close else { return false }
            pairs += 1
        }
        return false
    }

    enum Token: Equatable {
        case key(String), number(Double, String), text(String), open, close
    }

    /// GML's tokens, with the line each starts on.
    struct Tokens {
        let bytes: [UInt8]
        var at = 0
        var line = 1

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        enum Problem: Error { case unexpected(UInt8), unterminated(line: Int), badNumber(String) }

        mutating func next() throws(Problem) -> Token? {
            while at < bytes.count {
                let b = bytes[at]
                if b == 0x0A { line += 1; at += 1 } else if b == 0x20 || b == 0x09 || b == 0x0D { at += 1 } else if b == 0x23 {
                    while at < bytes.count, bytes[at] != 0x0A { at += 1 }
                } else { break }
            }
            guard at < bytes.count else { return nil }
            let b = bytes[at]
            switch b {
            case UInt8(ascii: "["):
                at += 1
                return .open
            case UInt8(ascii: "]"):
                at += 1
                return .close
            case UInt8(ascii: "\""):
                let start = line
                at += 1
                let from = at
                while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                    if bytes[at] == 0x0A { line += 1 }
                    at += 1
                }
                guard at < bytes.count else { throw .unterminated(line: start) }
                let s = String(decoding: bytes[from..<at], as: UTF8.self)
                at += 1
                return .text(GMLReader.entities(s))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                let from = at
                while at < bytes.count, Self.isWordByte(bytes[at]) { at += 1 }
                return .key(String(decoding: bytes[from..<at], as: UTF8.self))
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                let from = at
                while at < bytes.count, Self.isNumberByte(bytes[at]) { at += 1 }
                let s = String(decoding: bytes[from..<at], as: UTF8.self)
                guard let v = Double(s) else { throw .badNumber(s) }
                return .number(v, s)
            default:
                throw .unexpected(b)
            }
        }

        static func isWordByte(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == UInt8(ascii: "_")
        }

        static func isNumberByte(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: "e")
                || b == UInt8(ascii: "E")
        }
    }

    /// `s` with the HTML character entities GML writers use decoded:
    /// `&quot;`, `&amp;`, `&lt;`, `&gt;`, `&apos;`, `&#233;`, `&#xE9;`.
    static func entities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = "", rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(10).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            var decoded: String?
            switch name {
            case "quot": decoded = "\""
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "apos": decoded = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                }
            }
            if let decoded, decoded != "\0" {
                out += decoded
                rest = after[after.index(after: semi)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    /// The file's entries, as a tree of lists.
    static func parse(_ text: String, name: String, limits: GraphFile.Limits) throws(GraphFileError) -> [Entry] {
        var tokens = Tokens(Array(text.utf8))
        var stack: [(key: String, line: Int, entries: [Entry])] = [("", 1, [])]
        var count = 0
        // The most entries a file may hold: every node and edge with a
        // few keys each; past that the file is refused before it fills
        // memory.
        let most = (limits.maxNodes + limits.maxEdges) * 16
        func fail(_ line: Int, _ message: String) -> GraphFileError { GraphFileError(file: name, line: line, message: message) }
        while true {
            let keyLine: Int
            let token: Token?
            do throws(Tokens.Problem) {
                token = try tokens.next()
                keyLine = tokens.line
            } catch {
                throw problem(error, line: tokens.line, name: name)
            }
            guard let token else { break }
            switch token {
            case .close:
                guard stack.count > 1 else { throw fail(keyLine, "GML: a ']' that closes no list") }
                let done = stack.removeLast()
                stack[stack.count - 1].entries.append(Entry(key: done.key, value: .list(done.entries), line: done.line))
            case .key(let key):
                let value: Token?
                do throws(Tokens.Problem) { value = try tokens.next() } catch { throw problem(error, line: tokens.line, name: name) }
                count += 1
                guard count <= most else { throw GraphFileError(file: name, line: keyLine, message: "GML: more than \(grouped(most)) keys, more than a graph treeanim draws holds") }
                switch value {
                case .open?:
                    guard stack.count <= maxDepth else { throw fail(keyLine, "GML: lists nested more than \(maxDepth) deep") }
                    stack.append((key, keyLine, []))
                case .number(let v, let s)?: stack[stack.count - 1].entries.append(Entry(key: key, value: .number(v, s), line: keyLine))
                case .text(let s)?: stack[stack.count - 1].entries.append(Entry(key: key, value: .text(s), line: keyLine))
                case .key(let k)?: throw fail(tokens.line, "GML: expected a value for '\(GraphFile.shown(key))' (a number, a \"string\" or a [list]), found '\(GraphFile.shown(k))'")
                case .close?, nil: throw fail(tokens.line, "GML: expected a value for '\(GraphFile.shown(key))' (a number, a \"string\" or a [list])")
                }
            default:
                throw fail(keyLine, "GML: expected a key (such as node, edge, id, source), found a value")
            }
        }
        if stack.count > 1 {
            throw fail(stack[stack.count - 1].line, "GML: the list '\(GraphFile.shown(stack[stack.count - 1].key)) [' is not closed: add ']'")
        }
        return stack[0].entries
    }

    static func problem(_ p: Tokens.Problem, line: Int, name: String) -> GraphFileError {
        switch p {
        case .unexpected(let b):
            let shown = b < 0x80 && b >= 0x20 ? "'\(Character(Unicode.Scalar(b)))'" : "byte \(b)"
            return GraphFileError(file: name, line: line, message: "GML: unexpected \(shown): expected a key, a number, a \"string\", '[' or ']'")
        case .unterminated(let l): return GraphFileError(file: name, line: l, message: "GML: a string that is not closed: add '\"'")
        case .badNumber(let s): return GraphFileError(file: name, line: line, message: "GML: '\(GraphFile.shown(s))' is not a number")
        }
    }

    static func read(_ text: String, name: String, directed: Bool?, limits: GraphFile.Limits, report: inout GraphFile.Report) throws(GraphFileError)
        -> Graph
    {
        let top = try parse(text, name: name, limits: limits)
        guard let g = top.first(where: { $0.key.lowercased() == "graph" }), case .list(let body) = g.value else {
            throw GraphFileError(file: name, message: "GML: no 'graph [ … ]' in the file")
        }
        func number(_ e: Entry?) -> Double? {
            switch e?.value {
            case .number(let v, _)?: v.isFinite ? v : nil
            case .text(let s)?: GraphFile.number(s)
            default: nil
            }
        }
        func written(_ e: Entry?) -> String? {
            switch e?.value {
            case .number(let v, let s)?: v == v.rounded() && abs(v) < 1e15 ? Graph.text(of: v) : s
            case .text(let s)?: s
            default: nil
            }
        }
        let says = body.first { $0.key == "directed" }.flatMap(number)
        var graph = Graph(directed: directed ?? (says == 1))
        var ids = [String: Int]()
        var weightKeys = Set<String>()
        for entry in body where entry.key == "node" {
            guard case .list(let keys) = entry.value else { continue }
            guard graph.nodes.count < limits.maxNodes else {
                throw GraphFileError(file: name, line: entry.line, message: "has more than the \(grouped(limits.maxNodes)) nodes treeanim draws")
            }
            guard let id = written(keys.first { $0.key == "id" }) else {
                throw GraphFileError(file: name, line: entry.line, message: "GML: a node without an id: give it 'id N'")
            }
            guard ids[id] == nil else {
                throw GraphFileError(file: name, line: entry.line, message: "GML: a second node with id \(GraphFile.shown(id)): give each node its own id")
            }
            let label = written(keys.first { $0.key == "label" || $0.key == "name" })
            for (what, t) in [("id", id), ("label", label ?? "")] {
                if let problem = GraphFile.problem(with: t, what: what, limits: limits) {
                    throw GraphFileError(file: name, line: entry.line, message: "node \(GraphFile.shown(id)): \(problem)")
                }
            }
            ids[id] = graph.nodes.count
            let i = graph.node(named: id, label: label == id ? nil : label)
            if case .list(let graphics)? = keys.first(where: { $0.key == "graphics" })?.value,
                let x = number(graphics.first { $0.key == "x" }), let y = number(graphics.first { $0.key == "y" })
            {
                if let problem = GraphFile.positionProblem(x: x, y: y, written: "graphics [ x \(x) y \(y) ]", limits: limits) {
                    throw GraphFileError(file: name, line: entry.line, message: "node \(GraphFile.shown(id)): \(problem)")
                }
                graph.nodes[i].position = Point(x, y)
            }
        }
        for entry in body where entry.key == "edge" {
            guard case .list(let keys) = entry.value else { continue }
            guard graph.edges.count < limits.maxEdges else {
                throw GraphFileError(file: name, line: entry.line, message: "has more than the \(grouped(limits.maxEdges)) edges treeanim draws")
            }
            var ends = [Int]()
            for role in ["source", "target"] {
                guard let id = written(keys.first { $0.key == role }) else {
                    throw GraphFileError(file: name, line: entry.line, message: "GML: an edge without a \(role): give it '\(role) ID'")
                }
                guard let i = ids[id] else {
                    throw GraphFileError(file: name, line: entry.line, message: "GML: the edge's \(role) \(GraphFile.shown(id)) is not the id of a node")
                }
                ends.append(i)
            }
            let label = written(keys.first { $0.key == "label" })
            var weight: Double?
            for key in ["weight", "value", "cost", "length"] {
                if let e = keys.first(where: { $0.key == key }) {
                    guard let w = number(e) else {
                        throw GraphFileError(file: name, line: e.line, message: "GML: the edge's \(key) \(GraphFile.shown(written(e) ?? "")) is not a number")
                    }
                    weight = w
                    weightKeys.insert(key)
                    break
                }
            }
            if weight == nil, let label, let w = GraphFile.number(label) {
                weight = w
                weightKeys.insert("label")
            }
            if let label, let problem = GraphFile.problem(with: label, what: "label", limits: limits) {
                throw GraphFileError(file: name, line: entry.line, message: "edge: \(problem)")
            }
            graph.edges.append(Graph.Edge(from: ends[0], to: ends[1], weight: weight, label: label, line: entry.line))
        }
        if !weightKeys.isEmpty { report.weightsFrom = weightKeys.sorted().map { "'\($0)'" }.joined(separator: " and ") }
        return graph
    }
}
