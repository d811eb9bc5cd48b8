/// A TrueType or OpenType font as a PDF handout embeds it: the font file,
/// the face's metrics in font units (y up) and the glyph of each character.
///
/// The handout sets its text in this one font, as vector text a reader can
/// search and copy: a character's glyph and advance come from ``glyphs``,
/// so they are the ones the frames were drawn with when the font value is
/// made from the renderer's font. A font whose outlines are TrueType
/// (`glyf`) is embedded as a subset of the glyphs used; one whose outlines
/// are CFF is embedded whole. A face of a collection (`.ttc`) is cut out of
/// it into a font file of its own.
public struct PDFFont: Sendable, Equatable {
    /// A glyph of the font and how far it moves the pen.
    public struct Glyph: Sendable, Hashable {
        /// The glyph's index in the font.
        public var id: UInt16
        /// The advance width in font units.
        public var advance: Int

        public init(id: UInt16, advance: Int) {
            self.id = id
            self.advance = advance
        }
    }

    /// A box in font units, y up.
    public struct Box: Sendable, Hashable {
        public var minX: Int
        public var minY: Int
        public var maxX: Int
        public var maxY: Int

        public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }
    }

    /// The bytes of the font file: a TrueType or OpenType font, or a
    /// collection of them.
    public var file: [UInt8]
    /// Which face of a collection; 0 for a file of one font.
    public var faceIndex: Int
    /// The face's PostScript name, such as `DejaVuSans-Bold`: the name the
    /// PDF gives the font.
    public var postScriptName: String
    public var unitsPerEm: Int
    /// How far the font reaches above the baseline, positive.
    public var ascent: Int
    /// How far the font reaches below the baseline, negative.
    public var descent: Int
    /// The height of capital letters such as H above the baseline.
    public var capHeight: Int
    /// The box that holds every glyph of the font.
    public var boundingBox: Box
    /// Whether every glyph has the same advance.
    public var isFixedPitch: Bool
    /// The glyph of each character the font has. Characters missing here
    /// are set in ``missingGlyph``.
    public var glyphs: [Unicode.Scalar: Glyph]
    /// Glyph 0, the font's box for characters it does not have.
    public var missingGlyph: Glyph

    public init(
        file: [UInt8], faceIndex: Int, postScriptName: String, unitsPerEm: Int, ascent: Int, descent: Int,
        capHeight: Int, boundingBox: Box, isFixedPitch: Bool, glyphs: [Unicode.Scalar: Glyph], missingGlyph: Glyph
    ) {
        self.file = file
        self.faceIndex = faceIndex
        self.postScriptName = postScriptName
        self.unitsPerEm = unitsPerEm
        self.ascent = ascent
        self.descent = descent
        self.capHeight = capHeight
        self.boundingBox = boundingBox
        self.isFixedPitch = isFixedPitch
        self.glyphs = glyphs
        self.missingGlyph = missingGlyph
    }

    /// The glyph that sets `scalar`.
    func glyph(_ scalar: Unicode.Scalar) -> Glyph {
        glyphs[scalar] ?? missingGlyph
    }
}
