import Foundation
import Testing
import TestSupport

/// `scripts/render-parallel.sh`: a render split into frame ranges run by GNU
/// parallel, gathered and stitched once, is the file one run writes.
@Suite(.tags(.cli)) struct ParallelRenderTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/render-parallel.sh").path

    /// An animation with held frames, cut so that parts start on them.
    static let animation = ["--values", "50,17,72,12,23", "--size", "256x144", "--fps", "12", "--seed", "3"]

    static func parallel(_ out: String, jobs: Int = 2, parts: Int? = nil, in dir: String, _ arguments: [String] = animation)
        throws -> CommandRunner.Result
    {
        let options = ["--jobs", String(jobs)] + (parts.map { ["--parts", String($0)] } ?? [])
        return try CommandRunner.run(
            options + ["--treeanim", CommandRunner.binary, out, "--"] + arguments, in: dir, executable: script)
    }

    @Test func countFramesPrintsTheFrameCountAndWritesNothing() throws {
        let dir = try CommandRunner.temporaryFolder()
        let count = try CommandRunner.run(Self.animation + ["--count-frames", "-o", "x.gif"], in: dir)
        #expect(count.status == 0, "stderr: \(count.stderr)")
        #expect(CommandRunner.files(in: dir).isEmpty)
        #expect(try CommandRunner.run(Self.animation + ["-o", "frames/"], in: dir).status == 0)
        #expect(count.stdout == "\(CommandRunner.files(in: dir + "/frames").count)\n")
    }

    @Test func twoJobsMakeTheSameGIFAsOneRunByteForByte() throws {
        let dir = try CommandRunner.temporaryFolder()
        let single = try CommandRunner.run(Self.animation + ["-o", "single.gif"], in: dir)
        #expect(single.status == 0, "stderr: \(single.stderr)")
        // Seven parts over two jobs: uneven ranges, several parts a job.
        let split = try Self.parallel("split.gif", parts: 7, in: dir)
        #expect(split.status == 0, "stderr: \(split.stderr)")
        let bytes = FileManager.default.contents(atPath: dir + "/split.gif")
        #expect(bytes != nil && bytes == FileManager.default.contents(atPath: dir + "/single.gif"))
        // Nothing left of the parts.
        #expect(CommandRunner.files(in: dir) == ["single.gif", "split.gif"])
    }

    @Test func twoJobsIntoAFolderWriteTheFramesOfOneRun() throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.animation + ["-o", "single/"], in: dir).status == 0)
        let split = try Self.parallel("split/", in: dir)
        #expect(split.status == 0, "stderr: \(split.stderr)")
        let names = CommandRunner.files(in: dir + "/single")
        #expect(!names.isEmpty && CommandRunner.files(in: dir + "/split") == names)
        for name in names {
            #expect(
                FileManager.default.contents(atPath: dir + "/split/" + name)
                    == FileManager.default.contents(atPath: dir + "/single/" + name), "\(name)")
        }
        // A second run into the folder is refused: it holds frames.
        let again = try Self.parallel("split/", in: dir)
        #expect(again.status != 0 && again.stderr.contains("already holds frames"))
    }

    /// A run of the script on two jobs, started as a shell starts it, with
    /// no signal blocked: the test runner's processes inherit a mask that
    /// blocks SIGTERM, which a shell script, unlike treeanim, cannot undo.
    /// It gets `signal` once its parts are under way (their frames' folder
    /// holds a file). Its animation takes many times the test's patience to
    /// render (120,000 frames), so a run that let its parts finish would be
    /// killed by the safety net and fail, whatever the machine's speed.
    static func signalled(
        _ signal: Int32, in dir: String, afterSignal: () -> Void = {}
    ) throws -> (Bool, CommandRunner.Result) {
        let unblocked = ["-MPOSIX", "-e", "sigprocmask(SIG_SETMASK, POSIX::SigSet->new); exec @ARGV or die", Self.script]
        return try CommandRunner.interrupt(
            unblocked + ["--jobs", "2", "--treeanim", CommandRunner.binary, "out.gif", "--"]
                + ["--inserts", "30", "--seed", "5", "--speed", "0.1", "--fps", "50", "--size", "1280x720"],
            in: dir, signal: signal, executable: "/usr/bin/perl",
            underWay: {
                CommandRunner.files(in: dir).contains { name in
                    name.hasPrefix(".render-parallel") && !CommandRunner.files(in: dir + "/" + name + "/frames").isEmpty
                }
            }, afterSignal: afterSignal)
    }

    /// SIGTERM stops the parts at once, and the run leaves nothing.
    @Test func aTerminatedRunStopsItsPartsAndLeavesNothing() throws {
        let dir = try CommandRunner.temporaryFolder()
        let (seen, result) = try Self.signalled(SIGTERM, in: dir)
        #expect(seen)
        #expect(result.status == 143, "stderr: \(result.stderr)")
        // Its parts were stopped, not left running: no process works in the folder.
        #expect(CommandRunner.processes(workingIn: dir).isEmpty)
        #expect(CommandRunner.files(in: dir).isEmpty)
    }

    /// Killed with SIGKILL, script, parallel and parts at once (a power
    /// cut), a run leaves its work folder; the next run removes it, and
    /// leaves the folder of a run still going.
    @Test func theNextRunRemovesTheWorkFolderOfAKilledRun() throws {
        let dir = try CommandRunner.temporaryFolder()
        let (seen, killed) = try Self.signalled(SIGSTOP, in: dir) {
            // Every process of the run, as a power cut would find them,
            // again until none is left: GNU parallel may start a part while
            // the others are killed.
            Wait.until {
                let left = CommandRunner.processes(workingIn: dir)
                for pid in left { kill(pid, SIGKILL) }
                return left.isEmpty
            }
        }
        #expect(seen)
        #expect(killed.status == SIGKILL, "stderr: \(killed.stderr)")
        let left = CommandRunner.files(in: dir)
        #expect(left.count == 1 && left[0].hasPrefix(".render-parallel-"), "\(left)")
        // A folder like a live run's: its process runs (this one) and it is locked.
        let live = dir + "/.render-parallel-\(getpid()).live"
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: false)
        let held = open(live, O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)

        let again = try Self.parallel("out.gif", in: dir)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(CommandRunner.files(in: dir) == [".render-parallel-\(getpid()).live", "out.gif"])
    }

    @Test func badArgumentsAreOneLineAndLeaveNothing() throws {
        let dir = try CommandRunner.temporaryFolder()
        let bad = try Self.parallel("out.gif", in: dir, ["--values", "50,17", "--fps", "0"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--fps must be from 1 to 240"), "stderr: \(bad.stderr)")
        let output = try Self.parallel("out.gif", in: dir, Self.animation + ["-o", "x.gif"])
        #expect(output.status == 64 && output.stderr.contains("leave -o to the script"), "stderr: \(output.stderr)")
        let odd = try Self.parallel("out.txt", in: dir)
        #expect(odd.status == 64 && odd.stderr.contains("neither a video"), "stderr: \(odd.stderr)")
        #expect(CommandRunner.files(in: dir).isEmpty)
    }
}
