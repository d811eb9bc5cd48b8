/// Reads ``TreeFileFormat/markdown``: nested lists under headings, as a
/// table of contents (mdBook's SUMMARY.md) or notes are written.
///
///     # Book                     Book
///     [Foreword](foreword.md)    ├ Foreword
///     - Part one                 ├ Part one
///       1. [Start](start.md)     │ └ Start
///
/// - A heading (`#` to `######`) is a node under the nearest heading of a
///   higher level above it; the lists and lines of text under a heading
///   are its children.
/// - A list item (`-`, `*`, `+`, `1.` or `1)`) is the child of the nearest
///   item above it that stands further left; any indent, tabs counted to
///   the next multiple of 4. An unindented line of text is an item at the
///   left margin; an indented one continues the item above it.
/// - Links and images are shown as their text (`[Hello](a.md)` is Hello);
///   `**`, `__` and backticks are dropped, `\*` is `*`.
/// - Fenced code, HTML comments and rules (`---`, `***`) are skipped.
/// - Several top-level nodes are the roots of a forest.
enum MarkdownReader {
    /// A list item's indent, in columns, and its text, if `line` is one.
    static func item(in line: Substring) -> (column: Int, text: Substring)? {
        var column = 0
        var k = line.startIndex
        while k < line.endIndex, line[k] == " " || line[k] == "\t" {
            column = line[k] == "\t" ? (column / 4 + 1) * 4 : column + 1
            k = line.index(after: k)
        }
        guard k < line.endIndex else { return nil }
        var n = k
        if "-*+".contains(line[k]) {
            n = line.index(after: k)
        } else {
            while n < line.endIndex, line[n].isASCII, line[n].isNumber { n = line.index(after: n) }
            guard n > k, line.distance(from: k, to: n) <= 9, n < line.endIndex, line[n] == "." || line[n] == ")" else { return nil }
            n = line.index(after: n)
        }
        guard n < line.endIndex, line[n] == " " || line[n] == "\t" else { return nil }
        let text = line[n...].drop { $0 == " " || $0 == "\t" }
        return text.isEmpty ? nil : (column, text)
    }

    /// A heading's level and text, if `line` is one.
    static func heading(in line: Substring) -> (level: Int, text: Substring)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard let first = rest.first, first == " " || first == "\t" else { return nil }
        var text = rest.drop { $0 == " " || $0 == "\t" }
        // A closing run of #s.
        while let last = text.last, last == "#" || last == " " { text = text.dropLast() }
        return text.isEmpty ? nil : (hashes, text)
    }

    /// What only Markdown has among the formats: `+` or numbered items,
    /// links. `item` is the line's ``item(in:)``.
    static func isMarkdownOnly(_ line: Substring, item: (column: Int, text: Substring)?) -> Bool {
        if item != nil, let first = line.drop(while: { $0 == " " || $0 == "\t" }).first, first != "-", first != "*" {
            return true
        }
        // A line without `]` has no link: Foundation's search is the slow part.
        return line.utf8.contains(UInt8(ascii: "]")) && line.contains("](") && line.contains("[")
    }

    /// Whether the line is a rule: three or more `-`, `*` or `_` alone.
    static func isRule(_ line: Substring) -> Bool {
        let marks = line.filter { $0 != " " && $0 != "\t" }
        guard marks.count >= 3, let first = marks.first, "-*_=".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// The text of an item or heading as shown.
    static func plain(_ text: Substring) -> String {
        let c = Array(text)
        // The next `]` and `)` at or after each position, found once, so
        // that a line of brackets costs linear time.
        var nextClose = [Int](repeating: c.count, count: c.count + 1)
        var nextParen = [Int](repeating: c.count, count: c.count + 1)
        if c.contains("[") {
            for k in stride(from: c.count - 1, through: 0, by: -1) {
                nextClose[k] = c[k] == "]" ? k : nextClose[k + 1]
                nextParen[k] = c[k] == ")" ? k : nextParen[k + 1]
            }
        }
        return plain(c, 0..<c.count, nextClose: nextClose, nextParen: nextParen).trimmingBlanks
    }

    static func plain(_ c: [Character], _ range: Range<Int>, nextClose: [Int], nextParen: [Int]) -> String {
        var out = ""
        var k = range.lowerBound
        while k < range.upperBound {
            let ch = c[k]
            if ch == "\\", k + 1 < range.upperBound, c[k + 1].isPunctuation || c[k + 1].isSymbol {
                out.append(c[k + 1])
                k += 2
                continue
            }
            // [text](target) and ![alt](source): the text.
            if ch == "[" || (ch == "!" && k + 1 < range.upperBound && c[k + 1] == "[") {
                let open = ch == "!" ? k + 1 : k
                let close = nextClose[open + 1]
                if close + 1 < range.upperBound, c[close + 1] == "(", nextParen[close + 1] < range.upperBound {
                    // The text's own brackets are left as they are.
                    out += plain(c, (open + 1)..<close, nextClose: nextClose, nextParen: nextParen)
                    k = nextParen[close + 1] + 1
                    continue
                }
            }
            if ch == "`" {
                k += 1
                continue
            }
            if ch == "*" || ch == "_", k + 1 < range.upperBound, c[k + 1] == ch {
                k += 2
                continue
            }
            out.append(ch)
            k += 1
        }
        return out
    }

    struct Open {
        var level: Int
        var node: Int
    }

    static func read(_ s: inout Source) throws(TreeFileError) -> [Version] {
        var version = Version()
        var stack: [Open] = []
        var fenced = false, comment = false
        var last: Int?
        while !s.atEnd {
            let start = s.i
            let (end, textEnd) = s.lineEnds()
            defer { s.finishLine(at: end) }
            let line = Substring(s.text(start..<textEnd))
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            if comment || trimmed.hasPrefix("<!--") {
                comment = !trimmed.contains("-->")
                continue
            }
            if trimmed.isEmpty || isRule(trimmed) { continue }
            let level: Int
            let text: Substring
            if let heading = heading(in: line) {
                (level, text) = (heading.level, heading.text)
            } else if let item = item(in: line) {
                (level, text) = (10 + item.column, item.text)
            } else if trimmed.count == line.count || last == nil {
                (level, text) = (10, trimmed)
            } else {
                // An indented line under an item continues its text.
                let more = plain(trimmed)
                if let last, !more.isEmpty {
                    let joined = version.nodes[last].label + " " + more
                    try s.checkLabel(joined, at: start)
                    version.nodes[last].label = joined
                }
                continue
            }
            while let top = stack.last, top.level >= level { stack.removeLast() }
            let offset = start + line.utf8.count - text.utf8.count
            let label = plain(text)
            try s.countNode(at: offset)
            try s.checkDepth(stack.count + 1, at: offset)
            try s.checkLabel(label, at: offset)
            let node = version.add(s.node(label, at: offset), parent: stack.last?.node)
            stack.append(Open(level: level, node: node))
            last = node
        }
        if version.isEmpty { throw s.error("expected a Markdown list, found no items", at: s.bytes.count) }
        return [version]
    }
}
