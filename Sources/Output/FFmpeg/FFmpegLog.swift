import Foundation
import Synchronization

/// What ffmpeg prints on standard error, read as it comes so that a chatty
/// ffmpeg never blocks on a full pipe, and kept for the error message.
final class FFmpegLog: Sendable {
    private let collected = Mutex("")
    private let drained = DispatchGroup()

    /// Reads `handle` to its end on another thread.
    func collect(from handle: FileHandle) {
        DispatchQueue.global().async(group: drained) { [self] in
            let data = (try? handle.readToEnd()) ?? Data()
            collected.withLock { $0 = String(decoding: data, as: UTF8.self) }
        }
    }

    /// Everything ffmpeg printed; waits for its standard error to close.
    func text() -> String {
        drained.wait()
        return collected.withLock { $0 }
    }
}
