import Foundation
import Testing
import TestSupport

/// Output names that are not what they seem: symbolic links inside an
/// output folder, links (dangling ones too) that make two outputs one
/// file, a folder named like a video, a lock file that is not a file.
@Suite(.tags(.cli)) struct OutputNameTests {
    static let tiny = KilledRunTests.tiny

    /// A link among the frames is replaced as a name: the file it points
    /// at, outside the folder, keeps its bytes.
    @Test func aLinkInsideAFramesFolderIsReplacedNotWrittenThrough() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "precious".write(toFile: dir + "/precious.txt", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/frames", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/frames/frame_00001.png", withDestinationPath: "../precious.txt")
        try FileManager.default.createSymbolicLink(atPath: dir + "/frames/frame_00002.png", withDestinationPath: dir + "/nowhere.png")
        let r = try CommandRunner.run(Self.tiny + ["--frame-range", "0:3", "--overwrite", "-o", "frames/"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/precious.txt") == Data("precious".utf8))
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere.png"))
        for k in 0..<3 {
            let name = dir + "/frames/" + String(format: "frame_%05d.png", k)
            let type = try FileManager.default.attributesOfItem(atPath: name)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(name) is \(String(describing: type))")
        }
        #expect(CommandRunner.files(in: dir) == ["frames", "precious.txt"])
    }

    /// The same for a steps folder's clips and index.
    @Test func aLinkInsideAStepsFolderIsReplacedNotWrittenThrough() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "precious".write(toFile: dir + "/precious.txt", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/steps", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/steps/steps.json", withDestinationPath: "../precious.txt")
        let r = try CommandRunner.run(Self.tiny + ["-o", "f/", "--steps-dir", "steps", "--overwrite"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/precious.txt") == Data("precious".utf8))
        let type = try FileManager.default.attributesOfItem(atPath: dir + "/steps/steps.json")[.type] as? FileAttributeType
        #expect(type == .typeRegular)
    }

    /// Two outputs that are one file through a link, even a link to a file
    /// not made yet, are refused before anything is written.
    @Test(arguments: [
        (link: "d.jsonl", to: "x.gif", arguments: ["-o", "x.gif", "--dump-scene", "d.jsonl"], flags: "-o and --dump-scene"),
        (link: "p.png", to: "out/frame_00003.png", arguments: ["-o", "out/", "--poster", "p.png"], flags: "-o and --poster"),
        (link: "q.png", to: "deck.html", arguments: ["-o", "deck.html", "--poster", "q.png"], flags: "-o and --poster"),
    ])
    func outputsThatAreOneFileThroughALinkAreRefused(link: String, to target: String, arguments: [String], flags: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: target)
        let r = try CommandRunner.run(Self.tiny + arguments, in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("treeanim: error: \(flags) must name different paths"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(CommandRunner.files(in: dir) == [link, "out"].sorted())
        #expect(CommandRunner.files(in: dir + "/out").isEmpty)
    }

    @Test func aFolderNamedLikeAVideoIsRefusedUnlessTheNameEndsWithASlash() throws {
        let dir = try CommandRunner.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/existing.gif", withIntermediateDirectories: false)
        let refused = try CommandRunner.run(Self.tiny + ["-o", "existing.gif"], in: dir)
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "treeanim: error: -o: 'existing.gif' is a folder: to write PNG frames into it, end the name with / ('existing.gif/'); to write the file, name another\n")
        #expect(CommandRunner.files(in: dir + "/existing.gif").isEmpty)
        let frames = try CommandRunner.run(Self.tiny + ["--frame-range", "0:2", "-o", "existing.gif/"], in: dir)
        #expect(frames.status == 0, "stderr: \(frames.stderr)")
        #expect(CommandRunner.files(in: dir + "/existing.gif") == ["frame_00000.png", "frame_00001.png"])
        // A folder with no file extension is still a frames folder.
        try FileManager.default.createDirectory(atPath: dir + "/plain", withIntermediateDirectories: false)
        let plain = try CommandRunner.run(Self.tiny + ["--frame-range", "0:1", "-o", "plain"], in: dir)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
    }

    @Test(arguments: ["folder", "link"])
    func aLockFileThatIsNotAFileIsNamed(_ kind: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: dir + "/.x.gif.lock", withIntermediateDirectories: false)
        } else {
            try FileManager.default.createSymbolicLink(atPath: dir + "/.x.gif.lock", withDestinationPath: "/etc/hostname")
        }
        let r = try CommandRunner.run(Self.tiny + ["-o", "x.gif"], in: dir)
        #expect(r.status == 1)
        let what = kind == "folder" ? "is a folder" : "is a symbolic link, which treeanim does not follow"
        #expect(r.stderr == "treeanim: error: -o: cannot write 'x.gif': its lock file '.x.gif.lock' \(what): remove it\n")
        #expect(CommandRunner.files(in: dir) == [".x.gif.lock"])
    }
}
