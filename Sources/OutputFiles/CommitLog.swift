import Foundation
import Synchronization

/// The files a job has renamed into place, each with the file it replaced,
/// so that the job keeps all of its outputs or none of them.
///
/// A job commits in two phases. Each sink's ``FrameSink/commit(into:)``
/// calls ``place(_:at:)`` for each of its finished files, which first keeps
/// the file at the final name, if any, under a hidden backup name beside it
/// and then renames the new file over it. When every sink has committed, the
/// job calls ``confirm()``, which removes the backups; when a commit fails or
/// the job is interrupted between commits, it calls ``rollback()``, which
/// takes every placed file back, the last first: a file that replaced
/// nothing is removed, a replaced file gets its backup renamed back. Either
/// way no backup is left, and a user's file is never lost: it is under its
/// own name or its backup's at every moment.
///
/// A backup is a hard link, so the final name holds the old file until the
/// rename swaps in the new one; where the file system has no hard links the
/// old file is renamed aside instead, and the final name is missing between
/// the two renames.
///
/// Rolling back removes or replaces a file only while its name still holds
/// the file this job placed there: a run removes only what it created.
///
/// Before each rename the log records it in a ``CommitJournal`` in the
/// file's folder, so that the next run into the folder takes back the
/// commits of a job killed before it could confirm or roll back; confirming
/// removes the journals first.
public final class CommitLog: Sendable {
    /// One file renamed into place, or one removed.
    private struct Placement: Sendable {
        var path: String
        /// The file it replaced, kept; nil when it replaced nothing.
        var backup: String?
        /// The file now at `path`; nil when the change removed it.
        var placed: FileIdentity?
    }

    private let placements = Mutex<[Placement]>([])
    /// The job's journal in each folder it has changed a name in, by the
    /// folder as the paths spell it; nil for a folder whose file system has
    /// no locks, where the job keeps none.
    private let journals = Mutex<[String: CommitJournal?]>([:])

    public init() {}

    /// Renames the finished file `temporaryPath` over `path`, keeping the
    /// file `path` names, if any, until the job confirms or rolls back.
    /// When it throws, both names are as they were.
    func place(_ temporaryPath: String, at path: String) throws(FileError) {
        guard let placed = FileIdentity(temporaryPath, followingLinks: false) else {
            throw .cannotWrite(path: path, reason: AtomicFile.reason(errno))
        }
        let journal = try journal(forFolderOf: path)
        Self.giveMode(of: path, to: temporaryPath)
        let backup = try Self.keep(path)
        do throws(FileError) {
            try journal?.record(
                .init(kind: .place, name: Self.lastName(path), backup: backup.map { Self.lastName($0.path) },
                      replaced: backup?.kept, placed: placed))
        } catch {
            backup?.undo(at: path)
            throw error
        }
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            backup?.undo(at: path)
            throw .cannotWrite(path: path, reason: AtomicFile.reason(code))
        }
        placements.withLock { $0.append(Placement(path: path, backup: backup?.path, placed: placed)) }
        Failpoint.placed()
    }

    /// Removes the file at `path` (a stale frame of another animation the
    /// user asked to replace), keeping it until the job confirms or rolls
    /// back. When it throws, the file is where it was.
    public func remove(_ path: String) throws(FileError) {
        try AtomicFile.checkReplaceable(path)
        let journal = try journal(forFolderOf: path)
        let kept = FileIdentity(path, followingLinks: false)
        let backup = try TemporaryName.claimFirstFree(beside: path, role: "backup") { (backup) throws(FileError) in
            try Self.renameAside(path, to: backup, kept: kept)
        }
        do throws(FileError) {
            try journal?.record(
                .init(kind: .remove, name: Self.lastName(path), backup: Self.lastName(backup.path), replaced: backup.kept,
                      placed: nil))
        } catch {
            backup.undo(at: path)
            throw error
        }
        placements.withLock { $0.append(Placement(path: path, backup: backup.path, placed: nil)) }
        Failpoint.placed()
    }

    /// Removes the backups: every output of the job is in place. The
    /// journals go first: once they are gone the job's changes stand,
    /// whatever happens to it before the backups are removed.
    public func confirm() {
        endJournals()
        for placement in takePlacements() {
            if let backup = placement.backup { unlink(backup) }
        }
    }

    /// Takes back every placed file, the last first: removes those that
    /// replaced nothing and renames the backups of the others back.
    public func rollback() {
        for placement in takePlacements().reversed() {
            // Another file under the name since is not ours to remove or
            // replace; its backup then stays, the user's old file kept. (A
            // removed file's name must still be free.)
            guard FileIdentity(placement.path, followingLinks: false) == placement.placed else { continue }
            if let backup = placement.backup {
                rename(backup, placement.path)
            } else {
                unlink(placement.path)
            }
        }
        endJournals()
    }

    /// Gives the new file `temporaryPath` the owner, group and permissions
    /// of the regular file at `path` it will replace, as replacing a
    /// file's contents in place would keep them: a `chmod 600` output stays
    /// private. Set-user and set-group bits are not carried over to what
    /// is only data. Ownership carries over only where the system lets
    /// this process give it (as root); a refusal keeps ours.
    private static func giveMode(of path: String, to temporaryPath: String) {
        var old = stat()
        guard lstat(path, &old) == 0, old.st_mode & S_IFMT == S_IFREG else { return }
        _ = chown(temporaryPath, old.st_uid, old.st_gid)
        _ = chmod(temporaryPath, old.st_mode & 0o1777)
    }

    /// The journal of the folder holding `path`, begun on first use.
    private func journal(forFolderOf path: String) throws(FileError) -> CommitJournal? {
        let folder = OutputPaths.split(path).folder
        return try journals.withLock { (journals) throws(FileError) -> CommitJournal? in
            if let journal = journals[folder] { return journal }
            let journal = try CommitJournal.begin(in: folder)
            journals[folder] = .some(journal)
            return journal
        }
    }

    private func endJournals() {
        let ended = journals.withLock { journals in
            defer { journals = [:] }
            return journals.values.compactMap { $0 }
        }
        for journal in ended { journal.end() }
    }

    private static func lastName(_ path: String) -> String {
        OutputPaths.split(path).name
    }

    /// The placements so far, leaving none: a log is confirmed or rolled
    /// back once.
    private func takePlacements() -> [Placement] {
        placements.withLock { placements in
            defer { placements = [] }
            return placements
        }
    }

    /// A replaced file kept under a hidden name.
    private struct Backup {
        var path: String
        /// Whether the backup is a hard link, with the final name still
        /// holding the file, or the file renamed aside.
        var isLink: Bool
        /// The file kept.
        var kept: FileIdentity?

        /// Puts things back as they were before the backup was made.
        func undo(at finalPath: String) {
            if isLink { unlink(path) } else { rename(path, finalPath) }
        }
    }

    /// What `link(2)` says on a file system without hard links (or with too
    /// many on one file), where a rename aside takes their place.
    private static let noHardLinks: Set<Int32> = [EPERM, EMLINK, EOPNOTSUPP, ENOTSUP]

    /// Keeps the file at `path` under a free hidden name beside it; nil when
    /// there is none to keep.
    private static func keep(_ path: String) throws(FileError) -> Backup? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .cannotWrite(path: path, reason: AtomicFile.reason(errno))
        }
        // A rename aside would move a whole folder, and no file can replace one.
        if info.st_mode & S_IFMT == S_IFDIR { throw .cannotWrite(path: path, reason: "it is a folder") }
        let kept = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return try TemporaryName.claimFirstFree(beside: path, role: "backup") { (backup) throws(FileError) in
            // linkat without AT_SYMLINK_FOLLOW keeps a symbolic link itself,
            // which is what the rename will replace.
            if linkat(AT_FDCWD, path, AT_FDCWD, backup, 0) == 0 { return Backup(path: backup, isLink: true, kept: kept) }
            let code = errno
            if code == EEXIST { return nil }
            guard noHardLinks.contains(code) else { throw .cannotWrite(path: path, reason: AtomicFile.reason(code)) }
            return try renameAside(path, to: backup, kept: kept)
        }
    }

    /// Renames `path` to `backup` once this process holds that name, so
    /// nothing of another's is renamed over; nil when the name is taken.
    private static func renameAside(_ path: String, to backup: String, kept: FileIdentity?) throws(FileError) -> Backup? {
        let fd = open(backup, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { return nil }
            throw .cannotWrite(path: path, reason: AtomicFile.reason(errno))
        }
        close(fd)
        guard rename(path, backup) == 0 else {
            let code = errno
            unlink(backup)
            throw .cannotWrite(path: path, reason: AtomicFile.reason(code))
        }
        return Backup(path: backup, isLink: false, kept: kept)
    }
}
