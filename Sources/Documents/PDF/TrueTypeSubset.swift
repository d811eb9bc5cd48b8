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
    /// composite glyphs are built from.
    static func file(of face: SFNTFace, keeping glyphs: Set<UInt16>) throws(FontFileError) -> [UInt8] {
        let head = try face.table(SFNTTag("head"))
        let maxp = try face.table(SFNTTag("maxp"))
        let hhea = try face.table(SFNTTag("hhea"))
        let hmtx = try face.table(SFNTTag("hmtx"))
        let glyf = try face.table(SFNTTag("glyf"))
        guard head.count >= 54, let format = head.uint16(at: head.startIndex + 50),
            let glyphCount = maxp.uint16(at: maxp.startIndex + 4).map(Int.init), hhea.count >= 36,
            let metricCount = hhea.uint16(at: hhea.startIndex + 34).map(Int.init), metricCount > 0
        else { throw FontFileError("its head, maxp or hhea table is malformed") }
        let locations = try self.locations(try face.table(SFNTTag("loca")), long: format == 1, count: glyphCount + 1)
        // Clamped, so a malformed loca gives empty or cut outlines rather
        // than a read outside the table.
        func outline(_ id: Int) -> ArraySlice<UInt8> {
            let start = min(locations[id], glyf.count)
            let end = min(max(start, locations[id + 1]), glyf.count)
            return glyf[glyf.startIndex + start..<glyf.startIndex + end]
        }

        var kept = Set<Int>()
        var pending = [0] + glyphs.map(Int.init).filter { $0 < glyphCount }
        while let id = pending.popLast() {
            guard kept.insert(id).inserted else { continue }
            pending += components(of: outline(id)).filter { $0 < glyphCount }
        }
        let count = (kept.max() ?? 0) + 1

        var newGlyf = [UInt8]()
        var newLoca = [UInt8]()
        for id in 0..<count {
            newLoca.append(bigEndian: UInt32(newGlyf.count))
            guard kept.contains(id) else { continue }
            newGlyf += outline(id)
            newGlyf += [UInt8](repeating: 0, count: (4 - newGlyf.count % 4) % 4)
        }
        newLoca.append(bigEndian: UInt32(newGlyf.count))

        var newHead = [UInt8](head)
        newHead.replace(at: 50, bigEndian: UInt16(1))
        var newMaxp = [UInt8](maxp)
        newMaxp.replace(at: 4, bigEndian: UInt16(count))
        // hmtx holds an advance and side bearing for each of the first
        // `metricCount` glyphs, then side bearings alone for the rest.
        let newMetricCount = min(metricCount, count)
        var newHhea = [UInt8](hhea)
        newHhea.replace(at: 34, bigEndian: UInt16(newMetricCount))
        let hmtxLength = 4 * newMetricCount + 2 * (count - newMetricCount)
        guard hmtx.count >= hmtxLength else { throw FontFileError("its hmtx table is cut short") }

        var tables: [SFNTTag: [UInt8]] = [
            SFNTTag("head"): newHead, SFNTTag("hhea"): newHhea, SFNTTag("maxp"): newMaxp,
            SFNTTag("hmtx"): [UInt8](hmtx.prefix(hmtxLength)), SFNTTag("loca"): newLoca, SFNTTag("glyf"): newGlyf,
        ]
        for tag in [SFNTTag("cvt "), SFNTTag("fpgm"), SFNTTag("prep"), SFNTTag("OS/2")] {
            if let table = face.tables[tag] { tables[tag] = [UInt8](table) }
        }
        return SFNTWriter.file(version: 0x0001_0000, tables: tables)
    }

    /// Each glyph's offset into `glyf`, from a `loca` table of short
    /// (offset / 2) or long entries.
    private static func locations(_ loca: ArraySlice<UInt8>, long: Bool, count: Int) throws(FontFileError) -> [Int] {
        var result = [Int]()
        result.reserveCapacity(count)
        for index in 0..<count {
            let start = loca.startIndex
            let entry =
                long
                ? loca.uint32(at: start + 4 * index).map(Int.init) : loca.uint16(at: start + 2 * index).map { Int($0) * 2 }
            guard let entry else { throw FontFileError("its loca table is cut short") }
            result.append(entry)
        }
        return result
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
