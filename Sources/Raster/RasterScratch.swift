import Geometry

/// The buffers a canvas reuses from one draw call to the next, so that
/// scan conversion allocates nothing once they have grown to the largest
/// path (keeping masks and outlines allocates, within their bounds).
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
    var shapes = ShapeCache()
    let masks = MaskCache()
    /// Whether to composite four pixels at a time in vectors, or one at a
    /// time with the same arithmetic (the same bytes). Vectors unless this
    /// is a debug build: there Swift's SIMD types, unspecialised, are a
    /// hundred times slower than plain integers, and the tests render
    /// thousands of frames. Tests set it to check the two agree.
    var vectorised = RasterScratch.vectorisedByDefault

    #if DEBUG
    static let vectorisedByDefault = false
    #else
    static let vectorisedByDefault = true
    #endif
}

/// The outlines of the paths last drawn at an offset: filled paths
/// flattened, stroked ones flattened and stroked, ready to scan-convert.
///
/// Whether an outline comes from here or is made afresh, it is made by the
/// same code from the same path, so drawing gives the same pixels either
/// way: the cache changes speed, never output.
struct ShapeCache {
    private struct Key: Hashable {
        var path: Path
        /// `nil` for a fill.
        var style: StrokeStyle?
    }

    private var outlines: [Key: Polylines] = [:]
    /// The last few outlines used, checked before hashing a path: a tree's
    /// nodes alternate between a fill and a stroke of one path, and two
    /// copies of one path compare equal at once.
    private var recent: [(key: Key, outline: Polylines)] = []

    /// More distinct shapes than this and the cache starts over: a scene
    /// whose shapes change size every frame does not grow it.
    static let capacity = 64

    /// The outline of `path` filled, or stroked in `style`; `make` builds
    /// it into an empty `Polylines` when it is not kept.
    mutating func outline(of path: Path, style: StrokeStyle?, make: (inout Polylines) -> Void) -> Polylines {
        let key = Key(path: path, style: style)
        for entry in recent where entry.key == key { return entry.outline }
        let outline: Polylines
        if let kept = outlines[key] {
            outline = kept
        } else {
            var made = Polylines()
            make(&made)
            if outlines.count >= Self.capacity { outlines.removeAll(keepingCapacity: true) }
            outlines[key] = made
            outline = made
        }
        if recent.count == 4 { recent.removeLast() }
        recent.insert((key, outline), at: 0)
        return outline
    }
}

/// A flattened glyph and the pen position, in font units, it is drawn at:
/// `pen` along the baseline, `line` the baseline's drop below the first.
struct PositionedGlyph {
    var outline: FlattenedGlyph
    var pen: Double
    var line: Double = 0
}
