#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension InputSource {
    /// The input's bytes, refused as soon as it is known to hold more than
    /// `limit`: a regular file by its size, before a byte is read; anything
    /// else (standard input, a pipe, a device such as `/dev/zero`) once more
    /// than `limit` bytes have come, so an endless input costs `limit` bytes
    /// of memory and the time to read them, never more.
    ///
    /// A directory is refused. A named pipe is opened without waiting for a
    /// writer (opening one for reading otherwise blocks until some program
    /// opens it for writing, which may be never): if the first read finds
    /// its end, no program is writing to it, and it is refused. A pipe with
    /// a writer is read to its end, waiting for data as `cat` would; so is
    /// standard input. An anonymous pipe named by a path (`/dev/stdin`, the
    /// `/dev/fd/N` of a process substitution) that is already at its end is
    /// empty, not refused.
    ///
    /// While it waits, the process's signal handling decides what Ctrl-C
    /// does: the reads and waits are retried after a handled signal.
    ///
    /// A regular file read is recorded in the ``InputLedger/current``
    /// ledger, if any, in `role` (by default `the input file`, or `standard
    /// input`), so that no output of the run can replace it.
    ///
    /// - Complexity: O(*n*) in the bytes read, at most `limit` plus one
    ///   chunk of 256 KiB.
    public func read(limit: Int, role: String? = nil) throws(InputError) -> [UInt8] {
        switch self {
        case .standardInput:
            InputLedger.current?.record(descriptor: STDIN_FILENO, path: nil, role: role)
            return try readAll(STDIN_FILENO, limit: limit, byPath: false)
        case .path(let path):
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                throw code == ENOENT ? .noSuchFile : .cannotOpen(reason: reason(code))
            }
            defer { close(fd) }
            InputLedger.current?.record(descriptor: fd, path: path, role: role)
            return try readAll(fd, limit: limit, byPath: true)
        }
    }
}

/// Reads `fd` to its end, or refuses it as ``InputSource/read(limit:)`` says.
/// `byPath`: the input was opened here by its path (a named pipe's writer
/// can only be missing then).
private func readAll(_ fd: Int32, limit: Int, byPath: Bool) throws(InputError) -> [UInt8] {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .cannotRead(reason: reason(errno)) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw .directory }
    var bytes: [UInt8] = []
    if type == S_IFREG {
        let size = Int(info.st_size)
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        // One more byte than the size, so the read that finds the end (or a
        // file grown since) needs no new storage.
        bytes.reserveCapacity(size + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    var first = true
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge(size: nil, limit: limit) }
            first = false
            continue
        }
        if count == 0 {
            if first, byPath, type == S_IFIFO, !isAnonymousPipe(fd) { throw .pipeWithoutWriter }
            return bytes
        }
        let code = errno
        switch code {
        case EINTR:
            continue
        case EAGAIN, EWOULDBLOCK:
            // A writer holds the pipe (or a terminal has nothing typed yet):
            // wait for data or its end.
            first = false
            var wanted = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&wanted, 1, -1) < 0, errno == EINTR {}
        case EISDIR:
            throw .directory
        default:
            throw .cannotRead(reason: reason(code))
        }
    }
}

/// Whether `fd` is a pipe without a name (Linux shows it as `pipe:[inode]`
/// in /proc); `false` where that cannot be told.
private func isAnonymousPipe(_ fd: Int32) -> Bool {
    var target = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/self/fd/\(fd)", &target, target.count - 1)
    guard count > 0 else { return false }
    return String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("pipe:")
}

/// The system's reason for `code`, to go after a colon: `permission denied`.
private func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}
