import InputText
import Testing

/// UTF-8 and UTF-16 read into the same UTF-8, and every fault named where
/// it is.
@Suite struct DecodedTextTests {
    static let text = "爷爷\n  [S 😀 x]\n"
    static var little: [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
    static var big: [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    static func fault(_ bytes: [UInt8]) -> TextError? {
        do throws(TextError) {
            _ = try DecodedText(decoding: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func utf8IsReadWithOrWithoutItsMark() throws {
        let plain = try DecodedText(decoding: Array(Self.text.utf8))
        #expect(plain.string == Self.text && plain.encoding == .utf8)
        let marked = try DecodedText(decoding: [0xEF, 0xBB, 0xBF] + Array(Self.text.utf8))
        #expect(marked.utf8 == Array(Self.text.utf8))
        #expect(try DecodedText(decoding: []).utf8.isEmpty)
    }

    @Test func utf16IsReadByItsMarkInEitherByteOrder() throws {
        let little = try DecodedText(decoding: [0xFF, 0xFE] + Self.little)
        #expect(little.string == Self.text && little.encoding == .utf16LittleEndian)
        let big = try DecodedText(decoding: [0xFE, 0xFF] + Self.big)
        #expect(big.string == Self.text && big.encoding == .utf16BigEndian)
    }

    @Test func utf16WithoutAMarkIsToldByTheZeroBesideAnASCIIFirstCharacter() throws {
        let text = "[1,null,2]\n"
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(TextEncoding.of(little) == (.utf16LittleEndian, 0))
        #expect(TextEncoding.of(big) == (.utf16BigEndian, 0))
        #expect(try DecodedText(decoding: little).string == text)
        #expect(try DecodedText(decoding: big).string == text)
        // A CJK first character has no zero byte: such a file needs its mark.
        #expect(TextEncoding.of(Self.little) == (.utf8, 0))
        #expect(TextEncoding.of([0x41]) == (.utf8, 0))
    }

    @Test func invalidUTF8IsPlacedByOffsetLineAndColumn() {
        // 爷 is three bytes and one column.
        let bytes = Array("a\n爷b".utf8) + [0xFF] + Array("c".utf8)
        let fault = Self.fault(bytes)
        #expect(fault == .invalidUTF8(at: TextPosition(offset: 6, line: 2, column: 3), bytes: [0xFF], cutShort: false))
        #expect(fault?.description == "invalid UTF-8 at byte offset 6 (byte FF)")
        // A mark counts in the offset, not in the column.
        let marked = Self.fault([0xEF, 0xBB, 0xBF, 0x61, 0xC3, 0x41])
        #expect(marked == .invalidUTF8(at: TextPosition(offset: 4, line: 1, column: 2), bytes: [0xC3, 0x41], cutShort: false))
        #expect(marked?.description == "invalid UTF-8 at byte offset 4 (bytes C3 41)")
    }

    @Test func utf8CutShortByTheEndIsSaidSo() {
        let fault = Self.fault(Array("爷".utf8) + [0xE7, 0x88])
        #expect(fault == .invalidUTF8(at: TextPosition(offset: 3, line: 1, column: 2), bytes: [0xE7, 0x88], cutShort: true))
        #expect(fault?.description == "invalid UTF-8 at byte offset 3 (bytes E7 88, cut short by the end of the file)")
    }

    @Test func overlongFormsAndSurrogatesInUTF8AreRefused() {
        #expect(Self.fault([0xC0, 0xAF])?.position?.offset == 0)
        #expect(Self.fault([0x61, 0x0A, 0xED, 0xA0, 0x80]) == .invalidUTF8(at: TextPosition(offset: 2, line: 2, column: 1), bytes: [0xED, 0xA0], cutShort: false))
        #expect(Self.fault([0xF4, 0x90, 0x80, 0x80])?.position?.offset == 0)
    }

    @Test func aNULIsBinaryDataNotText() {
        let fault = Self.fault(Array("ab\nc".utf8) + [0] + Array("d".utf8))
        #expect(fault == .nul(at: TextPosition(offset: 4, line: 2, column: 2)))
        #expect(fault?.description == "a NUL character at byte offset 4: this is binary data, not text")
        // In UTF-16 too, placed by the bytes of the file.
        #expect(Self.fault([0xFF, 0xFE, 0x61, 0x00, 0x00, 0x00]) == .nul(at: TextPosition(offset: 4, line: 1, column: 2)))
        // A file of zeros is neither UTF-16 by its zeros nor text.
        #expect(Self.fault([UInt8](repeating: 0, count: 64)) == .nul(at: TextPosition(offset: 0, line: 1, column: 1)))
    }

    @Test func utf16CutShortOrWithALoneSurrogateIsRefused() {
        #expect(Self.fault([0xFF, 0xFE] + Self.little.dropLast()) == .oddUTF16Length)
        #expect(TextError.oddUTF16Length.description == "the file is UTF-16 but has an odd number of bytes: it is cut short")
        // 😀 is D83D DE00: its first half alone at the end, then before an `x`.
        let high: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0x3D, 0xD8]
        #expect(Self.fault(high) == .unpairedSurrogate(at: TextPosition(offset: 6, line: 2, column: 1), unit: 0xD83D))
        #expect(Self.fault(high + [0x78, 0x00]) == .unpairedSurrogate(at: TextPosition(offset: 6, line: 2, column: 1), unit: 0xD83D))
        let low: [UInt8] = [0xFE, 0xFF, 0x00, 0x61, 0xDE, 0x00]
        let fault = Self.fault(low)
        #expect(fault == .unpairedSurrogate(at: TextPosition(offset: 4, line: 1, column: 2), unit: 0xDE00))
        #expect(fault?.description == "invalid UTF-16 at byte offset 4 (surrogate DE00 without its pair)")
    }
}
