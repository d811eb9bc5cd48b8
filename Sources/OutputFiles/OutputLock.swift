import Foundation

/// A lock that a job holds on one of its outputs from before it makes
/// anything until it has committed or taken everything back, so that a
/// second run writing the same output is refused
/// (``FileError/outputInUse(path:)``) instead of one result being lost.
///
/// It is `flock(2)` on a hidden file beside the output,
/// `.<name>.lock` (``TemporaryName/hidden(beside:suffix:)``), named from the
/// output's ``ResolvedPath`` so that every spelling of one output takes one
/// lock. A folder output is locked beside the folder too, since the job may
/// have to make the folder, and inside it only when the folder exists and
/// its parent takes no new file. The system drops a lock when its process
/// ends, however it ends, so a lock file left by a killed run blocks
/// nothing: the next run takes the lock and removes the file when done.
/// Where the file system has no locks, the job runs unlocked.
///
/// Jobs that render parts of an animation (`--frame-range`) share the lock
/// of a folder: parts run at once into one folder, each writing its own
/// frames, as a render split across processes does; a whole run into the
/// folder still waits for none and is refused while parts run.
public final class OutputLock {
    /// The lock file.
    let path: String
    private let descriptor: Int32
    private let shared: Bool

    private init(path: String, descriptor: Int32, shared: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.shared = shared
    }

    /// The locks of every one of `destinations`, or none: throws for the
    /// first that another job holds, or whose lock file cannot be made.
    /// With `sharingFolders`, folders are locked shared.
    public static func acquire(_ destinations: [OutputDestination], sharingFolders: Bool = false) throws(FileError)
        -> [OutputLock]
    {
        var locks = [OutputLock]()
        do throws(FileError) {
            for destination in destinations {
                let shared: Bool
                if case .folder = destination { shared = sharingFolders } else { shared = false }
                locks.append(try lock(lockFile(of: destination), of: destination.path, shared: shared))
            }
        } catch {
            for lock in locks { lock.release() }
            throw error
        }
        return locks
    }

    /// Removes the lock file at `path` if no run holds it, as its holder
    /// would when done: taken, removed, let go, so that a run that opened
    /// it meanwhile finds it gone and makes another.
    static func removeIfFree(_ path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        if flock(fd, LOCK_EX | LOCK_NB) == 0, FileIdentity(path, followingLinks: false) == FileIdentity(descriptor: fd) {
            unlink(path)
        }
        close(fd)
    }

    /// Removes the lock file, then lets the lock go: a run waiting on this
    /// file finds it gone and makes another.
    public func release() {
        // A shared lock's file is removed by its last holder only: the one
        // that can take the lock alone.
        let last = !shared || flock(descriptor, LOCK_EX | LOCK_NB) == 0
        if last, FileIdentity(path, followingLinks: false) == FileIdentity(descriptor: descriptor) { unlink(path) }
        close(descriptor)
    }

    /// The lock file of `destination`: beside it, or inside a folder that
    /// exists in a parent that takes no new file (or the root).
    static func lockFile(of destination: OutputDestination) -> String {
        let resolved = ResolvedPath(destination.path)
        let besideIt = !resolved.name.isEmpty && (access(resolved.folder, W_OK) == 0 || !OutputPaths.isFolder(resolved.path))
        return besideIt ? TemporaryName.hidden(beside: resolved.path, suffix: ".lock") : resolved.path + "/.treeanim.lock"
    }

    /// Why the lock file at `path` could not be opened: named, since it is
    /// not the output the user wrote, and a stray one is theirs to remove.
    private static func lockFileFault(_ path: String, _ code: Int32) -> String {
        let name = "its lock file '\(path.split(separator: "/").last.map(String.init) ?? path)'"
        var info = stat()
        let kind = lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
        switch kind {
        case S_IFDIR: return "\(name) is a folder: remove it"
        case S_IFLNK: return "\(name) is a symbolic link, which treeanim does not follow: remove it"
        case 0: return "cannot make \(name): \(AtomicFile.reason(code))"
        default: return "cannot open \(name): \(AtomicFile.reason(code))"
        }
    }

    /// Locks the file at `path`, making it if missing, for the output
    /// `output`.
    private static func lock(_ path: String, of output: String, shared: Bool) throws(FileError) -> OutputLock {
        // A few tries: each failed one means another run let the lock go
        // between our open and our flock.
        for _ in 0..<100 {
            let fd = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .cannotWrite(path: output, reason: lockFileFault(path, errno)) }
            var locked: Int32
            repeat { locked = flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) } while locked != 0 && errno == EINTR
            if locked != 0, errno == EWOULDBLOCK {
                close(fd)
                throw .outputInUse(path: output)
            }
            // The holder removes the file before it lets go: a lock on a
            // file no longer under the name locks nothing another run sees.
            if FileIdentity(path, followingLinks: false) == FileIdentity(descriptor: fd) {
                return OutputLock(path: path, descriptor: fd, shared: shared)
            }
            close(fd)
        }
        throw .outputInUse(path: output)
    }
}
