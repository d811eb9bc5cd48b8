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
/// - Labels are plain text where TeX has one reading (``TeXText``); braces
///   protect spaces and commas.
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
        while true {
            let forest = Self.find(Self.forestBegin, in: s.bytes, from: s.i)
            let tree = Self.qtreeStart(in: s.bytes, from: s.i)
            guard forest != nil || tree != nil else { break }
            if let forest, tree.map({ forest < $0 }) ?? true {
                moveTo(forest + Self.forestBegin.count)
                let end = Self.find(Self.forestEnd, in: s.bytes, from: s.i) ?? s.bytes.count
                // The environment's options, up to its tree's '['.
                var depth = 0
                while s.i < end, !(depth == 0 && s.bytes[s.i] == .openBracket) {
                    switch s.bytes[s.i] {
                    case .openBrace: depth += 1
                    case .closeBrace: depth = max(0, depth - 1)
                    case .backslash: s.i += 1
                    default: break
                    }
                    step()
                }
                guard s.i < end else {
                    throw s.error("expected '[' to start the tree of this forest environment, found \(end < s.bytes.count ? "\\end{forest}" : "the end of the file")", at: forest)
                }
                versions.append(try forestTree())
                moveTo(max(s.i, min(end + Self.forestEnd.count, s.bytes.count)))
            } else if let tree {
                moveTo(tree + Self.qtree.count)
                s.skipBlanks()
                guard s.peek == .openBracket else {
                    throw s.error("expected '[' after \\Tree, found \(s.found(at: s.i))", at: s.i)
                }
                versions.append(try qtreeTree())
            }
        }
        if versions.isEmpty {
            throw s.error("expected a tree: \\begin{forest} … \\end{forest} or qtree's \\Tree [.S … ]", at: 0)
        }
        return versions
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
            case .closeBrace: depth -= 1
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

    mutating func forestTree() throws(TreeFileError) -> Version {
        var version = Version()
        var stack: [Open] = []
        try forestOpen(&stack, &version, parent: nil, depth: 1)
        while let top = stack.last {
            s.skipBlanks()
            switch s.peek {
            case nil:
                throw s.error("expected ']' to close this '[', found the end of the file", at: top.offset)
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
        try qtreeOpen(&stack, &version, parent: nil, depth: 1)
        while let top = stack.last {
            s.skipBlanks()
            switch s.peek {
            case nil:
                throw s.error("expected ']' to close this '[', found the end of the file", at: top.offset)
            case .openBracket?:
                try qtreeOpen(&stack, &version, parent: top.node, depth: top.depth + 1)
            case .closeBracket?:
                s.i += 1
                stack.removeLast()
                // A label at the end: `].NP`.
                if s.peek == UInt8(ascii: ".") {
                    s.i += 1
                    let (raw, offset) = try token()
                    let label = plain(raw)
                    try s.checkLabel(label, at: offset)
                    if version.nodes[top.node].label.isEmpty { version.nodes[top.node].label = label }
                }
            default:
                let offset = s.i
                if s.bytes[offset...].starts(with: "\\qroof".utf8),
                    offset + 6 >= s.bytes.count || !s.bytes[offset + 6].isLetter
                {
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
                } else {
                    let raw = try token().text
                    _ = try add(&version, plain(raw), at: offset, parent: top.node, depth: top.depth + 1)
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
            label = plain(try token().text)
        }
        let index = try add(&version, label, at: offset, parent: parent, depth: depth)
        stack.append(Open(node: index, offset: offset, depth: depth))
    }

    /// A word: up to a blank or a bracket outside braces.
    mutating func token() throws(TreeFileError) -> (text: String, offset: Int) {
        try text { $0.isBlank || $0 == .openBracket || $0 == .closeBracket }
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
