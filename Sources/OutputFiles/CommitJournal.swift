import Foundation
import Synchronization

/// What a job's ``CommitLog`` has changed in one folder, on disk, so that a
/// run killed in the middle of its commits (SIGKILL, the OOM killer) is
/// taken back by the next run into the folder, as the killed run's own
/// rollback would have done: its outputs all or none, even then.
///
/// The journal is a hidden file in the folder, `.treeanim.tmp-PID-commit`,
/// that its job holds an exclusive `flock(2)` on from before anyone can see
/// it until it has confirmed or rolled back, and then removes. After each
/// backup is made and before each rename the log writes a record: the name
/// it replaces, the hidden name the replaced file is kept under, and the
/// identities of the file kept and of the file put in its place. Confirming
/// removes the journal first: from then on the job's changes stand even if
/// it is killed before it has removed its backups.
///
/// A journal whose lock can be taken belongs to a process that is gone (the
/// system drops a lock with its process, whatever killed it):
/// ``recover(in:)`` takes its changes back, the last first. It trusts a
/// journal only as far as the files show: a record must name a plain name
/// in the folder and a backup of that name by the journal's own process,
/// and a file is moved only where its identity is the one recorded, so a
/// damaged or planted journal can neither reach outside its folder nor
/// touch a file the dead run did not make or keep.
final class CommitJournal: Sendable {
    /// The name the journals stand for, and their role, in hidden names.
    static let stem = "treeanim"
    static let role = "commit"
    /// The role of a journal being made, before it is locked and named.
    static let makingRole = "journal"

    /// The journal's path.
    let path: String
    private let descriptor: Int32
    /// Whether the first record has been forced to the disk.
    private let synced = Atomic(false)

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// One change a job makes to a name in the folder.
    struct Entry: Equatable {
        enum Kind: String {
            /// A finished file renamed over the name.
            case place
            /// A stale file moved aside, leaving the name free.
            case remove
        }

        var kind: Kind
        /// The name changed, in the journal's folder.
        var name: String
        /// The hidden name the file that was there is kept under, and that
        /// file's identity; nil when nothing was there.
        var backup: String?
        var replaced: FileIdentity?
        /// The file placed under `name`; nil for a removal.
        var placed: FileIdentity?
    }

    /// Makes a journal in `folder`, locked by this process before it takes
    /// the name other runs look for; nil where the file system has no locks
    /// (the job then keeps no journal: without a lock no one could tell a
    /// live run's journal from a dead one's).
    static func begin(in folder: String) throws(FileError) -> CommitJournal? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let making = try TemporaryName.claimFirstFree(beside: prefix + stem, role: makingRole) {
            (candidate) throws(FileError) -> (String, Int32)? in
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                if errno == EEXIST { return nil }
                throw .cannotWrite(path: folder, reason: AtomicFile.reason(errno))
            }
            return (candidate, fd)
        }
        let (temporary, fd) = making
        // Unlocked and removed from under us only by a recovery that took
        // it for a dead run's: then no journal, as without locks.
        defer { unlink(temporary) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        do throws(FileError) {
            let path = try TemporaryName.claimFirstFree(beside: prefix + stem, role: role) {
                (candidate) throws(FileError) -> String? in
                if link(temporary, candidate) == 0 { return candidate }
                if errno == EEXIST { return nil }
                throw .cannotWrite(path: folder, reason: AtomicFile.reason(errno))
            }
            return CommitJournal(path: path, descriptor: fd)
        } catch .cannotWrite where errno == ENOENT {
            close(fd)
            return nil
        } catch {
            close(fd)
            throw error
        }
    }

    /// Appends `entry`, in one write, before the change it records is made.
    /// The first record goes to the disk before that first change.
    func record(_ entry: Entry) throws(FileError) {
        let bytes = Self.encode(entry)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw .cannotWrite(path: path, reason: written < 0 ? AtomicFile.reason(errno) : "the disk is full")
        }
        if !synced.exchange(true, ordering: .relaxed) { fsync(descriptor) }
    }

    /// Removes the journal and lets its lock go: the job has confirmed or
    /// taken back every change it recorded.
    func end() {
        unlink(path)
        close(descriptor)
    }

    /// Fields end with a NUL, which no file name holds: kind, name, backup,
    /// replaced file, placed file, a file as `device:inode`, empty for none.
    static func encode(_ entry: Entry) -> [UInt8] {
        let identity = { (file: FileIdentity?) in file.map { "\($0.device):\($0.inode)" } ?? "" }
        return [entry.kind.rawValue, entry.name, entry.backup ?? "", identity(entry.replaced), identity(entry.placed)]
            .flatMap { Array($0.utf8) + [0] }
    }

    static let fieldCount = 5

    /// The entries of a journal's bytes; a record cut short (the write that
    /// a kill interrupted) and anything unreadable end the list.
    static func decode(_ bytes: [UInt8]) -> [Entry] {
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // The bytes end with a NUL, so the last field is what follows it.
        fields.removeLast()
        var entries = [Entry]()
        var i = 0
        while i + fieldCount <= fields.count {
            guard let kind = Entry.Kind(rawValue: fields[i]), let replaced = identity(fields[i + 3]),
                let placed = identity(fields[i + 4])
            else { break }
            let backup = fields[i + 2].isEmpty ? nil : fields[i + 2]
            entries.append(Entry(kind: kind, name: fields[i + 1], backup: backup, replaced: replaced, placed: placed))
            i += fieldCount
        }
        return entries
    }

    /// A recorded identity: nil inside for none, nil outside for a field
    /// that is neither.
    private static func identity(_ field: String) -> FileIdentity?? {
        if field.isEmpty { return .some(nil) }
        let parts = field.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        return .some(FileIdentity(device: device, inode: inode))
    }

    /// Whether `name` is the name of a journal, as ``recover(in:)`` takes
    /// them: `.treeanim.tmp-PID-commit`, with a number after a second choice.
    static func isJournal(_ parsed: TemporaryName.Parsed) -> Bool {
        parsed.stem == stem && TemporaryName.role(parsed.role, is: role)
    }

    /// Takes back the changes of every journal in `folder` whose process is
    /// gone, the last first, and removes those journals and the lock files of
    /// the names they changed, where no run holds them; removes journals
    /// whose making a kill interrupted. Returns how many journals it took
    /// back.
    @discardableResult
    static func recover(in folder: String) -> Int {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var recovered = 0
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            guard let parsed = TemporaryName.parse(name), parsed.stem == stem else { continue }
            // One being made is locked a moment after it appears: its
            // process must be gone too.
            let making = TemporaryName.role(parsed.role, is: makingRole)
            guard making ? !isRunning(parsed.pid) : isJournal(parsed), let fd = openIfDead(prefix + name) else { continue }
            defer { close(fd) }
            if !making {
                let entries = decode(read(fd)).filter { trusted($0, pid: parsed.pid) }
                for entry in entries.reversed() { takeBack(entry, in: prefix) }
                for changed in Set(entries.map(\.name)) {
                    OutputLock.removeIfFree(TemporaryName.hidden(beside: prefix + changed, suffix: ".lock"))
                }
                recovered += 1
            }
            unlink(prefix + name)
        }
        return recovered
    }

    /// The journal at `path`, open and locked, when it is a regular file of
    /// this user's whose lock no process holds; nil otherwise.
    private static func openIfDead(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
            flock(fd, LOCK_EX | LOCK_NB) == 0,
            // Still under its name: not removed by its run, or by another
            // recovery, between the listing and the lock.
            FileIdentity(path, followingLinks: false) == FileIdentity(descriptor: fd)
        else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Whether `entry` is one a run of process `pid` could have written: a
    /// plain name in the folder, and a backup of it by that process.
    static func trusted(_ entry: Entry, pid: Int32) -> Bool {
        guard isPlainName(entry.name) else { return false }
        guard let backup = entry.backup else { return entry.replaced == nil }
        guard isPlainName(backup), let parsed = TemporaryName.parse(backup), entry.replaced != nil else { return false }
        return parsed.pid == pid && TemporaryName.isBackup(parsed) && TemporaryName.stem(parsed.stem, standsFor: entry.name)
    }

    /// Whether a process `pid` runs (one this process may not signal runs too).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
    }

    /// Puts the name of `entry` back as it was before the change, where the
    /// change was made and nothing has been put there since; removes its
    /// backup where the file it holds is still under the name. A file is
    /// only moved or removed where its identity is the one recorded.
    private static func takeBack(_ entry: Entry, in prefix: String) {
        let name = prefix + entry.name
        let backup = entry.backup.map { prefix + $0 }
        let now = FileIdentity(name, followingLinks: false)
        let keptHere = backup.map { FileIdentity($0, followingLinks: false) } ?? nil
        let kept = keptHere != nil && keptHere == entry.replaced
        if entry.kind == .place, let placed = entry.placed, now == placed {
            // The dead run's file is under the name: the file it replaced
            // comes back, or, where it replaced nothing, the name is freed.
            if let backup, kept {
                rename(backup, name)
            } else if entry.replaced == nil {
                unlink(name)
            }
            return
        }
        guard let backup, kept else { return }
        if now == nil {
            // Moved aside (a removal, or a backup where the file system has
            // no hard links) and the name still free: it comes back.
            rename(backup, name)
        } else if now == entry.replaced {
            // A second link to the file still under the name: the change
            // was not made.
            unlink(backup)
        }
        // Otherwise the name holds a file put there since, which stays, and
        // so does the backup: what the user had before is not thrown away.
    }

    /// The bytes `fd` holds from its start, at most 64 MiB (a journal of a
    /// million records is far past any job).
    private static func read(_ fd: Int32) -> [UInt8] {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < 64 << 20 {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return bytes
    }
}
