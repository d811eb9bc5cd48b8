import Diagram

/// The small Markdown a lecture's text slide is written in: `#`, `##` and
/// `###` headings, paragraphs (lines run together until a blank line),
/// bullet lists (`-`, `*` or `+`) and numbered lists (`1.`), fenced code
/// blocks (```), and inside a line `*emphasis*` or `_emphasis_`,
/// `**strong**` or `__strong__`, `` `code` `` and `\`-escapes. A link
/// `[words](url)` shows its words. Anything else is text, as written.
///
///     let blocks = SlideMarkdown.parse("# Search trees\n\n- **insert** walks *down*")
public enum SlideMarkdown {
    /// A run of text in one style.
    public struct Run: Sendable, Hashable {
        public var text: String
        public var style: Style

        public init(text: String, style: Style) {
            self.text = text
            self.style = style
        }
    }

    public enum Style: Sendable, Hashable {
        case plain, emphasis, strong, code
    }

    public enum Block: Sendable, Hashable {
        case heading(level: Int, [Run])
        case paragraph([Run])
        /// A list item; `marker` is `•` or the item's number with its dot.
        case item(marker: String, [Run])
        case code([String])
    }

    /// The blocks of `text`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func parse(_ text: String) -> [Block] {
        var blocks = [Block]()
        var paragraph = [String]()
        var fence: [String]?
        func flush() {
            if !paragraph.isEmpty { blocks.append(.paragraph(inline(paragraph.joined(separator: " ")))) }
            paragraph = []
        }
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = String(raw).replacingTabs()
            let trimmed = line.trimmingSpaces()
            if var code = fence {
                if trimmed.hasPrefix("```") {
                    blocks.append(.code(code))
                    fence = nil
                } else {
                    code.append(line)
                    fence = code
                }
                continue
            }
            if trimmed.hasPrefix("```") {
                flush()
                fence = []
                continue
            }
            if trimmed.isEmpty {
                flush()
                continue
            }
            if let (level, rest) = heading(trimmed) {
                flush()
                blocks.append(.heading(level: level, inline(rest)))
            } else if let (marker, rest) = item(trimmed) {
                flush()
                blocks.append(.item(marker: marker, inline(rest)))
            } else if case .item(let marker, let runs)? = blocks.last, paragraph.isEmpty, raw.first == " " {
                // An indented line after an item goes on with it.
                blocks[blocks.count - 1] = .item(marker: marker, runs + [Run(text: " ", style: .plain)] + inline(trimmed))
            } else {
                paragraph.append(trimmed)
            }
        }
        flush()
        if let code = fence, !code.isEmpty { blocks.append(.code(code)) }
        return blocks
    }

    /// `# words` → (1, "words"); up to three levels.
    static func heading(_ line: String) -> (Int, String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.first == " " else { return nil }
        return (min(hashes, 3), String(rest).trimmingSpaces())
    }

    /// `- words` → ("•", "words"); `3. words` → ("3.", "words").
    static func item(_ line: String) -> (String, String)? {
        if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " {
            // A line of only `*` or `-` (a rule) is no item.
            return (String("•"), String(line.dropFirst(2)).trimmingSpaces())
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard rest.hasPrefix(". ") || rest.hasPrefix(") ") else { return nil }
        return (digits + ".", String(rest.dropFirst(2)).trimmingSpaces())
    }

    /// The runs of one block's text.
    public static func inline(_ text: String) -> [Run] {
        var runs = [Run]()
        var current = ""
        var style = Style.plain
        // The character that opened the emphasis: only it closes it.
        var opener: Character = "*"
        let chars = Array(text)
        func emit() {
            if !current.isEmpty { runs.append(Run(text: current, style: style)) }
            current = ""
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, "\\`*_[]()#+-.!".contains(chars[i + 1]) {
                current.append(chars[i + 1])
                i += 2
                continue
            }
            if style == .code {
                if c == "`" {
                    emit()
                    style = .plain
                } else {
                    current.append(c)
                }
                i += 1
                continue
            }
            if c == "`", chars[(i + 1)...].contains("`") {
                emit()
                style = .code
                i += 1
                continue
            }
            if (c == "*" || c == "_"), i + 1 < chars.count, chars[i + 1] == c {
                if style == .strong {
                    emit()
                    style = .plain
                    i += 2
                    continue
                }
                if style == .plain, closes(chars, from: i + 2, marker: [c, c]) {
                    emit()
                    style = .strong
                    i += 2
                    continue
                }
            }
            if c == "*" || c == "_" {
                if style == .emphasis, c == opener {
                    emit()
                    style = .plain
                    i += 1
                    continue
                }
                // An underscore inside a word (snake_case) is a letter.
                let inWord = c == "_" && i > 0 && chars[i - 1].isLetter
                if style == .plain, !inWord, i + 1 < chars.count, chars[i + 1] != " ", closes(chars, from: i + 1, marker: [c]) {
                    emit()
                    style = .emphasis
                    opener = c
                    i += 1
                    continue
                }
            }
            if c == "[", let close = chars[i...].firstIndex(of: "]"), close + 1 < chars.count, chars[close + 1] == "(",
                let end = chars[(close + 1)...].firstIndex(of: ")")
            {
                current += String(chars[(i + 1)..<close])
                i = end + 1
                continue
            }
            current.append(c)
            i += 1
        }
        emit()
        return runs
    }

    /// Whether `marker` comes again after `from`, not right after a space.
    static func closes(_ chars: [Character], from: Int, marker: [Character]) -> Bool {
        var j = from
        while j + marker.count <= chars.count {
            if Array(chars[j..<(j + marker.count)]) == marker, j > from, chars[j - 1] != " " { return true }
            j += 1
        }
        return false
    }
}

extension SlideMarkdown.Block {
    /// The block as plain text, for documents that print a slide's words.
    public var plain: SlideBlock {
        func text(_ runs: [SlideMarkdown.Run]) -> String { runs.map(\.text).joined() }
        switch self {
        case .heading(_, let runs): return .heading(text(runs))
        case .paragraph(let runs): return .paragraph(text(runs))
        case .item(let marker, let runs): return .bullet(marker == "•" ? text(runs) : "\(marker) \(text(runs))")
        case .code(let lines): return .code(lines.joined(separator: "\n"))
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    func replacingTabs() -> String {
        contains("\t") ? replacing("\t", with: "    ") : self
    }
}
