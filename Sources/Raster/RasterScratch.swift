import Geometry

/// The buffers a canvas reuses from one draw call to the next, so that
/// drawing allocates nothing once they have grown to the largest path.
///
/// `@unchecked Sendable` is sound because a canvas mutates its scratch only
/// after making sure it holds the only reference (``Canvas/uniqueScratch()``),
/// the copy-on-write discipline of the standard collections: two canvas
/// values never write to one scratch at once.
final class RasterScratch: @unchecked Sendable {
    var polylines = Polylines()
    var outline = Polylines()
    var stroker = Stroker()
    let accumulator = CoverageAccumulator()
    var glyphs: [PositionedGlyph] = []
}

/// A flattened glyph and the pen position, in font units, it is drawn at:
/// `pen` along the baseline, `line` the baseline's drop below the first.
struct PositionedGlyph {
    var outline: FlattenedGlyph
    var pen: Double
    var line: Double = 0
}
