import Foundation

/// A file that appears under its final name whole or not at all: it is
/// written under a hidden ``TemporaryName`` beside the final path and renamed
/// over it only by ``commit(into:)``, which is atomic within one file
/// system and which the job's ``CommitLog`` can take back.
///
/// Every sink writes through it: PNG frames, the scene dump, and ffmpeg's
/// video and palette, which ffmpeg itself writes to `temporaryPath`. So all
/// of them take back what they made the same way, and a reader of the final
/// name sees the old file or the whole new one, never a part.
///
/// Used by one thread at a time, inside its owner's lock.
public final class AtomicFile {
    /// The final path.
    public let path: String
    public let temporaryPath: String
    /// Nil once closed.
    private var handle: FileHandle?
    private var committed = false

    /// Whether the final name is the file a symbolic link there points at
    /// (an output the user named), or the link itself (a name inside an
    /// output folder, which the run replaces as a name and never writes
    /// through: a link among the frames is not a way out of the folder).
    private let followsLinks: Bool

    /// Creates the temporary file, empty; `role` tells apart the temporary
    /// files of one final path (`video`, `palette.png`). With
    /// `followingLinks`, a symbolic link at `named` is followed to the file
    /// it names (see ``target(of:)``).
    public init(replacing named: String, role: String, followingLinks: Bool = true) throws(FileError) {
        let path = followingLinks ? try Self.target(of: named) : named
        try Self.checkReplaceable(path)
        let (temporaryPath, fd) = try TemporaryName.claimFirstFree(beside: path, role: role) {
            (candidate) throws(FileError) -> (String, Int32)? in
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (candidate, fd) }
            guard errno == EEXIST else { throw .cannotWrite(path: path, reason: Self.reason(errno)) }
            return nil
        }
        self.path = path
        self.temporaryPath = temporaryPath
        followsLinks = followingLinks
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// The file `path` names, for writing: through symbolic links (so a
    /// link to a file in a slides folder keeps pointing at the new file),
    /// and refused when it is a device, a pipe or a socket, which a rename
    /// would replace with a plain file.
    static func target(of path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return current }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n > 0 else { throw .cannotWrite(path: path, reason: reason(errno)) }
                let link = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = link.hasPrefix("/") ? link : folder + link
            case S_IFREG, S_IFDIR:
                return current
            default:
                throw .cannotWrite(path: path, reason: "it is a device, a pipe or a socket, not a file")
            }
        }
        throw .cannotWrite(path: path, reason: "too many symbolic links")
    }

    /// Refuses, as `cp` would, to replace a file this process may not
    /// write, or to remove one (`--overwrite`'s stale frames): a read-only
    /// output is the user's way of keeping it.
    public static func checkReplaceable(_ path: String) throws(FileError) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, W_OK) != 0 else { return }
        let code = errno
        guard code == EACCES || code == EPERM else { throw .cannotWrite(path: path, reason: reason(code)) }
        throw .cannotWrite(path: path, reason: "the file is read-only to you: make it writable (chmod u+w) to replace it, or write elsewhere")
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard let handle else { preconditionFailure("\(temporaryPath) is written after it was closed") }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    /// Closes our handle, as when another program (ffmpeg) writes the
    /// temporary file by its name.
    public func close() throws(FileError) {
        guard let handle else { return }
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    /// Closes the file and checks that the final name can take it, so that
    /// a job finds out before it commits anything.
    public func finish() throws(FileError) {
        try close()
        var info = stat()
        let isFolder = (followsLinks ? stat(path, &info) : lstat(path, &info)) == 0 && info.st_mode & S_IFMT == S_IFDIR
        if isFolder { throw .cannotWrite(path: path, reason: "it is a folder") }
    }

    /// Renames the finished file over the final path through `log`, which
    /// keeps the file it replaces until the job confirms or rolls back.
    public func commit(into log: CommitLog) throws(FileError) {
        try finish()
        try log.place(temporaryPath, at: path)
        committed = true
    }

    /// Removes the temporary file; a committed file stays.
    public func discard() {
        try? handle?.close()
        handle = nil
        if !committed { unlink(temporaryPath) }
    }

    /// The file's size in bytes, where it is now.
    public var size: Int {
        var info = stat()
        return stat(committed ? path : temporaryPath, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The system's words for `errno` `code`.
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The system's words for a Foundation file error: those of the POSIX
    /// error under it, which say more than Foundation's own.
    public static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying ?? error as NSError).localizedDescription
    }
}
