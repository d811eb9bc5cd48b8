import Foundation
import TreeAnimKit

/// The limit on files a process may have open at once (`ulimit -n`).
///
/// A run opens fontconfig's files, a temporary file per render thread,
/// ffmpeg's pipes and the sockets Foundation starts ffmpeg with. Under a
/// limit of a few dozen, fontconfig finds no font and Foundation traps or
/// hangs when it cannot make its pipes, so a run checks the limit first,
/// and an error caused by reaching it later says so.
enum FileLimit {
    /// What a run needs, with room for 64 render threads writing PNG frames
    /// beside an ffmpeg: measured, the default GIF takes 28, a deck with
    /// --steps-dir and --frames-dir about 40.
    static let needed = 256

    /// Raises the soft limit towards the hard one when it is under
    /// ``needed`` (as `ulimit -Sn 64` leaves it), and refuses a run when
    /// even the hard limit is under it.
    static func ensure() throws {
        var limit = rlimit()
        guard getrlimit(Self.resource, &limit) == 0, limit.rlim_cur < rlim_t(needed) else { return }
        if limit.rlim_max > limit.rlim_cur {
            // 1024 is Linux's usual soft limit: enough, and no more than a
            // select(2) anywhere in the libraries can watch.
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1024)
            if setrlimit(Self.resource, &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur < rlim_t(needed) else { return }
        throw CommandFailure(
            "the limit on open files is \(limit.rlim_cur) (ulimit -n), too few for treeanim,"
                + " which needs \(needed): raise the limit, e.g. ulimit -n 1024")
    }

    /// `message` with the limit named, when it reports that the process
    /// (EMFILE) or the system (ENFILE) has as many files open as it may.
    static func explained(_ message: String) -> String {
        if message.contains(systemMessage(ENFILE)) {
            return message + " (the system's limit on open files; see fs.file-max)"
        }
        if message.contains(systemMessage(EMFILE)) {
            var limit = rlimit()
            let value = getrlimit(Self.resource, &limit) == 0 ? " of \(limit.rlim_cur)" : ""
            return message + " (the limit\(value) open files, ulimit -n, is reached: raise it)"
        }
        return message
    }

    // Glibc imports RLIMIT_NOFILE as an enum case, not the Int32 the calls take.
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
