import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TextEncoding {
    /// The encoding a `--encoding` value names, in any case, with or without
    /// dashes: `utf-8`, `utf-16le`, `utf-16be`, `gb18030` (also `gbk`,
    /// `gb2312`, `cp936`), `windows-1252` (also `cp1252`, `latin-1`,
    /// `iso-8859-1`), `ansel`, and the others uchardet tells
    /// (``others``: `windows-1251`, `koi8-r`, `iso-8859-7`, `shift_jis`,
    /// `big5`, `euc-kr` …); `nil` for any other.
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "utf8": self = .utf8
        case "utf16le", "utf16": self = .utf16LittleEndian
        case "utf16be": self = .utf16BigEndian
        case "gb18030", "gbk", "gb2312", "cp936", "936": self = .gb18030
        case "windows1252", "cp1252", "1252", "latin1", "iso88591", "ansi": self = .windows1252
        case "ansel": self = .ansel
        default:
            let numbered = key.hasPrefix("cp") ? "windows" + key.dropFirst(2) : key
            guard let other = Self.others.first(where: { $0.lowercased().filter { $0.isLetter || $0.isNumber } == numbered }) else { return nil }
            self = .other(other)
        }
    }

    /// The encodings other than the named cases that uchardet tells and
    /// iconv decodes, by their iconv names.
    public static let others = [
        "WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1253", "WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257", "WINDOWS-1258",
        "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "ISO-8859-10",
        "ISO-8859-11", "ISO-8859-13", "ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U", "IBM855", "IBM866", "MAC-CYRILLIC",
        "MAC-CENTRALEUROPE", "SHIFT_JIS", "EUC-JP", "ISO-2022-JP", "BIG5", "EUC-TW", "EUC-KR", "CP949", "ISO-2022-KR", "ISO-2022-CN",
        "TIS-620", "VISCII",
    ]

    /// The values ``init(name:)`` documents, for a message.
    public static let names = "utf-8, utf-16le, utf-16be, gb18030 (gbk), windows-1252 (latin-1), ansel, or another uchardet names (windows-1251, koi8-r, iso-8859-7, shift_jis, big5, euc-kr …)"

    /// How messages and summaries name it.
    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        case .gb18030: "GB18030"
        case .windows1252: "Windows-1252"
        case .ansel: "ANSEL"
        case .other(let name): name.hasPrefix("WINDOWS-") ? "Windows-" + name.dropFirst(8) : name
        }
    }

    /// Whether the text was in another encoding than UTF-8 and UTF-16, the
    /// two a text file is expected in: a reader says which it read then.
    public var isLegacy: Bool {
        switch self {
        case .utf8, .utf16LittleEndian, .utf16BigEndian: false
        case .gb18030, .windows1252, .ansel, .other: true
        }
    }
}

extension DecodedText {
    /// The text of `bytes` in `encoding`; with `nil`, as
    /// ``init(decoding:)`` reads it, or, when that finds bytes that are no
    /// UTF-8, in the legacy encoding uchardet tells, our own rules breaking
    /// the tie where its statistics have too little to go on
    /// (``detectLegacy(_:)``). Every reader decodes its files here.
    ///
    /// A byte-order mark at the start says UTF-8 or UTF-16 over any
    /// `encoding`. A NUL character is refused in every encoding, and so
    /// are bytes that do not belong to the encoding given (an unpaired
    /// GB18030 lead byte).
    public init(decoding bytes: [UInt8], as encoding: TextEncoding?) throws(TextError) {
        guard let encoding else {
            do throws(TextError) {
                self = try DecodedText(decoding: bytes)
            } catch {
                guard case .invalidUTF8 = error else { throw error }
                self = try Self.detected(bytes)
            }
            return
        }
        // A byte-order mark says what the file is, whatever was asked (no
        // text in a legacy encoding begins with `ï»¿` or `ÿþ`): the mark
        // is read as UTF-8's or UTF-16's, not as three letters.
        if encoding.isLegacy, TextEncoding.of(bytes).markLength > 0 {
            self = try DecodedText(decoding: bytes)
            return
        }
        switch encoding {
        case .utf8, .utf16LittleEndian, .utf16BigEndian:
            let (found, mark) = TextEncoding.of(bytes)
            // A mark says what it is; a file without one is read as asked.
            if mark > 0 || found == encoding {
                self = try DecodedText(decoding: bytes)
                if self.encoding != encoding, mark == 0 { break }
                return
            }
            if encoding == .utf8 {
                try Self.validateUTF8(bytes, from: 0)
                self.init(utf8: bytes, encoding: .utf8)
            } else {
                self.init(utf8: try Self.transcodeUTF16(bytes, from: 0, bigEndian: encoding == .utf16BigEndian), encoding: encoding)
            }
        case .windows1252:
            self.init(utf8: try Self.windows1252(bytes), encoding: encoding)
        case .gb18030:
            self.init(utf8: try Self.gb18030(bytes), encoding: encoding)
        case .ansel:
            self.init(utf8: try Self.ansel(bytes), encoding: encoding)
        case .other(let name):
            self.init(utf8: try Self.iconvDecode(bytes, from: name, shown: encoding.name), encoding: encoding)
        }
        try Self.checkCharacters(utf8, mark: 0, encoding: self.encoding)
    }

    /// GB18030 when every byte over 0x7F is part of a GB18030 character
    /// and most of the characters are Chinese (CJK ideographs, their
    /// punctuation, full-width forms, box drawing); else Windows-1252, which
    /// has a character for every byte. Accented Latin text in Windows-1252
    /// has lone high bytes (`é` before a space), and when its bytes happen
    /// to pair, they decode to a jumble of rare ideographs, not to text.
    public static func guessLegacy(_ bytes: [UInt8]) -> TextEncoding {
        guard let utf8 = try? gb18030(bytes) else { return .windows1252 }
        var chinese = 0, other = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars where scalar.value >= 0x80 {
            switch scalar.value {
            // Ideographs; CJK punctuation, kana; full-width forms; box drawing.
            case 0x4E00...0x9FFF, 0x3000...0x30FF, 0xFF00...0xFFEF, 0x2500...0x257F: chinese += 1
            default: other += 1
            }
        }
        return chinese > 0 && chinese >= 4 * other ? .gb18030 : .windows1252
    }

    // MARK: Decoders

    static func refuseNUL(_ bytes: [UInt8]) throws(TextError) {
        if let k = bytes.firstIndex(of: 0) { throw .nul(at: bytePosition(of: k, in: bytes)) }
    }

    /// The position of `offset` in text of an ASCII-compatible encoding:
    /// its line by its line feeds, its column in bytes.
    static func bytePosition(of offset: Int, in bytes: [UInt8]) -> TextPosition {
        var line = 1, lineStart = 0
        for k in 0..<offset where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return TextPosition(offset: offset, line: line, column: offset - lineStart + 1)
    }

    static func windows1252(_ bytes: [UInt8]) throws(TextError) -> [UInt8] {
        try refuseNUL(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
                continue
            }
            let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
            // Invariant: every entry of the table is a scalar.
            UTF8.encode(Unicode.Scalar(value)!) { out.append($0) }
        }
        return out
    }

    /// Windows-1252's characters for 0x80–0x9F (elsewhere it is Latin-1);
    /// its five unused bytes are the C1 controls, as Windows decodes them.
    static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// GB18030 by the C library's iconv, which has every GB18030 mapping.
    static func gb18030(_ bytes: [UInt8]) throws(TextError) -> [UInt8] {
        try iconvDecode(bytes, from: "GB18030", shown: "GB18030")
    }

    /// `bytes` in the encoding iconv calls `name` (`shown` in messages),
    /// as UTF-8. ASCII bytes are ASCII in every encoding passed here but
    /// the ISO-2022 ones, whose escapes start with ESC.
    static func iconvDecode(_ bytes: [UInt8], from name: String, shown: String) throws(TextError) -> [UInt8] {
        try refuseNUL(bytes)
        guard bytes.contains(where: { $0 >= 0x80 || $0 == 0x1B }) else { return bytes }
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { throw .unavailable(encoding: shown) }
        defer { iconv_close(converter) }
        var input = bytes
        // A character of one to four bytes is at most four of UTF-8, or
        // three for one of one byte (iconv may write two scalars, a letter
        // and its mark, for one byte of Windows-1258 or TIS-620).
        var output = [UInt8](repeating: 0, count: 6 * bytes.count + 4)
        var inputLeft = input.count, outputLeft = output.count
        let result = input.withUnsafeMutableBytes { inputBuffer in
            output.withUnsafeMutableBytes { outputBuffer in
                var inputPointer = inputBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outputPointer = outputBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                return iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
            }
        }
        guard result != -1 || inputLeft == 0 else {
            let k = bytes.count - inputLeft
            throw .notInEncoding(at: bytePosition(of: k, in: bytes), bytes: Array(bytes[k..<min(k + 2, bytes.count)]), encoding: shown)
        }
        return Array(output[0..<(output.count - outputLeft)])
    }

    /// ANSEL: a combining mark (0xE0–0xFE) comes before its letter, as in
    /// `E2 65` for é; it is moved after it and the result composed, so
    /// `é` is one character as any other file would have it.
    static func ansel(_ bytes: [UInt8]) throws(TextError) -> [UInt8] {
        try refuseNUL(bytes)
        var scalars = String.UnicodeScalarView()
        var marks: [Unicode.Scalar] = []
        for (k, byte) in bytes.enumerated() {
            if byte < 0x80 {
                scalars.append(Unicode.Scalar(byte))
                scalars.append(contentsOf: marks)
                marks.removeAll()
                continue
            }
            guard let value = anselHigh[byte], let scalar = Unicode.Scalar(value) else {
                throw .notInEncoding(at: bytePosition(of: k, in: bytes), bytes: [byte], encoding: "ANSEL")
            }
            if byte >= 0xE0 {
                marks.append(scalar)
            } else {
                scalars.append(scalar)
                scalars.append(contentsOf: marks)
                marks.removeAll()
            }
        }
        // Marks before nothing stand on their own.
        scalars.append(contentsOf: marks)
        return Array(String(scalars).precomposedStringWithCanonicalMapping.utf8)
    }

    /// ANSEL's characters over 0x7F, with GEDCOM's additions (the boxes at
    /// BE and BF, ß at CF, the midline e and o at CD and CE).
    static let anselHigh: [UInt8: UInt32] = [
        0x88: 0x0098, 0x89: 0x009C, 0x8D: 0x200D, 0x8E: 0x200C,
        0xA1: 0x0141, 0xA2: 0x00D8, 0xA3: 0x0110, 0xA4: 0x00DE, 0xA5: 0x00C6, 0xA6: 0x0152, 0xA7: 0x02B9, 0xA8: 0x00B7,
        0xA9: 0x266D, 0xAA: 0x00AE, 0xAB: 0x00B1, 0xAC: 0x01A0, 0xAD: 0x01AF, 0xAE: 0x02BC,
        0xB0: 0x02BB, 0xB1: 0x0142, 0xB2: 0x00F8, 0xB3: 0x0111, 0xB4: 0x00FE, 0xB5: 0x00E6, 0xB6: 0x0153, 0xB7: 0x02BA,
        0xB8: 0x0131, 0xB9: 0x00A3, 0xBA: 0x00F0, 0xBC: 0x01A1, 0xBD: 0x01B0, 0xBE: 0x25A1, 0xBF: 0x25A0,
        0xC0: 0x00B0, 0xC1: 0x2113, 0xC2: 0x2117, 0xC3: 0x00A9, 0xC4: 0x266F, 0xC5: 0x00BF, 0xC6: 0x00A1, 0xC7: 0x00DF,
        0xC8: 0x20AC, 0xCD: 0x1D49, 0xCE: 0x1D52, 0xCF: 0x00DF,
        0xE0: 0x0309, 0xE1: 0x0300, 0xE2: 0x0301, 0xE3: 0x0302, 0xE4: 0x0303, 0xE5: 0x0304, 0xE6: 0x0306, 0xE7: 0x0307,
        0xE8: 0x0308, 0xE9: 0x030C, 0xEA: 0x030A, 0xEB: 0xFE20, 0xEC: 0xFE21, 0xED: 0x0315, 0xEE: 0x030B, 0xEF: 0x0310,
        0xF0: 0x0327, 0xF1: 0x0328, 0xF2: 0x0323, 0xF3: 0x0324, 0xF4: 0x0325, 0xF5: 0x0333, 0xF6: 0x0332, 0xF7: 0x0326,
        0xF8: 0x031C, 0xF9: 0x032E, 0xFA: 0xFE22, 0xFB: 0xFE23, 0xFE: 0x0313,
    ]
}
