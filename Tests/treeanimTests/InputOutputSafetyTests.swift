import Foundation
import Testing
import TestSupport

/// A run never loses a user's file: no output may be one of the files the
/// run reads, under any of its names; a replaced output keeps its owner and
/// permissions, and a file the user could not write is not replaced; and
/// the programs a run starts end with it.
@Suite(.tags(.cli)) struct InputOutputSafetyTests {
    /// A small graph as an edge list, the input most of these runs read.
    static let graph = "a b 1\nb c 2\na c 4\n"

    /// One way of naming an input as an output: the arguments (with `IN`
    /// where the input's name goes), the flags the refusal names, and the
    /// standard input, if the run reads one.
    struct Clash: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var flags: [String]
        var stdin = false
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let clashes: [Clash] = [
        Clash(arguments: ["graph", "g.txt", "--algorithm", "bfs", "-o", "out.gif", "--transcript", "g.txt"], flags: ["--transcript", "the input file"]),
        Clash(arguments: ["graph", "g.txt", "--algorithm", "bfs", "-o", "out.gif", "--dump-scene", "g.txt"], flags: ["--dump-scene", "the input file"]),
        Clash(arguments: ["graph", "g.txt", "--algorithm", "bfs", "-o", "out.gif", "--subtitles", "soft.srt"], flags: ["--subtitles", "the input file"]),
        Clash(arguments: ["graph", "g.pdf", "--algorithm", "bfs", "-o", "g.pdf"], flags: ["-o", "the input file"]),
        Clash(arguments: ["graph", "g.png", "--algorithm", "bfs", "-o", "out.gif", "--poster", "g.png"], flags: ["--poster", "the input file"]),
        // Through a symbolic link and a hard link to the input.
        Clash(arguments: ["graph", "g.txt", "--algorithm", "bfs", "-o", "out.gif", "--transcript", "soft.md"], flags: ["--transcript", "the input file"]),
        Clash(arguments: ["graph", "g.txt", "--algorithm", "bfs", "-o", "out.gif", "--dump-scene", "hard.jsonl"], flags: ["--dump-scene", "the input file"]),
        Clash(arguments: ["graph", "-", "--algorithm", "bfs", "-o", "out.gif", "--dump-scene", "g.txt"], flags: ["--dump-scene", "standard input"], stdin: true),
        Clash(arguments: ["bst", "--ops-file", "ops.srt", "--subtitles", "ops.srt"], flags: ["--subtitles", "--ops-file"]),
        Clash(arguments: ["bst", "--ops", "insert 5", "--font", "f.ttf", "--dump-scene", "f.ttf"], flags: ["--dump-scene", "--font"]),
        Clash(arguments: ["lecture", "l.yaml", "-o", "out.gif", "--dump-scene", "l.yaml"], flags: ["--dump-scene", "the lecture"]),
        Clash(arguments: ["lecture", "l.yaml", "-o", "out.gif", "--transcript", "g.txt"], flags: ["--transcript", "the lecture's graph"]),
        Clash(arguments: ["lecture", "l.yaml", "-o", "out.gif", "--dump-scene", "ops.srt"], flags: ["--dump-scene", "the lecture's bst"]),
        // A PNG folder whose frame names include the input's.
        Clash(arguments: ["graph", "frames/frame_00000.png", "--algorithm", "bfs", "-o", "frames/"], flags: ["-o", "the input file"]),
    ]

    /// Every output that is one of the run's inputs is refused before
    /// anything is written, in one line naming both, and every file is as
    /// it was.
    @Test(arguments: clashes)
    func anOutputThatIsAnInputIsRefusedAndTheInputKept(_ clash: Clash) throws {
        let dir = try CommandRunner.temporaryFolder()
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        for name in ["g.txt", "g.pdf", "g.png"] { try Self.graph.write(toFile: "\(dir)/\(name)", atomically: false, encoding: .utf8) }
        try FileManager.default.createDirectory(atPath: dir + "/frames", withIntermediateDirectories: false)
        try Self.graph.write(toFile: dir + "/frames/frame_00000.png", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/soft.md", withDestinationPath: "g.txt")
        try FileManager.default.createSymbolicLink(atPath: dir + "/soft.srt", withDestinationPath: "g.txt")
        try FileManager.default.linkItem(atPath: dir + "/g.txt", toPath: dir + "/hard.jsonl")
        try "insert 50 30\n".write(toFile: dir + "/ops.srt", atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(atPath: font, toPath: dir + "/f.ttf")
        try """
            title: Safety
            sections:
              - graph:
                  file: g.txt
                  algorithm: bfs
              - bst:
                  ops-file: ops.srt
            """.write(toFile: dir + "/l.yaml", atomically: false, encoding: .utf8)
        let before = Self.contents(of: dir)
        let arguments = clash.arguments + ["--size", "320x180"]
        let r: CommandRunner.Result
        if clash.stdin {
            r = try CommandRunner.run(arguments, in: dir, redirecting: "< g.txt")
        } else {
            r = try CommandRunner.run(arguments, in: dir)
        }
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        for flag in clash.flags { #expect(r.stderr.contains(flag), "\(r.stderr)") }
        #expect(r.stderr.contains("would destroy the input"), "\(r.stderr)")
        #expect(Self.contents(of: dir) == before)
    }

    /// A tree, as an indented outline, kept under the names an output
    /// folder holds.
    static let outline = "root\n  left\n  right\n"

    /// An input that is a file in an output folder, under a name the
    /// folder's outputs take, is refused however it is read (standard
    /// input, a link from elsewhere), with --overwrite too.
    @Test(arguments: [
        (["tree", "-", "-o", "f/", "--overwrite"], "< f/frame_00003.png"),
        (["tree", "/dev/stdin", "-o", "f/", "--overwrite"], "< f/frame_00003.png"),
        (["tree", "link.txt", "-o", "f/", "--overwrite"], ""),
        (["tree", "link.txt", "-o", "x.gif", "--frames-dir", "f/", "--overwrite"], ""),
        (["tree", "-", "-o", "x.gif", "--steps-dir", "s", "--overwrite"], "< s/steps.json"),
        (["tree", "steps.json", "-o", "x.gif", "--steps-dir", "s", "--overwrite"], ""),
    ])
    func anInputInAnOutputFolderIsRefusedUnderAnyName(_ arguments: [String], _ redirection: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        for folder in ["f", "s"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: false) }
        try Self.outline.write(toFile: dir + "/f/frame_00003.png", atomically: false, encoding: .utf8)
        try Self.outline.write(toFile: dir + "/s/steps.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.txt", withDestinationPath: "f/frame_00003.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/steps.json", withDestinationPath: "s/steps.json")
        let before = Self.contents(of: dir)
        let r = try CommandRunner.run(arguments + ["--size", "320x180"], in: dir, redirecting: redirection)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("would destroy the input"), "\(r.stderr)")
        #expect(Self.contents(of: dir) == before)
    }

    /// A hidden file treeanim keeps beside an output (its lock, a killed
    /// run's temporary file) is never removed when it is the input.
    @Test(arguments: [".x.gif.lock", ".x.gif.tmp-99999-video", ".x.gif.tmp-99999-backup"])
    func aHiddenFileBesideTheOutputIsKeptWhenItIsTheInput(_ name: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try Self.outline.write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
        let r = try CommandRunner.run(["tree", name, "-o", "x.gif", "--size", "320x180"], in: dir)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr == "treeanim: error: -o: the input file '\(name)' is a hidden file treeanim keeps beside 'x.gif' "
            + "(its lock, or what a killed run left), which the run removes: rename it, or give the output another path\n")
        #expect(CommandRunner.files(in: dir) == [name])
        #expect(FileManager.default.contents(atPath: dir + "/" + name) == Data(Self.outline.utf8))
    }

    /// `--overwrite` removes another animation's frames and step files
    /// only where the user may write them: a stale one that is read-only to
    /// the user is refused before the render. Needs root, to run as nobody.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")),
          arguments: [(["-o", "rf/"], "rf/frame_09999.png"), (["-o", "x.gif", "--steps-dir", "sd"], "sd/step_009.vtt")])
    func overwriteRemovesNoFileTheUserCannotWrite(_ output: [String], _ stale: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        chmod(dir, 0o777)
        let folder = dir + "/" + String(stale.split(separator: "/")[0])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, 0o777)
        try "old".write(toFile: dir + "/" + stale, atomically: false, encoding: .utf8)
        chmod(dir + "/" + stale, 0o644)
        let r = try CommandRunner.run(
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CommandRunner.binary, "bst", "--values", "5,3", "--size", "320x180", "--overwrite"]
                + output, in: dir, environment: ["PATH": "/usr/bin:/bin", "HOME": dir], executable: "/usr/bin/setpriv")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the file is read-only to you"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/" + stale) == Data("old".utf8))
    }

    /// What a file tree holds: every name below `folder`, hidden ones
    /// included, with its bytes (a link's target for a link).
    static func contents(of folder: String) -> [String: Data] {
        var all = [String: Data]()
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            let path = folder + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                all[name] = Data(("→ " + target).utf8)
            } else {
                all[name] = FileManager.default.contents(atPath: path) ?? Data()
            }
        }
        return all
    }

    /// A transcript is Markdown or text: another name is refused.
    @Test func aTranscriptNamedAsAnotherKindIsRefused() throws {
        let dir = try CommandRunner.temporaryFolder()
        for name in ["t.gif", "t.yaml", "t.ttf", "t"] {
            let r = try CommandRunner.run(["bst", "--ops", "insert 5", "-o", "out.gif", "--transcript", name], in: dir)
            #expect(r.status == 64)
            #expect(r.stderr == "treeanim: error: --transcript '\(name)': name a .md or .txt file (the transcript is Markdown)\n")
        }
        #expect(CommandRunner.files(in: dir).isEmpty)
    }

    /// A font collection whose fonts' tables are not where it says (a whole
    /// font behind a `ttcf` header: its offsets count from the wrong place)
    /// is damaged input, said so, not a FreeType error number alone.
    @Test func aDamagedFontCollectionIsBadInputSaidInWords() throws {
        let dir = try CommandRunner.temporaryFolder()
        let font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        var header = Data("ttcf".utf8)
        for word: UInt32 in [0x0001_0000, 1, 16] { withUnsafeBytes(of: word.bigEndian) { header.append(contentsOf: $0) } }
        try (header + font).write(to: URL(fileURLWithPath: dir + "/broken.ttc"))
        let r = try CommandRunner.run(["bst", "--ops", "insert 5", "--font", "broken.ttc", "-o", "out.gif"], in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("treeanim: error: --font: font file broken.ttc is damaged: "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(CommandRunner.files(in: dir) == ["broken.ttc"])
    }

    /// A missing folder is blamed on the output that needs it, not on a
    /// PNG folder that makes its own.
    @Test func aMissingFolderIsBlamedOnTheOutputInIt() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["bst", "--ops", "insert 5", "-o", "fr8/", "--transcript", "fr8/a.md"], in: dir)
        #expect(r.status != 0)
        #expect(r.stderr.hasPrefix("treeanim: error: --transcript: "), "\(r.stderr)")
        #expect(r.stderr.contains("'fr8'"))
    }

    /// Every kind of output, replaced, keeps the permissions and owner of
    /// the file it replaces.
    @Test(arguments: [["-o", "out.gif"], ["--transcript", "out.md"], ["--dump-scene", "out.jsonl"], ["--subtitles", "out.srt"],
                      ["-o", "out.html"], ["-o", "out.pdf"], ["--poster", "out.png"]])
    func aReplacedOutputKeepsItsModeAndOwner(_ output: [String]) throws {
        let dir = try CommandRunner.temporaryFolder()
        let path = dir + "/" + output[1]
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        let owner: uid_t = getuid() == 0 ? 65534 : getuid()
        if getuid() == 0 { chown(path, owner, getgid()) }
        let extra = output[0] == "-o" ? [] : ["-o", "main.gif"]
        let r = try CommandRunner.run(["bst", "--ops", "insert 5 3", "--size", "320x180"] + extra + output, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: path) != Data("old".utf8))
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(info.st_uid == owner)
    }

    /// A file the user may not write is not replaced, as `cp` would not:
    /// the run (as another user than the file's) is refused, and the file
    /// is as it was. Needs root, to run as nobody.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFileTheUserCannotWriteIsNotReplaced() throws {
        let dir = try CommandRunner.temporaryFolder()
        chmod(dir, 0o777)
        for name in ["out.gif", "out.md"] {
            try "old".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
            chmod(dir + "/" + name, 0o644)
        }
        for output in [["-o", "out.gif"], ["-o", "main.gif", "--transcript", "out.md"]] {
            let r = try CommandRunner.run(
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CommandRunner.binary, "bst", "--ops", "insert 5", "--size", "320x180"]
                    + output, in: dir, environment: ["PATH": "/usr/bin:/bin", "HOME": dir], executable: "/usr/bin/setpriv")
            #expect(r.status == 1)
            #expect(r.stderr.contains("\(output[output.count - 2]): cannot write '\(output.last ?? "")': the file is read-only to you"), "\(r.stderr)")
        }
        #expect(FileManager.default.contents(atPath: dir + "/out.gif") == Data("old".utf8))
        #expect(FileManager.default.contents(atPath: dir + "/out.md") == Data("old".utf8))
        #expect(CommandRunner.files(in: dir).filter { !$0.hasPrefix(".cache") && !$0.hasPrefix(".fontconfig") } == ["out.gif", "out.md"])
    }

    /// An espeak-ng that records its process id, then waits for longer
    /// than a test does (the `--voices` listing goes to the real one).
    static let stalledSpeech = """
        #!/bin/sh
        case "$*" in *--voices*) exec /usr/bin/espeak-ng "$@";; esac
        echo $$ >> "$(dirname "$0")/pids"
        exec sleep \(Int(Patience.runSeconds) * 2)

        """

    /// Interrupted while captions are being said, the run ends, and so do
    /// the espeak-ng processes it started: they start with no signal
    /// blocked or ignored (as read from the program each became, once it
    /// has), and the run takes them with it.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedNarrationLeavesNoProcessBehind(_ signal: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try Self.stalledSpeech.write(toFile: bin + "/espeak-ng", atomically: false, encoding: .utf8)
        chmod(bin + "/espeak-ng", 0o755)
        var masks = [Int32: [Substring]]()
        let (seen, r) = try CommandRunner.interrupt(
            ["bst", "--ops", "insert 50 30 70", "--size", "320x180", "--narrate", "-o", "out.mp4"], in: dir,
            environment: ["PATH": bin + ":/usr/bin:/bin"], signal: signal
        ) {
            // Under way once a child has become the program it runs.
            for pid in Self.pids(in: bin) where masks[pid] == nil {
                guard (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "sleep\n",
                      let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { continue }
                masks[pid] = status.split(separator: "\n").filter { $0.hasPrefix("SigBlk:") || $0.hasPrefix("SigIgn:") }
            }
            return !masks.isEmpty
        }
        #expect(seen)
        #expect(r.status == 130, "stderr: \(r.stderr)")
        for (pid, lines) in masks {
            #expect(lines.count == 2)
            for line in lines {
                let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? .max
                for sig in [SIGINT, SIGTERM, SIGHUP] {
                    #expect(mask >> UInt64(sig - 1) & 1 == 0, "espeak-ng \(pid): \(line) holds signal \(sig)")
                }
            }
        }
        let pids = Self.pids(in: bin)
        #expect(!pids.isEmpty)
        for pid in pids { #expect(Wait.until { Self.hasEnded(pid) }, "espeak-ng \(pid) outlived the run") }
        #expect(!CommandRunner.files(in: dir).contains("out.mp4"))
    }

    /// The process ids the stalled espeak-ng recorded in `bin`.
    static func pids(in bin: String) -> [Int32] {
        ((try? String(contentsOfFile: bin + "/pids", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }

    /// Whether the process `pid` has ended: gone, or a zombie not yet reaped.
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's closing parenthesis.
        guard let close = status.lastIndex(of: ")") else { return true }
        return status[status.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
