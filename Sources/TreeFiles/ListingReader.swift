/// Reads ``TreeFileFormat/listing``: what `tree` prints for a folder.
///
///     .                         D:\PROJECT
///     ├── README.md             ├─docs
///     └── src                   │  └─api
///         └── main.c            └─src
///
/// Each entry's branch (`├──`, `└──`, `|--`, `` `-- ``, `├─`, `+---`, `\---`)
/// stands under its parent's name: an entry is the child of the last entry
/// above whose branch stands further left (the root, a line without a
/// branch, stands furthest left). Lines without a branch before the first
/// entry are the root, the last of them, and header lines before it
/// (Windows' "Folder PATH listing" and volume serial number), which are
/// skipped. Windows' `tree /F` lists a folder's files without a branch,
/// under the folder's: they are read as its children. Unix `tree` never
/// does, so such lines there continue a comment and are skipped. After a
/// name, a comment (`<- …`, `# …`, or anything after two spaces) is
/// dropped; so are the footer (`3 directories, 7 files`) and lines of bars
/// alone. Entries without a root line above them are roots of a forest.
enum ListingReader {
    /// Whether a line has a branch of a `tree` listing.
    static func isBranch(_ line: Substring) -> Bool {
        // A branch stands among or just after the bars and blanks a line
        // starts with, and is told by three characters at most: only those
        // are taken apart, not the whole line. Spaces and tabs, the usual
        // indent, only move on to the next character: they are passed
        // first, without the sets' hashing.
        let rest = line.drop { $0 == " " || $0 == "\t" }
        let lead = rest.prefix { bars.contains($0) || blanks.contains($0) }.count
        return parse(Array(rest.prefix(lead + 3))).marker != nil
    }

    /// A line taken apart: the column of its branch (nil for none), the
    /// column its name starts at, whether the branch is Windows' (the name
    /// straight after the dashes), and the name without its comment.
    struct Line {
        var marker: Int?
        var nameColumn: Int
        var windows: Bool
        var name: String
    }

    static let bars: Set<Character> = ["│", "┃", "|", "║"]
    static let branches: Set<Character> = ["├", "└", "┣", "┗", "╠", "╚", "+", "\\", "`", "|"]
    static let dashes: Set<Character> = ["─", "━", "-", "═", "_"]
    static let blanks: Set<Character> = [" ", "\t", "\u{A0}", "\u{3000}"]

    static func parse(_ c: [Character]) -> Line {
        var k = 0
        while k < c.count {
            let ch = c[k]
            if branches.contains(ch), k + 1 < c.count, dashes.contains(c[k + 1]),
                // `|`, `+`, `\` and `` ` `` need two dashes (`|-- a`, `+---a`), so
                // a name such as `+-x` or `-` is not a branch.
                !"|+\\`".contains(ch) || (k + 2 < c.count && dashes.contains(c[k + 2]))
            {
                var n = k + 1
                while n < c.count, dashes.contains(c[n]) { n += 1 }
                let windows = n < c.count && !blanks.contains(c[n])
                while n < c.count, blanks.contains(c[n]) { n += 1 }
                return Line(marker: k, nameColumn: n, windows: windows, name: name(c[n...]))
            }
            if bars.contains(ch) || blanks.contains(ch) {
                k += 1
                continue
            }
            break
        }
        return Line(marker: nil, nameColumn: k, windows: false, name: name(c[k...]))
    }

    /// The name at the start of `text`, without a comment after it.
    static func name(_ text: ArraySlice<Character>) -> String {
        var end = text.endIndex
        var k = text.startIndex
        while k < text.endIndex {
            if blanks.contains(text[k]) {
                var n = k
                while n < text.endIndex, blanks.contains(text[n]) { n += 1 }
                let rest = text[n...]
                if n == text.endIndex || n - k >= 2 || rest.starts(with: "<-") || rest.starts(with: "←") || rest.starts(with: "#")
                    || rest.starts(with: "//")
                {
                    end = k
                    break
                }
                k = n
                continue
            }
            k += 1
        }
        return String(text[text.startIndex..<end])
    }

    /// `3 directories, 7 files`, `1 directory`, Windows' "No subfolders exist".
    static func isFooter(_ name: String) -> Bool {
        let words = name.lowercased().split(separator: " ")
        if words.first == "no", words.contains(where: { $0.hasPrefix("subfolder") }) { return true }
        guard let first = words.first, Int(first) != nil, words.count >= 2 else { return false }
        return words[1].hasPrefix("director") || words[1].hasPrefix("file")
    }

    struct Open {
        var column: Int
        var node: Int
    }

    static func read(_ s: inout Source) throws(TreeFileError) -> [Version] {
        var version = Version()
        var stack: [Open] = []
        var lines: [(offset: Int, line: Int, nameOffset: Int, parsed: Line)] = []
        // The lines first: the root is the last line without a branch before
        // the first that has one.
        while !s.atEnd {
            let start = s.i
            let (end, textEnd) = s.lineEnds()
            let characters = Array(s.text(start..<textEnd))
            let parsed = parse(characters)
            let nameOffset = start + characters.prefix(parsed.nameColumn).reduce(0) { $0 + $1.utf8.count }
            lines.append((start, s.line, nameOffset, parsed))
            s.finishLine(at: end)
        }
        let firstBranch = lines.firstIndex { $0.parsed.marker != nil } ?? lines.count
        let windows = lines.contains { $0.parsed.windows }
        let root = lines[..<firstBranch].lastIndex { !$0.parsed.name.isEmpty && $0.parsed.nameColumn == 0 }
        for (k, entry) in lines.enumerated() {
            let line = entry.parsed
            if line.name.isEmpty { continue }
            // Header lines, before the root.
            if let root, k < root { continue }
            // The column the entry stands at: its branch's, a root's -1, a
            // Windows file's its name's.
            let column: Int
            if let marker = line.marker {
                column = marker
            } else if k == root {
                column = -1
            } else if line.nameColumn == 0 {
                if isFooter(line.name) { continue }
                // Another listing: a root of its own.
                column = -1
            } else if windows {
                column = line.nameColumn
            } else {
                continue
            }
            while let top = stack.last, top.column >= column { stack.removeLast() }
            s.line = entry.line
            s.lineStart = entry.offset
            let offset = entry.nameOffset
            try s.countNode(at: offset)
            try s.checkDepth(stack.count + 1, at: offset)
            try s.checkLabel(line.name, at: offset)
            let node = version.add(s.node(line.name, at: offset), parent: stack.last?.node)
            stack.append(Open(column: column, node: node))
        }
        s.i = s.bytes.count
        if version.isEmpty { throw s.error("expected a tree listing, found no entries", at: s.bytes.count) }
        return [version]
    }
}
