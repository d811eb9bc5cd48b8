import CSV
import InputText

/// Reads ``TreeFileFormat/csv``, the two tables d3.stratify reads:
///
///     id,parentId,name           id,value
///     1,,Eve                     flare,
///     2,1,Cain                   flare.analytics,
///     3,1,Abel                   flare.analytics.cluster,3938
///
/// - With a parent column (`parentId`, `parent_id`, `parent`, any case):
///   each row is a node, the child of the row whose id its parent cell
///   names; rows with an empty parent are roots (several: a forest). The
///   label is the `name` or `label` column, else the id. The id is the
///   node's `id`, for matching versions.
/// - Without one: the first column (`id`, `path`, or any other) holds paths,
///   split at `/` if any has one, else at `.`; a row's parent is its path
///   less the last part, made if no row has it; the label is the last part.
/// - Rows may come in any order; other columns are ignored.
enum CSVTreeReader {
    static let parentColumns: Set<String> = ["parentid", "parent_id", "parent", "parent id"]
    static let labelColumns: Set<String> = ["name", "label", "title"]

    /// A CSV table's format from its first lines: a tree table, or a
    /// refusal naming its columns; nil for a text that is no table.
    static func looks(first: Substring, lines: [Substring]) -> Result<TreeFileFormat, TreeFileFormat.DetectionFailure>? {
        // Rows of a table stand at the margin: an outline whose labels have
        // commas is indented.
        guard first.contains(","), lines.count >= 2, !lines.contains(where: { $0.first == " " || $0.first == "\t" }) else { return nil }
        let header = first.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: [" ", "\t", "\r", "\""]).lowercased()
        }
        if header.contains(where: parentColumns.contains), header.contains("id") { return .success(.csv) }
        // Paths in the first column: more than one part on most rows.
        let firsts = lines.dropFirst().prefix(50).map { $0.split(separator: ",", omittingEmptySubsequences: false)[0] }
        let pathed = firsts.filter { $0.contains(".") || $0.contains("/") }.count
        if ["id", "path"].contains(header[0]), pathed * 2 > firsts.count { return .success(.csv) }
        // Every line with as many commas as the header: a table.
        let commas = first.filter { $0 == "," }.count
        if lines.prefix(20).allSatisfy({ $0.filter { $0 == "," }.count >= commas }) {
            let shown = header.prefix(6).map { "'\($0)'" }.joined(separator: ", ") + (header.count > 6 ? ", …" : "")
            return .failure(TreeFileFormat.DetectionFailure(
                "looks like a CSV table with columns \(shown), not a tree: a tree table has 'id' and 'parentId' columns, "
                    + "or paths in an 'id' column (as d3.stratify reads); a chart's table is drawn by treeanim bars"))
        }
        return nil
    }

    static func read(_ s: inout Source) throws(TreeFileError) -> [Version] {
        let rows: [[String]]
        do {
            let reader = try CSVReader(string: s.text(0..<s.bytes.count))
            var all = [[String]]()
            while let row = reader.next() { all.append(row) }
            rows = all
        } catch {
            throw TreeFileError(file: s.name, line: nil, column: nil, message: "not a readable CSV table: \(error)")
        }
        guard let header = rows.first?.map({ $0.trimmingBlanks.lowercased() }), rows.count > 1 else {
            throw s.error("expected a header and rows of nodes, found \(rows.isEmpty ? "nothing" : "only a header")", at: 0)
        }
        // Line numbers: the reader gives rows, and cells hold no line breaks
        // in tree tables, so row k is on line k + 1 (blank lines skipped).
        var lineOf: [Int] = []
        var line = 1
        var lineStart = true
        for byte in s.bytes {
            if lineStart, byte != .lf, byte != .cr { lineOf.append(line) }
            lineStart = byte == .lf
            if byte == .lf { line += 1 }
        }
        let at = { (row: Int) -> (Int, Int) in (row < lineOf.count ? lineOf[row] : line, 1) }
        let idColumn = header.firstIndex(of: "id") ?? 0
        let parentColumn = header.firstIndex(where: parentColumns.contains)
        let labelColumn = header.firstIndex(where: labelColumns.contains)
        var version = Version()
        func fail(_ row: Int, _ message: String) -> TreeFileError {
            let (line, column) = at(row)
            return TreeFileError(file: s.name, line: line, column: column, message: message)
        }
        func cell(_ row: [String], _ column: Int?) -> String {
            guard let column, column < row.count else { return "" }
            return row[column].trimmingBlanks
        }
        // Nodes first, in row order; then their children in row order.
        var index: [String: Int] = [:]
        var parentOf: [Int?] = []
        var rowOf: [Int] = []
        if let parentColumn {
            var parents: [(node: Int, parent: String, row: Int)] = []
            for (r, row) in rows.enumerated().dropFirst() where !row.allSatisfy({ $0.trimmingBlanks.isEmpty }) {
                let id = cell(row, idColumn)
                guard !id.isEmpty else { throw fail(r, "a row without an id: every row of a tree table needs one") }
                if index[id] != nil { throw fail(r, "duplicate id \(quoted(id)): another row has it") }
                let label = labelColumn.map { cell(row, $0) } ?? id
                try s.countNode(at: 0)
                try checkLabel(label, s: s, fail: { fail(r, $0) })
                let (l, c) = at(r)
                let node = TreeFileNode(label: label, id: id, line: l, column: c)
                index[id] = version.nodes.count
                version.nodes.append(node)
                version.slots.append([])
                rowOf.append(r)
                parents.append((version.nodes.count - 1, cell(row, parentColumn), r))
            }
            parentOf = Array(repeating: nil, count: version.nodes.count)
            for entry in parents where !entry.parent.isEmpty {
                guard let parent = index[entry.parent] else {
                    throw fail(entry.row, "the parent \(quoted(entry.parent)) is no row's id: give each parent a row of its own, or leave the cell empty for a root")
                }
                parentOf[entry.node] = parent
            }
        } else {
            let paths = rows.dropFirst().map { cell($0, idColumn) }
            let separator: Character = paths.contains { $0.contains("/") } ? "/" : "."
            for (r, path) in paths.enumerated() where !path.isEmpty {
                let row = r + 1
                let parts = path.split(separator: separator, omittingEmptySubsequences: true)
                var prefix = ""
                var parent: Int?
                for part in parts {
                    prefix += (prefix.isEmpty ? "" : String(separator)) + part
                    if let known = index[prefix] {
                        parent = known
                        continue
                    }
                    let label = String(part)
                    try s.countNode(at: 0)
                    try checkLabel(label, s: s, fail: { fail(row, $0) })
                    let (l, c) = at(row)
                    index[prefix] = version.nodes.count
                    version.nodes.append(TreeFileNode(label: label, id: prefix, line: l, column: c))
                    version.slots.append([])
                    parentOf.append(parent)
                    rowOf.append(row)
                    parent = version.nodes.count - 1
                }
            }
        }
        guard !version.nodes.isEmpty else { throw s.error("expected rows of nodes under the header, found none", at: s.bytes.count) }
        return [try ordered(version, parentOf: parentOf, fail: { node, message in fail(rowOf[node], message) }, limits: s.limits)]
    }

    static func checkLabel(_ label: String, s: Source, fail: (String) -> TreeFileError) throws(TreeFileError) {
        if label.count > s.limits.maxLabelLength {
            throw fail("label of \(grouped(label.count)) characters: the limit is \(grouped(s.limits.maxLabelLength)) characters")
        }
    }

    /// `version`'s nodes in preorder with their slots filled from
    /// `parentOf`, children in row order; a cycle or too deep a tree is
    /// refused.
    static func ordered(
        _ version: Version, parentOf: [Int?], fail: (Int, String) -> TreeFileError, limits: TreeFileLimits
    ) throws(TreeFileError) -> Version {
        var children = [[Int]](repeating: [], count: version.nodes.count)
        var roots: [Int] = []
        for node in version.nodes.indices {
            if let parent = parentOf[node] { children[parent].append(node) } else { roots.append(node) }
        }
        var out = Version()
        var newIndex = [Int](repeating: -1, count: version.nodes.count)
        var stack: [(node: Int, depth: Int)] = roots.reversed().map { ($0, 1) }
        while let (node, depth) = stack.popLast() {
            if depth > limits.maxDepth {
                throw fail(node, "nesting deeper than \(grouped(limits.maxDepth)) levels: the limit is \(grouped(limits.maxDepth)) levels")
            }
            newIndex[node] = out.add(version.nodes[node], parent: parentOf[node].map { newIndex[$0] })
            for child in children[node].reversed() { stack.append((child, depth + 1)) }
        }
        if let lost = newIndex.firstIndex(of: -1) {
            throw fail(lost, "a cycle of parents: \(quoted(version.nodes[lost].id ?? version.nodes[lost].label)) is its own ancestor")
        }
        for (node, id) in out.nodes.enumerated() { if let id = id.id { out.ids[id] = node } }
        return out
    }
}
