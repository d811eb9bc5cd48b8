import Synchronization

/// The last `(done, total)` a job reported.
final class LastProgress: Sendable {
    private let last = Mutex((0, 0))

    @Sendable func record(_ done: Int, _ total: Int) {
        last.withLock { $0 = (done, total) }
    }

    var value: (Int, Int) { last.withLock { $0 } }
}
