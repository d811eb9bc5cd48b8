import Geometry
import Raster
import Testing

/// Labels in any script: what DejaVu Sans lacks comes from a fallback font
/// fontconfig finds (the CJK font scripts/setup.sh installs), and what no
/// installed font has is the missing-glyph box, named.
@Suite struct FontFallbackTests {
    /// `text` drawn black on white, 24 px, centred in a 120×48 canvas.
    static func drawn(_ text: String) throws -> [UInt8] {
        var canvas = Canvas(width: 120, height: 48)
        canvas.clear(to: .white)
        canvas.draw(text: text, at: Point(60, 24), font: try Font.default(), size: 24, color: .black)
        return canvas.pixels
    }

    static func inked(_ pixels: [UInt8]) -> Int {
        stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] < 128 }.count
    }

    /// A character in a private-use plane, which no font here has.
    static let nowhere = "\u{10FFFD}"

    @Test(arguments: ["爷爷", "大侄子", "Ωμέγα", "Дерево", "😀"])
    func aLabelInAnyScriptIsDrawnAndIsNotTheMissingGlyphBox(_ label: String) throws {
        let font = try Font.default()
        #expect(font.missingCharacters(in: label) == [], "\(label)")
        let pixels = try Self.drawn(label)
        #expect(Self.inked(pixels) > 30, "\(label) is not blank")
        let boxes = try Self.drawn(String(repeating: Self.nowhere, count: label.count))
        #expect(pixels != boxes, "\(label) is not drawn as missing-glyph boxes")
    }

    @Test func chineseComesFromTheFallbackFontAtTheLabelsSize() throws {
        let font = try Font.default()
        #expect(font.fallbackCharacters(in: "大儿子 and 42") == ["大", "儿", "子"])
        #expect(font.fallbackCharacters(in: "Дерево 42") == [], "DejaVu has Cyrillic")
        // A CJK character is about one em wide, in the label font's units.
        let width = font.measure("爷", size: 24).advance
        #expect(width > 18 && width < 30, "\(width)")
    }

    @Test func aCharacterNoFontHasIsNamedAndDrawnAsTheBox() throws {
        let font = try Font.default()
        #expect(font.missingCharacters(in: "a\(Self.nowhere)b \(Self.nowhere)") == [Self.nowhere.unicodeScalars.first!])
        #expect(Self.inked(try Self.drawn(Self.nowhere)) > 10, "the box shows, never a blank")
    }

    @Test func joinersAndVariationSelectorsAreNeitherMissingNorDrawn() throws {
        let font = try Font.default()
        #expect(font.missingCharacters(in: "a\u{200D}b\u{FE0F}") == [])
        #expect(try Self.drawn("ab") == (try Self.drawn("a\u{200D}b")))
    }
}
