import Foundation

/// Where a sink's output goes, as the names it will take: what a
/// ``RenderJob`` compares, before it makes anything, to refuse two sinks
/// that would write one file.
public enum OutputDestination: Sendable {
    /// One file, replaced whole.
    case file(String)
    /// Files in `folder` whose names `holds` says yes to: the names the sink
    /// may write there, whatever the run's frames.
    case folder(String, holds: @Sendable (String) -> Bool)

    /// The path the destination is named by.
    public var path: String {
        switch self {
        case .file(let path), .folder(let path, _): path
        }
    }

    /// The positions of the first two of `destinations` that overlap: the
    /// earlier one first.
    public static func firstOverlap(in destinations: [OutputDestination]) -> (Int, Int)? {
        for (i, first) in destinations.enumerated() {
            if let j = destinations[(i + 1)...].firstIndex(where: first.overlaps) { return (i, j) }
        }
        return nil
    }

    /// Whether this and `other` would write one file: the same path, or a
    /// file in the other's folder under a name it holds. A file is the one
    /// it will be written to: where a symbolic link at its name points,
    /// whether or not that exists yet (a link to `x.gif` is `x.gif`).
    public func overlaps(_ other: OutputDestination) -> Bool {
        if ResolvedPath.sameFile(written, other.written) { return true }
        switch (self, other) {
        case (.file, .folder(let folder, let holds)), (.folder(let folder, let holds), .file):
            let resolved = ResolvedPath(self.isFile ? written : other.written)
            return holds(resolved.name) && ResolvedPath.sameFile(resolved.folder, folder)
        case (.file, .file), (.folder, .folder):
            return false
        }
    }

    /// Whether writing this destination would replace the file whose
    /// identity is `device` and `inode`, read by `path` (nil for standard
    /// input): a file destination that is that file under any name (the
    /// same path, a symbolic link to it, a hard link of it), or a folder
    /// destination that holds files under `path`'s name with `path` in it.
    public func replaces(device: UInt64, inode: UInt64, path: String?) -> Bool {
        let read = FileIdentity(device: device, inode: inode)
        switch self {
        case .file:
            if FileIdentity(written, followingLinks: true) == read { return true }
            return path.map { ResolvedPath.sameFile(written, $0) } ?? false
        case .folder(let folder, let holds):
            if let path {
                let resolved = ResolvedPath(path)
                if holds(resolved.name), ResolvedPath.sameFile(resolved.folder, folder) { return true }
            }
            // Read by another name (standard input, a link from elsewhere):
            // a file in the folder under a name it holds is the one read.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.contains { holds($0) && FileIdentity(folder + "/" + $0, followingLinks: false) == read }
        }
    }

    /// The hidden files beside `destinations` that a job touches before it
    /// writes: each output's lock file, and what killed runs left there,
    /// which ``Leftovers`` removes or puts back. None of them may be a file
    /// the run reads.
    public static func companions(of destinations: [OutputDestination]) -> [String] {
        destinations.map(OutputLock.lockFile(of:)) + Leftovers.found(destinations)
    }

    /// Whether the file at `path` (not through a link there) is the one
    /// whose identity is `device` and `inode`.
    public static func isFile(_ path: String, device: UInt64, inode: UInt64) -> Bool {
        FileIdentity(path, followingLinks: false) == FileIdentity(device: device, inode: inode)
    }

    private var isFile: Bool {
        if case .file = self { true } else { false }
    }

    /// The path written: a file's after its symbolic links, a folder's as named.
    private var written: String {
        switch self {
        case .file(let path): (try? AtomicFile.target(of: path)) ?? path
        case .folder(let path, _): path
        }
    }
}
