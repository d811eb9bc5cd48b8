/// Text made safe to put between tags or inside a quoted attribute.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references;
    /// everything else, any Unicode, kept as is (the page is UTF-8), so the
    /// page's text is `text` exactly, with one exception an HTML page cannot
    /// avoid.
    ///
    /// A parser turns a carriage return into a line feed and drops (or
    /// replaces) a NUL, and other C0 controls are parse errors that make the
    /// file look binary to tools: they are written as numeric references,
    /// which the parser gives back as those characters, carriage return
    /// included. NUL has no reference (`&#0;` reads as U+FFFD): it becomes
    /// U+FFFD, the replacement character, as it does in an attribute or a
    /// title and as the PowerPoint deck writes it, so the reader sees where
    /// something was rather than nothing.
    ///
    ///     HTMLText.escape("a < b → \"c\"")  // a &lt; b → &quot;c&quot;
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\0": escaped.unicodeScalars.append("\u{FFFD}")
            case "\t", "\n": escaped.unicodeScalars.append(character)
            case "\u{1}"..."\u{1F}", "\u{7F}": escaped += "&#\(character.value);"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
