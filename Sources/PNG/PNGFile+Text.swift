#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGFile {
    /// The tEXt chunks that come before the image data of the PNG `data`,
    /// by keyword (Latin-1), read from the chunk structure alone: no pixel
    /// is decoded. Empty when `data` is not a PNG or has none.
    public static func text(in data: [UInt8]) -> [String: String] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 8, Array(data[0..<8]) == signature else { return [:] }
        var out = [String: String]()
        var at = 8
        while at + 8 <= data.count {
            let length = data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[at + 4..<at + 8], as: UTF8.self)
            let body = at + 8
            guard type != "IDAT", type != "IEND", body + length <= data.count else { break }
            if type == "tEXt", let nul = data[body..<body + length].firstIndex(of: 0) {
                let latin1 = { (bytes: ArraySlice<UInt8>) in String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
                out[latin1(data[body..<nul])] = latin1(data[(nul + 1)..<(body + length)])
            }
            at = body + length + 4
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
        guard text.isValid, data.count >= 8 else { return nil }
        let keyword = Array(text.keyword.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        var at = 8
        while at + 12 <= data.count {
            let length = data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(data[at + 4..<at + 8])
            let body = at + 8
            guard type != Array("IDAT".utf8), body + length + 4 <= data.count else { return nil }
            if type == Array("tEXt".utf8), data[body..<body + length].starts(with: keyword + [0]) {
                let chunkBody = Array("tEXt".utf8) + keyword + [0]
                    + text.text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
                let size = UInt32(chunkBody.count - 4)
                let crc = CRC32.checksum(chunkBody)
                let chunk = bigEndian(size) + chunkBody + bigEndian(crc)
                return Array(data[..<at]) + chunk + Array(data[(body + length + 4)...])
            }
            at = body + length + 4
        }
        return nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The CRC-32 of PNG chunks (and zlib, gzip): polynomial 0xEDB88320,
/// reflected, starting from all ones and inverted at the end.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
