import Foundation
import Testing
import TestSupport

/// The run stays in the user's hands whatever goes on around it: it stops
/// soon after an interrupt whatever ffmpeg does, keeps its memory within a
/// budget, refuses to write an output another run is writing, and never
/// traps on a stream it cannot write.
@Suite(.tags(.cli)) struct CommandReliabilityTests {
    /// An ffmpeg that reads a little, writes its process id to
    /// `bin/stalled`, and then stops reading without exiting for longer
    /// than a test waits (``Patience/runSeconds``); the second also ignores
    /// SIGTERM. A run that waited for it to end would be killed by the
    /// test's safety net and fail, whatever the machine's speed.
    enum StalledFFmpeg: String, CaseIterable, Sendable {
        case stopsReading, stopsReadingAndIgnoresTerm

        var script: String {
            let stall = "head -c 100000 >/dev/null\necho $$ >\"$(dirname \"$0\")/stalled\"\n"
            let wait = Int(Patience.runSeconds) * 2
            switch self {
            case .stopsReading: return stall + "exec sleep \(wait)\n"
            case .stopsReadingAndIgnoresTerm:
                return "trap '' TERM\n" + stall + "i=0; while [ $i -lt \(wait) ]; do sleep 1; i=$((i+1)); done\n"
            }
        }

        /// Whether the fake in `bin` has stalled and the pipe to it is
        /// full: the run's writer is waiting for room that never comes.
        static func hasStalledTheWriter(in bin: String) -> Bool {
            guard let pid = Pipes.stalledProcess(recordedIn: bin + "/stalled") else { return false }
            return Pipes.isFull(readBy: pid)
        }
    }

    static let stallCases: [(StalledFFmpeg, Int32)] = StalledFFmpeg.allCases.flatMap { [($0, SIGINT), ($0, SIGTERM)] }

    /// The run ends on the signal, not when ffmpeg would: it stops waiting
    /// on the pipe, stops ffmpeg (killing it when it ignores SIGTERM), and
    /// puts everything back.
    @Test(arguments: stallCases)
    func anInterruptEndsTheRunWhateverFFmpegDoes(_ ffmpeg: StalledFFmpeg, _ signal: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        let bin = try Self.fakeFFmpeg(ffmpeg.script, in: dir)
        try "old".write(toFile: dir + "/out.mp4", atomically: false, encoding: .utf8)
        // Frames of 900 kB: the second fills the pipe that ffmpeg has stopped reading.
        let (seen, r) = try CommandRunner.interrupt(
            ["--values", "50,17,72", "--size", "640x360", "--threads", "1", "-o", "out.mp4"], in: dir,
            environment: ["PATH": bin + ":/usr/bin:/bin"], signal: signal
        ) { StalledFFmpeg.hasStalledTheWriter(in: bin) }
        #expect(seen)
        #expect(r.status == 130, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("interrupted"))
        #expect(CommandRunner.files(in: dir) == ["bin", "out.mp4"])
        #expect(FileManager.default.contents(atPath: dir + "/out.mp4") == Data("old".utf8))
    }

    /// The same for the outputs that cut the frames into one clip a step,
    /// each clip its own ffmpeg: the clip being written stops waiting, and
    /// every other clip's ffmpeg is stopped with it.
    @Test(arguments: [
        (StalledFFmpeg.stopsReading, SIGINT, ["-o", "out.html"]),
        (.stopsReadingAndIgnoresTerm, SIGTERM, ["-o", "out.pptx"]),
        (.stopsReading, SIGHUP, ["-o", "out.gif", "--steps-dir", "steps"]),
    ] as [(StalledFFmpeg, Int32, [String])])
    func anInterruptEndsAStepClipRunWhateverFFmpegDoes(
        _ ffmpeg: StalledFFmpeg, _ signal: Int32, _ output: [String]
    ) throws {
        let dir = try CommandRunner.temporaryFolder()
        let bin = try Self.fakeFFmpeg(ffmpeg.script, in: dir)
        let old = output[1]
        try "old".write(toFile: dir + "/" + old, atomically: false, encoding: .utf8)
        let (seen, r) = try CommandRunner.interrupt(
            ["--values", "50,17,72", "--size", "640x360", "--threads", "1"] + output, in: dir,
            environment: ["PATH": bin + ":/usr/bin:/bin"], signal: signal
        ) { StalledFFmpeg.hasStalledTheWriter(in: bin) }
        #expect(seen)
        #expect(r.status == 130, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["bin", old])
        #expect(FileManager.default.contents(atPath: dir + "/" + old) == Data("old".utf8))
    }

    /// 512 MiB for canvases, and room for the program, its font and a PNG.
    static let memoryLimit = (512 + 160) << 20

    @Test func hugeFramesRenderOnFewerThreadsWithinTheMemoryBudget() throws {
        let dir = try CommandRunner.temporaryFolder()
        let (r, peak) = try CommandRunner.runMeasuringMemory(
            ["--values", "3,1", "--size", "8192x8192", "--threads", "64", "--frame-range", "0:2", "-o", "f/"], in: dir,
            limit: Self.memoryLimit)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(peak < Self.memoryLimit, "peak \(peak >> 20) MiB")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.first == "--threads 64 lowered to 1: 8192×8192 frames take 256 MiB each, and the canvases are held to 512 MiB")
        #expect(CommandRunner.files(in: dir + "/f") == ["frame_00000.png", "frame_00001.png"])
    }

    /// A run that lasts seconds, in debug builds too (3,782 frames: about
    /// 4 s to a folder and 6 s to MP4 on this project's 2-core machine), so
    /// that another run can start while it writes.
    static let long = ["--inserts", "12", "--seed", "1", "--size", "320x180", "--threads", "1", "--fps", "48"]

    /// Whether a run into `output` in `dir` has begun to write.
    static func underWay(_ output: String, in dir: String) -> Bool {
        output.hasSuffix("/")
            ? !CommandRunner.files(in: dir + "/" + output).isEmpty
            : CommandRunner.files(in: dir).contains { $0.hasPrefix(".\(output).tmp") }
    }

    /// Waits for a run into `output` in `dir` to begin writing, and
    /// returns as soon as it has (after ``Patience/runSeconds`` at most, a
    /// safety net).
    static func waitUntilUnderWay(_ output: String, in dir: String) {
        Wait.until { underWay(output, in: dir) }
    }

    @Test(arguments: ["out.mp4", "frames/"])
    func aSecondRunIntoAnOutputBeingWrittenIsRefused(_ output: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let first = try CommandRunner.start(Self.long + ["-o", output], in: dir)
        Self.waitUntilUnderWay(output, in: dir)
        let second = try CommandRunner.run(Self.long + ["-o", output], in: dir)
        let firstResult = CommandRunner.finish(first)
        let name = output.hasSuffix("/") ? String(output.dropLast()) : output
        #expect(second.status == 1)
        #expect(second.stderr == "treeanim: error: -o: '\(name)' is being written by another treeanim run: wait for it to end, or write elsewhere\n")
        #expect(firstResult.status == 0, "stderr: \(firstResult.stderr)")
        #expect(firstResult.stderr.hasPrefix("wrote \(output): "))
        #expect(CommandRunner.files(in: dir) == [name])
    }

    @Test func aFolderNamedFFmpegOnPATHIsPassedOverAndNamedWhenNoFFmpegFollows() throws {
        let dir = try CommandRunner.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/bin/ffmpeg", withIntermediateDirectories: true)
        let arguments = ["--values", "3,1", "--size", "128x72", "--fps", "5", "-o", "out.gif"]
        let alone = try CommandRunner.run(arguments, in: dir, environment: ["PATH": dir + "/bin"])
        #expect(alone.status == 1)
        #expect(alone.stderr.hasPrefix("treeanim: error: ffmpeg not found on PATH: '\(dir)/bin/ffmpeg' is a folder"), "stderr: \(alone.stderr)")
        #expect(alone.stderr.split(separator: "\n").count == 1)
        #expect(CommandRunner.files(in: dir) == ["bin"])
        let followed = try CommandRunner.run(arguments, in: dir, environment: ["PATH": dir + "/bin:/usr/bin:/bin"])
        #expect(followed.status == 0, "stderr: \(followed.stderr)")
        #expect(CommandRunner.files(in: dir) == ["bin", "out.gif"])
    }

    /// Standard error full or closed: messages are lost, the status is not.
    @Test(arguments: ["2>/dev/full", "2>&-"])
    func aFullOrClosedStandardErrorNeverTraps(_ redirection: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let usage = try CommandRunner.run(["--inserts", "0"], in: dir, redirecting: redirection)
        #expect(usage.status == 64)
        let failed = try CommandRunner.run(["--values", "3,1", "-o", "missing/f/"], in: dir, redirecting: redirection)
        #expect(failed.status == 1)
        let ran = try CommandRunner.run(
            ["--values", "3,1", "--size", "128x72", "--frame-range", "0:3", "-o", "f/", "--dump-scene", "d.jsonl"], in: dir,
            redirecting: redirection)
        #expect(ran.status == 0)
        #expect(CommandRunner.files(in: dir + "/f").count == 3)
        let dump = String(decoding: FileManager.default.contents(atPath: dir + "/d.jsonl") ?? Data(), as: UTF8.self)
        #expect(dump.split(separator: "\n").map { $0.first } == ["{", "{", "{"])
    }

    /// A closed stderr is reopened on /dev/null, so that no file the run
    /// opens takes its number and gets its messages.
    @Test func aClosedStandardErrorBecomesTheNullDevice() throws {
        let dir = try CommandRunner.temporaryFolder()
        let run = try CommandRunner.start(
            ["-c", "exec \"$0\" \"$@\" 2>&-", CommandRunner.binary] + Self.long + ["-o", "frames/"], in: dir,
            executable: "/bin/sh")
        Self.waitUntilUnderWay("frames/", in: dir)
        let stderr = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(run.0.processIdentifier)/fd/2")
        kill(run.0.processIdentifier, SIGINT)
        #expect(CommandRunner.finish(run).status == 130)
        #expect(stderr == "/dev/null")
    }

    /// Writes an executable `ffmpeg` script into `dir/bin`; the folder.
    static func fakeFFmpeg(_ script: String, in dir: String) throws -> String {
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + script).write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        return bin
    }
}
