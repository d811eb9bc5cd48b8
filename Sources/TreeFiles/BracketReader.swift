/// Reads ``TreeFileFormat/brackets``: `[label child …]` trees, with a stack
/// of the open brackets.
///
/// Under a syntactic category (`DP`, `NP`, `V'`, `Det`), the words up to
/// the next bracket are one leaf, as the syntax-tree generators (syntree,
/// jsSyntaxTree, RSyntaxTree) draw them: `[DP the king]` is DP over "the
/// king". Elsewhere each word is a leaf of its own, as a data structure's
/// tree has them (`[a b c]`, `[8 3 10]`, `[A B C]`: no category over
/// words), and so in qtree's dotted brackets (`\Tree [.DP the king ]`),
/// which qtree splits at blanks. A bare word's `_1` or `_{i}` at its end is a subscript, and
/// qtree's `\1`, `\2`, `\0` are ′, ″, ⁰ (`what_1` is what₁, `I\1` is I′).
struct BracketReader {
    var s: Source
    /// Whether the text is qtree's (`\Tree` before its tree): its leaves
    /// are split at blanks.
    var qtree = false

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
                qtree = true
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
        /// A qtree bracket (`[.S`): its words are leaves of their own.
        var dotted = false
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
                let (first, bare) = try leaf()
                var label = first
                if bare, !top.dotted, !qtree, Self.isCategory(version.nodes[top.node].label) {
                    // The words up to the next bracket: one leaf, unless
                    // they are categories or numbers themselves.
                    let saved = s
                    var words = [first]
                    while true {
                        s.skipBlanks()
                        guard let byte = s.peek, byte != .openBracket, byte != .closeBracket, byte != .openBrace, byte != .quote else { break }
                        words.append(try leaf().text)
                    }
                    if words.count > 1, !words.allSatisfy({ Self.isNumber($0) || Self.isCategory($0) }) {
                        label = words.joined(separator: " ")
                        try s.checkLabel(label, at: offset)
                    } else {
                        s = saved
                    }
                }
                version.nodes[index].label = label
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
        if byte == UInt8(ascii: "."), label.count > 1 {
            label.removeFirst()
            stack[stack.count - 1].dotted = true
        }
        version.nodes[index].label = byte == .openBrace || byte == .quote ? label : Self.scripted(label)
    }

    /// A leaf's label, and whether it was a bare word (not braced or
    /// quoted).
    mutating func leaf() throws(TreeFileError) -> (text: String, bare: Bool) {
        let byte = s.peek
        let text = try label()
        let bare = byte != .openBrace && byte != .quote
        return (bare ? Self.scripted(text) : text, bare)
    }

    static func isNumber(_ word: String) -> Bool {
        !word.isEmpty && Double(word) != nil
    }

    /// Whether a label is a syntactic category: one to five capitals
    /// (`S`, `DP`, `ADJP`) or one of the usual mixed-case names (`Det`,
    /// `Spec`), with any primes, digits and sub- or superscripts after
    /// (`V'`, `C′`, `I⁰`, `NPᵢ`, `XP2`).
    static func isCategory(_ label: String) -> Bool {
        let core = label.reversed().drop { !$0.isLetter || Self.marks.contains($0) }.reversed()
        let name = String(core)
        guard !name.isEmpty, name.count <= 5, name.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return name.allSatisfy(\.isUppercase) || Self.mixedCategories.contains(name)
    }

    /// Letters that mark a category rather than name it: sub- and
    /// superscript letters.
    static let marks: Set<Character> = Set(TeXText.Reader.subscripts.values).union(TeXText.Reader.superscripts.values)

    static let mixedCategories: Set<String> = [
        "Det", "Adj", "Adv", "Aux", "Conj", "Spec", "Comp", "Infl", "Neg", "Deg", "Num", "Poss", "Pron", "Prep", "Agr", "Tns", "Mod",
    ]

    /// A bare word with its subscript at the end made one: `what_1` is
    /// what₁, `NP_{i}` NPᵢ, where every character has a subscript form;
    /// `my_node` (more than one character after `_`) and `a\_b` stay.
    static func scripted(_ word: String) -> String {
        guard let underscore = word.lastIndex(of: "_"), underscore > word.startIndex,
            word[word.index(before: underscore)] != "\\"
        else { return word }
        var script = word[word.index(after: underscore)...]
        if script.first == "{", script.last == "}", script.count > 2 {
            script = script.dropFirst().dropLast()
        } else if script.count != 1 {
            return word
        }
        let mapped = script.map { TeXText.Reader.subscripts[$0] }
        guard mapped.allSatisfy({ $0 != nil }) else { return word }
        return String(word[..<underscore]) + String(mapped.map { $0! })
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
                if let prime = Self.primes[next], s.i + 2 >= s.bytes.count || !s.bytes[s.i + 2].isDigit {
                    // qtree's `X\1`: X′.
                    text.append(contentsOf: s.bytes[run..<s.i])
                    text.append(contentsOf: prime.utf8)
                    s.i += 2
                    run = s.i
                } else if [.openBracket, .closeBracket, .openBrace, .closeBrace, .quote, .backslash].contains(next) {
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

    /// qtree's primes: `\0`, `\1` and `\2` after a label.
    static let primes: [UInt8: String] = [UInt8(ascii: "0"): "⁰", UInt8(ascii: "1"): "′", UInt8(ascii: "2"): "″"]
}
