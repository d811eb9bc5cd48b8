/// Where the IDs that matter stand in a DOT text, for messages: the lines
/// each is on and its column on each, and the line where each top-level
/// graph's body opens. The text is read once, as DOT splits it into IDs
/// (names, numerals, quoted strings, HTML strings), comments skipped, so
/// finding an edge's line costs a look-up, not a scan of the line.
///
///     let places = DOTPlaces("graph {\n  a -- b [weight=3];\n}", wanted: ["a", "b", "weight"])
///     places.lines["a"]          // [1] (lines count from 0)
///     places.columns[1]["weight"] // 11
///
/// - Complexity: O(n) in the text's characters.
struct DOTPlaces {
    /// Each line's wanted IDs, with the column (from 1, in characters) of
    /// each one's first appearance on it; a quoted ID's column is its
    /// first character's, inside the quotes.
    var columns: [[String: Int]] = [[:]]
    /// The lines each wanted ID stands on, in order, once each.
    var lines: [String: [Int]] = [:]
    /// The line of each top-level graph's opening brace.
    var graphStarts: [Int] = []
    /// The UTF-8 offset just past each top-level graph's closing brace.
    var graphEnds: [Int] = []
    /// Where text stands after the last graph's closing brace (its line,
    /// from 0, and column, from 1), text no graph follows: Graphviz reads a
    /// text's graphs and nothing else.
    var trailing: (line: Int, column: Int)?

    private enum State { case normal, bare, quoted, quotedEscape, html, lineComment, blockComment }

    init(_ text: String, wanted: Set<String>) {
        // An ASCII text (most are) is read byte by byte, CR LF as one
        // break; any other by characters, as Swift splits it: the same
        // places either way, several times quicker for the bytes.
        if !text.utf8.contains(where: { $0 >= 0x80 }) {
            self.init(units: ASCIIUnits(text.utf8), wanted: wanted)
        } else {
            self.init(units: text, wanted: wanted)
        }
    }

    private init<Units: Sequence>(units: Units, wanted: Set<String>) where Units.Element: DOTUnit {
        var state = State.normal
        var line = 0, column = 0, depth = 0, htmlDepth = 0, offset = 0
        var token = "", tokenLine = 0, tokenColumn = 0
        var atLineStart = true
        // A `/` or `*` seen, whose meaning the next character settles.
        var slash = false, star = false

        func record() {
            defer { token = "" }
            guard wanted.contains(token) else { return }
            if columns[tokenLine][token] == nil {
                columns[tokenLine][token] = tokenColumn
                lines[token, default: []].append(tokenLine)
            }
        }
        func noteTrailing(_ at: Int) {
            if depth == 0, !graphEnds.isEmpty, trailing == nil { trailing = (line, at) }
        }
        func start(_ c: Units.Element) {
            token = ""
            c.append(to: &token)
            tokenLine = line
            tokenColumn = column
        }

        for c in units {
            column += 1
            offset += c.utf8Count
            let newline = c.isNewline
            // The unit's byte where it is ASCII (CR LF's: a line feed).
            let a = c.ascii ?? 0xFF
            // Whether `c` is taken by the state it is read in; else it is
            // read as outside any ID, string or comment.
            var taken = true
            switch state {
            case .quoted:
                if a == UInt8(ascii: "\\") {
                    state = .quotedEscape
                } else if a == UInt8(ascii: "\"") {
                    record()
                    state = .normal
                } else if !newline {
                    c.append(to: &token)
                }
            case .quotedEscape:
                // `\"` is a quote in the string; a backslash before a line
                // end joins the lines; any other stays as written.
                if a != UInt8(ascii: "\""), !newline { token.append("\\") }
                if !newline { c.append(to: &token) }
                state = .quoted
            case .html:
                if a == UInt8(ascii: "<") { htmlDepth += 1 }
                if a == UInt8(ascii: ">") { htmlDepth -= 1 }
                if htmlDepth == 0 {
                    record()
                    state = .normal
                } else if !newline {
                    c.append(to: &token)
                }
            case .lineComment:
                if newline { state = .normal }
            case .blockComment:
                if star, a == UInt8(ascii: "/") { state = .normal }
                star = a == UInt8(ascii: "*")
            case .bare:
                if Self.continues(token, with: c) {
                    c.append(to: &token)
                } else {
                    record()
                    state = .normal
                    taken = false
                }
            case .normal:
                taken = false
            }
            if !taken {
                if slash {
                    slash = false
                    if a == UInt8(ascii: "/") { state = .lineComment }
                    if a == UInt8(ascii: "*") {
                        state = .blockComment
                        star = false
                    }
                    if state == .normal { noteTrailing(column - 1) }
                }
                if state == .normal, !c.isBlank, a != UInt8(ascii: "/"), !(a == UInt8(ascii: "#") && atLineStart) { noteTrailing(column) }
                if state == .normal {
                    switch a {
                    case UInt8(ascii: "\""):
                        start(c)
                        token = ""
                        tokenColumn = column + 1
                        state = .quoted
                    case UInt8(ascii: "<"):
                        start(c)
                        token = ""
                        htmlDepth = 1
                        state = .html
                    case UInt8(ascii: "/"):
                        slash = true
                    case UInt8(ascii: "#") where atLineStart:
                        state = .lineComment
                    case UInt8(ascii: "{"):
                        if depth == 0 {
                            graphStarts.append(line)
                            trailing = nil
                        }
                        depth += 1
                    case UInt8(ascii: "}"):
                        depth = max(0, depth - 1)
                        if depth == 0 { graphEnds.append(offset) }
                    default:
                        if Self.begins(c) {
                            start(c)
                            state = .bare
                        }
                    }
                }
            }
            if newline {
                if state == .bare {
                    record()
                    state = .normal
                }
                line += 1
                column = 0
                columns.append([:])
                atLineStart = true
            } else if !c.isBlank {
                atLineStart = false
            }
        }
        if state == .bare { record() }
    }

    /// Whether `c` starts a bare ID: a name (letters, `_`, any non-ASCII)
    /// or a numeral (a digit, `.`, `-`; `--` and `->` are kept apart by
    /// ``continues(_:with:)``).
    static func begins(_ c: some DOTUnit) -> Bool {
        c.isNameLetter || c.isDigitChar || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-")].contains(c.ascii ?? 0) || c.ascii == nil
    }

    /// Whether `c` goes on the bare ID `token`: a name takes letters,
    /// digits and `_`; a numeral digits and one `.`.
    static func continues(_ token: String, with c: some DOTUnit) -> Bool {
        guard let first = token.utf8.first else { return false }
        let isName = (first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first == UInt8(ascii: "_") || first >= 0x80
        if isName { return c.isNameLetter || c.ascii == UInt8(ascii: "_") || c.isDigitChar || c.ascii == nil }
        if token == "-" { return c.isDigitChar || c.ascii == UInt8(ascii: ".") }
        return c.isDigitChar || (c.ascii == UInt8(ascii: ".") && !token.utf8.contains(UInt8(ascii: ".")))
    }
}

/// What ``DOTPlaces`` reads a text as: its characters, or the bytes of an
/// ASCII text (CR LF one unit, as it is one character).
protocol DOTUnit {
    /// The byte of an ASCII unit (CR LF's: a line feed); nil past ASCII.
    var ascii: UInt8? { get }
    /// A line feed, or CR LF.
    var isNewline: Bool { get }
    /// White space: an ASCII space, tab, line or page break, or white
    /// space past ASCII.
    var isBlank: Bool { get }
    /// An ASCII letter, or a letter past ASCII.
    var isNameLetter: Bool { get }
    /// An ASCII digit, or a number past ASCII.
    var isDigitChar: Bool { get }
    var utf8Count: Int { get }
    func append(to token: inout String)
}

extension DOTUnit {
    var isBlank: Bool { ascii.map { $0 == 32 || ($0 >= 9 && $0 <= 13) } ?? false }
    var isNameLetter: Bool { ascii.map { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) } ?? false }
    var isDigitChar: Bool { ascii.map { $0 >= 48 && $0 <= 57 } ?? false }
}

// Character's own properties look Unicode's tables up: an ASCII
// character is told by its byte.
extension Character: DOTUnit {
    var ascii: UInt8? { asciiValue }
    var isNewline: Bool { self == "\n" || self == "\r\n" }
    var isBlank: Bool { asciiValue.map { $0 == 32 || ($0 >= 9 && $0 <= 13) } ?? isWhitespace }
    var isNameLetter: Bool { asciiValue.map { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) } ?? isLetter }
    var isDigitChar: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? isNumber }
    var utf8Count: Int { utf8.count }
    func append(to token: inout String) { token.append(self) }
}

/// A byte of an ASCII text, or its CR LF.
struct ASCIIUnit: DOTUnit {
    let byte: UInt8
    let crlf: Bool
    var ascii: UInt8? { crlf ? 10 : byte }
    var isNewline: Bool { crlf || byte == 10 }
    var utf8Count: Int { crlf ? 2 : 1 }
    func append(to token: inout String) {
        if crlf { token += "\r\n" } else { token.unicodeScalars.append(Unicode.Scalar(byte)) }
    }
}

/// An ASCII text's units: its bytes, CR LF as one.
struct ASCIIUnits: Sequence {
    let bytes: String.UTF8View

    init(_ bytes: String.UTF8View) { self.bytes = bytes }

    func makeIterator() -> Iterator { Iterator(base: bytes.makeIterator()) }

    struct Iterator: IteratorProtocol {
        var base: String.UTF8View.Iterator
        var held: UInt8?

        mutating func next() -> ASCIIUnit? {
            guard let byte = held ?? base.next() else { return nil }
            held = nil
            if byte == 13 {
                let after = base.next()
                if after == 10 { return ASCIIUnit(byte: 13, crlf: true) }
                held = after
            }
            return ASCIIUnit(byte: byte, crlf: false)
        }
    }
}
