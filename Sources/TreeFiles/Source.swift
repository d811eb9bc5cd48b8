import InputText

/// The text of a file being read, in UTF-8 without a byte order mark
/// (`DecodedText`), with what every reader shares: the cursor and its line,
/// the column count, the limits and the node count, and the errors located
/// by offset.
struct Source {
    let bytes: [UInt8]
    let name: String
    let limits: TreeFileLimits
    /// The reading position.
    var i = 0
    /// The 1-based line of the position and the offset where it starts.
    var line = 1
    var lineStart = 0
    /// Nodes read so far, all versions together.
    var nodeCount = 0
    /// Whether the trees read are separate trees (a LaTeX document's, or
    /// level-order lists one a line, as a list of test cases has them)
    /// rather than versions of one: the first is drawn unless one is picked.
    var separateTrees = false
    /// The last column worked out: columns are counted on from it while the
    /// reader stays on its line, so a long line costs linear time in all.
    private var columnMark: (lineStart: Int, offset: Int, column: Int) = (0, 0, 1)

    init(bytes: [UInt8], name: String, limits: TreeFileLimits) {
        self.bytes = bytes
        self.name = name
        self.limits = limits
    }

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Moves past a line feed at the position.
    mutating func newline() {
        i += 1
        line += 1
        lineStart = i
    }

    /// Where the line at the position ends: its line feed (or the end of
    /// the file), and the end of its text, before trailing spaces, tabs and
    /// a carriage return.
    func lineEnds() -> (end: Int, textEnd: Int) {
        var end = i
        while end < bytes.count, bytes[end] != .lf { end += 1 }
        var textEnd = end
        while textEnd > i, bytes[textEnd - 1] == .cr || bytes[textEnd - 1] == .space || bytes[textEnd - 1] == .tab {
            textEnd -= 1
        }
        return (end, textEnd)
    }

    /// Moves to `end`, a line's end, and past its line feed.
    mutating func finishLine(at end: Int) {
        i = end
        if !atEnd { newline() }
    }

    /// Skips spaces, tabs, carriage returns and line feeds.
    mutating func skipBlanks() {
        while i < bytes.count {
            switch bytes[i] {
            case .space, .tab, .cr: i += 1
            case .lf: newline()
            default: return
            }
        }
    }

    /// The column of `offset` on the current line, counted on from the
    /// last offset asked on it. An offset before the line (a reader that
    /// read a label across a line end before placing its node) or past
    /// the text is placed by counting from the start instead: never a
    /// range that runs backwards.
    mutating func column(at offset: Int) -> Int {
        guard offset >= lineStart, offset <= bytes.count else { return position(of: offset).column }
        if columnMark.lineStart != lineStart || offset < columnMark.offset {
            columnMark = (lineStart, lineStart, 1)
        }
        columnMark.column += characters(columnMark.offset..<offset)
        columnMark.offset = offset
        return columnMark.column
    }

    /// The number of `Character`s in `range` (clamped to the text), which
    /// holds whole UTF-8 sequences.
    func characters(_ range: Range<Int>) -> Int {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let range = lower..<min(max(range.upperBound, lower), bytes.count)
        if bytes[range].allSatisfy({ $0 < 0x80 }) { return range.count }
        return String(decoding: bytes[range], as: UTF8.self).count
    }

    /// A node at `offset`: on the current line, or, when the reader has
    /// moved past the line it starts on, on the line it is on.
    mutating func node(_ label: String, id: String? = nil, at offset: Int) -> TreeFileNode {
        guard offset >= lineStart, offset <= bytes.count else {
            let (line, column) = position(of: offset)
            return TreeFileNode(label: label, id: id, line: line, column: column)
        }
        return TreeFileNode(label: label, id: id, line: line, column: column(at: offset))
    }

    /// The text of `range`.
    func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        return String(decoding: bytes[lower..<min(max(range.upperBound, lower), bytes.count)], as: UTF8.self)
    }

    // MARK: Errors and limits

    /// The 1-based line and column of any offset, counted from the start.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var k = 0
        while k < offset {
            if bytes[k] == .lf {
                line += 1
                lineStart = k + 1
            }
            k += 1
        }
        return (line, characters(lineStart..<offset) + 1)
    }

    func error(_ message: String, at offset: Int) -> TreeFileError {
        let (line, column) = position(of: min(offset, bytes.count))
        return TreeFileError(file: name, line: line, column: column, message: message)
    }

    /// Counts one more node, refusing the one over the limit.
    mutating func countNode(at offset: Int) throws(TreeFileError) {
        nodeCount += 1
        if nodeCount > limits.maxNodes {
            throw error("more than \(grouped(limits.maxNodes)) nodes: the limit is \(grouped(limits.maxNodes)) nodes a file", at: offset)
        }
    }

    /// Refuses a node `depth` levels from the root (the root is level 1)
    /// beyond the limit.
    func checkDepth(_ depth: Int, at offset: Int) throws(TreeFileError) {
        if depth > limits.maxDepth {
            throw error("nesting deeper than \(grouped(limits.maxDepth)) levels: the limit is \(grouped(limits.maxDepth)) levels", at: offset)
        }
    }

    /// Refuses a label longer than the limit.
    func checkLabel(_ label: String, at offset: Int) throws(TreeFileError) {
        // A Character takes at least one byte: most labels are settled by
        // their byte count alone.
        guard label.utf8.count > limits.maxLabelLength else { return }
        let length = label.count
        if length > limits.maxLabelLength {
            throw error("label of \(grouped(length)) characters: the limit is \(grouped(limits.maxLabelLength)) characters", at: offset)
        }
    }

    /// A number written as a label or an id (JSON's syntax, already
    /// checked), as it is kept: as written, but `-0` (or `-0.0`) without its
    /// sign, being the same number as `0`. A number too large for a double
    /// (`1e400`, 400 digits) is refused: every other JSON reader makes it
    /// infinity or fails, so it cannot mean what it says.
    func number(_ text: String, at offset: Int) throws(TreeFileError) -> String {
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 20 ? text.prefix(20) + "…" : text[...]
            throw error("the number '\(shown)' is out of range: numbers go up to about 1.8e308", at: offset)
        }
        return value == 0 && text.hasPrefix("-") ? String(text.dropFirst()) : text
    }

    /// What is at the position, for "found …": a quoted punctuation mark or
    /// word (at most 20 characters of it), or the end of the file.
    func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        switch bytes[offset] {
        case .lf, .cr: return "the end of the line"
        case .space: return "a space"
        case .tab: return "a tab"
        case let byte where byte.isPunctuation: return "'" + text(offset..<offset + 1) + "'"
        default: break
        }
        var end = offset
        var count = 0
        while end < bytes.count, !bytes[end].isBlank, !bytes[end].isPunctuation, count < 20 {
            end += utf8Length(bytes[end])
            count += 1
        }
        end = min(end, bytes.count)
        let more = end < bytes.count && !bytes[end].isBlank && !bytes[end].isPunctuation
        return "'" + text(offset..<end) + (more ? "…'" : "'")
    }
}


/// "a", "a or b", "a, b or c".
func listed(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + items.last!
}

/// The length of the UTF-8 sequence a lead byte starts (1 for a stray
/// continuation byte, so scanning always moves on).
func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let hash = UInt8(ascii: "#")

    var isBlank: Bool { self == .space || self == .tab || self == .cr || self == .lf }
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    /// The characters that end a word in the found-text of an error.
    var isPunctuation: Bool {
        self == .openBracket || self == .closeBracket || self == .openBrace || self == .closeBrace
            || self == .comma || self == .colon || self == .quote
    }
}
