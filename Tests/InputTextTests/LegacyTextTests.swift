import InputText
import Testing

/// Text in the legacy encodings people's files come in: told when the
/// bytes are no UTF-8, or given.
@Suite struct LegacyTextTests {
    @Test func chineseTextIsToldFromLatinText() throws {
        // "文件夹 PATH 列表" as Windows in a Chinese locale writes it.
        let gbk: [UInt8] = [0xCE, 0xC4, 0xBC, 0xFE, 0xBC, 0xD0, 0x20, 0x50, 0x41, 0x54, 0x48, 0x20, 0xC1, 0xD0, 0xB1, 0xED]
        let text = try DecodedText(decoding: gbk, as: nil)
        #expect(text.encoding == .gb18030 && text.string == "文件夹 PATH 列表")
        // "Müller, Café" in Windows-1252: lone high bytes.
        let latin: [UInt8] = Array("M".utf8) + [0xFC] + Array("ller, Caf".utf8) + [0xE9, 0x93, 0x41, 0x94]
        let read = try DecodedText(decoding: latin, as: nil)
        #expect(read.encoding == .windows1252 && read.string == "Müller, Café\u{201C}A\u{201D}")
        // UTF-8 stays UTF-8.
        #expect(try DecodedText(decoding: Array("é".utf8), as: nil).encoding == .utf8)
    }

    @Test func aGivenEncodingIsUsedAndItsBadBytesNamed() throws {
        #expect(try DecodedText(decoding: [0xC4, 0xE3], as: .windows1252).string == "Äã")
        #expect(try DecodedText(decoding: [0xC4, 0xE3], as: .gb18030).string == "你")
        #expect(throws: TextError.self) { try DecodedText(decoding: [0x41, 0x81], as: .gb18030) }
        #expect(throws: TextError.self) { try DecodedText(decoding: [0xFF], as: .utf8) }
        #expect(throws: TextError.self) { try DecodedText(decoding: [0x41, 0x00], as: .windows1252) }
    }

    /// A file that begins with a byte-order mark is UTF-8 or UTF-16,
    /// whatever encoding is given: the mark is not read as `ï»¿`.
    @Test func aByteOrderMarkSaysWhatTheFileIsOverAGivenLegacyEncoding() throws {
        let utf8 = [0xEF, 0xBB, 0xBF] + Array("Łódź,3".utf8)
        let utf16: [UInt8] = [0xFF, 0xFE] + "Łódź,3".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for encoding in [TextEncoding.windows1252, .gb18030, .ansel, .other("WINDOWS-1250")] {
            let read = try DecodedText(decoding: utf8, as: encoding)
            #expect(read.string == "Łódź,3" && read.encoding == .utf8, "\(encoding.name)")
            let wide = try DecodedText(decoding: utf16, as: encoding)
            #expect(wide.string == "Łódź,3" && wide.encoding == .utf16LittleEndian, "\(encoding.name)")
        }
        // Without a mark, the encoding given is used.
        #expect(try DecodedText(decoding: Array("é".utf8), as: .windows1252).string == "Ã©")
    }

    @Test func anselMarksGoOnTheLetterAfterThem() throws {
        // E8 diaeresis + u, E2 acute + e, then Ł and ß (GEDCOM's CF).
        let text = try DecodedText(decoding: [0x4D, 0xE8, 0x75, 0x6C, 0x6C, 0x65, 0x72, 0x20, 0xE2, 0x65, 0xA1, 0xCF], as: .ansel)
        #expect(text.string == "Müller éŁß")
        #expect(text.string.unicodeScalars.count == 10)
    }

    @Test func encodingsByTheirNames() {
        #expect(TextEncoding(name: "GBK") == .gb18030 && TextEncoding(name: "cp1252") == .windows1252)
        #expect(TextEncoding(name: "UTF-16LE") == .utf16LittleEndian && TextEncoding(name: "latin-1") == .windows1252)
        #expect(TextEncoding(name: "ebcdic") == nil)
    }
}
