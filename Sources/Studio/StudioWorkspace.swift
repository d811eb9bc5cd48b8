import Foundation
import Production
import Synchronization

/// The studio's private folder for what ffmpeg and the documents must
/// write as files (a clip while it encodes, an export while it streams):
/// made with `mkdtemp` (mode 0700), each file in it named by the studio,
/// never by the page, and removed whole when the studio stops.
public final class StudioWorkspace: Sendable {
    public let folder: String
    private let counter = Mutex(0)

    /// A new folder in the system's temporary folder.
    public init() throws(ProductionFailure) {
        var template = Array("\(NSTemporaryDirectory())/treeanim-studio-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ProductionFailure("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        folder = String(cString: made)
    }

    /// A path in the folder no other file has, ending in `.ext`.
    func newPath(extension ext: String) throws(ProductionFailure) -> String {
        let n = counter.withLock { count in
            count += 1
            return count
        }
        return "\(folder)/\(n).\(ext)"
    }

    /// Removes one file of the folder.
    func remove(_ path: String) {
        unlink(path)
    }

    /// Removes the folder and everything in it.
    public func removeAll() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
