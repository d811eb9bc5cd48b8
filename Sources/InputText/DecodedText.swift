/// The character encodings input files are read in.
public enum TextEncoding: Sendable, Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    /// China's national standard, a superset of GBK and GB2312: what
    /// Windows in a Chinese locale writes (a `tree` listing saved there).
    case gb18030
    /// Western Windows' "ANSI" code page: Latin-1 with curly quotes, the
    /// euro and dashes in 0x80–0x9F.
    case windows1252
    /// ANSI Z39.47 with GEDCOM's additions: the GEDCOM 5.5 default, its
    /// combining marks written before the letter they go on.
    case ansel
    /// Another encoding uchardet tells or `--encoding` names (Windows-1251,
    /// KOI8-R, ISO-8859-7, Shift_JIS, Big5, EUC-KR, …), by its name in
    /// iconv, which decodes it.
    case other(String)

    /// The encoding of `bytes` and the length of its byte-order mark:
    /// UTF-8 or UTF-16 by their marks; UTF-16 without a mark by the zero
    /// byte beside the first character (`[` is `5B 00` little-endian, `00 5B`
    /// big-endian), which UTF-8 text never has; else UTF-8.
    public static func of(_ bytes: [UInt8]) -> (encoding: TextEncoding, markLength: Int) {
        if bytes.starts(with: utf8Mark) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        guard bytes.count >= 2 else { return (.utf8, 0) }
        switch (bytes[0], bytes[1]) {
        case (1..., 0): return (.utf16LittleEndian, 0)
        case (0, 1...): return (.utf16BigEndian, 0)
        default: return (.utf8, 0)
        }
    }

    static let utf8Mark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// The text of an input file as UTF-8, whatever it came in: UTF-8 with or
/// without a byte-order mark, or UTF-16 of either byte order with or
/// without one (see ``TextEncoding/of(_:)``). The mark is dropped.
///
/// Decoding is strict: a byte sequence that is not UTF-8, a UTF-16 file cut
/// in the middle of a character or a surrogate without its pair is an
/// error naming where it is, never a replacement character; so is a NUL
/// character, which no text format takes and every binary file has.
///
///     let text = try DecodedText(decoding: Array("\u{FEFF}[1,2]".utf8))
///     text.utf8  // "[1,2]"
///
/// - Complexity: O(*n*); UTF-8 without a mark is not copied.
public struct DecodedText: Sendable, Equatable {
    /// The text in UTF-8, without a byte-order mark.
    public let utf8: [UInt8]
    /// What the bytes were.
    public let encoding: TextEncoding

    public init(decoding bytes: [UInt8]) throws(TextError) {
        let (encoding, mark) = TextEncoding.of(bytes)
        self.encoding = encoding
        switch encoding {
        case .utf8:
            try Self.validateUTF8(bytes, from: mark)
            utf8 = mark == 0 ? bytes : Array(bytes[mark...])
        case .utf16LittleEndian, .utf16BigEndian:
            utf8 = try Self.transcodeUTF16(bytes, from: mark, bigEndian: encoding == .utf16BigEndian)
        case .gb18030, .windows1252, .ansel, .other:
            // `of` tells only UTF-8 and UTF-16.
            utf8 = bytes
        }
        try Self.checkCharacters(utf8, mark: mark, encoding: encoding)
    }

    /// Refuses a character of more than ``TextLimits/characterScalars``
    /// scalars, before any reader measures or draws it. Its offset is in
    /// the file as read for UTF-8 and UTF-16, and in the text as UTF-8 for
    /// a legacy encoding.
    static func checkCharacters(_ utf8: [UInt8], mark: Int, encoding: TextEncoding) throws(TextError) {
        guard let (offset, scalars) = TextLimits.longCharacter(inUTF8: utf8) else { return }
        let (line, column) = lineAndColumn(of: offset, in: utf8, from: 0)
        let inFile: Int
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian: inFile = mark + 2 * String(decoding: utf8[..<offset], as: UTF8.self).utf16.count
        case .utf8: inFile = mark + offset
        case .gb18030, .windows1252, .ansel, .other: inFile = offset
        }
        throw .longCharacter(at: TextPosition(offset: inFile, line: line, column: column), scalars: scalars, limit: TextLimits.characterScalars)
    }

    init(utf8: [UInt8], encoding: TextEncoding) {
        self.utf8 = utf8
        self.encoding = encoding
    }

    /// The text as a `String`.
    public var string: String { String(decoding: utf8, as: UTF8.self) }

    /// Refuses `bytes[start...]` unless it is UTF-8 without a NUL.
    static func validateUTF8(_ bytes: [UInt8], from start: Int) throws(TextError) {
        var i = start
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                if lead == 0 { throw .nul(at: position(of: i, in: bytes, from: start)) }
                i += 1
                continue
            }
            // The continuation bytes a lead takes, and the range of the
            // first of them (which rules out overlong forms and surrogates).
            var need = 0
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: need = 1
            case 0xE0: (need, low) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: (need, high) = (2, 0x9F)
            case 0xF0: (need, low) = (3, 0x90)
            case 0xF1...0xF3: need = 3
            case 0xF4: (need, high) = (3, 0x8F)
            default: need = -1
            }
            var length = 1
            var cutShort = false
            if need > 0 {
                while length <= need {
                    guard i + length < bytes.count else {
                        cutShort = true
                        break
                    }
                    let byte = bytes[i + length]
                    let (lo, hi) = length == 1 ? (low, high) : (0x80, 0xBF)
                    guard byte >= lo, byte <= hi else { break }
                    length += 1
                }
                if length > need {
                    i += length
                    continue
                }
            }
            // The bad sequence: the lead and the continuation bytes taken,
            // and the byte that broke it off.
            let shown = Array(bytes[i..<min(i + length + (cutShort ? 0 : need > 0 ? 1 : 0), bytes.count)])
            throw .invalidUTF8(at: position(of: i, in: bytes, from: start), bytes: shown, cutShort: cutShort)
        }
    }

    /// The UTF-8 of the UTF-16 in `bytes[start...]`.
    static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(TextError) -> [UInt8] {
        guard (bytes.count - start) % 2 == 0 else { throw .oddUTF16Length }
        func unit(_ k: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[k]) << 8 | UInt32(bytes[k + 1]) : UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k])
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - start)
        func here(_ k: Int) -> TextPosition {
            let (line, column) = lineAndColumn(of: out.count, in: out, from: 0)
            return TextPosition(offset: k, line: line, column: column)
        }
        var k = start
        while k < bytes.count {
            var value = unit(k)
            var width = 2
            switch value {
            case 0:
                throw .nul(at: here(k))
            case 0xD800...0xDBFF:
                let low = k + 4 <= bytes.count ? unit(k + 2) : 0
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw .unpairedSurrogate(at: here(k), unit: UInt16(value))
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                width = 4
            case 0xDC00...0xDFFF:
                throw .unpairedSurrogate(at: here(k), unit: UInt16(value))
            default:
                break
            }
            // Invariant: no surrogate is left, and a pair gives at most 0x10FFFF.
            UTF8.encode(Unicode.Scalar(value)!) { out.append($0) }
            k += width
        }
        return out
    }

    /// The position of `offset` in UTF-8 `bytes` whose text starts at `start`.
    static func position(of offset: Int, in bytes: [UInt8], from start: Int) -> TextPosition {
        let (line, column) = lineAndColumn(of: offset, in: bytes, from: start)
        return TextPosition(offset: offset, line: line, column: column)
    }

    /// The 1-based line (lines end at line feeds) and column (in
    /// `Character`s) of `offset` in the valid UTF-8 `bytes[start..<offset]`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8], from start: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = start
        for k in start..<offset where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
    }
}
