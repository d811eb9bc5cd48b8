import FlyingFox
import FlyingSocks
import Foundation

/// The bytes of a file opened and already unlinked: streamed to the
/// client a chunk at a time, and gone from the disk whatever happens to
/// the connection (the descriptor closes when the last reader ends).
struct OpenFileBytes: AsyncBufferedSequence {
    typealias Element = UInt8

    /// The open file, closed when the sequence and its iterators are gone.
    final class Descriptor: Sendable {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }

    let file: Descriptor
    let count: Int

    /// Opens `path`, removes its name, and keeps it open for reading.
    init?(takingFileAt path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        unlink(path)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        file = Descriptor(fd)
        count = Int(info.st_size)
    }

    func makeAsyncIterator() -> Iterator { Iterator(file: file, count: count) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let file: Descriptor
        let count: Int
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested wanted: Int) async throws -> [UInt8]? {
            guard offset < count else { return nil }
            var buffer = [UInt8](repeating: 0, count: Swift.min(Swift.max(wanted, 1), count - offset, 1 << 16))
            let n = buffer.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress, $0.count, off_t(offset)) }
            guard n > 0 else { throw SocketError.disconnected }
            offset += n
            return Array(buffer[..<n])
        }
    }
}
