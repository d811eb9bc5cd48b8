@testable import Documents
import Foundation
import PNG
import Testing
import TestSupport

/// Damaged fonts fed to the handout's font reader and subsetter: copies of
/// DejaVu Sans Bold cut short, with flipped bytes in the table directory,
/// offsets, lengths and counts past the end, and zero or huge counts in
/// `maxp`, `hhea`, `head`, `loca`, `cmap` and `glyf`, each made from a seed.
/// None may trap; each is embedded or refused with a reason, and the check
/// a command runs before drawing any frame refuses exactly the fonts the
/// handout would.
@Suite struct FontFuzzTests {
    /// The font's bytes and the handout font made from the undamaged file.
    static let original: (file: [UInt8], font: PDFFont)? = {
        guard let font = try? PDFTestFont.dejaVuSansBold() else { return nil }
        return (font.file, font)
    }()

    /// Text whose glyphs include composites (accented letters are built
    /// from a base and an accent in DejaVu).
    static let text = "Step 1: insert 42 → é à ñ ü Å ǻ fi ≤ λ"

    static let png: [UInt8] = (try? PNGFile.encode(
        straightRGBA: [UInt8](repeating: 255, count: 8 * 8 * 4), width: 8, height: 8)) ?? []

    static let seeds = Array(UInt64(1)...600)

    @Test(.tags(.sweep), arguments: [seeds[..<200], seeds[200..<400], seeds[400...]])
    func aDamagedFontIsEmbeddedOrRefusedNeverATrap(_ seeds: ArraySlice<UInt64>) throws {
        let (file, font) = try #require(Self.original, "\(PDFTestFont.path) could not be read")
        var refused = 0
        for seed in seeds {
            var damaged = font
            var generator = SplitMix(seed: seed)
            let mutation = FontMutation.random(using: &generator)
            damaged.file = mutation.applied(to: file, using: &generator)
            let checked = Result { () throws(PDFHandoutError) in try PDFHandout.check(damaged) }
            let written = Result { () throws(PDFHandoutError) in
                try PDFHandout(layout: .onePerPage, font: damaged, title: Self.text)
                    .write([HandoutStep(caption: Self.text, note: nil, png: Self.png)])
            }
            switch (checked, written) {
            case (.success, .success):
                try expectSubsetsReadBack(damaged, seed: seed, generator: &generator)
            case (.failure(let error), .failure(let again)):
                refused += 1
                #expect(error == again, "seed \(seed), \(mutation)")
                guard case .fontNotEmbeddable = error else {
                    Issue.record("seed \(seed), \(mutation): \(error)")
                    continue
                }
            default:
                Issue.record("seed \(seed), \(mutation): the check says \(checked), the handout \(written)")
            }
        }
        // Most damage leaves the glyphs readable; some must be refused, or
        // the mutations reach nothing.
        #expect(refused > 0 && refused < seeds.count, "\(refused) of \(seeds.count) refused")
    }

    /// The subset of random glyph ids, some past the font's, holds glyph 0
    /// and reads back as a font whose tables are whole.
    func expectSubsetsReadBack(_ font: PDFFont, seed: UInt64, generator: inout SplitMix) throws {
        let face = try SFNTFace(file: font.file, faceIndex: font.faceIndex)
        guard face.tables[SFNTTag("glyf")] != nil else { return }
        let glyphs = Set((0..<20).map { i in UInt16.random(in: 0...UInt16.max, using: &generator) / (i % 2 == 0 ? 1 : 8) })
        let subset = try TrueTypeSubset.file(of: face, keeping: glyphs)
        let tables = try TrueTypeGlyphTables(SFNTFace(file: subset, faceIndex: 0))
        #expect(tables.glyphCount >= 1, "seed \(seed)")
    }

    @Test func theSameSeedDamagesTheSameWay() throws {
        let file = try #require(Self.original).file
        for seed in Self.seeds.prefix(20) {
            var a = SplitMix(seed: seed), b = SplitMix(seed: seed)
            #expect(FontMutation.random(using: &a).applied(to: file, using: &a)
                == FontMutation.random(using: &b).applied(to: file, using: &b))
        }
    }
}

/// One kind of damage done to a font file.
enum FontMutation: CaseIterable {
    case truncated, directoryBytesFlipped, tablePastTheEnd, tableCount
    case glyphCount, metricCount, locaFormat, locaEntries, locaShort, cmapCounts, compositeGlyph, tableBytesFlipped
    case collection

    static func random(using generator: inout SplitMix) -> FontMutation {
        allCases[Int(generator.next() % UInt64(allCases.count))]
    }

    func applied(to original: [UInt8], using generator: inout SplitMix) -> [UInt8] {
        var file = original
        func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
        /// Zero, one, the largest, or anything.
        func count16() -> UInt16 { [0, 1, 0xFFFF, UInt16(number(0...0xFFFF))][number(0...3)] }
        func count32() -> UInt32 {
            [0, 1, 0xFFFF_FFFF, UInt32(file.count), UInt32(file.count - 4), UInt32(number(0...0x7FFF_FFFF))][number(0...5)]
        }
        let tables = Self.directory(of: original)
        func table(_ tag: String) -> (record: Int, offset: Int, length: Int)? {
            tables.first { $0.tag == tag }.map { ($0.record, $0.offset, $0.length) }
        }
        func put16(_ value: UInt16, at offset: Int) {
            guard offset + 2 <= file.count else { return }
            file[offset] = UInt8(value >> 8)
            file[offset + 1] = UInt8(value & 0xFF)
        }
        func put32(_ value: UInt32, at offset: Int) {
            put16(UInt16(value >> 16), at: offset)
            put16(UInt16(value & 0xFFFF), at: offset + 2)
        }
        switch self {
        case .truncated:
            // Anywhere, or just short of where a table ends.
            let ends = tables.map { $0.offset + $0.length - 1 }
            file.removeSubrange((number(0...1) == 0 ? number(0...file.count) : ends[number(0...ends.count - 1)])...)
        case .directoryBytesFlipped:
            for _ in 0..<number(1...8) {
                file[number(0...(12 + 16 * tables.count - 1))] ^= UInt8(number(1...255))
            }
        case .tablePastTheEnd:
            let record = tables[number(0...tables.count - 1)].record
            put32(count32(), at: record + 8 + 4 * number(0...1))
        case .tableCount:
            put16(count16(), at: 4)
        case .glyphCount:
            if let maxp = table("maxp") { put16(count16(), at: maxp.offset + 4) }
        case .metricCount:
            if let hhea = table("hhea") { put16(count16(), at: hhea.offset + 34) }
        case .locaFormat:
            if let head = table("head") {
                put16([0, 1, 2, 0xFFFF][number(0...3)], at: head.offset + 50)
                if number(0...1) == 0 { put16(0, at: head.offset + 18) }
            }
        case .locaEntries:
            if let loca = table("loca") {
                for _ in 0..<number(1...16) {
                    put32(count32(), at: loca.offset + 4 * number(0...loca.length / 4 - 1))
                }
            }
        case .locaShort:
            if let loca = table("loca") { put32(UInt32(number(0...loca.length)), at: loca.record + 12) }
        case .cmapCounts:
            if let cmap = table("cmap") {
                put16(count16(), at: cmap.offset + 2)
                put32(count32(), at: cmap.offset + 8)
            }
        case .compositeGlyph:
            // A glyph made composite (numberOfContours −1) over whatever
            // bytes follow, with flags that ask for more components.
            if let glyf = table("glyf"), let loca = table("loca") {
                let index = number(0...loca.length / 4 - 2)
                let at = glyf.offset + Int(Self.uint32(original, loca.offset + 4 * index))
                put16(0xFFFF, at: at)
                for component in 0..<number(1...6) {
                    put16(UInt16(number(0...0xFFFF)) | 0x0020, at: at + 10 + 8 * component)
                    put16(count16(), at: at + 12 + 8 * component)
                }
            }
        case .tableBytesFlipped:
            let chosen = tables[number(0...tables.count - 1)]
            for _ in 0..<number(1...32) where chosen.length > 0 {
                file[chosen.offset + number(0...chosen.length - 1)] ^= UInt8(number(1...255))
            }
        case .collection:
            // A .ttc of this one face, its header damaged or not; its table
            // offsets count from the start of the collection.
            let shift = 16
            var face = original
            for entry in tables {
                let moved = UInt32(entry.offset + shift)
                face.replaceSubrange(entry.record + 8..<entry.record + 12, with: Self.bytes(moved))
            }
            file = Array("ttcf".utf8) + [0, 1, 0, 0] + Self.bytes(1) + Self.bytes(UInt32(shift)) + face
            if number(0...1) == 0 { put32(count32(), at: 8 + 4 * number(0...1)) }
        }
        return file
    }

    /// The table records of a font file: tag, where the record is, and the
    /// table's offset and length.
    static func directory(of file: [UInt8]) -> [(tag: String, record: Int, offset: Int, length: Int)] {
        (0..<Int(uint32(file, 4) >> 16)).map { index in
            let record = 12 + 16 * index
            return (
                String(decoding: file[record..<record + 4], as: UTF8.self), record,
                Int(uint32(file, record + 8)), Int(uint32(file, record + 12))
            )
        }
    }

    static func uint32(_ file: [UInt8], _ at: Int) -> UInt32 {
        file[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func bytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

