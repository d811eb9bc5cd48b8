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
