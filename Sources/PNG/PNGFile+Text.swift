#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import CPNG

extension PNGFile {
    /// The chunks of the PNG `data` that come before its image data, in
    /// order: each one's type, the range of its body and where it ends (past
    /// its CRC). Empty when `data` is not a PNG; stops at a chunk cut short.
    static func chunksBeforeImageData(in data: [UInt8]) -> [(type: String, body: Range<Int>, end: Int)] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 8, Array(data[0..<8]) == signature else { return [] }
        var chunks = [(type: String, body: Range<Int>, end: Int)]()
        var at = 8
        while at + 8 <= data.count {
            let length = data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[at + 4..<at + 8], as: UTF8.self)
            let body = at + 8
            guard type != "IDAT", type != "IEND", body + length <= data.count else { break }
            chunks.append((type, body..<body + length, body + length + 4))
            at = body + length + 4
        }
        return chunks
    }

    /// The tEXt chunks that come before the image data of the PNG `data`,
    /// by keyword (Latin-1), read from the chunk structure alone: no pixel
    /// is decoded. Empty when `data` is not a PNG or has none.
    public static func text(in data: [UInt8]) -> [String: String] {
        var out = [String: String]()
        for chunk in chunksBeforeImageData(in: data) where chunk.type == "tEXt" {
            guard let nul = data[chunk.body].firstIndex(of: 0) else { continue }
            let latin1 = { (bytes: ArraySlice<UInt8>) in String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
            out[latin1(data[chunk.body.lowerBound..<nul])] = latin1(data[(nul + 1)..<chunk.body.upperBound])
        }
        return out
    }

    /// The tEXt chunks of the PNG file at `path`, as ``text(in:)`` reads
    /// them from the file's first 4 kB (where they come, before the image
    /// data); empty when the file cannot be read.
    public static func text(atPath path: String) -> [String: String] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [:] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 1 << 12)
        #if canImport(Glibc)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        #else
        let n = bytes.withUnsafeMutableBytes { Darwin.read(fd, $0.baseAddress, $0.count) }
        #endif
        return n > 0 ? text(in: Array(bytes.prefix(n))) : [:]
    }
}

extension PNGFile {
    /// The PNG `data` with its tEXt chunk of `text`'s keyword (before the
    /// image data) replaced by `text`: the same file libpng writes for the
    /// same pixels with that text, made without encoding them again. Nil
    /// when `data` has no such chunk or `text` breaks PNG's rules.
    ///
    /// - Complexity: O(*n*) in the bytes of `data`: one copy.
    public static func replacingText(_ text: PNGText, in data: [UInt8]) -> [UInt8]? {
        guard text.isValid else { return nil }
        let keyword = text.keyword.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } + [0]
        guard
            let old = chunksBeforeImageData(in: data).first(where: {
                $0.type == "tEXt" && data[$0.body].starts(with: keyword)
            }), old.end <= data.count
        else { return nil }
        let body = Array("tEXt".utf8) + keyword + text.text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let crc = body.withUnsafeBufferPointer { cpng_crc32($0.baseAddress, $0.count) }
        let chunk = bigEndian(UInt32(body.count - 4)) + body + bigEndian(crc)
        // The chunk starts 8 bytes (length and type) before its body.
        return Array(data[..<(old.body.lowerBound - 8)]) + chunk + Array(data[old.end...])
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
