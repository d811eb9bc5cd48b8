/// Reads ``TreeFileFormat/outline``, line by line, with a stack of the
/// open nodes (the path from the root to the last line's node).
enum OutlineReader {
    /// An open node: its index, its indentation, and the indentation of its
    /// children once it has one.
    struct Level {
        var node: Int
        var indent: Int
        var childIndent: Int?
    }

    static func read(_ s: inout Source) throws(TreeFileError) -> [Version] {
        let bytes = s.bytes
        var versions: [Version] = []
        var version = Version()
        var stack: [Level] = []
        // The indentation character of the file, and the line that set it.
        var indentation: (byte: UInt8, line: Int)?
        var sawSeparator = false
        while !s.atEnd {
            let lineStart = s.i
            var end = lineStart
            while end < bytes.count, bytes[end] != .lf { end += 1 }
            defer {
                s.i = end
                if !s.atEnd { s.newline() }
            }
            var textEnd = end
            while textEnd > lineStart, bytes[textEnd - 1] == .space || bytes[textEnd - 1] == .tab || bytes[textEnd - 1] == .cr {
                textEnd -= 1
            }
            var textStart = lineStart
            while textStart < textEnd, bytes[textStart] == .space || bytes[textStart] == .tab { textStart += 1 }
            // Blank lines and comments.
            if textStart == textEnd { continue }
            if bytes[textStart] == .hash, textStart + 1 == textEnd || bytes[textStart + 1] == .space || bytes[textStart + 1] == .tab {
                continue
            }
            // The line between versions.
            if textStart == lineStart, bytes[lineStart..<textEnd].elementsEqual("---".utf8) {
                if version.isEmpty {
                    throw s.error("expected a tree before '---'", at: textStart)
                }
                versions.append(version)
                version = Version()
                stack = []
                sawSeparator = true
                continue
            }
            // Indentation: one character throughout the file.
            for offset in lineStart..<textStart {
                if let indentation, bytes[offset] != indentation.byte {
                    throw s.error(
                        "expected \(name(indentation.byte))s (this file indents by \(name(indentation.byte))s since line "
                            + "\(indentation.line)), found a \(name(bytes[offset])) in the indentation", at: offset)
                }
                if indentation == nil { indentation = (bytes[offset], s.line) }
            }
            let indent = textStart - lineStart
            // The label, after an optional bullet.
            var labelStart = textStart
            if bytes[textStart] == .minus || bytes[textStart] == UInt8(ascii: "*"), textStart + 1 < textEnd,
                bytes[textStart + 1] == .space || bytes[textStart + 1] == .tab
            {
                labelStart = textStart + 2
                while bytes[labelStart] == .space || bytes[labelStart] == .tab { labelStart += 1 }
            }
            // Its parent: the open node it is indented under. The stack is
            // cut only once the line is known to fit, so an error can list
            // every level; each node is cut once, so this is linear in all.
            var parent: Int?
            if !stack.isEmpty {
                func noLevel() -> TreeFileError {
                    let unit = name(indentation?.byte ?? .space)
                    return s.error(
                        "indentation of \(indent) \(unit)\(indent == 1 ? "" : "s") matches no level above "
                            + "(\(listed(stack.map { String($0.indent) })) expected)", at: textStart)
                }
                var kept = stack.count
                while kept > 0, stack[kept - 1].indent > indent { kept -= 1 }
                if kept > 0, stack[kept - 1].indent == indent { kept -= 1 }
                if kept == 0, indent == stack[0].indent {
                    // Another root: the trees of a forest.
                    stack = []
                } else {
                    guard kept > 0 else { throw noLevel() }
                    if let childIndent = stack[kept - 1].childIndent, childIndent != indent { throw noLevel() }
                    stack.removeSubrange(kept...)
                    stack[kept - 1].childIndent = indent
                    parent = stack[kept - 1].node
                }
            }
            try s.countNode(at: labelStart)
            try s.checkDepth(stack.count + 1, at: labelStart)
            let label = s.text(labelStart..<textEnd)
            try s.checkLabel(label, at: labelStart)
            let index = version.add(s.node(label, at: labelStart), parent: parent)
            stack.append(Level(node: index, indent: indent))
        }
        if version.isEmpty {
            throw s.error(
                sawSeparator ? "expected a tree after '---', found the end of the file" : "expected a tree, found only blank lines and comments",
                at: bytes.count)
        }
        versions.append(version)
        return versions
    }

    static func name(_ byte: UInt8) -> String {
        byte == .tab ? "tab" : "space"
    }
}
