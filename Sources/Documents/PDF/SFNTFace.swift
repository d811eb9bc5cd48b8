/// One face of an sfnt font file (TrueType or OpenType, alone or in a
/// `.ttc` collection): its tables by tag, as slices of the file.
///
/// Read as FreeType reads it, so that a font the frames are drawn in can
/// be embedded: a table that runs past the end of the file is left out
/// (and named when it is asked for), except `hmtx`, which is cut at the end.
struct SFNTFace {
    /// The face's sfnt version: `0x00010000` or `true` for TrueType
    /// outlines, `OTTO` for CFF.
    var version: UInt32
    var tables: [SFNTTag: ArraySlice<UInt8>]
    /// The tables of the directory that run past the end of the file.
    var damaged: Set<SFNTTag>
    /// The size of the whole file, which the face's tables share.
    private var fileSize: Int

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
            guard Int(offset) < file.count else {
                throw FontFileError("the collection's face \(faceIndex) starts past the end of the file")
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
        damaged = []
        fileSize = file.count
        for index in 0..<Int(count) {
            let record = start + 12 + 16 * index
            guard let tag = file.uint32(at: record).map(SFNTTag.init), let offset = file.uint32(at: record + 8),
                let length = file.uint32(at: record + 12)
            else { throw FontFileError("its table directory is cut short") }
            var range = Int(offset)..<Int(offset) + Int(length)
            if range.upperBound > file.count, tag == SFNTTag("hmtx"), range.lowerBound <= file.count {
                range = range.lowerBound..<file.count
            }
            guard range.upperBound <= file.count else {
                damaged.insert(tag)
                continue
            }
            tables[tag] = file[range]
        }
    }

    /// The table, or an error naming it.
    func table(_ tag: SFNTTag) throws(FontFileError) -> ArraySlice<UInt8> {
        guard let table = tables[tag] else {
            throw FontFileError(damaged.contains(tag) ? "table '\(tag)' runs past the end of the file" : "it has no '\(tag)' table")
        }
        return table
    }

    /// The whole face as a font file of its own, cut out of its collection
    /// if need be.
    func file() throws(FontFileError) -> [UInt8] {
        // Tables that overlap would each be copied: a small file could ask
        // for gigabytes.
        guard tables.values.reduce(0, { $0 + $1.count }) <= fileSize else {
            throw FontFileError("its table directory places tables over one another")
        }
        return SFNTWriter.file(version: version, tables: tables.mapValues { [UInt8]($0) })
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

    /// The four characters, with any byte that is not printable ASCII (a
    /// damaged directory's) as `\xNN`.
    var description: String {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + (byte < 16 ? "0" : "") + hex
        }.joined()
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
