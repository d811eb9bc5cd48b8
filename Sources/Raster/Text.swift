import Geometry

/// Which point of a text ``Canvas/draw(text:at:font:size:color:anchor:)``
/// puts at the given point.
public enum TextAnchor: Sendable, Hashable {
    /// The centre of the ink: what centres a label in a node optically,
    /// whatever its digits' ascents and side bearings.
    case center
    /// The pen's start on the baseline.
    case baselineLeft
    /// The middle of the advance, on the baseline.
    case baselineCenter
    /// The pen's end on the baseline: right-aligned text.
    case baselineRight
}

/// The size of a run of text at a given size, in pixels.
public struct TextMetrics: Sendable, Hashable {
    /// How far the pen moves: the sum of advances and kerning.
    public var advance: Double
    /// The box of the drawn outlines, relative to the pen's start on the
    /// baseline, y down; `nil` when nothing is drawn (empty text, spaces).
    public var inkBounds: Rect?
    /// The font's ascent above the baseline, positive.
    public var ascent: Double
    /// The font's descent below the baseline, positive.
    public var descent: Double

    public init(advance: Double, inkBounds: Rect?, ascent: Double, descent: Double) {
        self.advance = advance
        self.inkBounds = inkBounds
        self.ascent = ascent
        self.descent = descent
    }
}

extension Canvas {
    /// Draws `text`, `size` pixels per em, in lines split at `\n`
    /// ``Font/lineSpacing`` ems apart, each aligned as `anchor` says (a
    /// centred block centres each line and the block's ink), with glyph outlines
    /// filled by the same rasteriser as shapes (unhinted, non-zero rule).
    /// A `halo` first strokes the outlines `halo.width` pixels wide on each
    /// side in its colour, with round joins: text that reads on any
    /// background, light or dark.
    public mutating func draw(
        text: String, at point: Point, font: Font, size: Double, color: Color, anchor: TextAnchor = .center,
        halo: (color: Color, width: Double)? = nil
    ) {
        let haloWidth = halo.map { max($0.width, 0) } ?? 0
        guard color.alpha > 0 || (haloWidth > 0 && halo?.color.alpha ?? 0 > 0), point.x.isFinite, point.y.isFinite
        else { return }
        let scratch = uniqueScratch()
        let cache = scratch.masks
        let key = MaskCache.Hashed(
            .text(ExactText(text: text), font: ObjectIdentifier(font), size: size, at: point, anchor: anchor, halo: haloWidth))
        let haloColor = halo?.color ?? .clear
        // A text not drawn lately is drawn straight from the accumulator;
        // one drawn before is blended from its kept masks, or kept now.
        let new = !keepsMasks || cache.isNew(key)
        /// The halo's mask first, when there is a halo, then the glyphs'.
        func blend(_ entry: MaskCache.Entry) {
            if let glyphs = entry.second {
                composite(haloColor, mask: entry.first, of: cache)
                composite(color, mask: glyphs, of: cache)
            } else {
                composite(color, mask: entry.first, of: cache)
            }
        }
        if !new, let kept = cache.use(key) { return blend(kept) }
        // The glyphs in `scratch.polylines`, their halo in `scratch.outline`.
        guard place(text, at: point, font: font, size: size, anchor: anchor, scratch: scratch) else {
            if !new { _ = cache.keep(key, font: font) { runs, values in (MaskRange(runs: runs.count..<runs.count, values: values.count), nil) } }
            return
        }
        if haloWidth > 0 {
            scratch.outline.removeAll()
            scratch.stroker.stroke(
                scratch.polylines, style: StrokeStyle(width: 2 * haloWidth, join: .round), tolerance: Self.tolerance,
                into: &scratch.outline)
        }
        let accumulator = scratch.accumulator
        if new {
            if haloWidth > 0, scanConvert(scratch.outline, accumulator: accumulator) {
                composite(haloColor, rule: .nonZero, accumulator: accumulator)
            }
            if scanConvert(scratch.polylines, accumulator: accumulator) {
                composite(color, rule: .nonZero, accumulator: accumulator)
            }
            return
        }
        let entry = cache.keep(key, font: font) { runs, values in
            func mask(_ polygons: Polylines) -> MaskRange {
                coverage(of: polygons, rule: .nonZero, accumulator: accumulator, runs: &runs, values: &values)
            }
            guard haloWidth > 0 else { return (mask(scratch.polylines), nil) }
            let halo = mask(scratch.outline)
            return (halo, mask(scratch.polylines))
        }
        blend(entry)
    }

    /// Lays out `text` and puts its glyph outlines, placed as `anchor`
    /// says, in `scratch.polylines`; false when it draws nothing.
    private func place(
        _ text: String, at point: Point, font: Font, size: Double, anchor: TextAnchor, scratch: RasterScratch
    ) -> Bool {
        scratch.glyphs.removeAll(keepingCapacity: true)
        let scale = size / font.unitsPerEm
        let origin: Point
        if text.contains("\n") {
            guard let block = layOutLines(text, font: font, scale: scale, anchor: anchor, into: scratch) else { return false }
            origin = anchor == .center ? Point(point.x - block.center.x * scale, point.y - block.center.y * scale) : point
        } else {
            var ink: Rect?
            let advance = font.layOut(text, flattenedAt: scale) { glyph, flattened, pen in
                guard let bounds = glyph.bounds, let flattened else { return }
                scratch.glyphs.append(PositionedGlyph(outline: flattened, pen: pen))
                let placed = Rect(x: bounds.minX + pen, y: bounds.minY, width: bounds.width, height: bounds.height)
                ink = ink.map { $0.union(placed) } ?? placed
            }
            guard let ink else { return false }
            switch anchor {
            case .center: origin = Point(point.x - ink.center.x * scale, point.y - ink.center.y * scale)
            case .baselineLeft: origin = point
            case .baselineCenter: origin = Point(point.x - advance * scale / 2, point.y)
            case .baselineRight: origin = Point(point.x - advance * scale, point.y)
            }
        }
        scratch.polylines.removeAll()
        for glyph in scratch.glyphs {
            scratch.polylines.appendClosedContours(
                glyph.outline.points, ends: glyph.outline.ends,
                offset: Vector(origin.x + glyph.pen * scale, origin.y + glyph.line * scale))
        }
        return true
    }
}

extension Canvas {
    /// Lays out the lines of `text` into `scratch.glyphs`, each line's
    /// baseline ``Font/lineSpacing`` ems below the last and each shifted
    /// along its baseline as `anchor` aligns it (its ink centred on 0 for
    /// `.center`); returns the block's ink in font units, `nil` when
    /// nothing is drawn.
    fileprivate func layOutLines(
        _ text: String, font: Font, scale: Double, anchor: TextAnchor, into scratch: RasterScratch
    ) -> Rect? {
        var block: Rect?
        // The last line's ink, from its baseline: a blank line keeps the
        // room of one (a label whose second line is left for a smaller
        // text of its own, placed there, is centred as two lines).
        var lastInk: Rect?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let baseline = Double(index) * Font.lineSpacing * font.unitsPerEm
            let first = scratch.glyphs.count
            var ink: Rect?
            let advance = font.layOut(String(line), flattenedAt: scale) { glyph, flattened, pen in
                guard let bounds = glyph.bounds, let flattened else { return }
                scratch.glyphs.append(PositionedGlyph(outline: flattened, pen: pen, line: baseline))
                let placed = Rect(x: bounds.minX + pen, y: bounds.minY, width: bounds.width, height: bounds.height)
                ink = ink.map { $0.union(placed) } ?? placed
            }
            guard let ink else {
                if line.isEmpty, let lastInk, anchor == .center {
                    let room = Rect(x: 0, y: lastInk.minY + baseline, width: 0, height: lastInk.height)
                    block = block.map { $0.union(room) } ?? room
                }
                continue
            }
            lastInk = Rect(x: ink.minX, y: ink.minY, width: ink.width, height: ink.height)
            let shift: Double = switch anchor {
            case .center: -ink.center.x
            case .baselineLeft: 0
            case .baselineCenter: -advance / 2
            case .baselineRight: -advance
            }
            for i in first..<scratch.glyphs.count { scratch.glyphs[i].pen += shift }
            let placed = Rect(x: ink.minX + shift, y: ink.minY + baseline, width: ink.width, height: ink.height)
            block = block.map { $0.union(placed) } ?? placed
        }
        return block
    }
}
