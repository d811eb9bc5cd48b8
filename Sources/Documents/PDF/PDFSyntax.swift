/// How values are spelled in PDF syntax (ISO 32000-1, 7.3).
enum PDFSyntax {
    /// `value` with at most four decimals and no exponent, as every PDF
    /// reader parses reals: `12`, `-0.5`, `595.28`. Four decimals put a
    /// point within 1/20000 of where it is meant to be, far below a
    /// printer's dot.
    static func number(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        guard scaled != 0 else { return "0" }
        let magnitude = Int(abs(scaled))
        let whole = magnitude / 10_000
        var fraction = magnitude % 10_000
        var sign = scaled < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        sign += String(whole) + "."
        return sign + String(repeating: "0", count: digits - text.count) + text
    }

    /// A name object, `/` included: bytes outside `!`...`~` and the
    /// delimiters are written `#xx`, so any PostScript name is safe.
    static func name(_ value: String) -> String {
        var result = "/"
        for byte in value.utf8 {
            if byte > 0x20 && byte < 0x7F && !delimiters.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "#" + hex(byte)
            }
        }
        return result
    }

    /// A text string (7.9.2.2): literal when it is printable ASCII, else
    /// UTF-16BE behind a byte order mark in hex, which every reader decodes.
    static func text(_ value: String) -> String {
        if value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
            var result = "("
            for scalar in value.unicodeScalars {
                if scalar == "(" || scalar == ")" || scalar == "\\" { result += "\\" }
                result.unicodeScalars.append(scalar)
            }
            return result + ")"
        }
        return "<FEFF" + value.utf16.map(hex).joined() + ">"
    }

    /// A text string in UTF-16BE behind a byte order mark, in hex, even
    /// when it is ASCII: the alternative text of a figure, which assistive
    /// software reads in whatever language it is written.
    static func unicodeText(_ value: String) -> String {
        "<FEFF" + value.utf16.map(hex).joined() + ">"
    }

    /// Two hex digits, upper case.
    static func hex(_ byte: UInt8) -> String {
        String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
    }

    /// Four hex digits, upper case: a glyph id in an Identity-H string, a
    /// UTF-16 unit in a CMap.
    static func hex(_ unit: UInt16) -> String {
        hex(UInt8(unit >> 8)) + hex(UInt8(unit & 0xFF))
    }

    private static let hexDigits = Array("0123456789ABCDEF")
    /// `( ) < > [ ] { } / %` and `#`, which starts an escape in a name.
    private static let delimiters: Set<UInt8> = Set("()<>[]{}/%#".utf8)
}
