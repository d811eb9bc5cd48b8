import Foundation
import TestSupport

/// Runs the built `treeanim` binary, as a user would.
struct CommandRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `treeanim` that the build put beside this test bundle, whatever
    /// the configuration or scratch path; else the default debug build's.
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("treeanim").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/treeanim").path
    }()

    /// A program on `PATH`, such as ffprobe.
    static func onPath(_ name: String) -> String {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return dirs.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
    }

    /// `scripts/stitch.sh` of this checkout.
    static let stitchScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/stitch.sh").path

    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
        executable: String = binary
    ) throws -> Result {
        let process = try start(arguments, in: directory, environment: environment, executable: executable)
        return finish(process)
    }

    /// Starts a run, waits until `underWay` says it has begun writing, then
    /// sends it `signal` (SIGINT, as Ctrl-C would); returns whether it got
    /// that far.
    static func interrupt(
        _ arguments: [String], in directory: String, environment: [String: String]? = nil, signal: Int32 = SIGINT,
        executable: String = binary, underWay: () -> Bool
    ) throws -> (Bool, Result) {
        let (seen, result, _) = try timedInterrupt(
            arguments, in: directory, environment: environment, signal: signal, executable: executable,
            underWay: underWay)
        return (seen, result)
    }

    /// `interrupt`, and the seconds the run took to end after the signal. A
    /// run still going `limit` seconds after it is killed (SIGKILL), so that
    /// one that ignores the signal fails its test instead of hanging it.
    static func timedInterrupt(
        _ arguments: [String], in directory: String, environment: [String: String]? = nil, signal: Int32 = SIGINT,
        executable: String = binary, limit: Double = 20, underWay: () -> Bool
    ) throws -> (seen: Bool, result: Result, seconds: Double) {
        try timedInterrupt(
            arguments, in: directory, environment: environment, signal: signal, executable: executable, limit: limit,
            processUnderWay: { _ in underWay() })
    }

    /// `timedInterrupt`, asking `processUnderWay` about the run's process
    /// id, such as what its threads wait for in /proc.
    static func timedInterrupt(
        _ arguments: [String], in directory: String, environment: [String: String]? = nil, signal: Int32 = SIGINT,
        executable: String = binary, limit: Double = 20, processUnderWay: (Int32) -> Bool
    ) throws -> (seen: Bool, result: Result, seconds: Double) {
        let started = try start(arguments, in: directory, environment: environment, executable: executable)
        var seen = false
        // Up to 30 s: a debug build under a parallel test run is slow to start.
        for _ in 0..<1500 where !seen {
            usleep(20_000)
            seen = processUnderWay(started.0.processIdentifier)
        }
        let process = started.0
        let clock = ContinuousClock(), signalled = clock.now
        kill(process.processIdentifier, signal)
        while process.isRunning, signalled.duration(to: clock.now) < .seconds(limit) { usleep(10_000) }
        let seconds = signalled.duration(to: clock.now)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        return (seen, finish(started), Double(seconds.components.seconds) + Double(seconds.components.attoseconds) * 1e-18)
    }

    /// Runs to the end, and the most memory the run held (VmHWM, in bytes),
    /// read while it runs; a run that passes `limit` bytes is killed
    /// (SIGKILL) then, so that a run that would fill the machine's memory
    /// fails its test instead.
    static func runMeasuringMemory(
        _ arguments: [String], in directory: String, limit: Int
    ) throws -> (result: Result, peak: Int) {
        let started = try start(arguments, in: directory)
        let pid = started.0.processIdentifier
        var peak = 0
        while started.0.isRunning {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            let fields = line?.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let kB = fields?.dropFirst().first.flatMap({ Int($0) }) { peak = max(peak, kB * 1024) }
            if peak > limit { kill(pid, SIGKILL) }
            usleep(10_000)
        }
        return (finish(started), peak)
    }

    /// Runs `arguments` through `sh` with `redirection` applied to the
    /// binary's streams, such as `2>&-` (standard error closed).
    static func run(_ arguments: [String], in directory: String, redirecting redirection: String) throws -> Result {
        try run(["-c", "exec \"$0\" \"$@\" " + redirection, binary] + arguments, in: directory, executable: "/bin/sh")
    }

    static func start(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
        executable: String = binary
    ) throws -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return (p, out, err)
    }

    static func finish(_ started: (Process, Pipe, Pipe)) -> Result {
        let (p, out, err) = started
        // Read both pipes before waiting, so a chatty child cannot block.
        let group = DispatchGroup()
        nonisolated(unsafe) var stdout = Data()
        DispatchQueue.global().async(group: group) { stdout = out.fileHandleForReading.readDataToEndOfFile() }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh empty folder for one test.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "treeanim-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The names in `folder`, hidden ones (temporary files) included, sorted.
    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// ffprobe's view of a video: frames, width, height, frame rate.
    static func probe(_ path: String) throws -> (frames: Int, width: Int, height: Int, rate: String) {
        let probe = try Probe(path)
        return (probe.frames, probe.width, probe.height, probe.rate)
    }
}
