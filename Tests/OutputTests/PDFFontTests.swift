import Documents
import Foundation
import Geometry
import Output
import PNG
import Raster
import Testing
import TestSupport

/// The renderer's font made into the PDF handout's: the same glyphs and
/// advances, read through FreeType, for a TrueType file, a face of a
/// collection and an OpenType font with CFF outlines.
@Suite final class PDFFontTests {
    /// The PDF files a test wrote, removed when it ends.
    var files = [String]()

    deinit {
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    // Every font here is installed by scripts/setup.sh: a missing one fails
    // its test rather than skipping it.
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// A `.ttc` of two faces with Chinese glyphs (fonts-wqy-microhei).
    static let collection = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    /// An OpenType font with CFF outlines (fonts-urw-base35).
    static let compact = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"
    /// A Type 1 font, which FreeType draws but a PDF cannot take as TrueType.
    static let typeOne = "/usr/share/fonts/X11/Type1/NimbusSans-Regular.pfb"

    @Test func theDefaultFontKeepsItsNameMetricsAndGlyphs() throws {
        let font = try PDFFont(Font(path: Self.dejaVu))
        #expect(font.postScriptName == "DejaVuSans-Bold")
        #expect(font.faceIndex == 0 && font.file.count == 708_920)
        // The numbers of the font's head, hhea and hmtx tables.
        #expect(font.unitsPerEm == 2048 && font.ascent == 1901 && font.descent == -483)
        #expect(font.boundingBox == PDFFont.Box(minX: -2190, minY: -850, maxX: 4045, maxY: 2407))
        #expect(font.glyphs["A"] == PDFFont.Glyph(id: 36, advance: 1585))
        #expect(font.glyphs[" "] == PDFFont.Glyph(id: 3, advance: 713))
        #expect(font.missingGlyph == PDFFont.Glyph(id: 0, advance: 1229))
        #expect(font.capHeight == 1493 && !font.isFixedPitch)
        for scalar in "→−≤≥αβλ".unicodeScalars {
            #expect((font.glyphs[scalar]?.id ?? 0) != 0, "no glyph for \(scalar)")
        }
    }

    @Test func advancesAreTheOnesTheFramesAreSetWith() throws {
        let raster = try Font(path: Self.dejaVu)
        let font = try PDFFont(raster)
        // Without kerning pairs, the renderer's width is the sum of advances.
        let text = "→ 42 − λ"
        let sum = text.unicodeScalars.reduce(0) { $0 + (font.glyphs[$1]?.advance ?? -10_000) }
        #expect(raster.measure(text, size: Double(font.unitsPerEm)).advance == Double(sum))
    }

    @Test(.tags(.external)) func aFaceOfACollectionGoesInAloneAndItsChineseTextReadsBack() throws {
        let raster = try Font(path: Self.collection)
        let font = try PDFFont(raster)
        #expect(font.file.starts(with: Array("ttcf".utf8)) && font.faceIndex == 0)
        let caption = "插入 42 → 右子树"
        let pdf = try writeHandout(caption: caption, font: font, drawnWith: raster)
        #expect(try Poppler.text(pdf).contains(caption))
        let fonts = try Poppler.run("pdffonts", [pdf])
        #expect(fonts.contains("CID TrueType") && fonts.contains("+WenQuanYiMicroHei"))
        // A subset of a few glyphs, not the 5 MB collection.
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).count < 600_000)
    }

    @Test(.tags(.external)) func charactersTheLabelFontLacksAreSetInTheFallbackTheFramesDrawThemIn() throws {
        let raster = try Font(path: Self.dejaVu)
        let fallback = try #require(raster.fallback(for: "右"))
        #expect(fallback.path == Self.collection)
        #expect(raster.fallback(for: "A") == nil)
        let caption = "insert 42 → 右子树"
        var canvas = Canvas(width: 320, height: 120)
        canvas.clear(to: .white)
        let png = try PNGFile.encode(premultipliedRGBA: canvas.pixels, width: 320, height: 120)
        let bytes = try PDFHandout(
            layout: .onePerPage, font: PDFFont(raster), fallbacks: [PDFFont(fallback)], title: "家谱 family"
        ).write([HandoutStep(caption: caption, note: "小明", png: png)])
        let pdf = NSTemporaryDirectory() + "treeanim-pdffont-" + UUID().uuidString + ".pdf"
        try Data(bytes).write(to: URL(fileURLWithPath: pdf))
        files.append(pdf)
        let text = try Poppler.text(pdf)
        #expect(text.contains(caption) && text.contains("小明") && text.contains("家谱 family"))
        let fonts = try Poppler.run("pdffonts", [pdf])
        #expect(fonts.contains("+DejaVuSans-Bold") && fonts.contains("+WenQuanYiMicroHei"))
        // Subsets, deflated: the few glyphs used, not the fonts' megabytes.
        #expect(bytes.count < 120_000, "\(bytes.count) bytes")
    }

    @Test(.tags(.external)) func anOpenTypeFontWithCFFOutlinesGoesInWhole() throws {
        let raster = try Font(path: Self.compact)
        let font = try PDFFont(raster)
        #expect(font.postScriptName == "NimbusSans-Regular")
        let caption = "insert 42 – then search 17"
        let pdf = try writeHandout(caption: caption, font: font, drawnWith: raster)
        #expect(try Poppler.text(pdf).contains(caption))
        let fonts = try Poppler.run("pdffonts", [pdf])
        #expect(fonts.contains("NimbusSans-Regular") && fonts.contains("CID Type 0C (OT)"))
    }

    @Test func aType1FontIsRefusedByName() throws {
        let font = try PDFFont(Font(path: Self.typeOne))
        let handout = PDFHandout(layout: .onePerPage, font: font)
        let png = try PNGFile.encode(
            straightRGBA: [UInt8](repeating: 255, count: 4 * 4 * 4), width: 4, height: 4)
        #expect(throws: PDFHandoutError.fontNotEmbeddable(
            font: "NimbusSans-Regular",
            reason: "it is not a TrueType or OpenType font (Type 1 and bitmap fonts cannot be embedded)")) {
            try handout.write([HandoutStep(caption: "c", note: nil, png: png)])
        }
    }

    /// A one-page handout whose picture shows `caption` drawn by the renderer
    /// in `raster`, and whose caption is `caption` set in `font`.
    func writeHandout(caption: String, font: PDFFont, drawnWith raster: Font) throws -> String {
        var canvas = Canvas(width: 320, height: 120)
        canvas.clear(to: .white)
        canvas.draw(text: caption, at: Point(160, 60), font: raster, size: 24, color: .black)
        let png = try PNGFile.encode(premultipliedRGBA: canvas.pixels, width: 320, height: 120)
        let pdf = try PDFHandout(layout: .onePerPage, font: font, title: caption)
            .write([HandoutStep(caption: caption, note: "a note", png: png)])
        let path = NSTemporaryDirectory() + "treeanim-pdffont-" + UUID().uuidString + ".pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        files.append(path)
        return path
    }
}
