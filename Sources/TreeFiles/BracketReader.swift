/// Reads ``TreeFileFormat/brackets``: `[label child …]` trees, with a stack
/// of the open brackets.
struct BracketReader {
    var s: Source

    static func read(_ source: inout Source) throws(TreeFileError) -> [Version] {
        var reader = BracketReader(s: source)
        defer { source = reader.s }
        return try reader.file()
    }

    mutating func file() throws(TreeFileError) -> [Version] {
        var versions: [Version] = []
        // Between versions: a tree is due (at the start, after '---').
        var treeDue = true
        while true {
            s.skipBlanks()
            guard let byte = s.peek else { break }
            if byte == .openBracket {
                guard treeDue else {
                    throw s.error("expected a line '---' between two trees, found '['", at: s.i)
                }
                versions.append(try tree())
                treeDue = false
                continue
            }
            let offset = s.i
            var end = offset
            while end < s.bytes.count, !s.bytes[end].isBlank, s.bytes[end] != .openBracket, s.bytes[end] != .closeBracket {
                end += 1
            }
            let word = s.bytes[offset..<end]
            if word.elementsEqual("---".utf8), !treeDue {
                treeDue = true
            } else if word.elementsEqual("\\Tree".utf8), treeDue {
                // qtree's command before its tree.
            } else if treeDue {
                throw s.error("expected '[' to start a tree, found \(s.found(at: offset))", at: offset)
            } else {
                throw s.error("expected a line '---' or the end of the file after the tree, found \(s.found(at: offset))", at: offset)
            }
            s.i = end
        }
        if treeDue {
            throw s.error(
                versions.isEmpty ? "expected '[' to start a tree, found the end of the file" : "expected a tree after '---', found the end of the file",
                at: s.bytes.count)
        }
        return versions
    }

    /// An open bracket: its node, the offset of its `[`, its level.
    struct Open {
        var node: Int
        var offset: Int
        var depth: Int
    }

    /// One tree, from its `[`.
    mutating func tree() throws(TreeFileError) -> Version {
        var version = Version()
        var stack: [Open] = []
        try open(&stack, &version, parent: nil, depth: 1)
        while let top = stack.last {
            s.skipBlanks()
            switch s.peek {
            case nil:
                throw s.error("expected ']' to close this '[', found the end of the file", at: top.offset)
            case .openBracket?:
                try open(&stack, &version, parent: top.node, depth: top.depth + 1)
            case .closeBracket?:
                s.i += 1
                stack.removeLast()
            default:
                let offset = s.i
                try s.countNode(at: offset)
                try s.checkDepth(top.depth + 1, at: offset)
                let node = s.node("", at: offset)
                let index = version.add(node, parent: top.node)
                version.nodes[index].label = try label()
            }
        }
        return version
    }

    /// Opens the bracket at the position and reads its label.
    mutating func open(_ stack: inout [Open], _ version: inout Version, parent: Int?, depth: Int) throws(TreeFileError) {
        let offset = s.i
        try s.countNode(at: offset)
        try s.checkDepth(depth, at: offset)
        let index = version.add(s.node("", at: offset), parent: parent)
        stack.append(Open(node: index, offset: offset, depth: depth))
        s.i += 1
        s.skipBlanks()
        // `[]` and `[[a] [b]]` have an empty label, as in forest.
        guard let byte = s.peek, byte != .openBracket, byte != .closeBracket else { return }
        var label = try self.label()
        // qtree marks the label with a dot: [.S …].
        if byte == UInt8(ascii: "."), label.count > 1 { label.removeFirst() }
        version.nodes[index].label = label
    }

    /// A label at the position: braced, quoted or a bare word.
    mutating func label() throws(TreeFileError) -> String {
        let offset = s.i
        let label: String
        switch s.peek {
        case .openBrace?:
            try group()
            label = s.text(offset + 1..<s.i - 1)
            try delimiter()
        case .quote?:
            label = try quoted()
            try delimiter()
        default:
            label = try word()
        }
        try s.checkLabel(label, at: offset)
        return label
    }

    /// A label must end at a blank or a bracket.
    mutating func delimiter() throws(TreeFileError) {
        guard let byte = s.peek, !byte.isBlank, byte != .openBracket, byte != .closeBracket else { return }
        throw s.error("expected a blank or a bracket after the label, found \(s.found(at: s.i))", at: s.i)
    }

    /// Moves past the balanced `{…}` group at the position; a backslash
    /// takes the next character out of the count.
    mutating func group() throws(TreeFileError) {
        let open = s.i
        var depth = 0
        repeat {
            guard let byte = s.peek else {
                throw s.error("expected '}' to close this '{', found the end of the file", at: open)
            }
            switch byte {
            case .openBrace: depth += 1
            case .closeBrace: depth -= 1
            case .backslash where s.i + 1 < s.bytes.count && s.bytes[s.i + 1] != .lf: s.i += 1
            default: break
            }
            if s.peek == .lf { s.newline() } else { s.i += 1 }
        } while depth > 0
    }

    /// A double-quoted label, with `\"` and `\\`.
    mutating func quoted() throws(TreeFileError) -> String {
        let open = s.i
        s.i += 1
        var text: [UInt8] = []
        var run = s.i
        while true {
            switch s.peek {
            case nil:
                throw s.error("unterminated quoted label: expected '\"' before the end of the file", at: open)
            case .lf?, .cr?:
                throw s.error("unterminated quoted label: expected '\"' before the end of the line", at: open)
            case .quote?:
                text.append(contentsOf: s.bytes[run..<s.i])
                s.i += 1
                return String(decoding: text, as: UTF8.self)
            case .backslash?:
                let next = s.i + 1 < s.bytes.count ? s.bytes[s.i + 1] : nil
                guard let next, next == .quote || next == .backslash else {
                    if next == nil || next == .lf || next == .cr {
                        throw s.error("unterminated quoted label: expected '\"' before the end of the \(next == nil ? "file" : "line")", at: open)
                    }
                    let shown = s.text(s.i..<min(s.i + 1 + utf8Length(next!), s.bytes.count))
                    throw s.error("invalid escape '\(shown)' in a quoted label: expected \\\" or \\\\", at: s.i)
                }
                text.append(contentsOf: s.bytes[run..<s.i])
                text.append(next)
                s.i += 2
                run = s.i
            default:
                s.i += 1
            }
        }
    }

    /// A bare word: up to a blank or a bracket; braces group, and a
    /// backslash before a bracket, a brace, a quote or a backslash gives that
    /// character (any other backslash is kept, for TeX).
    mutating func word() throws(TreeFileError) -> String {
        var text: [UInt8] = []
        var run = s.i
        while let byte = s.peek, !byte.isBlank, byte != .openBracket, byte != .closeBracket {
            switch byte {
            case .backslash:
                guard s.i + 1 < s.bytes.count else {
                    throw s.error("expected a character after '\\', found the end of the file", at: s.i)
                }
                let next = s.bytes[s.i + 1]
                if [.openBracket, .closeBracket, .openBrace, .closeBrace, .quote, .backslash].contains(next) {
                    text.append(contentsOf: s.bytes[run..<s.i])
                    text.append(next)
                    s.i += 2
                    run = s.i
                } else {
                    s.i += 1
                }
            case .openBrace:
                try group()
            default:
                s.i += 1
            }
        }
        text.append(contentsOf: s.bytes[run..<s.i])
        return String(decoding: text, as: UTF8.self)
    }
}
