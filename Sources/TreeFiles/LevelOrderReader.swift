/// Reads ``TreeFileFormat/levelOrder``: LeetCode's `[1,null,2,3]`. The
/// nodes are kept in level order, where the next node to take children is
/// simply the next one read.
struct LevelOrderReader {
    var s: Source

    static func read(_ source: inout Source) throws(TreeFileError) -> [Version] {
        var reader = LevelOrderReader(s: source)
        defer { source = reader.s }
        return try reader.file()
    }

    mutating func file() throws(TreeFileError) -> [Version] {
        var versions: [Version] = []
        var afterSeparator = false
        while true {
            s.skipBlanks()
            guard let byte = s.peek else { break }
            if byte == .openBracket {
                versions.append(try list())
                afterSeparator = false
            } else if s.bytes[s.i...].starts(with: "---".utf8), !versions.isEmpty, !afterSeparator,
                s.i + 3 == s.bytes.count || s.bytes[s.i + 3].isBlank
            {
                s.i += 3
                afterSeparator = true
            } else {
                throw s.error("expected '[' to start a level-order list, found \(s.found(at: s.i))", at: s.i)
            }
        }
        if versions.isEmpty || afterSeparator {
            let what = afterSeparator ? "a level-order list after '---'" : "'[' to start a level-order list"
            throw s.error("expected \(what), found the end of the file", at: s.bytes.count)
        }
        return versions
    }

    /// One list, from its `[`.
    mutating func list() throws(TreeFileError) -> Version {
        let open = s.i
        s.i += 1
        var version = Version()
        var depths: [Int] = []
        // The node taking the next entries as children.
        var parent = 0
        while true {
            s.skipBlanks()
            guard let byte = s.peek else {
                throw s.error("expected ']' to close this '[', found the end of the file", at: open)
            }
            if byte == .closeBracket, !version.isEmpty {
                s.i += 1
                break
            }
            if !version.isEmpty {
                guard byte == .comma else {
                    throw s.error("expected ',' or ']', found \(s.found(at: s.i))", at: s.i)
                }
                s.i += 1
                s.skipBlanks()
            }
            let offset = s.i
            var end = offset
            while end < s.bytes.count, !s.bytes[end].isBlank, s.bytes[end] != .comma, s.bytes[end] != .openBracket,
                s.bytes[end] != .closeBracket
            {
                end += 1
            }
            let word = s.bytes[offset..<end]
            let isNull = word.elementsEqual("null".utf8)
            guard isNull || isNumber(word) else {
                let expected = version.isEmpty ? "a number for the root" : "a number or null"
                throw s.error("expected \(expected), found \(s.found(at: offset))", at: offset)
            }
            let label = isNull ? "" : try s.number(s.text(word.indices), at: offset)
            if !isNull { try s.checkLabel(label, at: offset) }
            if version.isEmpty {
                guard !isNull else { throw s.error("expected a number for the root, found null", at: offset) }
                try s.countNode(at: offset)
                try s.checkDepth(1, at: offset)
                version.add(s.node(label, at: offset), parent: nil)
                depths.append(1)
            } else {
                guard parent < version.nodes.count else {
                    throw s.error("expected ']', found \(s.found(at: offset)): every node already has its two children", at: offset)
                }
                if isNull {
                    version.slots[parent].append(nil)
                } else {
                    try s.countNode(at: offset)
                    try s.checkDepth(depths[parent] + 1, at: offset)
                    version.add(s.node(label, at: offset), parent: parent)
                    depths.append(depths[parent] + 1)
                }
                if version.slots[parent].count == 2 { parent += 1 }
            }
            s.i = end
        }
        // Two slots for a node with a child, none for a leaf.
        for index in version.slots.indices {
            if version.slots[index].allSatisfy({ $0 == nil }) {
                version.slots[index] = []
            } else if version.slots[index].count == 1 {
                version.slots[index].append(nil)
            }
        }
        return version
    }
}

/// Whether `word` is a JSON number: `-12`, `0.5`, `1e9`.
func isNumber(_ word: ArraySlice<UInt8>) -> Bool {
    var k = word.startIndex
    func digits() -> Bool {
        let start = k
        while k < word.endIndex, word[k].isDigit { k += 1 }
        return k > start
    }
    if k < word.endIndex, word[k] == .minus { k += 1 }
    if k < word.endIndex, word[k] == UInt8(ascii: "0") {
        k += 1
    } else if !digits() {
        return false
    }
    if k < word.endIndex, word[k] == UInt8(ascii: ".") {
        k += 1
        if !digits() { return false }
    }
    if k < word.endIndex, word[k] == UInt8(ascii: "e") || word[k] == UInt8(ascii: "E") {
        k += 1
        if k < word.endIndex, word[k] == UInt8(ascii: "+") || word[k] == .minus { k += 1 }
        if !digits() { return false }
    }
    return k == word.endIndex
}
