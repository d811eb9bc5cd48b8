import Foundation
import Synchronization
import TreeAnimKit

/// What the command prints as its answer (a count of frames, compare's
/// report, help, the version), written a line at a time straight to the
/// descriptor, so that a line is out as soon as it is printed (an interrupt
/// that ends the process loses none) and a failed write is known: a full
/// disk or a closed pipe is an error, not a silent success.
enum StandardOutput {
    /// The `errno` of the first write that failed; 0 while none has.
    private static let failure = Atomic<Int32>(0)

    /// Writes `text` and a line break; a failure is kept for ``finish(status:failureStatus:)``.
    static func line(_ text: String) {
        var bytes = Array((text + "\n").utf8)
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = write(STDOUT_FILENO, base + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    _ = failure.compareExchange(expected: 0, desired: n < 0 ? errno : EIO, ordering: .relaxed)
                    return
                }
                offset += n
            }
        }
    }

    /// Ends the process with `status`, or, when something printed could not
    /// be written, with one line saying so and `failureStatus` (or `status`,
    /// if that is higher).
    static func finish(status: Int32 = 0, failureStatus: Int32 = 1) -> Never {
        let code = failure.load(ordering: .relaxed)
        guard code != 0 else { exit(status) }
        Messages.error("cannot write standard output: \(String(cString: strerror(code)))")
        exit(max(status, failureStatus))
    }
}
