import Output
import Synchronization

/// The first error of a job's workers and writer: the one reported, since
/// later ones are usually its consequences.
final class FirstError: Sendable {
    private let error = Mutex<OutputError?>(nil)

    func record(_ e: OutputError) {
        error.withLock { $0 = $0 ?? e }
    }

    var current: OutputError? { error.withLock { $0 } }
}
