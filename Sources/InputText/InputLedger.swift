#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A regular file a run has read, by the identity it had when read (its
/// device and inode: the same under every name of the file, hard links and
/// symbolic links followed), with the name it was read by and the role it
/// played, as the messages say it (`the input file`, `--ops-file`).
public struct ReadFile: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    /// The path as given; nil for standard input.
    public let path: String?
    public let role: String

    public init(device: UInt64, inode: UInt64, path: String?, role: String) {
        self.device = device
        self.inode = inode
        self.path = path
        self.role = role
    }
}

/// The files one run reads, so that no output of the run can be one of
/// them: an output written over its own input would destroy the input.
///
/// A run makes one ledger and makes it ``current`` while it reads;
/// ``InputSource/read(limit:role:)`` records every regular file it reads
/// into the current ledger, whatever reader asked, so a reader needs no
/// part in it. Files read by others (a font through FreeType) are recorded
/// by ``record(path:role:)``. Only regular files are kept: an output can
/// only replace a regular file (a device, a pipe or a socket is refused as
/// an output before anything is written).
///
///     let ledger = InputLedger()
///     try InputLedger.$current.withValue(ledger) { try run() }
///     ledger.files  // what the run read
public final class InputLedger: Sendable {
    /// The ledger of the run under way in this task, if it keeps one.
    @TaskLocal public static var current: InputLedger?

    private let entries = Mutex<[ReadFile]>([])

    public init() {}

    /// Every file recorded, once each, in the order first read.
    public var files: [ReadFile] { entries.withLock { $0 } }

    /// Records the regular file open as `descriptor`, read by `path` (nil
    /// for standard input) in `role`. A file recorded already keeps its
    /// first role unless that was the generic one and this one names a flag.
    public func record(descriptor: Int32, path: String?, role: String? = nil) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return }
        add(info, path: path, role: role)
    }

    /// Records the regular file `path` names, symbolic links followed;
    /// nothing when there is none.
    public func record(path: String, role: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        add(info, path: path, role: role)
    }

    private func add(_ info: stat, path: String?, role: String?) {
        guard info.st_mode & S_IFMT == S_IFREG else { return }
        let file = ReadFile(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), path: path,
            role: role ?? (path == nil ? "standard input" : "the input file"))
        entries.withLock { entries in
            if let i = entries.firstIndex(where: { $0.device == file.device && $0.inode == file.inode }) {
                if role != nil, entries[i].role == "the input file" { entries[i] = file }
            } else {
                entries.append(file)
            }
        }
    }
}
