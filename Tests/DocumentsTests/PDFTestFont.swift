import Documents
import Foundation

/// The tests' font: DejaVu Sans Bold, treeanim's default, read straight
/// from its file by a reader of its own (the `head`, `hhea`, `maxp`, `hmtx`,
/// `glyf` and format 4 `cmap` tables), so the writer is checked against the
/// font file itself rather than against the code that builds its input.
enum PDFTestFont {
    static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    static func dejaVuSansBold() throws -> PDFFont {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing.font(path) }
        return try read([UInt8](data), postScriptName: "DejaVuSans-Bold")
    }

    enum Missing: Error, CustomStringConvertible {
        case font(String)
        case table(String)

        var description: String {
            switch self {
            case .font(let path): "\(path) not found: run scripts/setup.sh, which installs fonts-dejavu-core"
            case .table(let tag): "the font has no usable '\(tag)' table"
            }
        }
    }

    static func read(_ file: [UInt8], postScriptName: String) throws -> PDFFont {
        func u16(_ at: Int) -> Int { Int(file[at]) << 8 | Int(file[at + 1]) }
        func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables = [String: Int]()
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: file[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
        func table(_ tag: String) throws -> Int {
            guard let offset = tables[tag] else { throw Missing.table(tag) }
            return offset
        }
        let head = try table("head"), hhea = try table("hhea"), maxp = try table("maxp")
        let hmtx = try table("hmtx"), loca = try table("loca"), glyf = try table("glyf"), cmap = try table("cmap")
        let glyphCount = u16(maxp + 4), metricCount = u16(hhea + 34), longLoca = i16(head + 50) == 1
        func advance(_ id: Int) -> Int { u16(hmtx + 4 * min(id, metricCount - 1)) }
        func glyph(_ id: Int) -> PDFFont.Glyph { PDFFont.Glyph(id: UInt16(id), advance: advance(id)) }

        var format4: Int?
        for index in 0..<u16(cmap + 2) {
            let record = cmap + 4 + 8 * index
            let subtable = cmap + u32(record + 4)
            if u16(record) == 3 && u16(record + 2) == 1 && u16(subtable) == 4 { format4 = subtable }
        }
        guard let format4 else { throw Missing.table("cmap") }
        let segments = u16(format4 + 6) / 2
        let ends = format4 + 14, starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
        var glyphs = [Unicode.Scalar: PDFFont.Glyph]()
        for segment in 0..<segments {
            let start = u16(starts + 2 * segment), end = u16(ends + 2 * segment)
            let delta = u16(deltas + 2 * segment), rangeAt = rangeOffsets + 2 * segment, range = u16(rangeAt)
            for code in start...end where code != 0xFFFF {
                var id = range == 0 ? code : u16(rangeAt + range + 2 * (code - start))
                if range == 0 || id != 0 { id = (id + delta) & 0xFFFF }
                if id != 0, id < glyphCount, let scalar = Unicode.Scalar(code) { glyphs[scalar] = glyph(id) }
            }
        }
        let locationOfH = glyphs["H"].map { Int($0.id) } ?? 0
        let outlineOfH = glyf + (longLoca ? u32(loca + 4 * locationOfH) : 2 * u16(loca + 2 * locationOfH))
        return PDFFont(
            file: file, faceIndex: 0, postScriptName: postScriptName, unitsPerEm: u16(head + 18),
            ascent: i16(hhea + 4), descent: i16(hhea + 6), capHeight: i16(outlineOfH + 8),
            boundingBox: PDFFont.Box(minX: i16(head + 36), minY: i16(head + 38), maxX: i16(head + 40), maxY: i16(head + 42)),
            isFixedPitch: false, glyphs: glyphs, missingGlyph: glyph(0))
    }
}
