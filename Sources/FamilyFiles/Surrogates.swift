/// JSON's escaped surrogate pairs, joined for the YAML parser.
///
/// JSON writes a character outside the Basic Multilingual Plane as two
/// escapes, `"\uD83D\uDE00"` (Python's `json.dumps` does so for every
/// emoji), where YAML writes `"\U0001F600"`; libyaml refuses the pair.
enum Surrogates {
    /// `bytes` with every escaped pair inside a string replaced by the
    /// character's UTF-8 bytes (no line changes); `nil` if there are none.
    static func joined(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var copied = 0
        var inString = false
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                inString.toggle()
            case UInt8(ascii: "\\") where inString:
                if let high = escape(at: i, in: bytes), (0xD800...0xDBFF).contains(high),
                    let low = escape(at: i + 6, in: bytes), (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                {
                    if result.isEmpty { result.reserveCapacity(bytes.count) }
                    result.append(contentsOf: bytes[copied..<i])
                    result.append(contentsOf: Array(String(scalar).utf8))
                    i += 12
                    copied = i
                    continue
                }
                i += 1  // the escaped character, which may be a quote
            default:
                break
            }
            i += 1
        }
        if copied == 0 { return nil }
        result.append(contentsOf: bytes[copied...])
        return result
    }

    /// The value of `\uXXXX` at `offset`.
    private static func escape(at offset: Int, in bytes: [UInt8]) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
            return nil
        }
        return UInt32(String(decoding: bytes[offset + 2..<offset + 6], as: UTF8.self), radix: 16)
    }
}
