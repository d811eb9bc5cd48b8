import Foundation

/// What a job's ``CommitLog`` has begun to change in one folder, on disk,
/// so that a run killed in the middle of its commits (SIGKILL, the OOM
/// killer) is taken back by the next run into the folder, as the killed
/// run's own rollback would have done: its outputs all or none, even then.
///
/// The journal is a hidden file in the folder, `.treeanim.tmp-PID-commit`,
/// that its job holds an exclusive `flock(2)` on from its first record until
/// it has confirmed or rolled back, and then removes. Before each rename
/// the log writes a record: the name it is about to replace, the hidden
/// name it will keep the replaced file under, and the identity of the file
/// it will put there. Confirming removes the journal first: from then on
/// the job's changes stand even if it is killed before it has removed its
/// backups (which are then leftovers, see ``Leftovers``).
///
/// A journal whose lock can be taken belongs to a process that is gone
/// (the system drops a lock with its process, whatever killed it):
/// ``recover(in:)`` takes its changes back, the last first, and only where
/// a name still holds the file the dead run put there.
final class CommitJournal: Sendable {
    /// The role in the journal's hidden name, and the name it stands for.
    static let role = "commit"
    static let stem = "treeanim"

    /// The journal's path.
    let path: String
    private let descriptor: Int32

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
        /// The hidden name the file that was there is kept under, if any.
        var backup: String?
        /// The file placed under `name`; nil for a removal.
        var placed: FileIdentity?
    }

    /// Makes a journal in `folder`, locked by this process.
    static func begin(in folder: String) throws(OutputError) -> CommitJournal {
        let beside = (folder.hasSuffix("/") ? folder : folder + "/") + stem
        return try TemporaryName.claimFirstFree(beside: beside, role: role) {
            (candidate) throws(OutputError) -> CommitJournal? in
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                if errno == EEXIST { return nil }
                throw .cannotWrite(path: folder, reason: AtomicFile.reason(errno))
            }
            // No one else has the file yet; a file system without locks
            // leaves the journal unlocked, which only delays its recovery.
            _ = flock(fd, LOCK_EX | LOCK_NB)
            return CommitJournal(path: candidate, descriptor: fd)
        }
    }

    /// Appends `entry`, in one write, before the change it records is made.
    func record(_ entry: Entry) throws(OutputError) {
        let bytes = Self.encode(entry)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw .cannotWrite(path: path, reason: written < 0 ? AtomicFile.reason(errno) : "the disk is full")
        }
    }

    /// Removes the journal and lets its lock go: the job has confirmed or
    /// taken back every change it recorded.
    func end() {
        unlink(path)
        close(descriptor)
    }

    /// Fields end with a NUL, which no file name holds: kind, name, backup
    /// (empty for none), placed file as `device:inode` (empty for none).
    static func encode(_ entry: Entry) -> [UInt8] {
        let placed = entry.placed.map { "\($0.device):\($0.inode)" } ?? ""
        return [entry.kind.rawValue, entry.name, entry.backup ?? "", placed].flatMap { Array($0.utf8) + [0] }
    }

    /// The entries of a journal's bytes; a record cut short (the write that
    /// a kill interrupted) and anything unreadable end the list.
    static func decode(_ bytes: [UInt8]) -> [Entry] {
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // The bytes end with a NUL, so the last field is what follows it.
        fields.removeLast()
        var entries = [Entry]()
        var i = 0
        while i + 4 <= fields.count {
            guard let kind = Entry.Kind(rawValue: fields[i]), !fields[i + 1].isEmpty else { break }
            var placed: FileIdentity?
            if !fields[i + 3].isEmpty {
                let parts = fields[i + 3].split(separator: ":")
                guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { break }
                placed = FileIdentity(device: device, inode: inode)
            }
            entries.append(Entry(kind: kind, name: fields[i + 1], backup: fields[i + 2].isEmpty ? nil : fields[i + 2], placed: placed))
            i += 4
        }
        return entries
    }

    /// Takes back the changes of every journal in `folder` whose process is
    /// gone, the last first, and removes those journals, the backups they
    /// name, and the dead run's other leftovers there: its temporary files
    /// (by the process id in their names: the journal shows that process
    /// was a treeanim run writing in this folder) and the lock files of the
    /// names it changed, where no run holds them. Returns how many journals
    /// it took back.
    @discardableResult
    static func recover(in folder: String) -> Int {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var recovered = 0
        for name in names {
            guard let parsed = TemporaryName.parse(name), parsed.stem == stem, parsed.role.hasPrefix(role) else {
                continue
            }
            let path = prefix + name
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            // Held: its job is still running.
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                FileIdentity(path, followingLinks: false) == FileIdentity(descriptor: fd)
            else { continue }
            let entries = decode(read(fd))
            for entry in entries.reversed() { takeBack(entry, in: prefix) }
            var outputs = Set(entries.map(\.name))
            for other in names where other != name {
                guard let leftover = TemporaryName.parse(other), leftover.pid == parsed.pid,
                    !(leftover.stem == stem && leftover.role.hasPrefix(role))
                else { continue }
                var info = stat()
                if lstat(prefix + other, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { unlink(prefix + other) }
                outputs.insert(leftover.stem)
            }
            for output in outputs {
                OutputLock.removeIfFree(TemporaryName.hidden(beside: prefix + output, suffix: ".lock"))
            }
            unlink(path)
            recovered += 1
        }
        return recovered
    }

    /// Puts the name of `entry` back as it was before the change, where the
    /// change was made and nothing has been put there since; removes its
    /// backup.
    private static func takeBack(_ entry: Entry, in prefix: String) {
        let name = prefix + entry.name
        let backup = entry.backup.map { prefix + $0 }
        let now = FileIdentity(name, followingLinks: false)
        if entry.kind == .place, let placed = entry.placed, now == placed {
            // The dead run's file is under the name: the file it replaced
            // comes back, or the name is freed.
            if let backup, FileIdentity(backup, followingLinks: false) != nil { rename(backup, name) } else { unlink(name) }
            return
        }
        guard let backup, FileIdentity(backup, followingLinks: false) != nil else { return }
        if now == nil {
            // Moved aside (a removal, or a backup where the file system has
            // no hard links) and the name still free: it comes back.
            rename(backup, name)
        } else {
            // A second link to the file still under the name (the change
            // was not made), or the name holds a file put there since,
            // which stays.
            unlink(backup)
        }
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
