/// Finds YAML aliases (`*name`) and anchors (`&name`) before the YAML
/// parser sees them.
///
/// Family files take neither: an alias repeats a part of the file, so a
/// short file could stand for a huge or deeply nested one. A chain of
/// aliases each naming the one before several times makes a few hundred
/// bytes stand for billions of values, which Yams hashes (a mapping's keys)
/// in time exponential in the chain; a chain of 100,000 aliases each
/// nesting the one before overflows the stack when the nodes are released.
/// An anchor alone does no harm, but is only there for an alias.
///
/// The scan is cautious: it finds every `*` or `&` that YAML could read as
/// an alias or an anchor (one right after a line start, an indicator
/// `- ? : , [ {` or `.`, with only blanks between, and followed by a
/// character of a name), so it may also stop at YAML text that only looks
/// like one, such as a quoted `"a, *b"`, but never misses one. A file in
/// JSON's form is not scanned: outside its strings it has no `*` or `&`,
/// and its strings are the ones YAML reads, which may hold anything.
enum Aliases {
    /// The first alias in `bytes`, else the first anchor:
    /// its offset and whether it is an alias. The caller skips a file in
    /// JSON's form (``isJSON(_:)``).
    static func first(in bytes: [UInt8]) -> (offset: Int, isAlias: Bool)? {
        if let alias = firstCandidate(of: UInt8(ascii: "*"), in: bytes) { return (alias, true) }
        if let anchor = firstCandidate(of: UInt8(ascii: "&"), in: bytes) { return (anchor, false) }
        return nil
    }

    /// The error for the alias or anchor `found`: its name and line.
    static func error(_ found: (offset: Int, isAlias: Bool), in bytes: [UInt8], name: String) -> FamilyFileError {
        let text = "'\(self.name(at: found.offset, in: bytes))'"
        let message =
            found.isAlias
            ? "\(text) reads as a YAML alias, and family files take none: write the value out (or quote text that starts with '*')"
            : "\(text) reads as a YAML anchor, and family files take none: remove it (or quote text that starts with '&')"
        return FamilyFileError(file: name, line: Text.line(of: found.offset, in: bytes), message: message)
    }

    /// Whether `bytes` hold one JSON value in form: outside strings, only
    /// blanks, brackets, braces, commas, colons and the characters of
    /// numbers, `true`, `false` and `null`; and a string only where YAML's
    /// flow context starts one too (first, or after `[`, `{`, `,`, or a
    /// colon after a key string, inside brackets).
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        var depth = 0
        var previous: UInt8 = 0  // the last byte outside strings and blanks
        var keyColon = false  // `previous` is a colon after a string
        var ended = false  // the top-level value is complete
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if Text.isBlank(byte) {
                i += 1
                continue
            }
            if ended { return false }
            switch byte {
            case UInt8(ascii: "\""):
                let opens =
                    previous == 0
                    || (depth > 0
                        && (previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",")
                            || keyColon))
                guard opens else { return false }
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard i < bytes.count else { return false }
                ended = depth == 0
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                guard depth >= 0 else { return false }
                ended = depth == 0
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "E"):
                break
            case _ where "truefalsn".utf8.contains(byte):
                break
            default:
                return false
            }
            keyColon = byte == UInt8(ascii: ":") && previous == UInt8(ascii: "\"")
            previous = byte
            i += 1
        }
        return true
    }

    /// The offset of the first `indicator` (`*` or `&`) that YAML could
    /// read as starting an alias or an anchor.
    static func firstCandidate(of indicator: UInt8, in bytes: [UInt8]) -> Int? {
        var afterIndicator = true
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A, 0x0D, UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","),
                UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "."):
                afterIndicator = true
            case 0x20, 0x09:
                break
            case indicator where afterIndicator && i + 1 < bytes.count && isAnchorCharacter(bytes[i + 1]):
                return i
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85:
                // NEL, a line break to YAML 1.1.
                afterIndicator = true
                i += 1
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                // LINE SEPARATOR, PARAGRAPH SEPARATOR.
                afterIndicator = true
                i += 2
            case 0xEF where bytes[i...].starts(with: Text.byteOrderMark):
                // Skipped at a line start, as YAML does.
                i += 2
            default:
                afterIndicator = false
            }
            i += 1
        }
        return nil
    }

    /// The name of the alias or anchor at `offset`, with its `*` or `&`,
    /// for the message.
    static func name(at offset: Int, in bytes: [UInt8]) -> String {
        var end = offset + 1
        while end < bytes.count, isAnchorCharacter(bytes[end]), end - offset < 40 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// What libyaml takes in an anchor or alias name.
    static func isAnchorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// What the readers share about bytes.
enum Text {
    /// A UTF-8 byte order mark, which YAML skips at a line start too.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A space, a tab, a line feed or a carriage return.
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The 1-based line of `offset`, counting LF, CR LF and CR as line ends.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        var k = 0
        while k < min(offset, bytes.count) {
            if bytes[k] == 0x0A || (bytes[k] == 0x0D && (k + 1 == bytes.count || bytes[k + 1] != 0x0A)) { line += 1 }
            k += 1
        }
        return line
    }
}
