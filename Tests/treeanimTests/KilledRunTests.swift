import Foundation
import Testing
import TestSupport

/// A run killed with SIGKILL (the OOM killer, a power cut) cleans up
/// nothing; the next run into the same place does: it takes back a killed
/// run's half-made commits and removes its temporary files, and touches
/// nothing else.
@Suite(.tags(.cli)) struct KilledRunTests {
    static let long = CommandReliabilityTests.long
    static let tiny = ["--values", "3,1", "--size", "128x72", "--fps", "5"]

    /// A process id no process can have: past the system's largest.
    static let deadPID: Int = {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? "4194304"
        return (Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 4_194_304) + 1
    }()

    /// The environment of this process, with `extra` added.
    static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(extra) { $1 }
    }

    /// Starts `arguments`, waits until the run stops itself where
    /// `TREEANIM_STOP_AT` says (it shows as stopped in /proc), kills it
    /// there, and returns how it ended and whether it got there.
    static func killStopped(_ arguments: [String], in dir: String, at point: String) throws -> (Bool, CommandRunner.Result) {
        let started = try CommandRunner.start(arguments, in: dir, environment: environment(["TREEANIM_STOP_AT": point]))
        let pid = started.0.processIdentifier
        let stopped = waitUntilStopped(pid)
        kill(pid, SIGKILL)
        return (stopped, CommandRunner.finish(started))
    }

    static func hidden(in folder: String) -> [String] {
        CommandRunner.files(in: folder).filter { $0.hasPrefix(".") }
    }

    @Test func aRunAfterARunKilledWhileWritingFramesLeavesOnlyItsOwn() throws {
        let dir = try CommandRunner.temporaryFolder()
        let (seen, killed) = try CommandRunner.interrupt(Self.long + ["-o", "frames/"], in: dir, signal: SIGKILL) {
            Self.hidden(in: dir + "/frames").count > 10
        }
        #expect(seen && killed.status == SIGKILL)
        #expect(Self.hidden(in: dir + "/frames").contains { $0.hasPrefix(".frame_") }, "the killed run left its frames")
        let r = try CommandRunner.run(Self.tiny + ["-o", "frames/"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // Exactly the frames the run says it wrote, from the first.
        let count = try #require((r.stdout + r.stderr).firstMatch(of: /: (\d+) frames/).flatMap { Int($0.1) }, "\(r.stderr)")
        #expect(count > 10)
        #expect(CommandRunner.files(in: dir + "/frames") == (0..<count).map { String(format: "frame_%05d.png", $0) })
        #expect(CommandRunner.files(in: dir) == ["frames"])
    }

    @Test func aRunAfterARunKilledWhileEncodingLeavesOnlyItsVideo() throws {
        let dir = try CommandRunner.temporaryFolder()
        let (seen, killed) = try CommandRunner.interrupt(Self.long + ["-o", "out.mp4"], in: dir, signal: SIGKILL) {
            CommandReliabilityTests.underWay("out.mp4", in: dir)
        }
        #expect(seen && killed.status == SIGKILL)
        #expect(Self.hidden(in: dir).contains { $0.hasPrefix(".out.mp4.tmp-") }, "the killed run left its video")
        // Its ffmpeg outlives it, reading what is left in the pipe, and may
        // write its temporary file after the next run has tidied it.
        #expect(Wait.until { CommandRunner.processes(workingIn: dir).isEmpty })
        let r = try CommandRunner.run(Self.long + ["--frame-range", "0:5", "-o", "out.mp4"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["out.mp4"])
    }

    /// Killed half-way through replacing a folder's frames: the next run
    /// into the folder finds it as it was before the killed run, so a run
    /// of the first animation is not refused as mixing two.
    @Test func aRunKilledInTheMiddleOfItsCommitsIsTakenBackByTheNext() throws {
        let dir = try CommandRunner.temporaryFolder()
        // Two animations of 83 frames each.
        let first = ["--inserts", "3", "--seed", "1", "--size", "128x72", "--fps", "5", "-o", "frames/"]
        #expect(try CommandRunner.run(first, in: dir).status == 0)
        let names = CommandRunner.files(in: dir + "/frames")
        let before = names.map { FileManager.default.contents(atPath: dir + "/frames/" + $0) }
        let other = ["--inserts", "3", "--seed", "2", "--size", "128x72", "--fps", "5"]
        let (stopped, killed) = try Self.killStopped(
            other + ["--overwrite", "-o", "frames/"], in: dir, at: "commit:15")
        #expect(stopped && killed.status == SIGKILL, "stderr: \(killed.stderr)")
        let left = Self.hidden(in: dir + "/frames")
        #expect(left.contains { $0.hasPrefix(".treeanim.tmp-") && $0.hasSuffix("-commit") }, "\(left)")
        #expect(left.contains { $0.contains("-backup") }, "\(left)")

        let again = try CommandRunner.run(first, in: dir)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(CommandRunner.files(in: dir + "/frames") == names)
        #expect(names.map { FileManager.default.contents(atPath: dir + "/frames/" + $0) } == before)
        #expect(CommandRunner.files(in: dir) == ["frames"])
    }

    /// Killed between replacing a video and its dump: the next run into the
    /// folder, whatever it writes there, puts both old files back.
    @Test func aRunKilledBetweenTwoOutputsHasBothTakenBack() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "old video".write(toFile: dir + "/out.mp4", atomically: false, encoding: .utf8)
        try "old dump".write(toFile: dir + "/d.jsonl", atomically: false, encoding: .utf8)
        let (stopped, killed) = try Self.killStopped(
            Self.tiny + ["-o", "out.mp4", "--dump-scene", "d.jsonl"], in: dir, at: "commit:1")
        #expect(stopped && killed.status == SIGKILL, "stderr: \(killed.stderr)")
        let replaced = ["out.mp4", "d.jsonl"].filter {
            FileManager.default.contents(atPath: dir + "/" + $0).map { !$0.starts(with: Data("old".utf8)) } ?? true
        }
        #expect(replaced.count == 1, "one output was in place when the run was killed: \(replaced)")

        let r = try CommandRunner.run(Self.tiny + ["--frame-range", "0:2", "-o", "third.gif"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/out.mp4") == Data("old video".utf8))
        #expect(FileManager.default.contents(atPath: dir + "/d.jsonl") == Data("old dump".utf8))
        // The output the killed run had not placed keeps its temporary file
        // until a run writes that output again.
        #expect(CommandRunner.files(in: dir).filter { !$0.hasPrefix(".d.jsonl.") } == ["d.jsonl", "out.mp4", "third.gif"])
        let again = try CommandRunner.run(Self.tiny + ["-o", "out.mp4", "--dump-scene", "d.jsonl"], in: dir)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(CommandRunner.files(in: dir) == ["d.jsonl", "out.mp4", "third.gif"])
    }

    /// Only the hidden files of the run's own outputs go, whatever process
    /// made them (none writes them now: the run holds their lock): not
    /// another output's, not a folder, not a name that only looks like one.
    @Test func theNextRunTouchesNothingElse() throws {
        let dir = try CommandRunner.temporaryFolder()
        let dead = Self.deadPID
        try "mine".write(toFile: dir + "/.out.mp4.tmp-1-video", atomically: false, encoding: .utf8)
        let kept = [
            ".notes.txt.tmp-\(dead)-video",  // not an output of the run
            ".out.mp4.tmp-x\(dead)-video",  // no process id
            "out.mp4.tmp-\(dead)-video",  // not hidden
            ".out.mp4.lock.tmp",
        ]
        for name in kept { try "keep".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
        try FileManager.default.createDirectory(atPath: dir + "/.out.mp4.tmp-\(dead)-video-1", withIntermediateDirectories: false)
        try "mine".write(toFile: dir + "/.out.mp4.tmp-\(dead)-video", atomically: false, encoding: .utf8)
        try "mine".write(toFile: dir + "/.out.mp4.tmp-\(dead)-backup-2", atomically: false, encoding: .utf8)
        let r = try CommandRunner.run(Self.tiny + ["--frame-range", "0:2", "-o", "out.mp4"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == (kept + [".out.mp4.tmp-\(dead)-video-1", "out.mp4"]).sorted())
    }

    /// A part of a split render tidies nothing in the folder it shares with
    /// other parts, which may be running on other machines: here another
    /// part, stopped in the middle of its commits, keeps its temporary
    /// frames, backups and journal, and finishes once it goes on. (So does
    /// a dead run's leftover, until a whole run into the folder.)
    @Test func aPartTidiesNothingInItsSharedFolder() throws {
        let dir = try CommandRunner.temporaryFolder()
        let live = try CommandRunner.start(
            Self.long + ["--frame-range", "0:300", "-o", "frames/"], in: dir,
            environment: Self.environment(["TREEANIM_STOP_AT": "commit:100"]))
        #expect(Self.waitUntilStopped(live.0.processIdentifier))
        let livePID = live.0.processIdentifier
        let leftover = ".frame_00301.png.tmp-\(Self.deadPID)-frame"
        try "mine".write(toFile: dir + "/frames/" + leftover, atomically: false, encoding: .utf8)
        let hiddenBefore = Self.hidden(in: dir + "/frames")
        #expect(hiddenBefore.contains { $0.contains(".tmp-\(livePID)-") })
        let other = try CommandRunner.run(Self.long + ["--frame-range", "300:310", "-o", "frames/"], in: dir)
        #expect(other.status == 0, "stderr: \(other.stderr)")
        #expect(Self.hidden(in: dir + "/frames") == hiddenBefore)
        kill(livePID, SIGCONT)
        let result = CommandRunner.finish(live)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(CommandRunner.files(in: dir + "/frames") == [leftover] + (0..<310).map { String(format: "frame_%05d.png", $0) })
    }

    /// Waits until process `pid` has stopped itself (its state in /proc is
    /// `T`), or has ended, or ``Patience/runSeconds`` have passed; whether
    /// it stopped.
    static func waitUntilStopped(_ pid: Int32) -> Bool {
        var state: Substring?
        Wait.until {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // The state follows the command's name, which is in parentheses.
            state = stat.split(separator: ")").last?.split(separator: " ").first
            return state == "T" || state == "Z" || state == "X" || state == nil
        }
        return state == "T"
    }
}
