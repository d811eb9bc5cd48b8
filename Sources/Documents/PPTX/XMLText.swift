/// `text` as it may stand in XML character data or in a quoted attribute
/// value.
///
/// The five markup characters become entities, and tab, line feed and
/// carriage return become character references, so an attribute keeps them
/// (a parser turns a literal one into a space there). Characters that XML
/// 1.0 forbids anywhere (other control characters, U+FFFE, U+FFFF) cannot be
/// escaped at all: each becomes U+FFFD, the replacement character, so the
/// reader sees where something was.
///
/// - Complexity: O(*n*) in the length of `text`.
func xmlEscaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        case "\t": result += "&#9;"
        case "\n": result += "&#10;"
        case "\r": result += "&#13;"
        case "\u{20}"..."\u{D7FF}", "\u{E000}"..."\u{FFFD}", "\u{10000}"..."\u{10FFFF}":
            result.unicodeScalars.append(scalar)
        default:
            result.unicodeScalars.append("\u{FFFD}")
        }
    }
    return result
}

/// The lines of `text`, split at every kind of line break (LF, CR, CRLF,
/// U+2028…), empty lines kept: a paragraph each in a text body.
func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
}
