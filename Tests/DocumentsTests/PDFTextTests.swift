@testable import Documents
import Testing

/// How the handout sets text: line breaking in the font's advances, and the
/// PDF spelling of numbers, names and strings.
@Suite struct PDFTextTests {
    @Test func linesBreakAtSpacesAndStayInsideTheWidth() throws {
        let setter = TextSetter(fonts: [try PDFTestFont.dejaVuSansBold()])
        let text = "insert 42 → right of 30, then compare with 35 on the way down"
        let lines = setter.lines(text, width: 120, size: 10, limit: 10)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { setter.width($0, size: 10) <= 120 })
        #expect(lines.joined(separator: " ") == text)
    }

    @Test func textWithoutSpacesBreaksBetweenCharacters() throws {
        var font = try PDFTestFont.dejaVuSansBold()
        // DejaVu has no Chinese: give these characters a square em each.
        for scalar in "插入右子树中".unicodeScalars { font.glyphs[scalar] = PDFFont.Glyph(id: 1, advance: 2048) }
        let setter = TextSetter(fonts: [font])
        #expect(setter.lines("插入右子树中", width: 20.5, size: 10, limit: 5) == ["插入", "右子", "树中"])
    }

    @Test func linesBeyondTheLimitAreCutWithAnEllipsis() throws {
        let setter = TextSetter(fonts: [try PDFTestFont.dejaVuSansBold()])
        let lines = setter.lines("one two three four five six seven", width: 60, size: 10, limit: 2)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…") && setter.width(lines[1], size: 10) <= 60)
        #expect(setter.lines("a\n\nb", width: 60, size: 10, limit: 0).isEmpty)
    }

    @Test func encodingRecordsEachGlyphWithItsFirstCharacter() throws {
        var setter = TextSetter(fonts: [try PDFTestFont.dejaVuSansBold()])
        #expect(setter.encode("A→").map(\.glyphs) == ["<00240C1D>"])
        #expect(setter.encode("插").map(\.glyphs) == ["<0000>"])
        #expect(setter.advances == [[0x24: 1585, 0xC1D: setter.fonts[0].glyph("→").advance, 0: 1229]])
        #expect(setter.characters == [[0x24: "A", 0xC1D: "→"]])
        #expect(setter.text(ofFont: 0) == [0x24: "A", 0xC1D: "→", 0: "\u{FFFD}"])
    }

    /// A control character is the missing-glyph box, as the frames draw it,
    /// even in a font that maps it to an empty glyph, and reads back as
    /// U+FFFD; a character no font has that would not show (a tag
    /// character, default ignorable) takes no room, as in the frames.
    @Test func aControlIsTheBoxAndAnInvisibleCharacterNoFontHasIsLeftOut() throws {
        var font = try PDFTestFont.dejaVuSansBold()
        font.glyphs["\0"] = PDFFont.Glyph(id: 1, advance: 0)
        var setter = TextSetter(fonts: [font])
        #expect(setter.encode("a\0b\u{1B}c").map(\.glyphs) == ["<00440000004500000046>"])
        #expect(setter.encode("a\u{E0041}b").map(\.glyphs) == ["<00440045>"])
        #expect(setter.width("\u{E0041}", size: 10) == 0)
        #expect(setter.text(ofFont: 0) == [0x44: "a", 0x45: "b", 0x46: "c", 0: "\u{FFFD}"])
    }

    @Test func aCharacterTheFirstFontLacksIsSetInTheFirstFallbackThatHasIt() throws {
        let dejaVu = try PDFTestFont.dejaVuSansBold()
        var half = dejaVu, whole = dejaVu
        half.postScriptName = "Half"
        half.unitsPerEm = 1000
        half.glyphs = ["插": PDFFont.Glyph(id: 7, advance: 500)]
        whole.postScriptName = "Whole"
        whole.glyphs = ["插": PDFFont.Glyph(id: 9, advance: 2048), "入": PDFFont.Glyph(id: 10, advance: 2048)]
        var setter = TextSetter(fonts: [dejaVu, half, whole])
        let runs = setter.encode("A插入\u{10FFFD}B")
        #expect(runs.map(\.font) == [0, 1, 2, 0])
        #expect(runs.map(\.glyphs) == ["<0024>", "<0007>", "<000A>", "<00000025>"])
        #expect(setter.characters == [[0x24: "A", 0x25: "B"], [7: "插"], [10: "入"]])
        // Widths in each font's own units: half an em, then a whole one.
        #expect(abs(setter.width("插入", size: 10) - 15) < 1e-9)
    }

    @Test func numbersAreWrittenWithAtMostFourDecimals() {
        #expect(PDFSyntax.number(595.28) == "595.28")
        #expect(PDFSyntax.number(-0.5) == "-0.5")
        #expect(PDFSyntax.number(12) == "12")
        #expect(PDFSyntax.number(0.00004) == "0")
        #expect(PDFSyntax.number(1.23456) == "1.2346")
        #expect(PDFSyntax.number(-0.05) == "-0.05")
    }

    @Test func namesAndTextStringsAreEscaped() {
        #expect(PDFSyntax.name("ABCDEF+DejaVuSans-Bold") == "/ABCDEF+DejaVuSans-Bold")
        #expect(PDFSyntax.name("My Font#1") == "/My#20Font#231")
        #expect(PDFSyntax.text("a (b) \\ c") == "(a \\(b\\) \\\\ c)")
        #expect(PDFSyntax.text("é→") == "<FEFF00E92192>")
    }
}
