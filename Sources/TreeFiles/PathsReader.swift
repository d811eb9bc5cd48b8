/// Reads ``TreeFileFormat/paths``: one path a line, as `find` or `git
/// ls-files` print them (`./src/main.c`, `src\main.c`). Each path's folders
/// are nodes, made on their first mention, in the order first met; a path
/// that starts with `/` has the root `/`. Paths of several tops are a
/// forest. Blank lines are skipped; a trailing `/` marks nothing.
enum PathsReader {
    static func read(_ s: inout Source) throws(TreeFileError) -> [Version] {
        var version = Version()
        // Each path seen, as the node that ends it.
        var nodes: [String: Int] = [:]
        while !s.atEnd {
            let start = s.i
            let (end, textEnd) = s.lineEnds()
            defer { s.finishLine(at: end) }
            var first = start
            while first < textEnd, s.bytes[first] == .space || s.bytes[first] == .tab { first += 1 }
            guard first < textEnd else { continue }
            let slash = s.bytes[first..<textEnd].contains(UInt8(ascii: "/")) ? UInt8(ascii: "/") : .backslash
            var path = ""
            var parent: Int?
            var k = first
            var depth = 0
            while k < textEnd {
                var n = k
                while n < textEnd, s.bytes[n] != slash { n += 1 }
                // The root of an absolute path; empty parts (`a//b`, `a/`) are none.
                let name = n == first && n < textEnd ? String(UnicodeScalar(slash)) : s.text(k..<n)
                if !name.isEmpty {
                    path += (path.isEmpty ? "" : "\u{0}") + name
                    depth += 1
                    if let known = nodes[path] {
                        parent = known
                    } else {
                        try s.countNode(at: k)
                        try s.checkDepth(depth, at: k)
                        try s.checkLabel(name, at: k)
                        let node = version.add(s.node(name, at: k), parent: parent)
                        nodes[path] = node
                        parent = node
                    }
                }
                k = n + 1
            }
        }
        if version.isEmpty { throw s.error("expected paths, one a line, found only blank lines", at: s.bytes.count) }
        return [version]
    }
}
