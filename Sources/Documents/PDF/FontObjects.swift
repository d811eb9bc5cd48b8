extension PDFFileWriter {
    /// Writes font `index` of `setter` as object `reference`: a Type 0 font
    /// with `Identity-H` encoding (two-byte codes that are glyph ids), its
    /// CID font with the widths of the glyphs `setter` used, the font
    /// descriptor, the embedded program and the ToUnicode map.
    mutating func writeFont(at reference: PDFReference, _ index: Int, of setter: TextSetter) throws(PDFHandoutError) {
        let font = setter.fonts[index]
        let advances = setter.advances[index]
        let embedded = try EmbeddedFont(font, glyphs: Set(advances.keys))
        let descendant = reserve(), descriptor = reserve(), program = reserve(), toUnicode = reserve()
        let name = PDFSyntax.name(embedded.name)
        write(
            reference,
            "<< /Type /Font /Subtype /Type0 /BaseFont \(name) /Encoding /Identity-H"
                + " /DescendantFonts [\(descendant)] /ToUnicode \(toUnicode) >>")
        let scale = 1000 / Double(font.unitsPerEm)
        func glyphSpace(_ value: Int) -> String { PDFSyntax.number(Double(value) * scale) }
        // CIDs are glyph ids: a TrueType CID font says so with its
        // CIDToGIDMap; a CFF font that is not CID-keyed takes CIDs as glyph
        // ids by itself. /Length1 is a TrueType program's length.
        let (subtype, map, fontFile, programEntries) =
            switch embedded.outlines {
            case .trueType: ("/CIDFontType2", " /CIDToGIDMap /Identity", "/FontFile2", "/Length1 \(embedded.program.count)")
            case .compact: ("/CIDFontType0", "", "/FontFile3", "/Subtype /OpenType")
            }
        write(
            descendant,
            "<< /Type /Font /Subtype \(subtype) /BaseFont \(name)"
                + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
                + " /FontDescriptor \(descriptor)\(map)\n/W \(Self.widths(advances, scale: scale)) >>")
        let box = font.boundingBox
        write(
            descriptor,
            "<< /Type /FontDescriptor /FontName \(name) /Flags \(Self.flags(font, embedded))"
                + " /FontBBox [\([box.minX, box.minY, box.maxX, box.maxY].map(glyphSpace).joined(separator: " "))]"
                + " /ItalicAngle \(PDFSyntax.number(embedded.italicAngle)) /Ascent \(glyphSpace(font.ascent))"
                + " /Descent \(glyphSpace(font.descent)) /CapHeight \(glyphSpace(font.capHeight))"
                + " /StemV \(Self.stemV(weightClass: embedded.weightClass)) \(fontFile) \(program) >>")
        write(program, stream: embedded.program, dictionary: programEntries, compressed: true)
        write(toUnicode, stream: Array(ToUnicodeCMap.text(setter.text(ofFont: index)).utf8), compressed: true)
    }

    /// `/W`: the width of each glyph used, in thousandths of an em, runs of
    /// consecutive ids in one array: `[3 [600 611] 36 [774]]`.
    private static func widths(_ advances: [UInt16: Int], scale: Double) -> String {
        var runs = [String]()
        var run = [String]()
        var first = -1, previous = -2
        for (glyph, advance) in advances.sorted(by: { $0.key < $1.key }) {
            let id = Int(glyph)
            if id != previous + 1 && !run.isEmpty {
                runs.append("\(first) [\(run.joined(separator: " "))]")
                run = []
            }
            if run.isEmpty { first = id }
            run.append(PDFSyntax.number(Double(advance) * scale))
            previous = id
        }
        if !run.isEmpty { runs.append("\(first) [\(run.joined(separator: " "))]") }
        return "[" + runs.joined(separator: "\n") + "]"
    }

    /// Font descriptor flags (ISO 32000-1, 9.8.2): Symbolic, since the font
    /// has glyphs beyond the standard Latin set; FixedPitch and Italic as the
    /// font says.
    private static func flags(_ font: PDFFont, _ embedded: EmbeddedFont) -> Int {
        4 | (font.isFixedPitch ? 1 : 0) | (embedded.italicAngle != 0 ? 64 : 0)
    }

    /// The dominant vertical stem width, which fonts do not record: ReportLab's
    /// estimate from the weight class. Readers use it only to stand in for a
    /// font that is missing, and this one is embedded.
    private static func stemV(weightClass: Int) -> Int {
        let ratio = Double(weightClass) / 65
        return 50 + Int(ratio * ratio)
    }
}
