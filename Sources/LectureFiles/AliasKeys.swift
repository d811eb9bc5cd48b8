/// Finds a YAML alias (`*name`) that may stand in a mapping's key, before
/// the YAML parser sees it.
///
/// A lecture may repeat a section or its options by an alias; Yams shares
/// the aliased node, and the reader counts what it walks. But Yams hashes
/// every key of a mapping to find duplicates, walking an aliased key whole:
/// a chain of aliases each naming the one before ten times, used as a key,
/// takes a billion steps before the reader sees anything. No lecture needs
/// an alias in a key.
///
/// The scan is cautious: it takes every `*` that YAML could read as an
/// alias (at a line's start or after an indicator `- ? : , [ {` and
/// blanks, followed by a character of a name), and refuses one followed by
/// blanks and a `:` (an implicit key), one in a flow collection (`[…]`,
/// `{…}`) that is followed by a `:` (a key itself), and any after an
/// explicit key's `?`, whose key may run over several lines. So it may
/// refuse an alias in a text that only looks like one, but never misses
/// one in a key.
enum AliasKeys {
    /// The first alias that may be in a key: its name (with the `*`) and
    /// its line and column (from 1, columns in bytes).
    static func first(in bytes: [UInt8]) -> (name: String, line: Int, column: Int)? {
        var afterIndicator = true
        var explicitKey = false
        // The flow collections open here, each with the first alias in it.
        var flows = [(name: String, line: Int, column: Int)?]()
        var line = 1, lineStart = 0
        var i = 0
        /// Whether a `:` follows `k`, past blanks: what was before it is a key.
        func keyFollows(_ k: Int) -> Bool {
            var next = k
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            return next < bytes.count && bytes[next] == UInt8(ascii: ":")
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x0A:
                afterIndicator = true
                line += 1
                lineStart = i + 1
            case UInt8(ascii: "?") where afterIndicator && (i + 1 == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i + 1])):
                explicitKey = true
            case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: ","), 0x0D:
                afterIndicator = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if afterIndicator || !flows.isEmpty { flows.append(nil) }
                afterIndicator = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                afterIndicator = false
                guard let closed = flows.popLast() else { break }
                if let alias = closed {
                    if keyFollows(i + 1) { return alias }
                    if !flows.isEmpty, flows[flows.count - 1] == nil { flows[flows.count - 1] = alias }
                }
            case 0x20, 0x09:
                break
            case UInt8(ascii: "*") where afterIndicator && i + 1 < bytes.count && isNameCharacter(bytes[i + 1]):
                var end = i + 1
                while end < bytes.count, isNameCharacter(bytes[end]) { end += 1 }
                let alias = (String(decoding: bytes[i..<min(end, i + 40)], as: UTF8.self), line, i - lineStart + 1)
                if explicitKey || keyFollows(end) { return alias }
                if !flows.isEmpty, flows[flows.count - 1] == nil { flows[flows.count - 1] = alias }
                afterIndicator = false
                i = end
                continue
            default:
                afterIndicator = false
            }
            i += 1
        }
        return nil
    }

    /// What libyaml takes in an anchor or alias name.
    static func isNameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
