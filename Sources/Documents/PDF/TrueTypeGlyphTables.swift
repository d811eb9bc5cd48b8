/// The tables of a TrueType face that its glyphs are cut out of (`head`,
/// `maxp`, `hhea`, `hmtx`, `loca`, `glyf`), checked once, so that any set of
/// glyphs can then be cut out without reading past a table or making more
/// than the font holds.
///
/// What FreeType reads leniently when it draws the frames is read the same
/// way here, so that a font the frames are drawn in goes into the handout:
/// a `loca` table shorter than `maxp` says holds the glyphs it has places
/// for, and an `hmtx` table cut short reads as zeros past its end. What no
/// subset can be made of is refused, in words that follow "cannot embed
/// font X: ".
struct TrueTypeGlyphTables {
    var head: ArraySlice<UInt8>
    var maxp: ArraySlice<UInt8>
    var hhea: ArraySlice<UInt8>
    var hmtx: ArraySlice<UInt8>
    var glyf: ArraySlice<UInt8>
    /// Each glyph's outline, as offsets into `glyf` (from 0), each within it
    /// and none overlapping another: a subset is never larger than `glyf`.
    var outlines: [Range<Int>]
    /// How many glyphs have an advance of their own in `hmtx`, the others
    /// taking the last one's; 1 to ``glyphCount``.
    var metricCount: Int

    var glyphCount: Int { outlines.count }

    init(_ face: SFNTFace) throws(FontFileError) {
        let head = try face.table(SFNTTag("head")), maxp = try face.table(SFNTTag("maxp"))
        let hhea = try face.table(SFNTTag("hhea")), hmtx = try face.table(SFNTTag("hmtx"))
        let glyf = try face.table(SFNTTag("glyf")), loca = try face.table(SFNTTag("loca"))
        // The subset rewrites head's checksum adjustment (offset 8) and loca
        // format (offset 50): the whole fixed-size table must be there.
        guard head.count >= 54 else { throw FontFileError("its 'head' table is \(head.count) bytes, short of 54") }
        guard let declared = maxp.uint16(at: maxp.startIndex + 4) else {
            throw FontFileError("its 'maxp' table is \(maxp.count) bytes, too short to count its glyphs")
        }
        guard declared > 0 else { throw FontFileError("its 'maxp' table counts 0 glyphs (a font has at least glyph 0, the missing-glyph box)") }
        guard hhea.count >= 36, let metrics = hhea.uint16(at: hhea.startIndex + 34) else {
            throw FontFileError("its 'hhea' table is \(hhea.count) bytes, short of 36")
        }
        guard metrics > 0 else { throw FontFileError("its 'hhea' table gives no glyph an advance (numberOfHMetrics is 0)") }

        // Long offsets unless the format is 0, as FreeType reads it.
        let entry = head.uint16(at: head.startIndex + 50) == 0 ? 2 : 4
        let count = min(Int(declared), loca.count / entry - 1)
        guard count > 0 else {
            throw FontFileError("its 'loca' table is \(loca.count) bytes, too short to place even glyph 0")
        }
        func location(_ index: Int) -> Int {
            let at = loca.startIndex + entry * index
            // Both reads are within the table: index ≤ count ≤ loca.count / entry − 1.
            let offset = entry == 4 ? Int(loca.uint32(at: at) ?? 0) : Int(loca.uint16(at: at) ?? 0) * 2
            return min(offset, glyf.count)
        }
        var outlines = [Range<Int>]()
        outlines.reserveCapacity(count)
        var total = 0
        var start = location(0)
        for index in 1...count {
            let next = location(index)
            // An end before its start is an empty glyph, as FreeType reads it.
            let outline = start..<max(start, next)
            total += outline.count
            outlines.append(outline)
            start = next
        }
        // Outlines that share bytes would be copied into the subset once for
        // each glyph: a font of a few kilobytes could ask for gigabytes.
        guard total <= glyf.count else {
            throw FontFileError("its 'loca' table places glyphs over one another in 'glyf'")
        }
        // The subset's glyf, its outlines padded to four bytes, is placed by
        // 32-bit offsets.
        guard total + 3 * count <= Int(UInt32.max) else { throw FontFileError("its 'glyf' table is over 4 GB") }
        (self.head, self.maxp, self.hhea, self.hmtx, self.glyf) = (head, maxp, hhea, hmtx, glyf)
        self.outlines = outlines
        metricCount = min(Int(metrics), count)
    }

    /// The bytes of glyph `id`'s outline; empty for a glyph with none.
    ///
    /// - Precondition: `id` is less than ``glyphCount``.
    func outline(_ id: Int) -> ArraySlice<UInt8> {
        let range = outlines[id]
        return glyf[glyf.startIndex + range.lowerBound..<glyf.startIndex + range.upperBound]
    }

    /// The first `length` bytes of `hmtx`, with zeros past its end.
    func metrics(length: Int) -> [UInt8] {
        [UInt8](hmtx.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - hmtx.count))
    }
}
