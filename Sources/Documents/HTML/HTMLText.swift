/// Text made safe to put between tags or inside a quoted attribute.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references;
    /// everything else, any Unicode, kept as is (the page is UTF-8).
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
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
