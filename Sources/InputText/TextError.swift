/// Where a fault in a text is: its byte offset in the file as read (a
/// byte-order mark counts), and the 1-based line and column (in
/// `Character`s) of the text before it.
public struct TextPosition: Sendable, Equatable {
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}

/// Why bytes are not text (see ``DecodedText``). The reader puts the file
/// and, where it has one, the position in front; ``description`` is the rest.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bytes that are no UTF-8: the lead byte and the bytes that broke its
    /// sequence off, or all that was left when the file ended in it.
    case invalidUTF8(at: TextPosition, bytes: [UInt8], cutShort: Bool)
    /// A NUL character: binary data, not text.
    case nul(at: TextPosition)
    /// UTF-16 with an odd number of bytes: the last character is cut.
    case oddUTF16Length
    /// A UTF-16 surrogate without its other half.
    case unpairedSurrogate(at: TextPosition, unit: UInt16)
    /// Bytes that are no character of the legacy encoding the text was
    /// read in (given, or guessed).
    case notInEncoding(at: TextPosition, bytes: [UInt8], encoding: String)
    /// This system cannot convert from the encoding.
    case unavailable(encoding: String)
    /// A character (a grapheme cluster) of more Unicode scalars than
    /// ``TextLimits/characterScalars``: a letter under thousands of
    /// combining marks.
    case longCharacter(at: TextPosition, scalars: Int, limit: Int)

    /// Where the fault is; `nil` for a fault of the whole file.
    public var position: TextPosition? {
        switch self {
        case .invalidUTF8(let at, _, _), .nul(let at), .unpairedSurrogate(let at, _), .notInEncoding(let at, _, _), .longCharacter(let at, _, _): at
        case .oddUTF16Length, .unavailable: nil
        }
    }

    public var description: String {
        switch self {
        case .invalidUTF8(let at, let bytes, let cutShort):
            let what = cutShort ? ", cut short by the end of the file" : ""
            return "invalid UTF-8 at byte offset \(grouped(at.offset)) (\(bytes.count == 1 ? "byte" : "bytes") \(hex(bytes))\(what))"
        case .nul(let at):
            return "a NUL character at byte offset \(grouped(at.offset)): this is binary data, not text"
        case .oddUTF16Length:
            return "the file is UTF-16 but has an odd number of bytes: it is cut short"
        case .unpairedSurrogate(let at, let unit):
            return "invalid UTF-16 at byte offset \(grouped(at.offset)) (surrogate \(String(unit, radix: 16, uppercase: true)) without its pair)"
        case .notInEncoding(let at, let bytes, let encoding):
            return "\(bytes.count == 1 ? "byte" : "bytes") \(hex(bytes)) at byte offset \(grouped(at.offset)) \(bytes.count == 1 ? "is" : "are") no \(encoding) character: "
                + "give the file's encoding with --encoding"
        case .unavailable(let encoding):
            return "this system cannot convert from \(encoding): save the file as UTF-8"
        case .longCharacter(let at, let scalars, let limit):
            return "a character of \(grouped(scalars)) Unicode scalars (a letter and its combining marks) at byte offset \(grouped(at.offset)): "
                + "the limit is \(limit) scalars a character"
        }
    }
}

/// `[0xE7, 0x88]` as `E7 88`.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
}
