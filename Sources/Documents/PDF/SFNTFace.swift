/// One face of an sfnt font file (TrueType or OpenType, alone or in a
/// `.ttc` collection): its tables by tag, as slices of the file.
struct SFNTFace {
    /// The face's sfnt version: `0x00010000` or `true` for TrueType
    /// outlines, `OTTO` for CFF.
    var version: UInt32
    var tables: [SFNTTag: ArraySlice<UInt8>]

    init(file: [UInt8], faceIndex: Int) throws(FontFileError) {
        guard let magic = file.uint32(at: 0) else { throw FontFileError("the file is too short to be a font") }
        var start = 0
        switch magic {
        case SFNTTag("ttcf").value:
            guard let count = file.uint32(at: 8) else { throw FontFileError("its collection header is cut short") }
            guard faceIndex >= 0, faceIndex < Int(count) else {
                throw FontFileError("the collection has \(count) faces, not a face \(faceIndex)")
            }
            guard let offset = file.uint32(at: 12 + 4 * faceIndex) else {
                throw FontFileError("its collection header is cut short")
            }
            start = Int(offset)
        case SFNTTag("wOFF").value, SFNTTag("wOF2").value:
            throw FontFileError("it is a WOFF web font, whose tables are compressed; use the TTF or OTF file")
        default:
            guard faceIndex == 0 else { throw FontFileError("the file holds one face, not a face \(faceIndex)") }
        }
        guard let version = file.uint32(at: start), Self.versions.contains(version) else {
            throw FontFileError("it is not a TrueType or OpenType font (Type 1 and bitmap fonts cannot be embedded)")
        }
        guard let count = file.uint16(at: start + 4) else { throw FontFileError("its table directory is cut short") }
        self.version = version
        tables = [:]
        for index in 0..<Int(count) {
            let record = start + 12 + 16 * index
            guard let tag = file.uint32(at: record), let offset = file.uint32(at: record + 8),
                let length = file.uint32(at: record + 12)
            else { throw FontFileError("its table directory is cut short") }
            let range = Int(offset)..<Int(offset) + Int(length)
            guard range.upperBound <= file.count else {
                throw FontFileError("table '\(SFNTTag(tag))' runs past the end of the file")
            }
            tables[SFNTTag(tag)] = file[range]
        }
    }

    /// The table, or an error naming it.
    func table(_ tag: SFNTTag) throws(FontFileError) -> ArraySlice<UInt8> {
        guard let table = tables[tag] else { throw FontFileError("it has no '\(tag)' table") }
        return table
    }

    private static let versions: Set<UInt32> = [0x0001_0000, SFNTTag("true").value, SFNTTag("OTTO").value]
}

/// A four-letter sfnt tag such as `glyf`, as the big-endian integer the
/// file stores.
struct SFNTTag: Hashable, Comparable, CustomStringConvertible {
    var value: UInt32

    init(_ value: UInt32) {
        self.value = value
    }

    /// - Precondition: `text` is four ASCII characters.
    init(_ text: StaticString) {
        precondition(text.utf8CodeUnitCount == 4)
        value = text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    static func < (a: SFNTTag, b: SFNTTag) -> Bool { a.value < b.value }

    var description: String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }, as: UTF8.self)
    }
}

/// What is wrong with a font file, in words that follow "cannot embed font
/// X: ".
struct FontFileError: Error {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
