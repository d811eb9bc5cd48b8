#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A step's clip, checked to be a readable file before anything of the deck
/// is written, so a missing clip leaves the output untouched.
struct ClipFile: Sendable, Equatable {
    var path: String
    /// Its size when checked: the package's entry is declared this long.
    var size: Int64

    /// Checks that `path` is a regular file this process can read.
    init(checking path: String) throws(PPTXError) {
        let descriptor = try Self.openForReading(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotReadClip(path: path, reason: systemReason())
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .cannotReadClip(path: path, reason: "not a regular file")
        }
        self.path = path
        size = Int64(status.st_size)
    }

    /// Calls `body` with a chunk reader over the clip, open for the call.
    ///
    /// The reader returns `count` bytes from `offset`, and fails if the file
    /// has shrunk since it was checked: the entry's declared size would lie.
    func withReader<R>(
        _ body: ((_ offset: Int64, _ count: Int) throws(PPTXError) -> Data) throws -> R
    ) throws -> R {
        let descriptor = try Self.openForReading(path)
        defer { close(descriptor) }
        return try body { (offset, count) throws(PPTXError) in
            var data = Data(count: count)
            var filled = 0
            while filled < count {
                // `filled < count`, so the buffer is not empty and has an address.
                let read = data.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                }
                if read < 0 && errno == EINTR { continue }
                guard read >= 0 else { throw .cannotReadClip(path: path, reason: systemReason()) }
                guard read > 0 else {
                    throw .cannotReadClip(
                        path: path, reason: "it ended after \(offset + Int64(filled)) of its \(size) bytes")
                }
                filled += read
            }
            return data
        }
    }

    private static func openForReading(_ path: String) throws(PPTXError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotReadClip(path: path, reason: systemReason()) }
        return descriptor
    }
}

/// The system's words for the current `errno`.
func systemReason() -> String {
    String(cString: strerror(errno))
}
