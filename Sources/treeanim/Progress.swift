import Foundation
import Synchronization
import TreeAnimKit

/// Progress on stderr: a live bar when stderr is a terminal, nothing but the
/// final summary line otherwise (logs stay readable).
final class Progress: Sendable {
    let isTerminal = isatty(STDERR_FILENO) != 0
    private let started = ContinuousClock.now
    /// When the bar was last drawn; `started` while it is not on screen.
    private let lastDrawn: Mutex<ContinuousClock.Instant>

    init() {
        lastDrawn = Mutex(started)
    }

    @Sendable func update(_ done: Int, _ total: Int) {
        guard isTerminal else { return }
        let now = ContinuousClock.now
        let due = lastDrawn.withLock { last in
            guard done == total || now - last > .milliseconds(100) else { return false }
            last = now
            return true
        }
        guard due else { return }
        let elapsed = Format.seconds(started.duration(to: now))
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        Messages.write(
            "\r\(bar) \(done)/\(total) frames  \(Int(rate.rounded())) fps  ETA \(Format.fixed(eta, 1)) s ")
    }

    /// Clears the bar; safe to call more than once.
    func finish() {
        let drawn = lastDrawn.withLock { last in
            defer { last = started }
            return last != started
        }
        if isTerminal, drawn { Messages.write("\r\u{1B}[K") }
    }
}

/// Ctrl-C, SIGTERM and a hang-up (the terminal closed) set a flag that the
/// render loop polls between chunks and between commits, so it can stop
/// ffmpeg, put back the files it replaced and remove temporary files before
/// exiting, instead of dying with them half done.
///
/// While nothing is under way that would be left half done (before a render
/// job starts, or while `compare` reads frames and no diff image is being
/// written), an interrupt ends the process at once: a read blocked on a
/// FIFO or a stalled mount cannot hold it, and it has nothing to undo.
final class Interruption: Sendable {
    static let shared = Interruption()
    private let flag = Atomic(false)
    // Set once, by `install()` on the main thread before any work starts;
    // kept only so the sources live as long as the process.
    private nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    private struct State {
        /// Whether the render job has started: from then on the job
        /// cleans up before it exits.
        var rendering = false
        /// Writes under way that must not be cut short.
        var writes = 0
        var interrupted = false
        /// The line an interrupt that ends the process at once writes.
        var message = "interrupted; nothing was written"
        /// How a server ends on an interrupt: what it removes first, the
        /// line it says (not an error) and its status.
        var stop: (cleanup: @Sendable () -> Void, line: String, status: Int32)?
    }

    /// Locked by the signal handler while it decides, and held while it
    /// exits, so a write cannot start between the decision and the exit.
    private let state = Mutex(State())

    var happened: Bool { flag.load(ordering: .relaxed) }

    func startRendering() { state.withLock { $0.rendering = true } }

    /// What an interrupt that ends the process at once says, instead of
    /// "interrupted; nothing was written".
    func setMessage(_ message: String) { state.withLock { $0.message = message } }

    /// Makes an interrupt the way a server stops: `cleanup` runs, `line`
    /// is written to stderr, and the process exits with `status`.
    func setStop(line: String, status: Int32 = 0, cleanup: @escaping @Sendable () -> Void) {
        state.withLock { $0.stop = (cleanup, line, status) }
    }

    /// Runs `write` unless an interrupt has come, and holds off ending the
    /// process at once while it runs; whether it ran.
    func uninterrupted(_ write: () -> Void) -> Bool {
        let started = state.withLock { state in
            guard !state.interrupted else { return false }
            state.writes += 1
            return true
        }
        guard started else { return false }
        write()
        state.withLock { state in
            state.writes -= 1
            // An interrupt that came during the write: other threads may be
            // blocked reading, so the process ends here rather than waiting
            // for them.
            if state.interrupted { Self.endIfIdle(state) }
        }
        return true
    }

    /// Ends the process, with the state's message, when nothing under way
    /// needs finishing.
    private static func endIfIdle(_ state: State) {
        guard !state.rendering, state.writes == 0 else { return }
        // What the run started goes with it (espeak-ng saying captions).
        ChildProcess.stopAll()
        if let stop = state.stop {
            stop.cleanup()
            Messages.write(stop.line + "\n")
            _exit(stop.status)
        }
        Messages.error(state.message)
        _exit(130)
    }

    func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig, SIG_IGN)
            // nohup ignores the hang-up so that the run outlives its
            // terminal; it stays ignored.
            if sig == SIGHUP, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                self.flag.store(true, ordering: .relaxed)
                self.state.withLock { state in
                    state.interrupted = true
                    Self.endIfIdle(state)
                }
            }
            source.resume()
            Self.sources.append(source)
        }
    }
}
