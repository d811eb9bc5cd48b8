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

    /// Starts a run, waits until `underWay` says it has got where the test
    /// wants it, then sends it `signal` (SIGINT, as Ctrl-C would); returns
    /// whether it got that far, and how the run ended.
    ///
    /// Both waits are for events, with ``Patience/runSeconds`` as a safety
    /// net: a run that never gets under way is signalled anyway, and one
    /// still going that long after the signal is killed (SIGKILL), so that
    /// a run that ignores the signal fails its test instead of hanging it.
    static func interrupt(
        _ arguments: [String], in directory: String, environment: [String: String]? = nil, signal: Int32 = SIGINT,
        executable: String = binary, underWay: () -> Bool, afterSignal: () -> Void = {}
    ) throws -> (Bool, Result) {
        try interrupt(
            arguments, in: directory, environment: environment, signal: signal, executable: executable,
            processUnderWay: { _ in underWay() }, afterSignal: afterSignal)
    }

    /// `interrupt`, asking `processUnderWay` about the run's process id,
    /// such as what its threads wait for in /proc.
    static func interrupt(
        _ arguments: [String], in directory: String, environment: [String: String]? = nil, signal: Int32 = SIGINT,
        executable: String = binary, processUnderWay: (Int32) -> Bool, afterSignal: () -> Void = {}
    ) throws -> (Bool, Result) {
        let started = try start(arguments, in: directory, environment: environment, executable: executable)
        let process = started.0
        var seen = false
        Wait.until {
            seen = processUnderWay(process.processIdentifier)
            return seen || !process.isRunning
        }
        kill(process.processIdentifier, signal)
        afterSignal()
        Wait.untilExit(of: process)
        return (seen, finish(started))
    }

    /// The ids of the processes whose working folder is `folder` or inside it.
    static func processes(workingIn folder: String) -> [Int32] {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return ids.filter { pid in
            guard let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd") else { return false }
            return cwd == resolved || cwd.hasPrefix(resolved + "/")
        }
    }

    /// Runs to the end, and the most memory the run held (VmHWM, in bytes),
    /// read while it runs; a run that passes `limit` bytes is killed
    /// (SIGKILL) then, so that a run that would fill the machine's memory
    /// fails its test instead.
    static func runMeasuringMemory(
        _ arguments: [String], in directory: String, limit: Int, input: Pipe? = nil
    ) throws -> (result: Result, peak: Int) {
        let started = try start(arguments, in: directory, input: input)
        let pid = started.0.processIdentifier
        var peak = 0
        // Bounded by `limit`, not by time: a run that keeps growing is killed there.
        Wait.until(patience: .seconds(86_400)) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            let fields = line?.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let kB = fields?.dropFirst().first.flatMap({ Int($0) }) { peak = max(peak, kB * 1024) }
            if peak > limit { kill(pid, SIGKILL) }
            return !started.0.isRunning
        }
        return (finish(started), peak)
    }

    /// Runs `arguments` through `sh` with `redirection` applied to the
    /// binary's streams, such as `2>&-` (standard error closed).
    static func run(_ arguments: [String], in directory: String, redirecting redirection: String) throws -> Result {
        try run(["-c", "exec \"$0\" \"$@\" " + redirection, binary] + arguments, in: directory, executable: "/bin/sh")
    }

    /// Starts a run reading `input` as its standard input, else nothing.
    static func start(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
        executable: String = binary, input: Pipe? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        if let input { p.standardInput = input } else { p.standardInput = FileHandle.nullDevice }
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
        try TestFolders.make("cli")
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
