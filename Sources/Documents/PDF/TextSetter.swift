/// Text set in a handout's fonts: measured with the fonts' advances,
/// broken into lines, and encoded as the glyph ids Type 0 fonts with
/// `Identity-H` show. A character is set in the first font that has it: the
/// label font, else a fallback (the CJK font for Chinese captions), else
/// the label font's missing-glyph box. It keeps the glyphs it encoded in
/// each font, for the fonts' widths and the maps that give readers the
/// text back.
///
/// Each character gets the glyph the font's character map gives it, with no
/// kerning or shaping: what the frames show for Latin, Greek, symbols and
/// CJK.
struct TextSetter {
    /// The label font, then the fallbacks.
    let fonts: [PDFFont]
    /// The advance of every glyph encoded so far in each font, in that
    /// font's units.
    private(set) var advances: [[UInt16: Int]]
    /// The character each glyph of each font was first encoded for: what
    /// copying it gives back. Glyph 0, the missing-glyph box, stands for
    /// any character no font has, so it has none here (see ``text(ofFont:)``).
    private(set) var characters: [[UInt16: Unicode.Scalar]]

    init(fonts: [PDFFont]) {
        precondition(!fonts.isEmpty, "text needs a font")
        self.fonts = fonts
        advances = Array(repeating: [:], count: fonts.count)
        characters = Array(repeating: [:], count: fonts.count)
    }

    /// The font (its index in ``fonts``) and glyph that set `scalar`; nil
    /// for a character no font has that would not show (white space, a
    /// joiner, a bidirectional control), which the frames skip too.
    func glyph(_ scalar: Unicode.Scalar) -> (font: Int, glyph: PDFFont.Glyph)? {
        // Fonts that map a control character (NUL, ESC) give it an empty
        // glyph, which would hide it: it is the box, as in the frames.
        if scalar.properties.generalCategory == .control {
            return scalar.properties.isWhitespace ? nil : (0, fonts[0].missingGlyph)
        }
        for index in fonts.indices {
            if let glyph = fonts[index].glyphs[scalar] { return (index, glyph) }
        }
        if scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint { return nil }
        return (0, fonts[0].missingGlyph)
    }

    /// How wide `text` is set at `size` points per em.
    func width(_ text: some StringProtocol, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { sum, scalar in
            guard let (font, glyph) = self.glyph(scalar) else { return sum }
            return sum + Double(glyph.advance) * size / Double(fonts[font].unitsPerEm)
        }
    }

    /// What readers give back for each glyph of font `index` set so far: its
    /// character, and for the missing-glyph box U+FFFD, the replacement
    /// character, so copied text keeps a mark where the page shows a box
    /// (a control character, a character no installed font has) as the
    /// PowerPoint deck does, rather than losing it.
    func text(ofFont index: Int) -> [UInt16: Unicode.Scalar] {
        var text = characters[index]
        if advances[index][fonts[index].missingGlyph.id] != nil { text[fonts[index].missingGlyph.id] = "\u{FFFD}" }
        return text
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
        return Array(lines.prefix(limit - 1)) + [ellipsized(lines[limit - 1], width: width, size: size)]
    }

    /// `line` ending in an ellipsis, no wider than `width` at `size`:
    /// characters are taken off its end until the ellipsis fits, and the
    /// white space they leave at the end with them. Marks a line after
    /// which text was cut.
    func ellipsized(_ line: String, width: Double, size: Double) -> String {
        var line = line
        while !line.isEmpty && self.width(line + Self.ellipsis, size: size) > width { line.removeLast() }
        while line.last?.isWhitespace ?? false { line.removeLast() }
        return line + Self.ellipsis
    }

    /// `text` as runs of one font each (its index in ``fonts``), each a
    /// PDF hex string of two-byte glyph ids for `Tj`.
    mutating func encode(_ text: some StringProtocol) -> [(font: Int, glyphs: String)] {
        var runs = [(font: Int, glyphs: String)]()
        for scalar in text.unicodeScalars {
            guard let (font, glyph) = self.glyph(scalar) else { continue }
            advances[font][glyph.id] = glyph.advance
            if glyph.id != 0 && characters[font][glyph.id] == nil { characters[font][glyph.id] = scalar }
            if runs.last?.font != font { runs.append((font, "")) }
            runs[runs.count - 1].glyphs += PDFSyntax.hex(glyph.id)
        }
        return runs.map { ($0.font, "<" + $0.glyphs + ">") }
    }

    static let ellipsis = "\u{2026}"
}
