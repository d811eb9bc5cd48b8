/// Text set in a handout's one font: measured with the font's advances,
/// broken into lines, and encoded as the glyph ids a Type 0 font with
/// `Identity-H` shows. It keeps the glyphs it encoded, for the font's
/// widths and the map that gives readers the text back.
///
/// Each character gets the glyph the font's character map gives it, with no
/// kerning or shaping: what the frames show for Latin, Greek, symbols and
/// CJK.
struct TextSetter {
    let font: PDFFont
    /// The advance of every glyph encoded so far, in font units.
    private(set) var advances: [UInt16: Int] = [:]
    /// The character each glyph was first encoded for: what copying it
    /// gives back. Glyph 0, the missing-glyph box, maps to no text.
    private(set) var characters: [UInt16: Unicode.Scalar] = [:]

    init(font: PDFFont) {
        self.font = font
    }

    /// How wide `text` is set at `size` points per em.
    func width(_ text: some StringProtocol, size: Double) -> Double {
        let units = text.unicodeScalars.reduce(0) { $0 + font.glyph($1).advance }
        return Double(units) * size / Double(font.unitsPerEm)
    }

    /// `text` broken into lines no wider than `width` at `size`: at spaces,
    /// at line breaks, and between characters inside a word too long for a
    /// line (which is how text without spaces, such as Chinese, breaks). At
    /// most `limit` lines: text beyond them is cut, and the last line ends
    /// in an ellipsis.
    func lines(_ text: String, width: Double, size: Double, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        func fits(_ line: String) -> Bool { self.width(line, size: size) <= width }
        var lines = [String]()
        for paragraph in text.split(whereSeparator: \.isNewline) {
            var line = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                let joined = line.isEmpty ? String(word) : line + " " + word
                if fits(joined) {
                    line = joined
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                for character in word {
                    if !line.isEmpty && !fits(line + String(character)) {
                        lines.append(line)
                        line = ""
                    }
                    line.append(character)
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        guard lines.count > limit else { return lines }
        var last = lines[limit - 1]
        while !last.isEmpty && !fits(last + Self.ellipsis) { last.removeLast() }
        while last.last?.isWhitespace ?? false { last.removeLast() }
        return Array(lines.prefix(limit - 1)) + [last + Self.ellipsis]
    }

    /// `text` as a PDF hex string of two-byte glyph ids, for `Tj`.
    mutating func encode(_ text: some StringProtocol) -> String {
        var hex = "<"
        for scalar in text.unicodeScalars {
            let glyph = font.glyph(scalar)
            let id = glyph.id
            advances[id] = glyph.advance
            if id != 0 && characters[id] == nil { characters[id] = scalar }
            hex += PDFSyntax.hex(id)
        }
        return hex + ">"
    }

    static let ellipsis = "\u{2026}"
}
