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
        var sawSeparator = false
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
                sawSeparator = true
            } else {
                throw s.error("expected '[' to start a level-order list, found \(s.found(at: s.i))", at: s.i)
            }
        }
        // Lists one a line, with no '---' between: separate trees.
        s.separateTrees = versions.count > 1 && !sawSeparator
        if versions.isEmpty || afterSeparator {
            let what = afterSeparator ? "a level-order list after '---'" : "'[' to start a level-order list"
            throw s.error("expected \(what), found the end of the file", at: s.bytes.count)
        }
        return versions
    }

    /// One list, from its `[`: LeetCode's form, or, when that leaves
    /// entries over, the array form some write (the children of entry *i*
    /// at 2*i*+1 and 2*i*+2, a missing node's slots written as `null`), if
    /// the list fits it.
    mutating func list() throws(TreeFileError) -> Version {
        let open = s.i
        s.i += 1
        // The entries: a node (made where it stands, for its line and
        // column) or nil for null, and the offset of each.
        var entries: [(node: TreeFileNode?, offset: Int)] = []
        while true {
            s.skipBlanks()
            guard let byte = s.peek else {
                throw s.error("expected ']' to close this '[', found the end of the file", at: open)
            }
            if byte == .closeBracket, !entries.isEmpty {
                s.i += 1
                break
            }
            if !entries.isEmpty {
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
                let expected = entries.isEmpty ? "a number for the root" : "a number or null"
                throw s.error("expected \(expected), found \(s.found(at: offset))", at: offset)
            }
            if isNull {
                guard !entries.isEmpty else { throw s.error("expected a number for the root, found null", at: offset) }
                entries.append((nil, offset))
            } else {
                let label = try s.number(s.text(word.indices), at: offset)
                try s.checkLabel(label, at: offset)
                try s.countNode(at: offset)
                entries.append((s.node(label, at: offset), offset))
            }
            s.i = end
        }
        let version: Version
        do throws(TreeFileError) {
            version = try leetCode(entries)
        } catch {
            guard let array = try? arrayForm(entries) else { throw error }
            version = array
        }
        return version
    }

    /// LeetCode's form: each node, in the order read, takes the next two
    /// entries as its children.
    func leetCode(_ entries: [(node: TreeFileNode?, offset: Int)]) throws(TreeFileError) -> Version {
        var version = Version()
        var depths: [Int] = []
        // The node taking the next entries as children.
        var parent = 0
        for (k, entry) in entries.enumerated() {
            if k == 0 {
                try s.checkDepth(1, at: entry.offset)
                version.add(entry.node!, parent: nil)
                depths.append(1)
                continue
            }
            guard parent < version.nodes.count else {
                throw s.error("expected ']', found \(s.found(at: entry.offset)): every node already has its two children", at: entry.offset)
            }
            if let node = entry.node {
                try s.checkDepth(depths[parent] + 1, at: entry.offset)
                version.add(node, parent: parent)
                depths.append(depths[parent] + 1)
            } else {
                version.slots[parent].append(nil)
            }
            if version.slots[parent].count == 2 { parent += 1 }
        }
        return Self.slotted(version)
    }

    /// The array form: entry *i*'s children are entries 2*i*+1 and 2*i*+2;
    /// under a null, only nulls.
    func arrayForm(_ entries: [(node: TreeFileNode?, offset: Int)]) throws(TreeFileError) -> Version {
        var version = Version()
        var index = [Int?](repeating: nil, count: entries.count)
        var depth = [Int](repeating: 0, count: entries.count)
        for (k, entry) in entries.enumerated() {
            let parent = k == 0 ? nil : (k - 1) / 2
            guard let node = entry.node else {
                if let parent, let p = index[parent] { version.slots[p].append(nil) }
                continue
            }
            if let parent {
                guard let p = index[parent] else {
                    throw s.error("a node under null", at: entry.offset)
                }
                depth[k] = depth[parent] + 1
                try s.checkDepth(depth[k], at: entry.offset)
                index[k] = version.add(node, parent: p)
            } else {
                depth[k] = 1
                index[k] = version.add(node, parent: nil)
            }
        }
        return Self.slotted(version)
    }

    /// Two slots for a node with a child, none for a leaf.
    static func slotted(_ version: Version) -> Version {
        var version = version
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
