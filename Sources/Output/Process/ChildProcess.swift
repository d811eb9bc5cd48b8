import CSpawn
import Foundation
import Synchronization

/// A program the run starts (ffmpeg, espeak-ng), which ends with the run.
///
/// It starts as if from a shell: an empty signal mask and every signal's
/// default action, whatever the run blocks (a pool thread blocks them all)
/// or ignores (the run ignores SIGINT, SIGTERM and SIGHUP to handle them
/// itself, and an ignored signal stays ignored across exec), so a signal
/// meant for it ends it. It has only its three standard streams: no other
/// descriptor of the run (another child's pipe) leaks into it and keeps a
/// pipe from ending.
///
/// Every child still running is listed, so that a run that ends at once,
/// on an interrupt, takes them with it (``stopAll()``); one that is waited
/// for is reaped then. Should the run be killed outright, its end of each
/// pipe closes: ffmpeg reads the end of its input and stops, espeak-ng's
/// next write fails and ends it.
public final class ChildProcess: Sendable {
    public let processIdentifier: pid_t
    /// Whether it leads a process group of its own, signalled as one.
    private let ownGroup: Bool
    /// The exit status once reaped: the code it exited with, or 128 plus
    /// the signal that ended it, as a shell says it.
    private let status = Mutex<Int32?>(nil)
    /// Set once reaped, read without the lock a blocking wait holds.
    private let ended = Atomic(false)

    /// The children running, by process id, whether each leads a group;
    /// and whether the run is ending, when no child may start.
    private static let running = Mutex<(children: [pid_t: Bool], closed: Bool)>(([:], false))

    /// Starts `executable` with `arguments`; `input`, `output` and `error`
    /// are descriptors for its standard streams (nil: /dev/null), which
    /// the caller closes on its side once started. With `ownGroup` it
    /// leads its own process group.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, input: Int32? = nil,
        output: Int32? = nil, error: Int32? = nil, ownGroup: Bool = false
    ) throws(ChildProcessError) {
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } }
        defer {
            for p in argv { free(p) }
            for p in envp ?? [] { free(p) }
        }
        var pid: pid_t = 0
        // Started and listed under the lock, so that a run that ends stops
        // every child it has, one being started included, and no other
        // starts after.
        let result = Self.running.withLock { running in
            guard !running.closed else { return ECANCELED }
            let result = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
                if let envp {
                    return (envp + [nil]).withUnsafeBufferPointer { envBuffer in
                        cspawn(&pid, executable, argvBuffer.baseAddress, envBuffer.baseAddress, input ?? -1, output ?? -1, error ?? -1, ownGroup ? 1 : 0)
                    }
                }
                return cspawn(&pid, executable, argvBuffer.baseAddress, nil, input ?? -1, output ?? -1, error ?? -1, ownGroup ? 1 : 0)
            }
            if result == 0 { running.children[pid] = ownGroup }
            return result
        }
        guard result == 0 else { throw ChildProcessError(executable: executable, reason: String(cString: strerror(result))) }
        processIdentifier = pid
        self.ownGroup = ownGroup
    }

    /// Whether it has not ended yet; reaps it when it has.
    public var isRunning: Bool { reap(waiting: false) == nil }

    /// Waits for it to end and reaps it; its exit status (0 for success).
    @discardableResult
    public func waitUntilExit() -> Int32 {
        // Not nil: a blocking wait returns only once the child has ended.
        reap(waiting: true) ?? 1
    }

    /// Sends `signal` to it, and to what it started where it leads a group.
    public func send(_ signal: Int32) {
        // A reaped child's id may be another process's by now.
        guard !ended.load(ordering: .acquiring) else { return }
        if ownGroup, kill(-processIdentifier, signal) == 0 { return }
        kill(processIdentifier, signal)
    }

    /// Kills every child still running (with what each started), for a run
    /// that ends at once, and lets none start after; the system reaps them
    /// once the run has gone.
    public static func stopAll() {
        running.withLock { running in
            running.closed = true
            for (pid, group) in running.children {
                if !group || kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
            }
        }
    }

    /// The exit status once it has ended, reaping it; nil while it runs.
    private func reap(waiting: Bool) -> Int32? {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(processIdentifier, &raw, waiting ? 0 : WNOHANG) } while result < 0 && errno == EINTR
            // Not ours to wait for (reaped elsewhere): it has ended all the same.
            guard result != 0 else { return nil }
            let low = raw & 0x7f
            status = result < 0 ? 1 : low == 0 ? (raw >> 8) & 0xff : 128 + low
            ended.store(true, ordering: .releasing)
            _ = Self.running.withLock { $0.children.removeValue(forKey: processIdentifier) }
            return status
        }
    }

    deinit {
        // A child never waited for is still reaped, so none is left a zombie.
        if !ended.load(ordering: .acquiring) { _ = reap(waiting: true) }
    }
}

/// A program that could not be started, with the system's reason.
public struct ChildProcessError: Error, Equatable, Sendable {
    public var executable: String
    public var reason: String
}
