/// The ToUnicode CMap of a font whose codes are two-byte glyph ids (ISO
/// 32000-1, 9.10.3): the character each glyph stands for, which is what a
/// reader gives back when text is searched, copied or extracted.
enum ToUnicodeCMap {
    static func text(_ characters: [UInt16: Unicode.Scalar]) -> String {
        var text = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        let entries = characters.sorted { $0.key < $1.key }
        // A bfchar block holds at most 100 entries (Adobe TN 5411).
        for start in stride(from: 0, to: entries.count, by: 100) {
            let block = entries[start..<min(start + 100, entries.count)]
            text += "\(block.count) beginbfchar\n"
            for (id, scalar) in block {
                text += "<\(PDFSyntax.hex(id))> <\(String(scalar).utf16.map(PDFSyntax.hex).joined())>\n"
            }
            text += "endbfchar\n"
        }
        return text + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }
}
