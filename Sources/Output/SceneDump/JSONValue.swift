import Raster

/// The small part of JSON a scene needs, encoded without Foundation so the
/// bytes are fixed by this file alone. Objects keep their keys in the order
/// given: the dump's order is part of its contract. Not `indirect`: an
/// array or object holds its values in an array's own storage, so a
/// number or a string is never boxed (a scene of 30,000 elements is
/// about half a million values).
enum JSONValue {
    case null
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func color(_ c: Color) -> JSONValue { .string(c.hexRGBA) }

    var encoded: String { String(decoding: bytes, as: UTF8.self) }

    /// The encoding as UTF-8 bytes: what `encoded` reads, and what a hash
    /// of a dump takes without making a string of it.
    var bytes: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(4_096)
        encode(into: &out)
        return out
    }

    /// Appends the encoding to `out` as UTF-8 bytes (appending bytes is
    /// several times quicker than appending to a string).
    func encode(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .number(let d): out.append(contentsOf: (d.isFinite ? Self.format(d) : "null").utf8)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.encode(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.quote(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.encode(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers without a fraction (`2`, not `2.0`); others in the
    /// shortest form that reads back to the same Double.
    static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// `s` as a JSON string: the quote, the backslash and C0 controls
    /// escaped, as JSON requires, and U+2028 and U+2029 too, which JSON
    /// allows bare but JavaScript before ES2019 does not in a string
    /// literal, so a dump or `steps.json` pasted into a script still parses.
    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let special = { (byte: UInt8) in byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 }
        // Most strings (every key, most labels) need no escape: appended whole.
        guard s.utf8.contains(where: special) else {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        var utf8 = Array(s.utf8)[...]
        while let k = utf8.firstIndex(where: special) {
            out.append(contentsOf: utf8[..<k])
            let byte = utf8[k]
            switch byte {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0xE2 where utf8.endIndex > k + 2 && utf8[k + 1] == 0x80 && (utf8[k + 2] == 0xA8 || utf8[k + 2] == 0xA9):
                out.append(contentsOf: (utf8[k + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                utf8 = utf8[(k + 3)...]
                continue
            case 0xE2: out.append(byte)
            default:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            }
            utf8 = utf8[(k + 1)...]
        }
        out.append(contentsOf: utf8)
        out.append(UInt8(ascii: "\""))
    }
}
