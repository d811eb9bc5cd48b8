/// The font program a handout embeds, and what its PDF font descriptor
/// says that ``PDFFont`` does not: how the outlines are stored, the name,
/// the italic angle and the weight.
struct EmbeddedFont {
    enum Outlines {
        /// `glyf` outlines: a CIDFontType2 with the file in `/FontFile2`.
        case trueType
        /// CFF outlines in an OpenType file: a CIDFontType0 with the file
        /// in `/FontFile3` of subtype `/OpenType` (PDF 1.6).
        case compact
    }

    var outlines: Outlines
    var program: [UInt8]
    /// The PostScript name, behind a subset tag when the program is a subset.
    var name: String
    /// Degrees counter-clockwise from the vertical, from the `post` table.
    var italicAngle: Double
    /// From 100 (thin) to 900 (black), from the `OS/2` table; 400 without it.
    var weightClass: Int

    /// The program for `font`, cut down to `glyphs` when its outlines are
    /// TrueType.
    init(_ font: PDFFont, glyphs: Set<UInt16>) throws(PDFHandoutError) {
        do throws(FontFileError) {
            let face = try SFNTFace(file: font.file, faceIndex: font.faceIndex)
            func has(_ tag: SFNTTag) -> Bool { face.tables[tag] != nil || face.damaged.contains(tag) }
            if has(SFNTTag("glyf")) {
                outlines = .trueType
                program = try TrueTypeSubset.file(of: face, keeping: glyphs)
                name = Self.subsetTag(glyphs) + "+" + font.postScriptName
            } else if has(SFNTTag("CFF ")) {
                _ = try face.table(SFNTTag("CFF "))
                // SFNTWriter sets the checksum adjustment, at offset 8.
                let head = try face.table(SFNTTag("head"))
                guard head.count >= 54 else { throw FontFileError("its 'head' table is \(head.count) bytes, short of 54") }
                outlines = .compact
                // Subsetting CFF means rewriting its charstrings index: the
                // whole face goes in, cut out of its collection if need be.
                program = try face.file()
                name = font.postScriptName
            } else {
                throw FontFileError("it has neither TrueType (glyf) nor CFF outlines")
            }
            let post = face.tables[SFNTTag("post")]
            // A 16.16 fixed-point number.
            let angle = post.flatMap { $0.uint32(at: $0.startIndex + 4) }.map { Int32(bitPattern: $0) }
            italicAngle = angle.map { Double($0) / 65536 } ?? 0
            let os2 = face.tables[SFNTTag("OS/2")]
            weightClass = os2.flatMap { $0.uint16(at: $0.startIndex + 4) }.map(Int.init) ?? 400
        } catch {
            throw .fontNotEmbeddable(font: font.postScriptName, reason: error.reason)
        }
    }

    /// Six capital letters that name this subset (ISO 32000-1, 9.6.4): the
    /// same glyphs give the same tag, so the same input gives the same file.
    private static func subsetTag(_ glyphs: Set<UInt16>) -> String {
        // FNV-1a over the sorted ids.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for id in glyphs.sorted() {
            for byte in [UInt8(id >> 8), UInt8(id & 0xFF)] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            }
        }
        var tag = ""
        for _ in 0..<6 {
            tag.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "A") + UInt8(hash % 26)))
            hash /= 26
        }
        return tag
    }
}
