import Foundation
import Synchronization

/// Where a crash test stops a run so that it can kill it there, as a crash
/// would find it. With `TREEANIM_STOP_AT=commit:N` in its environment the
/// process stops itself (SIGSTOP) after it has renamed its Nth file into
/// place, in the middle of its commits; the test sees it stopped
/// (`/proc/PID/stat`) and kills it (SIGKILL), then checks what the next run
/// makes of what is left. Unset, as for everyone else, it costs a load and
/// a compare per file placed.
enum Failpoint {
    private static let stopAfter: Int? = {
        guard let value = ProcessInfo.processInfo.environment["TREEANIM_STOP_AT"], value.hasPrefix("commit:") else {
            return nil
        }
        return Int(value.dropFirst("commit:".count))
    }()

    private static let placements = Atomic(0)

    /// Counts one file placed, and stops the process at the one asked for.
    static func placed() {
        guard let stopAfter else { return }
        if placements.add(1, ordering: .relaxed).newValue == stopAfter { raise(SIGSTOP) }
    }
}
