import Foundation
import Testing
import TestSupport

/// Every bad input gets one clear line on stderr and a non-zero exit, and
/// leaves nothing behind; inputs at the edges of what is allowed work.
@Suite(.tags(.cli)) struct CommandErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usage: Int32 = 64

    static let cases: [Case] = [
        Case(arguments: ["--inserts", "0"], status: usage, mentions: "--inserts must be at least 1"),
        Case(arguments: ["--inserts", "-3"], status: usage, mentions: "--inserts must be at least 1 (got -3)"),
        Case(arguments: ["--frame-range", "5:5"], status: usage, mentions: "5:5 holds no frames"),
        Case(arguments: ["--frame-range", "-1:5"], status: usage, mentions: "frames are numbered from 0"),
        Case(arguments: ["-o", "two\nlines.avi"], status: usage, mentions: "two\\nlines.avi"),
        Case(arguments: ["--inserts", "100000", "--range", "1...1000000"], status: usage, mentions: "too many"),
        Case(arguments: ["--fps", "0"], status: usage, mentions: "--fps"),
        Case(arguments: ["--fps", "500"], status: usage, mentions: "--fps"),
        Case(arguments: ["--size", "481x270", "-o", "x.mp4"], status: usage, mentions: "even"),
        Case(arguments: ["--size", "10x10"], status: usage, mentions: "at least 64"),
        Case(arguments: ["--size", "9000x720"], status: usage, mentions: "at most 8192"),
        Case(arguments: ["--size", "big"], status: usage, mentions: "--size"),
        Case(arguments: ["--inserts", "50", "--range", "1...20"], status: usage, mentions: "too few"),
        Case(arguments: ["--values", "1,2,x"], status: usage, mentions: "--values <k1,k2,...>': 'x' is not a whole number"),
        Case(arguments: ["--values", "1,,2"], status: usage, mentions: "'' is not a whole number"),
        Case(arguments: ["--values", "9223372036854775808"], status: usage, mentions: "'9223372036854775808' is out of range"),
        Case(arguments: ["--range", "10...1"], status: usage, mentions: "'10...1' is invalid for '--range <lo...hi>'"),
        Case(arguments: ["--range", "0...9223372036854775807", "--inserts", "3", "-o", "f/", "--frame-range", "0:1"], status: 0, mentions: "wrote f/"),
        Case(arguments: ["--range", "-9223372036854775808...9223372036854775807", "--inserts", "3", "-o", "f/", "--frame-range", "0:1"], status: 0, mentions: "wrote f/"),
        Case(arguments: ["--values", "-5,3,-10", "-o", "f/", "--frame-range", "0:1"], status: 0, mentions: "wrote f/"),
        Case(arguments: ["--range", "-10...10", "--inserts", "5", "--seed", "2", "-o", "f/", "--frame-range", "0:1"], status: 0, mentions: "wrote f/"),
        Case(arguments: ["--fps", "0.5"], status: usage, mentions: "--fps must be from 1 to 240"),
        Case(arguments: ["--fps", "60"], status: usage, mentions: "too fast for a GIF"),
        Case(arguments: ["--threads", "1000"], status: usage, mentions: "--threads"),
        Case(arguments: ["-o", "a.gif", "--dump-scene", "a.gif"], status: usage, mentions: "different paths"),
        Case(arguments: ["-o", "a.gif", "--frames-dir", "a.gif/"], status: usage, mentions: "different paths"),
        Case(arguments: ["-o", "x.gif", "--dump-scene", "./x.gif"], status: usage, mentions: "-o and --dump-scene must name different paths"),
        Case(
            arguments: ["-o", "x.gif", "--frames-dir", "f", "--dump-scene", "f/frame_00000.png"], status: usage,
            mentions: "--frames-dir and --dump-scene must name different paths: 'f' and 'f/frame_00000.png'"),
        Case(arguments: ["--inserts", "60", "--ops-per-second", "0.5", "--speed", "0.1", "--fps", "240", "-o", "f/"], status: usage, mentions: "over the limit"),
        Case(arguments: ["--inserts", "9", "--ops-per-second", "0.2"], status: usage, mentions: "--ops-per-second must be from 0.5 to 10000 (got 0.2)"),
        Case(arguments: ["--inserts", "9", "--duration", "0.5"], status: usage, mentions: "--duration must be from 1 to 3600 seconds (got 0.5)"),
        Case(arguments: ["--inserts", "9", "--duration", "20", "--speed", "2"], status: usage, mentions: "give --duration or --speed, not both"),
        Case(arguments: ["--values", "5,3,5,8,3"], status: usage, mentions: "duplicate keys in --values: 5, 3"),
        Case(arguments: ["--ops", "insert 5; serach 3"], status: usage, mentions: "--ops: operation 2 'serach 3': unknown operation 'serach'"),
        Case(arguments: ["--ops", "insert 5 3; delete x"], status: usage, mentions: "--ops: operation 2 'delete x': 'x' is not a whole number"),
        Case(arguments: ["--ops", "insert 5 3 5"], status: usage, mentions: "--ops: operation 1 'insert 5 3 5': 5 is already in the tree"),
        Case(arguments: ["--ops", "insert 5", "--values", "1,2"], status: usage, mentions: "not both"),
        Case(arguments: ["--ops-file", "ops.txt"], status: usage, mentions: "--ops-file ops.txt: line 3, operation 2"),
        Case(arguments: ["--ops-file", "missing.txt"], status: usage, mentions: "--ops-file: cannot read 'missing.txt': no such file"),
        Case(arguments: ["--ops", "insert 5", "--seed", "3"], status: usage, mentions: "go with --inserts, not --ops"),
        Case(arguments: ["--ops", "delete --5"], status: usage, mentions: "'--5' is not a whole number"),
        Case(arguments: ["--hold", "-1"], status: usage, mentions: "--hold must be from 0 to 60"),
        Case(arguments: ["-o", "out.avi"], status: usage, mentions: "out.avi"),
        Case(arguments: ["--transparent", "-o", "x.mp4"], status: usage, mentions: "MP4"),
        Case(arguments: ["--speed", "0"], status: usage, mentions: "--speed"),
        Case(arguments: ["--speed", "inf"], status: usage, mentions: "--speed must be from 0.1 to 10 (got inf)"),
        Case(arguments: ["--speed", "1e19"], status: usage, mentions: "--speed must be from 0.1 to 10 (got 1e+19)"),
        Case(arguments: ["--fps", "nan"], status: usage, mentions: "--fps must be from 1 to 240 (got nan)"),
        Case(arguments: ["--fps", "1e300"], status: usage, mentions: "--fps"),
        Case(arguments: ["--easing", "bouncy"], status: usage, mentions: "bouncy"),
        Case(arguments: ["--frame-range", "5:2"], status: usage, mentions: "--frame-range"),
        Case(arguments: ["--values", "1,2", "--frame-range", "0:100000", "-o", "f/"], status: usage, mentions: "reaches past"),
        Case(arguments: ["--values", "1,2", "-o", "missing/x.gif"], status: 1, mentions: "-o: output folder 'missing' does not exist"),
        Case(arguments: ["--values", "1,2", "-o", "f/", "--dump-scene", "nowhere/d.jsonl"], status: 1, mentions: "--dump-scene: output folder 'nowhere' does not exist"),
        Case(arguments: ["--values", "1,2", "-o", "a.gif", "--frames-dir", "nowhere/deeper/"], status: 1, mentions: "--frames-dir: "),
        Case(arguments: ["--values", "1,2", "-o", "missing/deeper/"], status: 1, mentions: "does not exist"),
        // /proc takes no new folders, even from root.
        Case(arguments: ["--values", "1,2", "-o", "/proc/treeanim-frames/"], status: 1, mentions: "cannot write '/proc/treeanim-frames'"),
        Case(arguments: ["--values", "1,2", "--font", "/no/such/font.ttf", "-o", "f/"], status: 1, mentions: "/no/such/font.ttf"),
        Case(arguments: ["--values", "1,2", "--font", "notafont.txt", "-o", "f/"], status: 65, mentions: "--font: notafont.txt is not a font file"),
        // A negative number is a value to explain, not a flag ArgumentParser
        // looks for: each says what is allowed.
        Case(arguments: ["--loop", "-1", "-o", "x.gif"], status: usage,
             mentions: "'-1' is invalid for '--loop <n>': -1 is negative: give forever, once, or a count of plays from 1 to 65535"),
        Case(arguments: ["--size", "-320x180"], status: usage,
             mentions: "--size -320x180: the width is negative; each side must be from 64 to 8192 px"),
        Case(arguments: ["--poster-at", "-1", "--poster", "p.png"], status: usage,
             mentions: "'-1' is invalid for '--poster-at <when>': -1 s is negative: a time is from 0 seconds"),
        Case(arguments: ["--per-page", "-1", "-o", "h.pdf"], status: usage, mentions: "--per-page must be 1, 4 or 6 (got -1)"),
        Case(arguments: ["--seed", "-1"], status: usage, mentions: "'-1' is negative: a seed is a whole number from 0 to"),
        Case(arguments: ["--loop", "70000", "-o", "x.gif"], status: usage, mentions: "70000 is too many"),
        // Digits of other scripts are named, not called out of range.
        Case(arguments: ["--values", "٣,٤"], status: usage,
             mentions: "'٣,٤' is invalid for '--values <k1,k2,...>': '٣' is not an ASCII digit: write numbers with the digits 0-9"),
        Case(arguments: ["--inserts", "٣"], status: usage, mentions: "'٣' is not an ASCII digit"),
        Case(arguments: ["--fps", "٣٠"], status: usage, mentions: "'٣' in '٣٠' is not an ASCII digit"),
        Case(arguments: ["--size", "١٢٨x٧٢"], status: usage, mentions: "'١' in '١٢٨x٧٢' is not an ASCII digit"),
        Case(arguments: ["--range", "١...٩"], status: usage, mentions: "is not an ASCII digit"),
        Case(arguments: ["--frame-range", "٠:٣"], status: usage, mentions: "is not an ASCII digit"),
        Case(arguments: ["--seed", "３"], status: usage, mentions: "'３' is not an ASCII digit"),
        Case(arguments: ["--loop", "٣", "-o", "x.gif"], status: usage, mentions: "'٣' is not an ASCII digit"),
        Case(arguments: ["--inserts", "99999999999999999999"], status: usage, mentions: "is out of range"),
        // An empty path is a slip, not a file to look for.
        Case(arguments: ["--values", "1,2", "--font", ""], status: usage, mentions: "--font is empty: give a path"),
        Case(arguments: ["--values", "1,2", "--frames-dir", ""], status: usage, mentions: "--frames-dir is empty: give a path"),
        Case(arguments: ["--values", "1,2", "--dump-scene", ""], status: usage, mentions: "--dump-scene is empty: give a path"),
        Case(arguments: ["help", "nosuch"], status: usage,
             mentions: "no subcommand 'nosuch': the subcommands are bst, avl, rb, heap, list, stack, queue, hash, btree, trie, tree, family, bars, sort, graph, lecture, studio, compare"),
        Case(arguments: ["help", "compare", "nosuch"], status: usage, mentions: "compare has no subcommand 'nosuch'"),
    ]

    @Test(arguments: cases)
    func inputGetsItsOutcomeAndBadInputOneLine(_ c: Case) throws {
        let dir = try CommandRunner.temporaryFolder()
        _ = FileManager.default.createFile(atPath: dir + "/notafont.txt", contents: Data("hello".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/ops.txt", contents: Data("insert 5 3\n# a comment\nfind 7 x\n".utf8))
        let arguments = c.arguments.contains("--size") ? c.arguments : c.arguments + ["--size", "128x72"]
        let r = try CommandRunner.run(arguments, in: dir)
        #expect(r.status == c.status)
        let lines = r.stderr.split(separator: "\n")
        #expect(r.stderr.contains(c.mentions), "stderr: \(r.stderr)")
        if c.status != 0 {
            #expect(lines.count == 1, "stderr: \(r.stderr)")
            #expect(CommandRunner.files(in: dir) == ["notafont.txt", "ops.txt"])
        }
    }

    @Test func missingFFmpegIsExplainedAndPNGStillWorks() throws {
        let dir = try CommandRunner.temporaryFolder()
        let env = ["PATH": dir]
        let r = try CommandRunner.run(["--values", "3,1", "--size", "128x72", "--fps", "5"], in: dir, environment: env)
        #expect(r.status == 1)
        #expect(r.stderr.contains("ffmpeg not found") && r.stderr.contains("apt-get install ffmpeg"))
        #expect(CommandRunner.files(in: dir).isEmpty)
        let png = try CommandRunner.run(["--values", "3,1", "--size", "128x72", "--fps", "5", "-o", "frames/"], in: dir, environment: env)
        #expect(png.status == 0, "stderr: \(png.stderr)")
        #expect(CommandRunner.files(in: dir + "/frames").first == "frame_00000.png")
    }

    /// A fake ffmpeg that reads every frame and then fails, as a full disk
    /// or a bad codec would.
    @Test func ffmpegFailureShowsItsMessageAndTakesBackTheFrames() throws {
        let dir = try CommandRunner.temporaryFolder()
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let fake = bin + "/ffmpeg"
        try "#!/bin/sh\ncat >/dev/null\necho 'Conversion failed: no space left' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let r = try CommandRunner.run(
            ["--values", "3,1,4", "--size", "128x72", "--fps", "5", "-o", "out.gif", "--frames-dir", "kept"],
            in: dir, environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("treeanim: error: ffmpeg failed"), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("no space left"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(CommandRunner.files(in: dir) == ["bin"])
    }

    /// Help, the version, a count of frames and compare's report on a full
    /// disk: one line saying so and a failing status, not silence and 0.
    @Test(arguments: [
        (["--count-frames", "--values", "3,1"], Int32(1)), (["--version"], 1), (["help"], 1), (["help", "bars"], 1),
        (["--help"], 1), (["compare", "golden", "golden"], 2),
    ] as [([String], Int32)])
    func aStandardOutputThatCannotBeWrittenIsAnError(_ arguments: [String], _ status: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        let frames = try CommandRunner.run(["--values", "3", "--size", "128x72", "--frame-range", "0:1", "-o", "golden/"], in: dir)
        try #require(frames.status == 0, "stderr: \(frames.stderr)")
        let r = try CommandRunner.run(arguments, in: dir, redirecting: ">/dev/full")
        #expect(r.status == status)
        #expect(r.stderr == "treeanim: error: cannot write standard output: No space left on device\n")
    }

    /// Under `ulimit -n 8` fontconfig finds no font and ffmpeg cannot be
    /// started: the run says the limit is the trouble, before trying.
    @Test func tooFewOpenFilesIsSaidToBeTheLimit() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["-c", "ulimit -n 8 && exec \"$0\" \"$@\"", CommandRunner.binary, "--values", "3,1", "--size", "128x72", "-o", "f/"],
            in: dir, executable: "/bin/sh")
        #expect(r.status == 1)
        #expect(r.stderr == "treeanim: error: the limit on open files is 8 (ulimit -n), too few for treeanim, which needs 256: raise the limit, e.g. ulimit -n 1024\n")
        #expect(CommandRunner.files(in: dir).isEmpty)
        let version = try CommandRunner.run(["-c", "ulimit -n 8 && exec \"$0\" --version", CommandRunner.binary], executable: "/bin/sh")
        #expect(version.status == 0 && version.stdout.hasPrefix("treeanim "), "help and the version open no files")
    }

    /// A soft limit under what a run needs is raised to the hard one.
    @Test func aLowSoftLimitIsRaised() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        try #require(limit.rlim_max >= 1024, "the hard limit here is \(limit.rlim_max)")
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["-c", "ulimit -Sn 8 && exec \"$0\" \"$@\"", CommandRunner.binary, "--values", "3,1", "--size", "128x72", "-o", "f/"],
            in: dir, executable: "/bin/sh")
        #expect(r.status == 0, "stderr: \(r.stderr)")
    }

    @Test func helpAndVersionWork() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--inserts") && help.stdout.contains("Examples"))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("treeanim "))
    }
}
