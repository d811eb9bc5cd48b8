import CFreeType
import Geometry
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scalable font (TrueType or OpenType), loaded with FreeType, whose glyph
/// outlines the canvas fills with its own rasteriser, unhinted.
///
/// Glyph outlines are read once per glyph and kept; a font is shared freely
/// between threads (FreeType's face is used only under a lock, and only to
/// fill the cache).
///
/// A character the font has no glyph for is drawn from a fallback font that
/// has one, found through fontconfig (a Chinese label in DejaVu Sans comes
/// out in the installed CJK font), scaled to this font's units; one no
/// installed font has is the font's missing-glyph box
/// (``missingCharacters(in:)`` names those).
///
///     let font = try Font.default()
///     let width = font.measure("42", size: 18).advance
public final class Font: Sendable {
    /// The font file.
    public let path: String
    /// Font units per em: outlines are scaled by `size / unitsPerEm`.
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    private let face: Mutex<Face>

    /// Loads the font file at `path` (its first face).
    public init(path: String) throws(FontError) {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .freeTypeUnavailable(freeTypeError: initError) }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face else {
            let code = errno
            FT_Done_FreeType(library)
            throw FontError(opening: path, freeTypeError: openError, errno: code)
        }
        guard cft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .notScalable(path: path)
        }
        self.path = path
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
        self.face = Mutex(Face(library: library, face: face, hasKerning: cft_has_kerning(face) != 0))
    }

    /// The best font fontconfig has for `pattern`, such as
    /// `"DejaVu Sans:bold"`. Fails rather than fall back to another family
    /// when the pattern names one.
    public convenience init(matching pattern: String) throws(FontError) {
        try self.init(path: FontConfig.file(matching: pattern))
    }

    /// DejaVu Sans Bold (package fonts-dejavu-core), found with fontconfig
    /// and loaded once per process.
    public static func `default`() throws(FontError) -> Font {
        try defaultFont.withLock { (cached: inout Font?) throws(FontError) -> Font in
            if let cached { return cached }
            let font = try Font(matching: defaultPattern)
            cached = font
            return font
        }
    }

    /// The fontconfig pattern of ``default()``.
    public static let defaultPattern = "DejaVu Sans:bold"
    private static let defaultFont = Mutex<Font?>(nil)

    deinit {
        face.withLock { face in
            FT_Done_Face(face.face)
            FT_Done_FreeType(face.library)
        }
    }

    /// The characters of `text` neither the font nor any fallback font has a
    /// glyph for (each once, in order), not counting white space and the
    /// invisible joiners and variation selectors of emoji: they are drawn as
    /// the font's missing-glyph box.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        face.withLock { face in
            var seen = Set<Unicode.Scalar>(), missing = [Unicode.Scalar]()
            for scalar in text.unicodeScalars where Self.isVisible(scalar) && seen.insert(scalar).inserted {
                if face.glyphIndex(scalar) == 0, face.fallbackGlyph(scalar, unitsPerEm: unitsPerEm) == nil {
                    missing.append(scalar)
                }
            }
            return missing
        }
    }

    /// The font a character this font lacks is drawn from (see
    /// ``fallbackCharacters(in:)``); nil when this font has it or no
    /// installed font does.
    public func fallback(for scalar: Unicode.Scalar) -> Font? {
        guard face.withLock({ $0.glyphIndex(scalar) }) == 0 else { return nil }
        return FallbackFonts.font(for: scalar)
    }

    /// The characters of `text` drawn from a fallback font, each once, in order.
    public func fallbackCharacters(in text: String) -> [Unicode.Scalar] {
        face.withLock { face in
            var seen = Set<Unicode.Scalar>(), found = [Unicode.Scalar]()
            for scalar in text.unicodeScalars where Self.isVisible(scalar) && seen.insert(scalar).inserted {
                if face.glyphIndex(scalar) == 0, face.fallbackGlyph(scalar, unitsPerEm: unitsPerEm) != nil {
                    found.append(scalar)
                }
            }
            return found
        }
    }

    /// Whether a missing glyph for `scalar` would show: not white space, a
    /// zero-width joiner or a variation selector.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && !scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Calls `body` with each glyph of `text`, its outline flattened at
    /// `scale` pixels per font unit when one is given (else `nil`), and its
    /// pen position along the baseline in font units, kerned; returns the
    /// total advance. Runs under the face's lock, so `body` should be quick.
    func layOut(
        _ text: String, flattenedAt scale: Double? = nil, _ body: (Glyph, FlattenedGlyph?, Double) -> Void
    ) -> Double {
        face.withLock { face in
            var pen = 0.0
            var previous: FT_UInt = 0
            for scalar in text.unicodeScalars {
                let index = face.glyphIndex(scalar)
                if index == 0, Self.isVisible(scalar), let glyph = face.fallbackGlyph(scalar, unitsPerEm: unitsPerEm) {
                    // Another font's glyph: no kerning across the change.
                    body(glyph, scale.map { face.flattened(Face.fallbackKey(scalar), glyph, scale: $0) }, pen)
                    pen += glyph.advance
                    previous = 0
                    continue
                }
                if index == 0, !Self.isVisible(scalar) { continue }
                if face.hasKerning, previous != 0, index != 0 {
                    var kern = FT_Vector()
                    if FT_Get_Kerning(face.face, previous, index, FT_UInt(FT_KERNING_UNSCALED.rawValue), &kern) == 0 {
                        pen += Double(kern.x)
                    }
                }
                let glyph = face.glyph(index)
                body(glyph, scale.map { face.flattened(index, glyph, scale: $0) }, pen)
                pen += glyph.advance
                previous = index
            }
            return pen
        }
    }

    /// The distance between the baselines of a label's lines, in ems: one
    /// fixed pitch, so a label's height follows from its count of lines
    /// whatever the script.
    public static let lineSpacing = 1.2

    /// The size of `text` set at `size` pixels per em; for text of several
    /// lines (split at `\n`, ``lineSpacing`` apart) the widest line's
    /// advance and the ink of all lines, as drawn left-aligned.
    public func measure(_ text: String, size: Double) -> TextMetrics {
        let scale = size / unitsPerEm
        if text.contains("\n") {
            var widest = 0.0, ink: Rect?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let metrics = measure(String(line), size: size)
                widest = max(widest, metrics.advance)
                if var placed = metrics.inkBounds {
                    placed.origin.y += Double(index) * Self.lineSpacing * size
                    ink = ink.map { $0.union(placed) } ?? placed
                }
            }
            return TextMetrics(advance: widest, inkBounds: ink, ascent: ascender * scale, descent: -descender * scale)
        }
        var ink: Rect?
        let advance = layOut(text) { glyph, _, pen in
            guard let bounds = glyph.bounds else { return }
            let placed = Rect(
                x: (bounds.minX + pen) * scale, y: bounds.minY * scale,
                width: bounds.width * scale, height: bounds.height * scale)
            ink = ink.map { $0.union(placed) } ?? placed
        }
        return TextMetrics(advance: advance * scale, inkBounds: ink, ascent: ascender * scale, descent: -descender * scale)
    }
}

/// One glyph's outline and metrics in font units, y down.
struct Glyph: Sendable {
    var outline: Path
    var advance: Double
    /// The outline's exact bounds, `nil` for a blank glyph such as a space.
    var bounds: Rect?
}

/// A glyph's outline flattened at one scale, its origin at the pen: closed
/// contours as in ``Polylines``, ready to be moved into place.
struct FlattenedGlyph: Sendable {
    var points: [Point]
    var ends: [Int]
}

/// A FreeType face and the glyphs read from it. Only used under its font's
/// lock: FreeType faces are not thread-safe.
private struct Face {
    let library: FT_Library
    let face: FT_Face
    let hasKerning: Bool
    var glyphs: [FT_UInt: Glyph] = [:]
    var indices: [Unicode.Scalar: FT_UInt] = [:]
    /// Glyphs of characters this face lacks, from a fallback font, in this
    /// face's units; `nil` when no installed font has the character.
    var fallbacks: [Unicode.Scalar: Glyph?] = [:]
    /// Flattened outlines by glyph and scale: labels come in a few sizes,
    /// drawn every frame.
    var flattened: [FlattenedKey: FlattenedGlyph] = [:]

    struct FlattenedKey: Hashable {
        var glyph: FT_UInt
        var scale: UInt64
    }

    /// More sizes than this means text is being zoomed: then the cache
    /// starts afresh rather than grow without bound.
    static let flattenedLimit = 4096

    /// The glyph's outline flattened at `scale` pixels per font unit, with
    /// the canvas's tolerance. A cached copy and a fresh one are the same
    /// points, so frames do not depend on what was drawn before.
    mutating func flattened(_ index: FT_UInt, _ glyph: Glyph, scale: Double) -> FlattenedGlyph {
        let key = FlattenedKey(glyph: index, scale: scale.bitPattern)
        if let cached = flattened[key] { return cached }
        var polylines = Polylines()
        polylines.append(glyph.outline, transform: AffineTransform(scale: scale), tolerance: Canvas.tolerance)
        let result = FlattenedGlyph(points: polylines.points, ends: polylines.ends)
        if flattened.count >= Self.flattenedLimit { flattened.removeAll() }
        flattened[key] = result
        return result
    }

    /// The cache key of a fallback glyph: above every glyph index a font can
    /// have (they are 16-bit), so it never meets one of this face's own.
    static func fallbackKey(_ scalar: Unicode.Scalar) -> FT_UInt {
        0x8000_0000 | FT_UInt(scalar.value)
    }

    /// The glyph of `scalar` from the fallback font fontconfig picks for it,
    /// scaled from that font's units to `unitsPerEm`, this face's.
    mutating func fallbackGlyph(_ scalar: Unicode.Scalar, unitsPerEm: Double) -> Glyph? {
        if let known = fallbacks[scalar] { return known }
        var glyph: Glyph?
        if let fallback = FallbackFonts.font(for: scalar) {
            glyph = fallback.glyph(for: scalar).map { $0.scaled(by: unitsPerEm / fallback.unitsPerEm) }
        }
        fallbacks[scalar] = glyph
        return glyph
    }

    mutating func glyphIndex(_ scalar: Unicode.Scalar) -> FT_UInt {
        if let index = indices[scalar] { return index }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        indices[scalar] = index
        return index
    }

    /// The glyph, read on first use; a glyph FreeType cannot load is blank
    /// with no advance.
    mutating func glyph(_ index: FT_UInt) -> Glyph {
        if let glyph = glyphs[index] { return glyph }
        var glyph = Glyph(outline: Path(), advance: 0, bounds: nil)
        if FT_Load_Glyph(face, index, cft_load_outline_flags()) == 0, let slot = face.pointee.glyph {
            glyph.advance = Double(slot.pointee.advance.x)
            if cft_glyph_is_outline(slot) != 0, slot.pointee.outline.n_points > 0 {
                glyph.outline = Self.path(of: &slot.pointee.outline)
                var box = FT_BBox()
                if FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 {
                    glyph.bounds = Rect(
                        x: Double(box.xMin), y: -Double(box.yMax),
                        width: Double(box.xMax - box.xMin), height: Double(box.yMax - box.yMin))
                }
            }
        }
        glyphs[index] = glyph
        return glyph
    }

    /// The outline as a path with y pointing down.
    private static func path(of outline: inout FT_Outline) -> Path {
        var path = Path()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                guard let to, let path = user?.assumingMemoryBound(to: Path.self) else { return 1 }
                if path.pointee.currentPoint != nil { path.pointee.close() }
                path.pointee.move(to: point(to.pointee))
                return 0
            },
            line_to: { to, user in
                guard let to, let path = user?.assumingMemoryBound(to: Path.self) else { return 1 }
                path.pointee.line(to: point(to.pointee))
                return 0
            },
            conic_to: { control, to, user in
                guard let control, let to, let path = user?.assumingMemoryBound(to: Path.self) else { return 1 }
                path.pointee.quad(to: point(to.pointee), control: point(control.pointee))
                return 0
            },
            cubic_to: { control1, control2, to, user in
                guard let control1, let control2, let to, let path = user?.assumingMemoryBound(to: Path.self)
                else { return 1 }
                path.pointee.cubic(to: point(to.pointee), control1: point(control1.pointee), control2: point(control2.pointee))
                return 0
            },
            shift: 0, delta: 0)
        let error = withUnsafeMutablePointer(to: &path) { pointer in
            FT_Outline_Decompose(&outline, &funcs, UnsafeMutableRawPointer(pointer))
        }
        guard error == 0 else { return Path() }
        if path.currentPoint != nil { path.close() }
        return path
    }
}

private func point(_ v: FT_Vector) -> Point {
    Point(Double(v.x), -Double(v.y))
}

extension Font {
    /// The glyph of `scalar` in this font's units, or nil when the font has
    /// none. Only for a font used as a fallback: it takes this font's lock
    /// while its user holds its own, so a fallback font is never a user.
    fileprivate func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        face.withLock { face in
            let index = face.glyphIndex(scalar)
            return index == 0 ? nil : face.glyph(index)
        }
    }
}

extension Glyph {
    /// The glyph with every measure multiplied by `factor`.
    func scaled(by factor: Double) -> Glyph {
        var path = Path()
        let at = { (p: Point) in Point(p.x * factor, p.y * factor) }
        for element in outline.elements {
            switch element {
            case .move(let p): path.move(to: at(p))
            case .line(let p): path.line(to: at(p))
            case .quad(let p, let c): path.quad(to: at(p), control: at(c))
            case .cubic(let p, let c1, let c2): path.cubic(to: at(p), control1: at(c1), control2: at(c2))
            case .close: path.close()
            }
        }
        return Glyph(
            outline: path, advance: advance * factor,
            bounds: bounds.map { Rect(x: $0.minX * factor, y: $0.minY * factor, width: $0.width * factor, height: $0.height * factor) })
    }
}

/// The fonts characters fall back to, one per font file, loaded once per
/// process and used only as fallbacks (never as a label font of their own),
/// so that their locks are always taken after the locks of the fonts using
/// them.
enum FallbackFonts {
    private static let cache = Mutex(State())

    private struct State {
        var byFile: [String: Font] = [:]
        var byScalar: [Unicode.Scalar: String?] = [:]
    }

    /// A scalable font that has a glyph for `scalar`, as fontconfig ranks
    /// them for a bold sans-serif face, or nil.
    static func font(for scalar: Unicode.Scalar) -> Font? {
        cache.withLock { state in
            let file: String?
            if let known = state.byScalar[scalar] {
                file = known
            } else {
                file = FontConfig.file(covering: scalar)
                state.byScalar[scalar] = file
            }
            guard let file else { return nil }
            if let font = state.byFile[file] { return font }
            guard let font = try? Font(path: file) else {
                state.byScalar[scalar] = .some(nil)
                return nil
            }
            state.byFile[file] = font
            return font
        }
    }
}
