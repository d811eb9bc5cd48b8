import CFreeType

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A font face's design metrics and character map, in font units with y
/// up: what a document that embeds the font, such as a PDF handout, says
/// about it. The glyph of each character is the one ``Font`` draws it with.
public struct FontMetrics: Sendable, Equatable {
    /// The face's PostScript name, such as `DejaVuSans-Bold`, if it has one.
    public var postScriptName: String?
    public var unitsPerEm: Int
    /// How far the font reaches above the baseline, positive.
    public var ascender: Int
    /// How far the font reaches below the baseline, negative.
    public var descender: Int
    /// The top of the capital H's outline (the ascender when the face has no H).
    public var capHeight: Int
    /// The box that holds every glyph.
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int
    /// Whether every glyph has the same advance.
    public var isFixedPitch: Bool
    /// Every character of the face's character map, with its glyph.
    public var glyphs: [Unicode.Scalar: GlyphMetrics]
    /// Glyph 0, what the font shows for characters it does not have.
    public var missingGlyph: GlyphMetrics
}

/// A glyph's index in its font and its advance width in font units.
public struct GlyphMetrics: Sendable, Hashable {
    public var id: Int
    public var advance: Int

    public init(id: Int, advance: Int) {
        self.id = id
        self.advance = advance
    }
}

extension Font {
    /// The metrics and character map of the face the font draws with (the
    /// first face of its file), read afresh from the file.
    ///
    /// - Complexity: O(*n*) in the characters of the face: each glyph is
    ///   loaded once, unscaled, for its advance.
    public func metrics() throws(FontError) -> FontMetrics {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .freeTypeUnavailable(freeTypeError: initError) }
        defer { FT_Done_FreeType(library) }
        var opened: FT_Face?
        let openError = FT_New_Face(library, path, 0, &opened)
        guard openError == 0, let face = opened else {
            throw FontError(opening: path, freeTypeError: openError, errno: errno)
        }
        defer { FT_Done_Face(face) }

        var advances = [FT_UInt: Int]()
        func glyph(_ index: FT_UInt) -> GlyphMetrics {
            if let advance = advances[index] { return GlyphMetrics(id: Int(index), advance: advance) }
            // Unscaled, the advance is the font's own number, in font units.
            var advance = 0
            if FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph {
                advance = Int(slot.pointee.advance.x)
            }
            advances[index] = advance
            return GlyphMetrics(id: Int(index), advance: advance)
        }
        var glyphs = [Unicode.Scalar: GlyphMetrics]()
        var index: FT_UInt = 0
        var code = FT_Get_First_Char(face, &index)
        while index != 0 {
            if let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)) { glyphs[scalar] = glyph(index) }
            code = FT_Get_Next_Char(face, code, &index)
        }

        let bounds = face.pointee.bbox
        let ascender = Int(face.pointee.ascender)
        return FontMetrics(
            postScriptName: FT_Get_Postscript_Name(face).map { String(cString: $0) },
            unitsPerEm: Int(face.pointee.units_per_EM), ascender: ascender, descender: Int(face.pointee.descender),
            capHeight: Self.top(of: glyphs["H"], in: face) ?? ascender,
            minX: Int(bounds.xMin), minY: Int(bounds.yMin), maxX: Int(bounds.xMax), maxY: Int(bounds.yMax),
            isFixedPitch: face.pointee.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0, glyphs: glyphs,
            missingGlyph: glyph(0))
    }

    /// The top of a glyph's outline in font units.
    private static func top(of glyph: GlyphMetrics?, in face: FT_Face) -> Int? {
        guard let glyph, FT_Load_Glyph(face, FT_UInt(glyph.id), cft_load_outline_flags()) == 0,
            let slot = face.pointee.glyph, cft_glyph_is_outline(slot) != 0
        else { return nil }
        var box = FT_BBox()
        guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 else { return nil }
        return Int(box.yMax)
    }
}
