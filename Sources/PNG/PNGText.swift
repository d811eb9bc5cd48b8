/// A tEXt chunk: a keyword and its text, both Latin-1 without NUL.
///
///     PNGText(keyword: "Software", text: "treeanim")
public struct PNGText: Sendable, Hashable {
    /// 1 to 79 printable characters.
    public var keyword: String
    public var text: String

    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }

    /// Whether the chunk can be written as it is: PNG's rules for tEXt.
    var isValid: Bool {
        let k = keyword.unicodeScalars
        return (1...79).contains(k.count) && k.allSatisfy { (0x20...0x7E).contains($0.value) || (0xA1...0xFF).contains($0.value) }
            && !keyword.hasPrefix(" ") && !keyword.hasSuffix(" ")
            && text.unicodeScalars.allSatisfy { $0.value != 0 && $0.value <= 0xFF }
    }
}
