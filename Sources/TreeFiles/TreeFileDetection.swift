extension TreeFileFormat {
    /// What a text (UTF-8, without a byte order mark) holds: the format its
    /// content fits, or, for a text that is no tree, what it looked like and
    /// what to do (`looks like a GEDCOM family file: …`).
    ///
    /// In order: a LaTeX tree anywhere in the text (`\begin{forest}`,
    /// `\Tree`); JSON (`{`, or `[` then `{`); a level-order list (`[` then
    /// numbers, `null` and commas to the first `]`); a bracket tree (any
    /// other `[`); then by lines: box-drawing or `+---` branches are a
    /// `tree` listing; a header with `id` and `parentId` (or a column of
    /// dotted paths) is a CSV table; headings, `+`, `1.` items or links
    /// are Markdown, and so is a text whose every line is a `-` or `*` item;
    /// unindented lines of paths with `/` (and the folders they are in, as
    /// `find` lists them) are a path list; the rest an indented outline. GEDCOM, XML and HTML, and CSV tables with
    /// no tree columns are refused with what they looked like.
    public static func detect(_ bytes: [UInt8]) -> Result<TreeFileFormat, DetectionFailure> {
        let text = String(decoding: bytes, as: UTF8.self)
        if contains("\\begin{forest}", in: text, bytes: bytes) || LatexReader.qtreeStart(in: bytes) != nil {
            return .success(.latex)
        }
        let lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" }
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = lines.first else { return .success(.outline) }
        let head = first.drop { $0 == " " || $0 == "\t" }
        if head.hasPrefix("0 HEAD") || head.hasPrefix("0 @") {
            return .failure(DetectionFailure("looks like a GEDCOM family file: draw it with treeanim family"))
        }
        if contains("\\documentclass", in: text, bytes: bytes) || contains("\\begin{document}", in: text, bytes: bytes) {
            return .failure(DetectionFailure(
                "looks like a LaTeX document without a tree: expected \\begin{forest} … \\end{forest} or qtree's \\Tree [.S … ]"))
        }
        if head.hasPrefix("<") {
            return .failure(DetectionFailure("looks like XML or HTML, not a tree file: export the tree as JSON, an outline or brackets"))
        }
        if head.hasPrefix("{") { return .success(.json) }
        if head.hasPrefix("[") {
            let after = text.drop { $0 != "[" }.dropFirst()
            if after.drop(while: \.isWhitespace).hasPrefix("{") { return .success(.json) }
            let body = after.prefix { $0 != "]" && $0 != "[" }
            let entries = body.split { $0 == "," || $0.isWhitespace }
            if after.dropFirst(body.count).first == "]", !entries.isEmpty, entries.count == 1 || body.contains(","),
                entries.allSatisfy({ $0 == "null" || isNumber(ArraySlice($0.utf8)) })
            {
                return .success(.levelOrder)
            }
            return .success(.brackets)
        }
        // What the checks below ask of each line, found in one pass.
        var items = 0, markdownOnly = false, heading = false
        for line in lines {
            if ListingReader.isBranch(line) { return .success(.listing) }
            let item = MarkdownReader.item(in: line)
            if item != nil { items += 1 }
            markdownOnly = markdownOnly || MarkdownReader.isMarkdownOnly(line, item: item)
            heading = heading || MarkdownReader.heading(in: line) != nil
        }
        if let csv = CSVTreeReader.looks(first: first, lines: lines) { return csv }
        if markdownOnly || items == lines.count || (items > 0 && heading) { return .success(.markdown) }
        if lines.count > 1, looksLikePaths(lines) { return .success(.paths) }
        return .success(.outline)
    }

    /// Whether `text`, decoded from `bytes`, contains the ASCII `needle`
    /// (as Foundation's `contains` finds it). Its bytes are looked for
    /// first: Foundation's search is slow over a long text, and no other
    /// characters are the same text as the ASCII ones looked for here, so
    /// it finds them only where their bytes are.
    static func contains(_ needle: String, in text: String, bytes: [UInt8]) -> Bool {
        LatexReader.find(Array(needle.utf8), in: bytes, from: 0) != nil && text.contains(needle)
    }

    /// Whether unindented `lines` are paths as `find` and `git ls-files`
    /// print them: `find .` (`.`, `./a`, `./a/b`), `find dir` (`dir`,
    /// `dir/a`) and relative paths (`a`, `a/b`). Each line has a `/`, or
    /// is the top folder of a line that has one, or most lines have one
    /// (root files among paths); no line is indented, has a run of spaces
    /// or starts with `//` (a comment).
    static func looksLikePaths(_ lines: [Substring]) -> Bool {
        var tops: Set<Substring> = []
        var slashed = 0
        for line in lines {
            if line.first == " " || line.first == "\t" || line.hasPrefix("//") || line.contains("  ") { return false }
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if let slash = trimmed.firstIndex(of: "/") {
                slashed += 1
                tops.insert(trimmed[..<slash])
            }
        }
        guard slashed > 0 else { return false }
        return 2 * slashed >= lines.count
            || lines.allSatisfy { line in line.contains("/") || tops.contains(line.hasSuffix("\r") ? line.dropLast() : line) }
    }

    /// Why a text is no tree file: what it looked like and what to do.
    public struct DetectionFailure: Error, Equatable, Sendable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }
}
