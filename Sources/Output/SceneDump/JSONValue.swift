import Raster

/// The small part of JSON a scene needs, encoded without Foundation so the
/// bytes are fixed by this file alone. Objects keep their keys in the order
/// given: the dump's order is part of its contract.
indirect enum JSONValue {
    case null
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func color(_ c: Color) -> JSONValue { .string(c.hexRGBA) }

    var encoded: String {
        var out = ""
        encode(into: &out)
        return out
    }

    func encode(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .int(let i): out += String(i)
        case .number(let d): out += d.isFinite ? Self.format(d) : "null"
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.encode(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                value.encode(into: &out)
            }
            out += "}"
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
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
