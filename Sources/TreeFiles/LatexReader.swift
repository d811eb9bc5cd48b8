/// Reads ``TreeFileFormat/latex``: every forest environment and qtree
/// `\Tree` in a LaTeX text, in the order they stand, each one version (the
/// caller picks which is drawn). Around them anything goes: a preamble,
/// prose, other environments; `%` comments are skipped everywhere.
///
/// - forest: `[label, options [child] …]`. The label runs to the first `,`,
///   `[` or `]` outside braces; options after the comma (`name=…`,
///   `edge=…`, `for tree={…}`) are not children, and neither are the
///   environment's own options before the first `[`.
/// - qtree: `\Tree [.label child … ]`; a child is a bracket, a bare word (a
///   leaf) or `\qroof{text}.label`, a node over a roof of text. A label may
///   stand at either end (`[ … ].NP`) or both (`[.NP … ].NP`).
/// - tikz-qtree: the same brackets, where a label or a leaf may be a TikZ
///   node, `\node(name)[options]{text};`, drawn as its text, and a child
///   may follow `\edge[options] node{label};`, whose `roof` option puts
///   the child under a roof. qtree's `!` escapes (`!{\qframesubtree}`,
///   `!\qsetw{1cm}`) are directives, not leaves.
/// - Labels are plain text where TeX has one reading (``TeXText``); braces
///   protect spaces and commas; `\\` breaks a label's line.
///
/// What is not a tree is passed over: `\Tree` in prose (a manual's
/// `\DescribeMacro{\Tree}`) with no `[` after it. A tree that cannot be
/// read is kept as a failure in its place, so the trees after it are read
/// and numbered as they stand (`--pick 2` reads the second when the first
/// is broken); the file is refused only when no tree can be read.
struct LatexReader {
    var s: Source

    static func read(_ source: inout Source) throws(TreeFileError) -> [Version] {
        // Comments out, as blanks of the same length: offsets, lines and
        // columns stay those of the file.
        var reader = LatexReader(s: Source(bytes: uncommented(source.bytes), name: source.name, limits: source.limits))
        defer { source.nodeCount = reader.s.nodeCount }
        source.separateTrees = true
        return try reader.file()
    }

    /// `bytes` with each `%` comment (a `%` not after a backslash, to the
    /// end of its line) turned into spaces.
    static func uncommented(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var k = 0
        while k < out.count {
            if out[k] == .backslash {
                k += 2
                continue
            }
            if out[k] == UInt8(ascii: "%") {
                while k < out.count, out[k] != .lf {
                    out[k] = .space
                    k += 1
                }
            }
            k += 1
        }
        return out
    }

    static let forestBegin = Array("\\begin{forest}".utf8)
    static let forestEnd = Array("\\end{forest}".utf8)
    static let qtree = Array("\\Tree".utf8)

    /// The offset of the first `\Tree` command (not `\Treex`) in `bytes`.
    static func qtreeStart(in bytes: [UInt8], from start: Int = 0) -> Int? {
        var k = start
        while let found = find(qtree, in: bytes, from: k) {
            let after = found + qtree.count
            if after >= bytes.count || !(bytes[after].isLetter) { return found }
            k = after
        }
        return nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        var k = start
        while k <= bytes.count - needle.count {
            if bytes[k] == needle[0], bytes[k..<k + needle.count].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    mutating func file() throws(TreeFileError) -> [Version] {
        var versions: [Version] = []
        var notATree: Int?
        while true {
            let forest = Self.find(Self.forestBegin, in: s.bytes, from: s.i)
            let tree = Self.qtreeStart(in: s.bytes, from: s.i)
            guard forest != nil || tree != nil else { break }
            // Where the reading of the tree starts, to go back to when it
            // fails: the trees after it are still read.
            let saved = s
            if let forest, tree.map({ forest < $0 }) ?? true {
                moveTo(forest + Self.forestBegin.count)
                let end = Self.find(Self.forestEnd, in: s.bytes, from: s.i) ?? s.bytes.count
                do throws(TreeFileError) {
                    versions.append(try forestEnvironment(at: forest, end: end))
                    moveTo(max(s.i, min(end + Self.forestEnd.count, s.bytes.count)))
                } catch {
                    versions.append(Version(failure: error))
                    s = saved
                    moveTo(max(forest + Self.forestBegin.count, min(end + Self.forestEnd.count, s.bytes.count)))
                }
            } else if let tree {
                moveTo(tree + Self.qtree.count)
                s.skipBlanks()
                // `\Tree` in prose (`\DescribeMacro{\Tree}`, `\verb|\Tree|`)
                // is not a tree: on to the next.
                guard s.peek == .openBracket else {
                    if notATree == nil { notATree = tree }
                    continue
                }
                do throws(TreeFileError) {
                    versions.append(try qtreeTree())
                } catch {
                    versions.append(Version(failure: error))
                    s = saved
                    moveTo(tree + Self.qtree.count)
                }
            }
        }
        if versions.isEmpty {
            if let notATree {
                throw s.error("\\Tree here starts no tree (no '[' after it), and the document has no other: expected \\begin{forest} … \\end{forest} or qtree's \\Tree [.S … ]", at: notATree)
            }
            throw s.error("expected a tree: \\begin{forest} … \\end{forest} or qtree's \\Tree [.S … ]", at: 0)
        }
        return versions
    }

    /// A forest environment's tree, after `\begin{forest}` at `begin`, its
    /// `\end{forest}` at `end`.
    mutating func forestEnvironment(at begin: Int, end: Int) throws(TreeFileError) -> Version {
        // The environment's options, up to its tree's '['.
        var depth = 0
        while s.i < end, !(depth == 0 && s.bytes[s.i] == .openBracket) {
            switch s.bytes[s.i] {
            case .openBrace: depth += 1
            case .closeBrace: depth = max(0, depth - 1)
            case .backslash where s.i + 1 < end && s.bytes[s.i + 1] != .lf: s.i += 1
            default: break
            }
            step()
        }
        guard s.i < end else {
            throw s.error("expected '[' to start the tree of this forest environment, found \(end < s.bytes.count ? "\\end{forest}" : "the end of the file")", at: begin)
        }
        return try forestTree(end: end)
    }

    /// Moves the position forward to `offset`, counting lines.
    mutating func moveTo(_ offset: Int) {
        while s.i < offset { step() }
    }

    /// Moves past one byte, counting lines.
    mutating func step() {
        if s.peek == .lf { s.newline() } else { s.i += 1 }
    }

    /// Text to the first `stops` byte outside braces, with its offset;
    /// a backslash takes the next byte with it.
    mutating func text(stops: (UInt8) -> Bool) throws(TreeFileError) -> (text: String, offset: Int) {
        let start = s.i
        var depth = 0
        while let byte = s.peek {
            if depth == 0, stops(byte) { break }
            switch byte {
            case .openBrace: depth += 1
            // A '}' that closes nothing is a character, not a group's end:
            // the label still ends where its stops are.
            case .closeBrace: depth = max(0, depth - 1)
            case .backslash where s.i + 1 < s.bytes.count && s.bytes[s.i + 1] != .lf: s.i += 1
            default: break
            }
            step()
        }
        if depth > 0 { throw s.error("expected '}' to close a '{' of this label, found the end of the file", at: start) }
        return (s.text(start..<s.i), start)
    }

    /// An open bracket: its node, the offset of its `[`, its level.
    struct Open {
        var node: Int
        var offset: Int
        var depth: Int
    }

    /// A new node under `parent`, counted and checked.
    mutating func add(_ version: inout Version, _ label: String, at offset: Int, parent: Int?, depth: Int, roof: Bool = false) throws(TreeFileError) -> Int {
        try s.countNode(at: offset)
        try s.checkDepth(depth, at: offset)
        try s.checkLabel(label, at: offset)
        var node = s.node(label, at: offset)
        node.roof = roof
        return version.add(node, parent: parent)
    }

    /// A label as drawn: TeX made plain, blanks at its ends dropped.
    func plain(_ raw: String) -> String {
        TeXText.plain(raw).trimmingBlanks
    }

    // MARK: forest

    /// The tree at the position, which ends before `end` (its
    /// environment's `\end{forest}`, or the end of the file).
    mutating func forestTree(end: Int) throws(TreeFileError) -> Version {
        var version = Version()
        var stack: [Open] = []
        try forestOpen(&stack, &version, parent: nil, depth: 1)
        while let top = stack.last {
            s.skipBlanks()
            switch s.i < end ? s.peek : nil {
            case nil:
                let found = end < s.bytes.count ? "\\end{forest}" : "the end of the file"
                throw s.error("expected ']' to close this '[', found \(found)", at: top.offset)
            case .openBracket?:
                try forestOpen(&stack, &version, parent: top.node, depth: top.depth + 1)
            case .closeBracket?:
                s.i += 1
                stack.removeLast()
            default:
                // Text after a child: more of the node's content.
                try content(of: top.node, in: &version)
            }
        }
        return version
    }

    mutating func forestOpen(_ stack: inout [Open], _ version: inout Version, parent: Int?, depth: Int) throws(TreeFileError) {
        let offset = s.i
        let index = try add(&version, "", at: offset, parent: parent, depth: depth)
        stack.append(Open(node: index, offset: offset, depth: depth))
        s.i += 1
        try content(of: index, in: &version)
    }

    /// A node's content at the position: its label, and its options after
    /// a comma, skipped.
    mutating func content(of index: Int, in version: inout Version) throws(TreeFileError) {
        let (raw, offset) = try text { $0 == .openBracket || $0 == .closeBracket || $0 == .comma }
        let label = plain(raw)
        if !label.isEmpty {
            let joined = version.nodes[index].label.isEmpty ? label : version.nodes[index].label + " " + label
            try s.checkLabel(joined, at: offset)
            version.nodes[index].label = joined
        }
        if s.peek == .comma {
            _ = try text { $0 == .openBracket || $0 == .closeBracket }
        }
    }

    // MARK: qtree

    mutating func qtreeTree() throws(TreeFileError) -> Version {
        var version = Version()
        var stack: [Open] = []
        // tikz-qtree's `\edge[roof];` before a child: the child is a roof.
        var roofNext = false
        try qtreeOpen(&stack, &version, parent: nil, depth: 1)
        while let top = stack.last {
            s.skipBlanks()
            switch s.peek {
            case nil:
                throw s.error("expected ']' to close this '[', found the end of the file", at: top.offset)
            case .openBracket?:
                try qtreeOpen(&stack, &version, parent: top.node, depth: top.depth + 1)
                if roofNext, let opened = stack.last?.node { version.nodes[opened].roof = true }
                roofNext = false
            case .closeBracket?:
                s.i += 1
                stack.removeLast()
                roofNext = false
                // A label at the end: `].NP`.
                if s.peek == UInt8(ascii: ".") {
                    s.i += 1
                    let (raw, offset) = try token()
                    let label = plain(raw)
                    try s.checkLabel(label, at: offset)
                    if version.nodes[top.node].label.isEmpty { version.nodes[top.node].label = label }
                }
            case UInt8(ascii: "!")?:
                // qtree's escape: a directive to TeX (`!{\qframesubtree}`,
                // `!\qsetw{1cm}`), no node.
                s.i += 1
                _ = try token()
            default:
                let offset = s.i
                let environment = s.bytes[offset...].starts(with: "\\begin{".utf8) || s.bytes[offset...].starts(with: "\\end{".utf8)
                if startsCommand("Tree", at: offset) || environment {
                    // The tree ran into the next one, or out of its
                    // environment: a ']' is missing.
                    // The command and its environment's name, on its line.
                    var end = offset
                    while end < min(offset + 40, s.bytes.count), s.bytes[end] != .lf, s.bytes[end] != .cr, s.bytes[end] != .closeBrace { end += 1 }
                    let closed = end < s.bytes.count && s.bytes[end] == .closeBrace
                    let what = environment ? s.text(offset..<end) + (closed ? "}" : "…") : "the next \\Tree"
                    throw s.error("expected ']' to close this '[', found \(what) on line \(s.line)", at: top.offset)
                }
                if startsCommand("edge", at: offset) {
                    roofNext = try edge()
                } else if startsCommand("node", at: offset) {
                    let label = try tikzNode()
                    _ = try add(&version, label, at: offset, parent: top.node, depth: top.depth + 1, roof: roofNext)
                    roofNext = false
                } else if startsCommand("qroof", at: offset) {
                    s.i = offset + 6
                    s.skipBlanks()
                    guard s.peek == .openBrace else {
                        throw s.error("expected '{' after \\qroof, found \(s.found(at: s.i))", at: s.i)
                    }
                    let textOffset = s.i
                    s.i += 1
                    let (text, _) = try self.text { $0 == .closeBrace }
                    guard s.peek == .closeBrace else {
                        throw s.error("expected '}' to close this '{', found the end of the file", at: textOffset)
                    }
                    s.i += 1
                    var label = ""
                    if s.peek == UInt8(ascii: ".") {
                        s.i += 1
                        label = plain(try token().text)
                    }
                    let node = try add(&version, label, at: offset, parent: top.node, depth: top.depth + 1)
                    _ = try add(&version, plain(text), at: textOffset, parent: node, depth: top.depth + 2, roof: true)
                    roofNext = false
                } else {
                    let raw = try token().text
                    _ = try add(&version, plain(raw), at: offset, parent: top.node, depth: top.depth + 1, roof: roofNext)
                    roofNext = false
                }
            }
        }
        return version
    }

    mutating func qtreeOpen(_ stack: inout [Open], _ version: inout Version, parent: Int?, depth: Int) throws(TreeFileError) {
        let offset = s.i
        s.i += 1
        var label = ""
        if s.peek == UInt8(ascii: ".") {
            s.i += 1
            label = startsCommand("node", at: s.i) ? try tikzNode() : plain(try token().text)
        }
        let index = try add(&version, label, at: offset, parent: parent, depth: depth)
        stack.append(Open(node: index, offset: offset, depth: depth))
    }

    /// A word: up to a blank or a bracket outside braces.
    mutating func token() throws(TreeFileError) -> (text: String, offset: Int) {
        try text { $0.isBlank || $0 == .openBracket || $0 == .closeBracket }
    }

    /// Whether the command `\name` (not `\nameX`) starts at `offset`.
    func startsCommand(_ name: String, at offset: Int) -> Bool {
        let command = [UInt8.backslash] + Array(name.utf8)
        let after = offset + command.count
        guard after <= s.bytes.count, s.bytes[offset..<after].elementsEqual(command) else { return false }
        return after == s.bytes.count || !s.bytes[after].isLetter
    }

    /// Skips blanks and the balanced group that `open` starts at the
    /// position, if there is one (`[…]` options, `(…)` a name); braces
    /// inside it are balanced too.
    mutating func skipGroup(_ open: UInt8, _ close: UInt8) throws(TreeFileError) -> Bool {
        s.skipBlanks()
        guard s.peek == open else { return false }
        let start = s.i
        var depth = 0, braces = 0
        while let byte = s.peek {
            if byte == .backslash, s.i + 1 < s.bytes.count, s.bytes[s.i + 1] != .lf {
                // An escaped character counts for nothing.
                s.i += 1
            } else if byte == open, braces == 0 || open == .openBrace {
                depth += 1
            } else if byte == close, braces == 0 || close == .closeBrace {
                depth -= 1
            } else if byte == .openBrace {
                braces += 1
            } else if byte == .closeBrace {
                braces = max(0, braces - 1)
            }
            step()
            if depth == 0 { return true }
        }
        throw s.error("expected '\(Character(UnicodeScalar(close)))' to close this '\(Character(UnicodeScalar(open)))', found the end of the file", at: start)
    }

    /// tikz-qtree's node at the position, `\node(name)[options] at (x) {text};`
    /// in any order TikZ takes: its text, as a label.
    mutating func tikzNode() throws(TreeFileError) -> String {
        let start = s.i
        s.i += 5
        while true {
            if try skipGroup(.openBracket, .closeBracket) { continue }
            if try skipGroup(UInt8(ascii: "("), UInt8(ascii: ")")) { continue }
            if s.bytes[s.i...].starts(with: "at".utf8), s.i + 2 < s.bytes.count, !s.bytes[s.i + 2].isLetter {
                s.i += 2
                continue
            }
            break
        }
        guard s.peek == .openBrace else {
            throw s.error("expected '{' and the node's text in this \\node, found \(s.found(at: s.i))", at: start)
        }
        let open = s.i
        s.i += 1
        let (raw, _) = try text { $0 == .closeBrace }
        guard s.peek == .closeBrace else {
            throw s.error("expected '}' to close this '{', found the end of the file", at: open)
        }
        s.i += 1
        s.skipBlanks()
        if s.peek == UInt8(ascii: ";") { s.i += 1 }
        return plain(raw)
    }

    /// tikz-qtree's `\edge[options] node[options]{label};` at the position,
    /// skipped: whether its options ask for a roof.
    mutating func edge() throws(TreeFileError) -> Bool {
        let start = s.i
        s.i += 5
        s.skipBlanks()
        var roof = false
        if s.peek == .openBracket {
            let open = s.i
            _ = try skipGroup(.openBracket, .closeBracket)
            let separators: Set<Character> = [",", "[", "]"]
            let options = s.text(open..<s.i).split(whereSeparator: { separators.contains($0) })
            roof = options.contains { String($0).trimmingBlanks == "roof" }
        }
        // An edge label (`node[auto=right]{x}`), then the ';'.
        s.skipBlanks()
        if s.bytes[s.i...].starts(with: "node".utf8), s.i + 4 >= s.bytes.count || !s.bytes[s.i + 4].isLetter {
            s.i += 4
            _ = try skipGroup(.openBracket, .closeBracket)
            _ = try skipGroup(.openBrace, .closeBrace)
            s.skipBlanks()
        }
        if s.peek == UInt8(ascii: ";") {
            s.i += 1
            return roof
        }
        throw s.error("expected ';' to end this \\edge, found \(s.found(at: s.i))", at: start)
    }
}

extension UInt8 {
    var isLetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
}

extension String {
    /// The string without spaces, tabs and line ends at either end.
    var trimmingBlanks: String {
        let blank = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
