#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder the images of failing frames go to, one ``DiffImageFiles``
/// a frame. It is made when the first image is written, so a comparison
/// where every frame matches leaves nothing behind.
public struct DiffFolder: Hashable, Sendable {
    /// As given, without trailing slashes.
    public let path: String

    /// Checks that `path` is a folder, or can be made as one because the
    /// folder it would be in exists; nothing is made yet.
    public init(path: String) throws(CompareError) {
        self.path = FileSystem.trimmed(path)
        switch FileSystem.kind(of: self.path) {
        case .folder:
            return
        case .file, .other:
            throw .diffFolderUnusable(path: self.path, reason: "it is not a folder")
        case .unknown(let reason):
            throw .diffFolderUnusable(path: self.path, reason: reason)
        case .missing:
            let parent = FileSystem.parent(of: self.path)
            guard FileSystem.kind(of: parent) == .folder else {
                throw .diffFolderUnusable(path: self.path, reason: "folder '\(parent)' does not exist")
            }
        }
    }

    /// The default for a comparison whose ACTUAL is `actual`: `<ACTUAL>.diff`
    /// beside it (`out/frames/` → `out/frames.diff`, `shot.png` →
    /// `shot.png.diff`), so images land where the frames are and the name
    /// says what they are. A path ending in `.` or `..` is resolved first,
    /// so `.` gives `<current folder>.diff`, not a hidden `..diff`.
    public static func beside(_ actual: String) -> String {
        var base = FileSystem.trimmed(actual)
        let last = base.split(separator: "/").last ?? ""
        if last == "." || last == "..", let resolved = FileSystem.resolved(base) {
            base = resolved
        }
        return base + ".diff"
    }

    /// Where the images of the frame named `frame` go.
    public func files(for frame: String) -> DiffImageFiles {
        DiffImageFiles(folder: path, frame: frame)
    }

    /// Makes the folder if it is not there; safe to call from several
    /// threads at once.
    func create() throws(CompareError) {
        if mkdir(path, 0o777) == 0 { return }
        let code = errno
        if code == EEXIST, FileSystem.kind(of: path) == .folder { return }
        throw .diffFolderUnusable(path: path, reason: code == EEXIST ? "it is not a folder" : FileSystem.message(code))
    }
}
