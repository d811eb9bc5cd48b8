import Foundation

/// The page on its way out: text and base64 gathered into pieces of about
/// ``pieceSize`` bytes, each handed to `emit` as soon as it is full, so a
/// deck of any size is written in memory of one piece plus one clip chunk.
struct HTMLPageStream {
    /// Large enough that a deck of megabytes takes few calls, small enough
    /// to be nothing beside the clips.
    static let pieceSize = 1 << 16
    /// Bytes of a clip read, and encoded, at a time: a multiple of 3, so
    /// that the base64 of consecutive chunks is the base64 of the whole.
    static let clipChunkSize = 3 << 14

    private let emit: (_ bytes: [UInt8]) throws -> Void
    private var piece: [UInt8] = []

    init(emit: @escaping (_ bytes: [UInt8]) throws -> Void) {
        self.emit = emit
        piece.reserveCapacity(Self.pieceSize + Self.clipChunkSize * 4 / 3)
    }

    mutating func write(_ text: String) throws(HTMLDeckError) {
        piece.append(contentsOf: text.utf8)
        try sendIfFull()
    }

    /// Writes `bytes` in base64, as a data URL's payload.
    mutating func writeBase64(_ bytes: [UInt8]) throws(HTMLDeckError) {
        var start = 0
        while start < bytes.count {
            let end = min(start + Self.clipChunkSize, bytes.count)
            piece.append(contentsOf: Data(bytes[start..<end]).base64EncodedData())
            try sendIfFull()
            start = end
        }
    }

    /// Writes the file at `path` in base64, reading it a chunk at a time.
    mutating func writeBase64(file path: String) throws(HTMLDeckError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotReadClip(path: path, reason: Self.systemMessage()) }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: Self.clipChunkSize)
        while true {
            // Fill the whole chunk before encoding: a short read in the
            // middle would leave padding inside the base64.
            var filled = 0
            while filled < chunk.count {
                let count = chunk.withUnsafeMutableBytes { raw in
                    read(descriptor, raw.baseAddress.map { $0 + filled }, raw.count - filled)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .cannotReadClip(path: path, reason: Self.systemMessage())
                }
                if count == 0 { break }
                filled += count
            }
            if filled == 0 { return }
            piece.append(contentsOf: Data(chunk[..<filled]).base64EncodedData())
            try sendIfFull()
            if filled < chunk.count { return }
        }
    }

    /// Sends what is left: the end of the page.
    mutating func finish() throws(HTMLDeckError) {
        if !piece.isEmpty { try send() }
    }

    private mutating func sendIfFull() throws(HTMLDeckError) {
        if piece.count >= Self.pieceSize { try send() }
    }

    private mutating func send() throws(HTMLDeckError) {
        do {
            try emit(piece)
        } catch {
            throw .cannotWrite(reason: "\(error)")
        }
        piece.removeAll(keepingCapacity: true)
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
