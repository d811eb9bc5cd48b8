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
        func start(_ c: Character) {
            token = String(c)
            tokenLine = line
            tokenColumn = column
        }

        for c in text {
            column += 1
            offset += c.utf8.count
            let newline = c == "\n" || c == "\r\n"
            // Whether `c` is taken by the state it is read in; else it is
            // read as outside any ID, string or comment.
            var taken = true
            switch state {
            case .quoted:
                if c == "\\" {
                    state = .quotedEscape
                } else if c == "\"" {
                    record()
                    state = .normal
                } else if !newline {
                    token.append(c)
                }
            case .quotedEscape:
                // `\"` is a quote in the string; a backslash before a line
                // end joins the lines; any other stays as written.
                if c != "\"", !newline { token.append("\\") }
                if !newline { token.append(c) }
                state = .quoted
            case .html:
                if c == "<" { htmlDepth += 1 }
                if c == ">" { htmlDepth -= 1 }
                if htmlDepth == 0 {
                    record()
                    state = .normal
                } else if !newline {
                    token.append(c)
                }
            case .lineComment:
                if newline { state = .normal }
            case .blockComment:
                if star, c == "/" { state = .normal }
                star = c == "*"
            case .bare:
                if Self.continues(token, with: c) {
                    token.append(c)
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
                    if c == "/" { state = .lineComment }
                    if c == "*" {
                        state = .blockComment
                        star = false
                    }
                    if state == .normal { noteTrailing(column - 1) }
                }
                if state == .normal, !c.isWhitespace, c != "/", !(c == "#" && atLineStart) { noteTrailing(column) }
                if state == .normal {
                    switch c {
                    case "\"":
                        start(c)
                        token = ""
                        tokenColumn = column + 1
                        state = .quoted
                    case "<":
                        start(c)
                        token = ""
                        htmlDepth = 1
                        state = .html
                    case "/":
                        slash = true
                    case "#" where atLineStart:
                        state = .lineComment
                    case "{":
                        if depth == 0 {
                            graphStarts.append(line)
                            trailing = nil
                        }
                        depth += 1
                    case "}":
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
            } else if !c.isWhitespace {
                atLineStart = false
            }
        }
        if state == .bare { record() }
    }

    /// Whether `c` starts a bare ID: a name (letters, `_`, any non-ASCII)
    /// or a numeral (a digit, `.`, `-`; `--` and `->` are kept apart by
    /// ``continues(_:with:)``).
    static func begins(_ c: Character) -> Bool {
        c.isLetter || c == "_" || c.isNumber || c == "." || c == "-" || !c.isASCII
    }

    /// Whether `c` goes on the bare ID `token`: a name takes letters,
    /// digits and `_`; a numeral digits and one `.`.
    static func continues(_ token: String, with c: Character) -> Bool {
        guard let first = token.first else { return false }
        if first.isLetter || first == "_" || !first.isASCII {
            return c.isLetter || c == "_" || c.isNumber || !c.isASCII
        }
        if token == "-" { return c.isNumber || c == "." }
        return c.isNumber || (c == "." && !token.contains("."))
    }
}
