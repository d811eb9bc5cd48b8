/// The language of an animation's words, as `--lang` gives it: a BCP 47
/// tag (`en`, `en-GB`, `zh`, `zh-Hans`, `de`), which HTML, WebVTT and the
/// speech engine take, and the ISO 639-2 code ffmpeg writes into a video's
/// subtitle and audio tracks (`eng`, `zho`, `deu`).
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The tag as given, e.g. `en-GB`.
    public let tag: String

    /// The language named by `tag`, or nil when it is not a BCP 47 tag of
    /// the usual shape: a language of 2 or 3 letters, then subtags of 1 to
    /// 8 letters or digits, joined by `-` (`_` is read as `-`).
    public init?(_ tag: String) {
        let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        self.tag = ([first.lowercased()] + parts.dropFirst().map(String.init)).joined(separator: "-")
    }

    public static let english = Language("en")!
    public static let chinese = Language("zh")!

    /// The primary language subtag: `en` of `en-GB`.
    public var primary: String { String(tag.prefix { $0 != "-" }) }

    public var description: String { tag }

    /// The ISO 639-2/T code of the language, as MP4 and WebM tracks carry
    /// it; `und` (undetermined) for a language not in the table.
    public var iso639_2: String {
        // Mandarin and Cantonese are Chinese (`zho`) to MP4 and Matroska.
        if primary == "cmn" || primary == "yue" { return "zho" }
        if primary.count == 3 { return primary }
        return Self.table[primary]?.code ?? "und"
    }

    /// The language's name in English, for a subtitle track's label
    /// (`English`), or the tag itself.
    public var name: String { Self.table[primary]?.name ?? tag }

    /// ISO 639-1 codes with their ISO 639-2/T codes and English names: the
    /// languages people teach in most.
    static let table: [String: (code: String, name: String)] = [
        "ar": ("ara", "Arabic"), "bg": ("bul", "Bulgarian"), "bn": ("ben", "Bengali"), "ca": ("cat", "Catalan"),
        "cs": ("ces", "Czech"), "da": ("dan", "Danish"), "de": ("deu", "German"), "el": ("ell", "Greek"),
        "en": ("eng", "English"), "es": ("spa", "Spanish"), "et": ("est", "Estonian"), "eu": ("eus", "Basque"),
        "fa": ("fas", "Persian"), "fi": ("fin", "Finnish"), "fr": ("fra", "French"), "ga": ("gle", "Irish"),
        "gl": ("glg", "Galician"), "he": ("heb", "Hebrew"), "hi": ("hin", "Hindi"), "hr": ("hrv", "Croatian"),
        "hu": ("hun", "Hungarian"), "id": ("ind", "Indonesian"), "is": ("isl", "Icelandic"), "it": ("ita", "Italian"),
        "ja": ("jpn", "Japanese"), "ko": ("kor", "Korean"), "lt": ("lit", "Lithuanian"), "lv": ("lav", "Latvian"),
        "ms": ("msa", "Malay"), "nb": ("nob", "Norwegian Bokmål"), "nl": ("nld", "Dutch"), "no": ("nor", "Norwegian"),
        "pl": ("pol", "Polish"), "pt": ("por", "Portuguese"), "ro": ("ron", "Romanian"), "ru": ("rus", "Russian"),
        "sk": ("slk", "Slovak"), "sl": ("slv", "Slovenian"), "sr": ("srp", "Serbian"), "sv": ("swe", "Swedish"),
        "sw": ("swa", "Swahili"), "ta": ("tam", "Tamil"), "th": ("tha", "Thai"), "tr": ("tur", "Turkish"),
        "uk": ("ukr", "Ukrainian"), "ur": ("urd", "Urdu"), "vi": ("vie", "Vietnamese"), "zh": ("zho", "Chinese"),
        "cy": ("cym", "Welsh"),
    ]

    /// The language of texts written mostly in Han characters (Chinese),
    /// else English: what `--lang` is when not given. A text's letters are
    /// counted; Han characters more than a third of them make it Chinese.
    public static func guess(from texts: [String]) -> Language {
        var han = 0, letters = 0
        for text in texts {
            for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
                letters += 1
                if isHan(scalar) { han += 1 }
            }
        }
        return letters > 0 && han * 3 > letters ? .chinese : .english
    }

    /// Whether `scalar` is a CJK unified ideograph (Han).
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2EBEF: true
        default: false
        }
    }
}
