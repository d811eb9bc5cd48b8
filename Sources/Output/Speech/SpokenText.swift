/// A caption as the speech engine should read it: signs it would skip or
/// name oddly said as words. espeak-ng reads "42 < 50 → left" as "forty
/// two, fifty, right arrow, left"; this gives "42 is less than 50, left".
public enum SpokenText {
    /// `caption` in words to say in `language`. Signs are said in English
    /// for English and left to the engine for other languages, but arrows
    /// become a pause in any.
    public static func words(_ caption: String, language: Language) -> String {
        let english = language.primary == "en"
        var out = ""
        let characters = Array(caption)
        for (i, c) in characters.enumerated() {
            let before = i > 0 ? characters[i - 1] : " ", after = i + 1 < characters.count ? characters[i + 1] : " "
            // A sign between spaces or numbers is a relation; in a word
            // (a name like "a<b>") it is left as written.
            let standsAlone = (before == " " || before.isNumber) && (after == " " || after.isNumber)
            switch c {
            case "→", "⇒", "⟶", "↦": out += ","
            case "←", "↑", "↓": out += ","
            case "…" where before.isNumber && after.isNumber: out += " to "
            case "…": out += ","
            case "\n": out += ". "
            case "<" where english && standsAlone: out += " is less than "
            case ">" where english && standsAlone: out += " is greater than "
            case "≤" where english: out += " is at most "
            case "≥" where english: out += " is at least "
            case "≠" where english: out += " is not "
            case "=" where english && standsAlone: out += " equals "
            case "−" where english && standsAlone: out += " minus "
            case "×" where english && standsAlone: out += " by "
            case "∞" where english: out += " infinity "
            default: out.append(c)
            }
        }
        // Spaces the replacements doubled.
        return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: ",,", with: ",")
    }
}
