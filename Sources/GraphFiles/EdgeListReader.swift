import CSV
import Foundation
import Graphs
import InputText

/// Reads an edge list: one edge a line, `a b` or `a b 3` separated by
/// spaces, or `a,b,3` in CSV or TSV (quotes as CSV has them), optionally
/// under a header (`source,target,weight`) that says which column is
/// which; `a -> b` and `a -- b` too (an arrow makes the graph directed,
/// unless the caller says it is not: arrows are a habit, not a grammar). A
/// line with one name is a node without edges. `#`, `//` and `%` start
/// comments; blank lines are skipped.
enum EdgeListReader {
    // Words only: a first edge `u v` or `a b` is an edge, not a header.
    static let fromColumns: Set<String> = ["source", "from", "src", "tail", "start", "node1", "origin", "sourceid", "fromid"]
    static let toColumns: Set<String> = ["target", "to", "dst", "dest", "destination", "head", "end", "node2", "targetid", "toid"]
    static let weightColumns: Set<String> = ["weight", "w", "cost", "distance", "dist", "length", "value", "capacity", "time"]
    static let labelColumns: Set<String> = ["label", "name", "type", "relation"]

    static func read(_ text: String, name: String, directed: Bool?, multi: Bool, limits: GraphFile.Limits, report: inout GraphFile.Report)
        throws(GraphFileError) -> Graph
    {
        var rows = [(line: Int, fields: [String])]()
        var texts = [Int: Substring]()
        var delimiter: Character?
        var arrows = false
        var arrowed = Set<Int>()
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if i == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let trimmed = Self.trimmed(line)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") || trimmed.hasPrefix("%") { continue }
            if delimiter == nil {
                delimiter = trimmed.contains("\t") ? "\t" : trimmed.contains(",") ? "," : trimmed.contains(";") ? ";" : " "
            }
            var fields: [String]
            if trimmed.utf8.contains(UInt8(ascii: "-")), let arrow = trimmed.range(of: "->") ?? trimmed.range(of: "--") {
                // `a -> b 3` or `a -> b [3]`: the ends around the arrow.
                arrows = arrows || trimmed[arrow] == "->"
                arrowed.insert(i + 1)
                let tail = Self.trimmed(trimmed[..<arrow.lowerBound])
                let rest = Self.trimmed(trimmed[arrow.upperBound...])
                let after = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == ";" || $0 == ":" })
                fields = [tail] + after.map { String($0).trimmingCharacters(in: ["[", "]"]) }
            } else if delimiter == " " {
                fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            } else {
                fields = split(String(trimmed), by: delimiter!)
            }
            rows.append((i + 1, fields.map { Self.trimmed($0) }))
            texts[i + 1] = line
        }
        guard !rows.isEmpty else { throw GraphFileError(file: name, message: "has no edges: expected lines such as 'a b' or 'a,b,3'") }
        // A header: the first row names its columns.
        var (fromColumn, toColumn, weightColumn, labelColumn) = (0, 1, 2 as Int?, nil as Int?)
        var names: [String]?
        if rows.count > 1, !arrowed.contains(rows[0].line), let named = header(rows[0].fields, over: rows.dropFirst().prefix(20).map { $0.fields }) {
            (fromColumn, toColumn, weightColumn, labelColumn) = named
            names = rows[0].fields
            rows.removeFirst()
        }
        var graph = Graph(directed: directed ?? arrows)
        for (line, fields) in rows {
            for (k, field) in fields.enumerated() where k == fromColumn || k == toColumn || k == labelColumn {
                if let problem = GraphFile.problem(with: field, what: k == labelColumn ? "label" : "name", limits: limits) {
                    throw GraphFileError(file: name, line: line, message: problem)
                }
            }
            guard fields.count > fromColumn, !fields[fromColumn].isEmpty else {
                throw GraphFileError(file: name, line: line, column: 1, message: "expected an edge 'a b' or a node name, found an empty name")
            }
            let a = graph.node(named: fields[fromColumn])
            guard fields.count > toColumn, !fields[toColumn].isEmpty else {
                if fields.count == 1 { continue }
                throw GraphFileError(file: name, line: line, message: "expected the edge's second node in column \(toColumn + 1)")
            }
            let b = graph.node(named: fields[toColumn])
            var weight: Double?
            if let w = weightColumn, w < fields.count, !fields[w].isEmpty {
                guard let v = GraphFile.number(fields[w]) else {
                    throw GraphFileError(
                        file: name, line: line, column: texts[line].flatMap { Self.column(of: w, fields: fields, in: $0) },
                        message: "expected a weight (a number) in column \(w + 1), found '\(fields[w])'; write edges as 'a b' or 'a b 3'")
                }
                weight = v
            }
            let label = labelColumn.flatMap { $0 < fields.count && !fields[$0].isEmpty ? fields[$0] : nil }
            var edge = Graph.Edge(from: a, to: b, weight: weight, label: label.map { l in weight.map { "\(l) \(Graph.text(of: $0))" } ?? l }, line: line)
            if let w = weightColumn, w < fields.count, let text = texts[line] { edge.column = Self.column(of: w, fields: fields, in: text) }
            graph.edges.append(edge)
        }
        if graph.isWeighted, let w = weightColumn {
            report.weightsFrom = names.map { "the column '\(TextLimits.shown($0[w], limit: 30))'" } ?? "the third column"
        }
        if !graph.directed, !multi { GraphFile.mergeDoubled(&graph, report: &report, given: "lines") }
        return graph
    }

    /// The columns a header row names (the ends, the weight and the
    /// label), or nil when `first` is no header: a header's cells are
    /// words, and either name the ends (`source,target`, `from;to`,
    /// `Source,Target,Weight` as Gephi writes it, `fromPersonId`) or stand
    /// where the rows below have numbers (`person1,person2` over `1,2`).
    static func header(_ first: [String], over rows: [[String]]) -> (Int, Int, Int?, Int?)? {
        guard first.count >= 2, first.allSatisfy({ GraphFile.number($0) == nil && !$0.isEmpty }) else { return nil }
        let cells = first.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } }
        func find(_ words: Set<String>, prefix: Bool) -> Int? {
            cells.firstIndex(where: words.contains) ?? (prefix ? cells.firstIndex { c in words.contains { w in w.count > 2 && c.hasPrefix(w) } } : nil)
        }
        let f = find(fromColumns, prefix: true), t = find(toColumns, prefix: true)
        var ends: (Int, Int)
        if let f, let t, f != t {
            ends = (f, t)
        } else {
            // Words over numbers: the first two columns hold numeric ids
            // in every row below, and the header does not.
            let numeric = !rows.isEmpty && rows.allSatisfy { $0.count >= 2 && GraphFile.number($0[0]) != nil && GraphFile.number($0[1]) != nil }
            guard numeric else { return nil }
            ends = (0, 1)
        }
        var weight = find(weightColumns, prefix: false)
        if weight == nil { weight = cells.firstIndex(where: { c in ["weight", "cost", "dist", "length"].contains(where: { c.contains($0) }) }) }
        if weight == ends.0 || weight == ends.1 { weight = nil }
        let label = cells.firstIndex(of: "label") ?? find(labelColumns, prefix: false)
        return (ends.0, ends.1, weight, label == ends.0 || label == ends.1 ? nil : label)
    }

    /// `text` without the whitespace (`CharacterSet.whitespaces`) at its
    /// ends. Foundation's trimming is the slow part of reading a long
    /// list, and most lines and fields start and end with a printable
    /// ASCII character: those are kept whole without it.
    static func trimmed(_ text: some StringProtocol) -> String {
        let printable = { (c: Unicode.Scalar?) in c.map { (0x21...0x7E).contains($0.value) } ?? false }
        if printable(text.unicodeScalars.first), printable(text.unicodeScalars.last) { return String(text) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The column (1-based, in characters) where field `index` of `fields`
    /// starts in `line`: each field found after the one before it.
    static func column(of index: Int, fields: [String], in line: Substring) -> Int? {
        // In ASCII, characters are bytes (a line has no CR LF pair), and
        // a field is found where its bytes are, without Foundation.
        if line.utf8.allSatisfy({ $0 < 0x80 }), fields.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            let bytes = Array(line.utf8)
            var from = 0
            for (i, field) in fields.enumerated() where !field.isEmpty {
                let needle = Array(field.utf8)
                guard let at = (from...max(from, bytes.count - needle.count)).first(where: { k in
                    k + needle.count <= bytes.count && bytes[k..<k + needle.count].elementsEqual(needle)
                }) else { return nil }
                if i == index { return at + 1 }
                from = at + needle.count
            }
            return nil
        }
        var from = line.startIndex
        for (i, field) in fields.enumerated() where !field.isEmpty {
            guard let r = line[from...].range(of: field) else { return nil }
            if i == index { return line.distance(from: line.startIndex, to: r.lowerBound) + 1 }
            from = r.upperBound
        }
        return nil
    }

    /// `line`'s fields between `delimiter`s, quoted as CSV quotes them.
    static func split(_ line: String, by delimiter: Character) -> [String] {
        guard line.contains("\""), let d = delimiter.unicodeScalars.first,
            let reader = try? CSVReader(string: line, hasHeaderRow: false, delimiter: d), let row = reader.next()
        else { return line.split(separator: delimiter, omittingEmptySubsequences: false).map(String.init) }
        return row
    }
}
