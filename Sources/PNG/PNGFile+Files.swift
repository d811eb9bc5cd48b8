#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGFile {
    /// Encodes like `encode(premultipliedRGBA:width:height:options:)` and
    /// writes the PNG to `path` atomically: the bytes go to a temporary file
    /// in the same folder, which is then renamed over `path`. A reader sees
    /// the old file or the whole new one, never a part; on any failure the
    /// temporary file is removed and the error names `path`.
    public static func write(
        premultipliedRGBA pixels: [UInt8], width: Int, height: Int, to path: String,
        options: PNGOptions = .default
    ) throws(PNGError) {
        try write(to: path) { () throws(PNGError) in
            try encode(premultipliedRGBA: pixels, width: width, height: height, options: options)
        }
    }

    /// Encodes like `encode(straightRGBA:width:height:options:)` and writes
    /// the PNG to `path` atomically, as `write(premultipliedRGBA:...)` does.
    public static func write(
        straightRGBA pixels: [UInt8], width: Int, height: Int, to path: String,
        options: PNGOptions = .default
    ) throws(PNGError) {
        try write(to: path) { () throws(PNGError) in
            try encode(straightRGBA: pixels, width: width, height: height, options: options)
        }
    }

    /// Reads and decodes the PNG at `path` like `decode(_:pixelLimit:)`.
    public static func read(_ path: String, pixelLimit: Int = defaultPixelLimit) throws(PNGError) -> PNGImage {
        let bytes = try readFile(path)
        do {
            return try decode(bytes, pixelLimit: pixelLimit)
        } catch {
            throw PNGError(.read, path: path, reason: error.reason)
        }
    }

    /// Encodes, naming `path` in any error, then writes atomically.
    private static func write(to path: String, _ encode: () throws(PNGError) -> [UInt8]) throws(PNGError) {
        let bytes: [UInt8]
        do {
            bytes = try encode()
        } catch {
            throw PNGError(.write, path: path, reason: error.reason)
        }
        try writeAtomically(bytes, to: path)
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder.
    private static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PNGError) {
        let (temporary, descriptor) = try createTemporaryFile(beside: path)
        func fail(_ code: Int32) -> PNGError {
            unlink(temporary)
            return PNGError(.write, path: path, reason: systemMessage(code))
        }
        let written = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        if let code = written {
            close(descriptor)
            throw fail(code)
        }
        guard close(descriptor) == 0 else { throw fail(errno) }
        guard rename(temporary, path) == 0 else { throw fail(errno) }
    }

    /// Creates `<folder>/.<name>.tmp-<pid>-<random>`; the random part keeps
    /// concurrent writers of the same name, in any process, apart.
    private static func createTemporaryFile(beside path: String) throws(PNGError) -> (String, Int32) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        while true {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = "\(folder).\(name).tmp-\(getpid())-\(suffix)"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                return (temporary, descriptor)
            }
            if errno != EEXIST {
                throw PNGError(.write, path: path, reason: systemMessage(errno))
            }
        }
    }

    /// Writes every byte, retrying short writes; the errno of a failure.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }

    private static func readFile(_ path: String) throws(PNGError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PNGError(.read, path: path, reason: systemMessage(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PNGError(.read, path: path, reason: systemMessage(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// `PNGFile.write` and `PNGFile.read` hide the system calls of the same names
// inside the extension.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
