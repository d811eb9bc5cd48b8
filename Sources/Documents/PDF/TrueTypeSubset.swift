/// A TrueType font cut down to the glyphs a document sets: the outlines of
/// every other glyph are dropped, but glyph ids stay as they were, so text
/// encoded with the full font's ids shows the same glyphs.
///
/// A handout sets a few dozen glyphs of a font of thousands: DejaVu Sans
/// Bold's 700 KB come down to tens of KB, a CJK font's megabytes likewise.
/// Kept: the tables a PDF reader needs to draw TrueType glyphs (ISO
/// 32000-1, 9.9: `head`, `hhea`, `loca`, `maxp`, `cvt `, `prep`, `glyf`,
/// `hmtx`, `fpgm`) and `OS/2`; layout tables (`GSUB`, `GPOS`, `kern`), names
/// and `cmap` are not used with CIDs that are glyph ids.
enum TrueTypeSubset {
    /// The subset font file holding `glyphs`, glyph 0 and every glyph their
    /// composite glyphs are built from; glyph ids the font does not have
    /// are left out.
    static func file(of face: SFNTFace, keeping glyphs: Set<UInt16>) throws(FontFileError) -> [UInt8] {
        let font = try TrueTypeGlyphTables(face)
        var kept = Set<Int>()
        var pending = [0] + glyphs.map(Int.init).filter { $0 < font.glyphCount }
        while let id = pending.popLast() {
            guard kept.insert(id).inserted else { continue }
            pending += components(of: font.outline(id)).filter { $0 < font.glyphCount }
        }
        let count = (kept.max() ?? 0) + 1

        // No larger than glyf plus three bytes of padding a glyph, as the
        // outlines do not overlap: TrueTypeGlyphTables checked that this fits
        // the 32 bits of a long loca entry.
        var newGlyf = [UInt8]()
        var newLoca = [UInt8]()
        for id in 0..<count {
            newLoca.append(bigEndian: UInt32(newGlyf.count))
            guard kept.contains(id) else { continue }
            newGlyf += font.outline(id)
            newGlyf += [UInt8](repeating: 0, count: (4 - newGlyf.count % 4) % 4)
        }
        newLoca.append(bigEndian: UInt32(newGlyf.count))

        var newHead = [UInt8](font.head)
        newHead.replace(at: 50, bigEndian: UInt16(1))
        var newMaxp = [UInt8](font.maxp)
        newMaxp.replace(at: 4, bigEndian: UInt16(count))
        // hmtx holds an advance and side bearing for each of the first
        // `metricCount` glyphs, then side bearings alone for the rest.
        let newMetricCount = min(font.metricCount, count)
        var newHhea = [UInt8](font.hhea)
        newHhea.replace(at: 34, bigEndian: UInt16(newMetricCount))
        let hmtxLength = 4 * newMetricCount + 2 * (count - newMetricCount)

        var tables: [SFNTTag: [UInt8]] = [
            SFNTTag("head"): newHead, SFNTTag("hhea"): newHhea, SFNTTag("maxp"): newMaxp,
            SFNTTag("hmtx"): font.metrics(length: hmtxLength), SFNTTag("loca"): newLoca, SFNTTag("glyf"): newGlyf,
        ]
        for tag in [SFNTTag("cvt "), SFNTTag("fpgm"), SFNTTag("prep"), SFNTTag("OS/2")] {
            if let table = face.tables[tag] { tables[tag] = [UInt8](table) }
        }
        return SFNTWriter.file(version: 0x0001_0000, tables: tables)
    }

    /// The glyphs a composite glyph is built from (OpenType spec, "glyf":
    /// composite glyph description); none for a simple glyph.
    private static func components(of outline: ArraySlice<UInt8>) -> [Int] {
        let start = outline.startIndex
        guard let contours = outline.uint16(at: start), Int16(bitPattern: contours) < 0 else { return [] }
        var result = [Int]()
        var offset = start + 10
        while let flags = outline.uint16(at: offset), let id = outline.uint16(at: offset + 2) {
            result.append(Int(id))
            offset += 4 + (flags & argumentsAreWords != 0 ? 4 : 2)
            if flags & hasScale != 0 {
                offset += 2
            } else if flags & hasXYScale != 0 {
                offset += 4
            } else if flags & hasTwoByTwo != 0 {
                offset += 8
            }
            guard flags & moreComponents != 0 else { break }
        }
        return result
    }

    private static let argumentsAreWords: UInt16 = 0x0001
    private static let hasScale: UInt16 = 0x0008
    private static let moreComponents: UInt16 = 0x0020
    private static let hasXYScale: UInt16 = 0x0040
    private static let hasTwoByTwo: UInt16 = 0x0080
}
