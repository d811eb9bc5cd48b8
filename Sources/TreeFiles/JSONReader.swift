/// Reads ``TreeFileFormat/json``: a node object, or an array of them (the
/// versions). Node objects nest through explicit stacks, ignored values are
/// skipped through one, so no depth of nesting recurses.
struct JSONReader {
    var s: Source

    static func read(_ source: inout Source) throws(TreeFileError) -> [Version] {
        var reader = JSONReader(s: source)
        defer { source = reader.s }
        return try reader.file()
    }

    mutating func file() throws(TreeFileError) -> [Version] {
        var versions: [Version] = []
        s.skipBlanks()
        let isArray = s.peek == .openBracket
        switch s.peek {
        case .openBrace?:
            versions.append(try tree())
        case .openBracket?:
            let open = s.i
            s.i += 1
            while true {
                s.skipBlanks()
                if s.atEnd { throw s.error("expected ']' to close this '[', found the end of the file", at: open) }
                if versions.isEmpty, s.peek == .closeBracket {
                    throw s.error("expected a node object (the first version), found ']'", at: s.i)
                }
                guard s.peek == .openBrace else {
                    throw s.error("expected a node object (a version), found \(kind(at: s.i))", at: s.i)
                }
                versions.append(try tree())
                s.skipBlanks()
                if s.atEnd { throw s.error("expected ']' to close this '[', found the end of the file", at: open) }
                if s.peek == .closeBracket {
                    s.i += 1
                    break
                }
                guard s.peek == .comma else {
                    throw s.error("expected ',' or ']' after a version, found \(s.found(at: s.i))", at: s.i)
                }
                s.i += 1
            }
        default:
            throw s.error("expected '{' (a tree) or '[' (versions), found \(kind(at: s.i))", at: s.i)
        }
        s.skipBlanks()
        if !s.atEnd {
            throw s.error("expected the end of the file after the \(isArray ? "versions" : "tree"), found \(s.found(at: s.i))", at: s.i)
        }
        return versions
    }

    // MARK: Node objects

    /// Where the reader is in an open node object.
    enum State {
        case firstKey, key, afterMember, firstChild, child, afterChild
    }

    /// An open node object.
    struct Frame {
        var node: Int
        /// The offset of its `{`, and of its children's `[`.
        var open: Int
        var childrenOpen = -1
        var depth: Int
        var state = State.firstKey
        /// The label so far, its key's rank (label 0, name 1, value 2) and
        /// the offset of its value.
        var label: (text: String, rank: Int, offset: Int)?
        /// The known keys met: a duplicate is refused.
        var keys: Set<String> = []
        /// Its place from the root, `/` for the root and `/2/1` for the
        /// root's second child's first: the label of a node that has no
        /// other.
        var path: String
    }

    /// One node object and its descendants, from its `{`.
    mutating func tree() throws(TreeFileError) -> Version {
        var version = Version()
        var stack: [Frame] = []
        try open(&stack, &version, parent: nil, depth: 1, path: "/")
        while let top = stack.indices.last {
            s.skipBlanks()
            guard let byte = s.peek else {
                let frame = stack[top]
                switch frame.state {
                case .firstChild, .child, .afterChild:
                    throw s.error("expected ']' to close this '[', found the end of the file", at: frame.childrenOpen)
                default:
                    throw s.error("expected '}' to close this '{', found the end of the file", at: frame.open)
                }
            }
            switch stack[top].state {
            case .firstKey, .key:
                if stack[top].state == .firstKey, byte == .closeBrace {
                    s.i += 1
                    try close(&stack, &version)
                    continue
                }
                guard byte == .quote else {
                    let expected = stack[top].state == .firstKey ? "a key or '}' in the node object" : "a key after ','"
                    throw s.error("expected \(expected), found \(s.found(at: s.i))", at: s.i)
                }
                let keyOffset = s.i
                let key = try string()
                s.skipBlanks()
                guard s.peek == .colon else {
                    throw s.error("expected ':' after the key, found \(s.found(at: s.i))", at: s.i)
                }
                s.i += 1
                s.skipBlanks()
                try member(key, at: keyOffset, of: &stack[top], &version)
            case .afterMember:
                if byte == .comma {
                    s.i += 1
                    stack[top].state = .key
                } else if byte == .closeBrace {
                    s.i += 1
                    try close(&stack, &version)
                } else {
                    throw s.error("expected ',' or '}' in the node object, found \(s.found(at: s.i))", at: s.i)
                }
            case .firstChild, .child:
                if stack[top].state == .firstChild, byte == .closeBracket {
                    s.i += 1
                    stack[top].state = .afterMember
                } else if byte == .openBrace {
                    stack[top].state = .afterChild
                    let place = version.slots[stack[top].node].count + 1
                    let path = (stack[top].path == "/" ? "" : stack[top].path) + "/\(place)"
                    try open(&stack, &version, parent: stack[top].node, depth: stack[top].depth + 1, path: path)
                } else if literal() == "null" {
                    version.slots[stack[top].node].append(nil)
                    stack[top].state = .afterChild
                } else {
                    throw s.error("expected a node object or null in \"children\", found \(kind(at: s.i))", at: s.i)
                }
            case .afterChild:
                if byte == .comma {
                    s.i += 1
                    stack[top].state = .child
                } else if byte == .closeBracket {
                    s.i += 1
                    stack[top].state = .afterMember
                } else {
                    throw s.error("expected ',' or ']' in \"children\", found \(s.found(at: s.i))", at: s.i)
                }
            }
        }
        return version
    }

    /// Opens the node object at the position.
    mutating func open(_ stack: inout [Frame], _ version: inout Version, parent: Int?, depth: Int, path: String) throws(TreeFileError) {
        try s.countNode(at: s.i)
        try s.checkDepth(depth, at: s.i)
        let index = version.add(s.node("", at: s.i), parent: parent)
        stack.append(Frame(node: index, open: s.i, depth: depth, path: path))
        s.i += 1
    }

    /// Closes the innermost node object, its `}` read.
    mutating func close(_ stack: inout [Frame], _ version: inout Version) throws(TreeFileError) {
        let frame = stack.removeLast()
        // Without a label or name: its id (d3.stratify's data), else its
        // value, else its place.
        let named = frame.label.flatMap { $0.rank < 2 ? $0 : nil }
        let label = named ?? version.nodes[frame.node].id.map { ($0, 2, frame.open) } ?? frame.label ?? (frame.path, 3, frame.open)
        try s.checkLabel(label.text, at: label.offset)
        version.nodes[frame.node].label = label.text
        if version.slots[frame.node].allSatisfy({ $0 == nil }) {
            version.slots[frame.node] = []
        }
    }

    /// Reads the value of a member of a node object.
    mutating func member(_ key: String, at keyOffset: Int, of frame: inout Frame, _ version: inout Version) throws(TreeFileError) {
        let ranks = ["label": 0, "name": 1, "value": 2]
        if ranks[key] != nil || key == "id" || key == "children" {
            guard frame.keys.insert(key).inserted else {
                throw s.error("duplicate key \(quoted(key)) in the node object", at: keyOffset)
            }
        }
        let offset = s.i
        frame.state = .afterMember
        if let rank = ranks[key] {
            let text = try scalar(of: key, booleans: true)
            if frame.label.map({ rank < $0.rank }) ?? true {
                frame.label = (text, rank, offset)
            }
        } else if key == "id" {
            try version.assign(id: try scalar(of: key, booleans: false), to: frame.node, source: s, at: offset)
        } else if key == "children" {
            guard s.peek == .openBracket else {
                throw s.error("\"children\" must be an array, found \(kind(at: offset))", at: offset)
            }
            frame.childrenOpen = offset
            frame.state = .firstChild
            s.i += 1
        } else {
            try skipValue()
        }
    }

    /// A label or an id: a string, a number as written (see
    /// `Source.number(_:at:)`), and for a label a boolean as written.
    mutating func scalar(of key: String, booleans: Bool) throws(TreeFileError) -> String {
        switch s.peek {
        case .quote?: return try string()
        case let byte? where byte == .minus || byte.isDigit:
            let offset = s.i
            return try s.number(try number(), at: offset)
        default:
            let offset = s.i
            if booleans, let word = literal(), word != "null" { return word }
            let types = booleans ? "a string, a number or a boolean" : "a string or a number"
            throw s.error("\(quoted(key)) must be \(types), found \(kind(at: offset))", at: offset)
        }
    }

    // MARK: JSON values

    /// What kind of value starts at `offset`, for a message.
    func kind(at offset: Int) -> String {
        guard offset < s.bytes.count else { return "the end of the file" }
        let rest = s.bytes[offset...]
        switch s.bytes[offset] {
        case .openBrace: return "an object"
        case .openBracket: return "an array"
        case .quote: return "a string"
        case let byte where byte == .minus || byte.isDigit: return "a number"
        default:
            if rest.starts(with: "true".utf8) || rest.starts(with: "false".utf8) { return "a boolean" }
            if rest.starts(with: "null".utf8) { return "null" }
            return s.found(at: offset)
        }
    }

    /// Reads `true`, `false` or `null` if one is at the position.
    mutating func literal() -> String? {
        for word in ["true", "false", "null"] where s.bytes[s.i...].starts(with: word.utf8) {
            s.i += word.utf8.count
            return word
        }
        return nil
    }

    /// A number, as written.
    mutating func number() throws(TreeFileError) -> String {
        let start = s.i
        func digits(after what: String) throws(TreeFileError) {
            guard s.peek?.isDigit == true else {
                throw s.error("invalid number: expected a digit after \(what), found \(s.found(at: s.i))", at: s.i)
            }
            while s.peek?.isDigit == true { s.i += 1 }
        }
        if s.peek == .minus { s.i += 1 }
        if s.peek == UInt8(ascii: "0") {
            s.i += 1
        } else {
            try digits(after: "'-'")
        }
        if s.peek == UInt8(ascii: ".") {
            s.i += 1
            try digits(after: "'.'")
        }
        if s.peek == UInt8(ascii: "e") || s.peek == UInt8(ascii: "E") {
            let e = s.text(s.i..<s.i + 1)
            s.i += 1
            if s.peek == UInt8(ascii: "+") || s.peek == .minus { s.i += 1 }
            try digits(after: "'\(e)'")
        }
        return s.text(start..<s.i)
    }

    /// A string, its escapes decoded.
    mutating func string() throws(TreeFileError) -> String {
        let open = s.i
        s.i += 1
        var decoded: [UInt8] = []
        var run = s.i
        while true {
            guard let byte = s.peek else {
                throw s.error("unterminated string: expected '\"' before the end of the file", at: open)
            }
            switch byte {
            case .quote:
                defer { s.i += 1 }
                if decoded.isEmpty, run == open + 1 { return s.text(run..<s.i) }
                decoded.append(contentsOf: s.bytes[run..<s.i])
                return String(decoding: decoded, as: UTF8.self)
            case .backslash:
                decoded.append(contentsOf: s.bytes[run..<s.i])
                try escape(into: &decoded, open: open)
                run = s.i
            case .lf, .cr:
                throw s.error("unterminated string: expected '\"' before the end of the line", at: open)
            case ..<0x20:
                let code = String(byte, radix: 16, uppercase: true)
                throw s.error("control character U+\(String(repeating: "0", count: 4 - code.count) + code) in a string: write it as an escape", at: s.i)
            default:
                s.i += 1
            }
        }
    }

    /// Decodes the escape at the position into `decoded`.
    mutating func escape(into decoded: inout [UInt8], open: Int) throws(TreeFileError) {
        let start = s.i
        guard start + 1 < s.bytes.count else {
            throw s.error("unterminated string: expected '\"' before the end of the file", at: open)
        }
        let simple: [UInt8: UInt8] = [
            .quote: .quote, .backslash: .backslash, UInt8(ascii: "/"): UInt8(ascii: "/"),
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): .lf,
            UInt8(ascii: "r"): .cr, UInt8(ascii: "t"): .tab,
        ]
        let letter = s.bytes[start + 1]
        if let byte = simple[letter] {
            decoded.append(byte)
            s.i += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            let shown = s.text(start..<min(start + 1 + utf8Length(letter), s.bytes.count))
            throw s.error("invalid escape '\(shown)' in a string: expected \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits", at: start)
        }
        var scalar = try hex4(at: start)
        s.i = start + 6
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate pairs with a low one: \uD83D\uDE00.
            let next = s.i
            if s.bytes[next...].starts(with: [.backslash, UInt8(ascii: "u")]), let low = try? hex4(at: next), (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                s.i = next + 6
            } else {
                throw s.error("invalid escape '\(s.text(start..<start + 6))' in a string: a high surrogate without its low surrogate", at: start)
            }
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw s.error("invalid escape '\(s.text(start..<start + 6))' in a string: a low surrogate without its high surrogate", at: start)
        }
        decoded.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
    }

    /// The four hex digits of the `\u` escape at `start`.
    func hex4(at start: Int) throws(TreeFileError) -> UInt32 {
        var value: UInt32 = 0
        for k in start + 2..<start + 6 {
            guard k < s.bytes.count, let digit = UInt32(String(UnicodeScalar(s.bytes[k])), radix: 16) else {
                let end = min(start + 6, s.bytes.count)
                var cut = start + 2
                while cut < end, s.bytes[cut] < 0x80, !s.bytes[cut].isBlank, s.bytes[cut] != .quote { cut += 1 }
                throw s.error("invalid escape '\(s.text(start..<cut))' in a string: expected four hex digits after \\u", at: start)
            }
            value = value * 16 + digit
        }
        return value
    }

    /// Skips a value of any kind, checking it is JSON.
    mutating func skipValue() throws(TreeFileError) {
        var closers: [UInt8] = []
        func key() throws(TreeFileError) {
            s.skipBlanks()
            guard s.peek == .quote else { throw s.error("expected a key, found \(s.found(at: s.i))", at: s.i) }
            _ = try string()
            s.skipBlanks()
            guard s.peek == .colon else { throw s.error("expected ':' after the key, found \(s.found(at: s.i))", at: s.i) }
            s.i += 1
        }
        while true {
            s.skipBlanks()
            switch s.peek {
            case .openBrace?:
                s.i += 1
                s.skipBlanks()
                if s.peek == .closeBrace {
                    s.i += 1
                } else {
                    try key()
                    closers.append(.closeBrace)
                    continue
                }
            case .openBracket?:
                s.i += 1
                s.skipBlanks()
                if s.peek == .closeBracket {
                    s.i += 1
                } else {
                    closers.append(.closeBracket)
                    continue
                }
            case .quote?:
                _ = try string()
            case let byte? where byte == .minus || byte.isDigit:
                _ = try number()
            default:
                guard literal() != nil else { throw s.error("expected a value, found \(s.found(at: s.i))", at: s.i) }
            }
            // After a value: close what it ends, or go on after a comma.
            while let closer = closers.last {
                s.skipBlanks()
                if s.peek == closer {
                    s.i += 1
                    closers.removeLast()
                } else if s.peek == .comma {
                    s.i += 1
                    if closer == .closeBrace { try key() }
                    break
                } else {
                    throw s.error("expected ',' or '\(UnicodeScalar(closer))', found \(s.found(at: s.i))", at: s.i)
                }
            }
            if closers.isEmpty { return }
        }
    }
}
