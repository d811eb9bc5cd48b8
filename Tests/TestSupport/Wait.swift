import Foundation

/// Waiting for an event a test can only look at, such as a process's state
/// in /proc or a file appearing: the one place, with the browser's own
/// waits, where a test sleeps, briefly, between looks.
public enum Wait {
    /// Looks at `condition` every `interval` until it holds, and says
    /// whether it did; after `patience`, a safety net only, it gives up.
    @discardableResult
    public static func until(
        patience: Duration = .seconds(Patience.runSeconds), every interval: Duration = .milliseconds(10),
        _ condition: () -> Bool
    ) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        while !condition() {
            guard start.duration(to: clock.now) < patience else { return false }
            let (seconds, attoseconds) = interval.components
            usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
        return true
    }

    /// Waits for `process` to end, killing it (SIGKILL) if it is still
    /// running after `patience`, so that a run that would wait forever
    /// fails its test instead of hanging it; whether it ended by itself.
    @discardableResult
    public static func untilExit(of process: Process, patience: Duration = .seconds(Patience.runSeconds)) -> Bool {
        let ended = until(patience: patience) { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        return ended
    }
}
