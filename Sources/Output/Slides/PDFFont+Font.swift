import Documents
import Foundation
import Raster

extension PDFFont {
    /// The font the frames are drawn with, as a PDF handout embeds it: the
    /// bytes of its file and, read through FreeType, the metrics and the
    /// glyph of each character of the face ``Font`` draws with (the file's
    /// first, also when the file is a `.ttc` collection: the handout cuts
    /// that face out into a font of its own).
    ///
    /// A face with no PostScript name is named after its file, such as
    /// `MyFont` for `/fonts/MyFont.ttf`.
    public init(_ font: Font) throws(FontError) {
        let metrics = try font.metrics()
        guard let file = FileManager.default.contents(atPath: font.path) else {
            throw .fileNotFound(path: font.path)
        }
        var glyphs = [Unicode.Scalar: Glyph]()
        for (scalar, glyph) in metrics.glyphs {
            // sfnt glyph ids are 16-bit: a larger one is no glyph of a font
            // a PDF can embed.
            if let id = UInt16(exactly: glyph.id) { glyphs[scalar] = Glyph(id: id, advance: glyph.advance) }
        }
        let fileName = font.path.split(separator: "/").last.map(String.init) ?? font.path
        self.init(
            file: [UInt8](file), faceIndex: 0,
            postScriptName: metrics.postScriptName ?? String(fileName.prefix { $0 != "." }),
            unitsPerEm: metrics.unitsPerEm, ascent: metrics.ascender, descent: metrics.descender,
            capHeight: metrics.capHeight,
            boundingBox: Box(minX: metrics.minX, minY: metrics.minY, maxX: metrics.maxX, maxY: metrics.maxY),
            isFixedPitch: metrics.isFixedPitch, glyphs: glyphs,
            missingGlyph: Glyph(id: 0, advance: metrics.missingGlyph.advance))
    }
}
