/// Text as the studio writes it into a lecture, an ops file or a message.
enum StudioText {
    /// `text` for a one-line message: at most 40 scalars, control
    /// characters escaped.
    static func shown(_ text: String) -> String {
        var out = ""
        for (k, u) in text.unicodeScalars.enumerated() {
            guard k < 40 else { return out + "…" }
            if u.properties.generalCategory == .control || u.properties.isBidiControl {
                out += "\\u{\(String(u.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `value` as a YAML scalar that reads back as exactly this string:
    /// plain when it is a simple word or number, else double-quoted with
    /// every backslash, quote and character YAML does not print escaped.
    static func yamlScalar(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { u in
            u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(Character(u)) || "-_.".unicodeScalars.contains(u))
        } && !["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"].contains(value.lowercased())
            && value.first.map { $0.isLetter || $0.isNumber } == true
        if plain { return value }
        var out = "\""
        for u in value.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value) || u.properties.isBidiControl
                || u.value == 0xFEFF || u.value == 0x2028 || u.value == 0x2029:
                out += u.value <= 0xFF ? "\\x" + hex(u.value, 2) : "\\u" + hex(u.value, 4)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, _ digits: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
