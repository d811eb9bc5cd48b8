import Foundation
import Graphs
import InputText

/// The lines of a text as fields split at spaces and tabs, blank lines
/// left out, each with its 1-based line number: what the counted formats
/// (algs4, DIMACS) are made of.
struct FieldLines: Sequence, IteratorProtocol {
    private var rest: Substring
    private var line = 0
    /// Where the line last returned starts.
    private(set) var start: Substring.Index


    init(_ text: String) {
        rest = Substring(text)
        start = rest.startIndex
    }

    /// The column (from 1, in characters) of `field`, a field of the line
    /// last returned.
    func column(of field: Substring) -> Int { rest.base.distance(from: start, to: field.startIndex) + 1 }

    mutating func next() -> (line: Int, fields: [Substring])? {
        while !rest.isEmpty {
            line += 1
            start = rest.startIndex
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? rest.endIndex
            let here = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            let fields = here.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" })
            if !fields.isEmpty { return (line, fields) }
        }
        return nil
    }

    /// The first `count` non-blank lines.
    static func first(_ count: Int, of text: String) -> [(line: Int, fields: [Substring])] {
        var lines = FieldLines(text), out = [(line: Int, fields: [Substring])]()
        while out.count < count, let l = lines.next() { out.append(l) }
        return out
    }
}

/// Reads the files of Sedgewick and Wayne's *Algorithms* (algs4:
/// `tinyEWG.txt`, `tinyDG.txt`, `mediumEWD.txt`): the number of vertices
/// V on the first line, of edges E on the second, then E lines `v w` or
/// `v w weight`, vertices numbered from 0 to V-1 (some without edges).
/// The file does not say whether it is directed: the book's names do
/// (`DG`, `DAG`, `EWD`, `FN` are directed; `G`, `EWG` are not), and
/// `--directed` or `--undirected` says it of any.
enum Algs4Reader {
    /// Whether `text` is in this format: two lines of one whole number
    /// each, then `v w` or `v w weight` with `v` and `w` below the first.
    static func looksLike(_ text: String) -> Bool {
        let lines = FieldLines.first(3, of: text)
        guard lines.count >= 2, lines[0].fields.count == 1, lines[1].fields.count == 1, let v = Int(lines[0].fields[0]), v > 0,
            let e = Int(lines[1].fields[0]), e >= 0
        else { return false }
        guard lines.count == 3 else { return e == 0 }
        let f = lines[2].fields
        guard (2...3).contains(f.count), let a = Int(f[0]), let b = Int(f[1]), (0..<v).contains(a), (0..<v).contains(b) else { return false }
        return f.count == 2 || GraphFile.number(String(f[2])) != nil
    }

    /// Whether the file's name says a directed graph, as the book names
    /// its files: `tinyDG`, `tinyDAG`, `tinyEWD`, `tinyEWDAG`, `tinyFN`.
    static func directedByName(_ name: String) -> String? {
        let base = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        for mark in ["EWDAG", "EWD", "DAG", "DG", "FN"] where base.contains(mark) { return mark }
        return nil
    }

    static func read(_ text: String, name: String, directed: Bool?, multi: Bool, limits: GraphFile.Limits, report: inout GraphFile.Report)
        throws(GraphFileError) -> Graph
    {
        var lines = FieldLines(text)
        func count(_ what: String) throws(GraphFileError) -> (Int, line: Int) {
            guard let next = lines.next() else {
                throw GraphFileError(file: name, message: "ends before the number of \(what): an algs4 file starts with V, then E, then E lines 'v w [weight]'")
            }
            let (line, fields) = next
            guard fields.count == 1, let n = Int(fields[0]), n >= 0 else {
                throw GraphFileError(
                    file: name, line: line, message: "expected the number of \(what) (a whole number alone on the line), found '\(GraphFile.shown(fields.joined(separator: " ")))'")
            }
            return (n, line)
        }
        let (v, vLine) = try count("vertices")
        guard v <= limits.maxNodes else {
            throw GraphFileError(file: name, line: vLine, message: "says \(grouped(v)) vertices, more than the \(grouped(limits.maxNodes)) treeanim draws")
        }
        let (e, eLine) = try count("edges")
        guard e <= limits.maxEdges else {
            throw GraphFileError(file: name, line: eLine, message: "says \(grouped(e)) edges, more than the \(grouped(limits.maxEdges)) treeanim draws")
        }
        let byName = directedByName(name)
        var graph = Graph(directed: directed ?? (byName != nil))
        for i in 0..<v { _ = graph.node(named: String(i)) }
        var weighted = 0
        while let next = lines.next() {
            let (line, fields) = next
            guard graph.edges.count < e else {
                throw GraphFileError(
                    file: name, line: line,
                    message: "edge \(e + 1), and line \(eLine) says \(grouped(e)) edges: correct the count on line \(eLine), or remove the extra lines")
            }
            guard (2...3).contains(fields.count) else {
                throw GraphFileError(file: name, line: line, message: "expected an edge 'v w' or 'v w weight', found \(fields.count) fields")
            }
            var ends = [Int]()
            for field in fields.prefix(2) {
                guard let x = Int(field), (0..<v).contains(x) else {
                    throw GraphFileError(
                        file: name, line: line,
                        message: "'\(GraphFile.shown(field))' is not a vertex: line \(vLine) says \(grouped(v)) vertices, numbered 0 to \(v - 1)")
                }
                ends.append(x)
            }
            try graph.appendCounted(ends, weight: fields.count == 3 ? fields[2] : nil, line: line, in: lines, file: name, weighted: &weighted)
        }
        guard graph.edges.count == e else {
            throw GraphFileError(
                file: name, line: eLine,
                message: "says \(grouped(e)) edges, and the file has \(grouped(graph.edges.count)) after it: correct the count, or add the missing edges")
        }
        report.details.append("\(counted(v, "vertex", "vertices")), \(counted(e, "edge"))")
        if directed == nil {
            report.details.append(byName.map { "directed (\($0) in its name; --undirected reads it undirected)" } ?? "undirected (--directed for a digraph)")
        }
        if weighted > 0 { report.weightsFrom = "the third column" }
        if !graph.directed, !multi { GraphFile.mergeDoubled(&graph, report: &report, given: "lines") }
        return graph
    }
}

/// Reads DIMACS graphs: the shortest-path challenge's `.gr` (`c` comment
/// lines, `p sp V E`, then E arcs `a u v w`, directed and weighted) and the
/// edge format (`p edge V E` or `p col V E`, then `e u v`, undirected),
/// unless the caller says otherwise; vertices are numbered from 1 to V.
enum DIMACSReader {
    /// Whether `text`'s first line that is not a `c` comment is a problem
    /// line `p KIND V E`.
    static func looksLike(_ text: String) -> Bool {
        var lines = FieldLines(text)
        var looked = 0
        while let next = lines.next(), looked < 100_000 {
            let fields = next.fields
            looked += 1
            if fields[0].first == "c" { continue }
            return fields.count == 4 && fields[0] == "p" && fields[1].allSatisfy(\.isLetter) && Int(fields[2]) != nil && Int(fields[3]) != nil
        }
        return false
    }

    static func read(_ text: String, name: String, directed: Bool?, multi: Bool, limits: GraphFile.Limits, report: inout GraphFile.Report)
        throws(GraphFileError) -> Graph
    {
        var lines = FieldLines(text)
        var problem: (kind: String, v: Int, e: Int, line: Int)?
        var graph = Graph(directed: true)
        var weighted = 0
        while let next = lines.next() {
            let (line, fields) = next
            let head = fields[0]
            if head.first == "c" { continue }
            guard let p = problem else {
                guard head == "p", fields.count == 4, let v = Int(fields[2]), let e = Int(fields[3]), v >= 0, e >= 0 else {
                    throw GraphFileError(file: name, line: line, message: "expected the problem line 'p sp V E' or 'p edge V E' before any arc or edge")
                }
                let kind = String(fields[1])
                guard ["sp", "edge", "col"].contains(kind) else {
                    throw GraphFileError(
                        file: name, line: line, message: "'p \(GraphFile.shown(kind))': treeanim reads DIMACS shortest-path ('p sp', arcs 'a u v w') and edge files ('p edge', edges 'e u v')")
                }
                guard v <= limits.maxNodes else {
                    throw GraphFileError(file: name, line: line, message: "says \(grouped(v)) vertices, more than the \(grouped(limits.maxNodes)) treeanim draws")
                }
                guard e <= limits.maxEdges else {
                    throw GraphFileError(file: name, line: line, message: "says \(grouped(e)) \(kind == "sp" ? "arcs" : "edges"), more than the \(grouped(limits.maxEdges)) treeanim draws")
                }
                problem = (kind, v, e, line)
                graph = Graph(directed: directed ?? (kind == "sp"))
                for i in 1...max(v, 1) where v > 0 { _ = graph.node(named: String(i)) }
                continue
            }
            let arc = p.kind == "sp"
            let mark = arc ? "a" : "e"
            if head == "p" {
                throw GraphFileError(file: name, line: line, message: "a second problem line: the first is on line \(p.line)")
            }
            if head == "n" { continue }  // node descriptors (sources, sinks) say nothing of the graph's shape
            guard head == mark else {
                throw GraphFileError(
                    file: name, line: line,
                    message: "expected \(arc ? "an arc 'a u v w'" : "an edge 'e u v'") or a comment 'c …', found '\(GraphFile.shown(head))'")
            }
            guard graph.edges.count < p.e else {
                throw GraphFileError(
                    file: name, line: line,
                    message: "\(arc ? "arc" : "edge") \(p.e + 1), and the problem line (line \(p.line)) says \(grouped(p.e)): correct the count there")
            }
            guard fields.count >= 3, fields.count <= 4, arc ? fields.count == 4 : true else {
                throw GraphFileError(file: name, line: line, message: arc ? "expected an arc 'a u v w' (tail, head, weight)" : "expected an edge 'e u v'")
            }
            var ends = [Int]()
            for field in fields[1...2] {
                guard let x = Int(field), (1...max(p.v, 1)).contains(x), p.v > 0 else {
                    throw GraphFileError(
                        file: name, line: line,
                        message: "'\(GraphFile.shown(field))' is not a vertex: the problem line (line \(p.line)) says \(grouped(p.v)), numbered 1 to \(p.v)")
                }
                ends.append(x - 1)
            }
            try graph.appendCounted(ends, weight: fields.count == 4 ? fields[3] : nil, line: line, in: lines, file: name, weighted: &weighted)
        }
        guard let p = problem else {
            throw GraphFileError(file: name, message: "has no problem line 'p sp V E' or 'p edge V E': a DIMACS file says its size before its arcs")
        }
        let things = p.kind == "sp" ? "arcs" : "edges"
        guard graph.edges.count == p.e else {
            throw GraphFileError(
                file: name, line: p.line, message: "says \(grouped(p.e)) \(things), and the file has \(grouped(graph.edges.count)): correct the count, or add the missing ones")
        }
        guard p.v > 0 else { throw GraphFileError(file: name, line: p.line, message: "says 0 vertices: expected at least one") }
        report.details.append("\(p.kind == "sp" ? "shortest-path" : "edge") format, \(counted(p.v, "vertex", "vertices")), \(grouped(p.e)) \(things)")
        if weighted > 0 { report.weightsFrom = "the arcs' fourth field" }
        if !graph.directed, !multi { GraphFile.mergeDoubled(&graph, report: &report, given: "lines") }
        return graph
    }
}

extension Graph {
    /// Appends the edge between `ends` read on `line` of a counted file
    /// (algs4, DIMACS), weighted by the field `weight` when it has one
    /// (counted in `weighted`, its column kept for messages).
    fileprivate mutating func appendCounted(
        _ ends: [Int], weight field: Substring?, line: Int, in lines: FieldLines, file name: String, weighted: inout Int
    ) throws(GraphFileError) {
        var weight: Double?
        if let field {
            guard let w = GraphFile.number(String(field)) else {
                throw GraphFileError(file: name, line: line, message: "expected a weight (a number), found '\(GraphFile.shown(field))'")
            }
            weight = w
            weighted += 1
        }
        var edge = Graph.Edge(from: ends[0], to: ends[1], weight: weight, line: line)
        if let field { edge.column = lines.column(of: field) }
        edges.append(edge)
    }
}
