import Foundation
import PNG
import Testing
import TestSupport

/// `treeanim compare` run as a user would, on frames the command rendered:
/// its exit statuses, its report, the images it writes and what it leaves
/// alone.
@Suite(.tags(.cli)) struct CompareCommandTests {
    /// The frames of one small animation, rendered once for every test.
    static let rendered: String = {
        let folder = (try? CommandRunner.temporaryFolder()) ?? NSTemporaryDirectory()
        _ = try? CommandRunner.run(
            ["--inserts", "3", "--seed", "1", "--size", "160x90", "--fps", "5", "-o", "frames/"], in: folder)
        return folder + "/frames"
    }()

    static let usage: Int32 = 64

    /// A fresh folder holding `golden/` and `out/`, both copies of the
    /// rendered frames; and the names of the frames.
    static func goldenAndOut() throws -> (dir: String, names: [String]) {
        let names = CommandRunner.files(in: rendered)
        try #require(names.count > 30, "the animation rendered: \(names)")
        let dir = try CommandRunner.temporaryFolder()
        for copy in ["golden", "out"] {
            try FileManager.default.copyItem(atPath: rendered, toPath: "\(dir)/\(copy)")
        }
        return (dir, names)
    }

    /// Flips the top bit of the red channel in a `width`×`height` block at
    /// (x, y) of the PNG at `path`: each of those pixels then differs by
    /// exactly 128.
    static func alter(_ path: String, x: Int, y: Int, width: Int, height: Int) throws {
        var image = try PNGFile.read(path)
        for row in y..<y + height {
            for column in x..<x + width { image.pixels[(row * image.width + column) * 4] ^= 0x80 }
        }
        try PNGFile.write(straightRGBA: image.pixels, width: image.width, height: image.height, to: path)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func identicalFramesExitZeroWithOneSummaryLineAndWriteNothing() throws {
        let (dir, names) = try Self.goldenAndOut()
        let r = try CommandRunner.run(["compare", "golden", "out"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(Self.lines(r.stdout) == ["\(names.count) frames: \(names.count) match (tolerance 1)"])
        #expect(r.stderr.isEmpty)
        #expect(CommandRunner.files(in: dir) == ["golden", "out"])
    }

    @Test func aChangedFrameExitsOneWithItsLineAndItsThreeImages() throws {
        let (dir, names) = try Self.goldenAndOut()
        try Self.alter(dir + "/out/frame_00012.png", x: 20, y: 30, width: 10, height: 5)
        let r = try CommandRunner.run(["compare", "golden", "out"], in: dir)
        #expect(r.status == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(Self.lines(r.stdout) == [
            "frame_00012.png: 50 pixels differ by up to 128 (first at 20,30)",
            "\(names.count) frames: \(names.count - 1) match, 1 differs (tolerance 1); diff images in out.diff/",
        ])
        #expect(CommandRunner.files(in: dir) == ["golden", "out", "out.diff"])
        #expect(
            CommandRunner.files(in: dir + "/out.diff")
                == ["frame_00012-actual.png", "frame_00012-diff.png", "frame_00012-expected.png"])
        #expect(try PNGFile.read(dir + "/out.diff/frame_00012-expected.png") == PNGFile.read(dir + "/golden/frame_00012.png"))
        #expect(try PNGFile.read(dir + "/out.diff/frame_00012-actual.png") == PNGFile.read(dir + "/out/frame_00012.png"))
        let diff = try PNGFile.read(dir + "/out.diff/frame_00012-diff.png")
        var red = 0
        for pixel in 0..<(diff.width * diff.height) where diff.pixels[pixel * 4..<pixel * 4 + 4] == [255, 0, 0, 255] {
            red += 1
            #expect((20..<30).contains(pixel % diff.width) && (30..<35).contains(pixel / diff.width))
        }
        #expect(red == 50)
    }

    @Test func theToleranceDecidesHowFarAChannelMayDiffer() throws {
        let (dir, _) = try Self.goldenAndOut()
        let path = dir + "/out/frame_00003.png"
        var image = try PNGFile.read(path)
        let i = (40 * image.width + 70) * 4 + 1
        image.pixels[i] = image.pixels[i] >= 3 ? image.pixels[i] - 3 : image.pixels[i] + 3
        try PNGFile.write(straightRGBA: image.pixels, width: image.width, height: image.height, to: path)
        let loose = try CommandRunner.run(["compare", "golden", "out", "--tolerance", "3"], in: dir)
        #expect(loose.status == 0, "stdout: \(loose.stdout)")
        #expect(loose.stdout.hasSuffix(" match (tolerance 3)\n"))
        let strict = try CommandRunner.run(["compare", "golden", "out", "--tolerance", "2", "--no-diff-images"], in: dir)
        #expect(strict.status == 1)
        #expect(Self.lines(strict.stdout).first == "frame_00003.png: 1 pixel differs by 3 (at 70,40)")
        #expect(CommandRunner.files(in: dir) == ["golden", "out"])
    }

    @Test func missingExtraResizedAndCorruptFramesEachGetALineInNameOrderAndUnreadableOnesAnError() throws {
        let (dir, names) = try Self.goldenAndOut()
        try FileManager.default.removeItem(atPath: dir + "/out/frame_00005.png")
        try FileManager.default.copyItem(atPath: dir + "/out/frame_00001.png", toPath: dir + "/out/frame_99999.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/out/frame_00020.png"))
        let small = PNGImage(width: 80, height: 45, pixels: [UInt8](repeating: 200, count: 80 * 45 * 4))
        try PNGFile.write(straightRGBA: small.pixels, width: 80, height: 45, to: dir + "/out/frame_00030.png")
        let r = try CommandRunner.run(["compare", "golden", "out", "--diff-dir", "artifacts"], in: dir)
        #expect(r.status == 2, "a frame that cannot be read is trouble; stderr: \(r.stderr)")
        #expect(Self.lines(r.stderr) == ["treeanim: error: cannot read out/frame_00020.png: not a PNG file"])
        #expect(Self.lines(r.stdout) == [
            "frame_00005.png: missing (only in golden)",
            "frame_00030.png: size differs: expected 160×90, actual 80×45",
            "frame_99999.png: extra (only in out)",
            "\(names.count + 1) frames: \(names.count - 3) match, 1 differs, 1 missing, 1 extra, 1 unreadable "
                + "(tolerance 1); diff images in artifacts/",
        ])
        #expect(CommandRunner.files(in: dir + "/artifacts") == [
            "frame_00005-expected.png", "frame_00020-expected.png", "frame_00030-actual.png",
            "frame_00030-expected.png", "frame_99999-actual.png",
        ])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.diff"))
    }

    /// A PNG of a few bytes whose header claims `width`×`height` pixels.
    static func claiming(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        func bigEndian(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        // A zlib stream of a few empty rows, far fewer than the header claims.
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", idat) + chunk("IEND", [])
        return Data(png)
    }

    /// Frames that cannot be read are errors, one line each on stderr
    /// naming the file; the report on stdout stays a report. A header that
    /// claims 100,000×100,000 pixels is refused from the header, before 40
    /// GB are asked for.
    @Test func unreadableFramesAreErrorsOnStderrAndAHugeHeaderIsRefusedBeforeAllocating() throws {
        let (dir, names) = try Self.goldenAndOut()
        try Self.claiming(width: 100_000, height: 100_000).write(to: URL(fileURLWithPath: dir + "/out/frame_00003.png"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/frame_00004.png"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: dir + "/out/frame_00004.png"))
        try Self.claiming(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF).write(to: URL(fileURLWithPath: dir + "/out/frame_00005.png"))
        let r = try CommandRunner.run(["compare", "golden", "out", "--no-diff-images"], in: dir)
        #expect(r.status == 2)
        let errors = Self.lines(r.stderr)
        #expect(errors.count == 3, "stderr: \(r.stderr)")
        #expect(errors.first == "treeanim: error: cannot read out/frame_00003.png: it is 100000×100000 pixels (40 GB decoded), over the limit of 67,108,864 pixels")
        #expect(errors.dropFirst().first == "treeanim: error: cannot read out/frame_00004.png: PNG data ends early")
        #expect(errors.last?.hasPrefix("treeanim: error: cannot read out/frame_00005.png: it is 4294967295×4294967295 pixels") == true)
        #expect(Self.lines(r.stdout) == ["\(names.count) frames: \(names.count - 3) match, 3 unreadable (tolerance 1)"])
    }

    /// A FIFO named like a frame blocks the read that opens it until a
    /// writer comes; an interrupt still ends the comparison at once, as it
    /// ends a render.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptEndsAComparisonBlockedOpeningAFIFO(_ signal: Int32) throws {
        let (dir, _) = try Self.goldenAndOut()
        let fifo = dir + "/out/frame_00002.png"
        try FileManager.default.removeItem(atPath: fifo)
        try #require(mkfifo(fifo, 0o644) == 0)
        let (seen, r) = try CommandRunner.interrupt(["compare", "golden", "out"], in: dir, signal: signal) { pid in
            // A thread of the run waits in the kernel for the FIFO's writer.
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.contains { task in
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) == "wait_for_partner"
            }
        }
        #expect(seen, "the run never blocked on the FIFO")
        #expect(r.status == 130, "stderr: \(r.stderr)")
        #expect(r.stderr == "treeanim: error: interrupted; every diff image written is whole\n")
        #expect(CommandRunner.files(in: dir) == ["golden", "out"])
    }

    @Test func twoPNGFilesAreComparedAsOneFrame() throws {
        let (dir, _) = try Self.goldenAndOut()
        try Self.alter(dir + "/out/frame_00012.png", x: 0, y: 0, width: 2, height: 1)
        let r = try CommandRunner.run(["compare", "golden/frame_00012.png", "out/frame_00012.png"], in: dir)
        #expect(r.status == 1)
        #expect(Self.lines(r.stdout) == [
            "out/frame_00012.png: 2 pixels differ by up to 128 (first at 0,0)",
            "1 frame: 0 match, 1 differs (tolerance 1); diff images in out/frame_00012.png.diff/",
        ])
        #expect(CommandRunner.files(in: dir + "/out/frame_00012.png.diff").count == 3)
        let same = try CommandRunner.run(["compare", "golden/frame_00013.png", "out/frame_00013.png"], in: dir)
        #expect(same.status == 0)
        #expect(same.stdout == "1 frame: 1 matches (tolerance 1)\n")
    }

    /// A diff image is never written over a compared file, whatever its
    /// name: two files compared with a diff folder that holds one of them
    /// under a diff image's name are refused before anything is read.
    @Test func aDiffImageNeverReplacesAComparedFile() throws {
        let (dir, _) = try Self.goldenAndOut()
        try Self.alter(dir + "/out/frame_00012.png", x: 0, y: 0, width: 2, height: 1)
        try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: dir + "/golden/frame_00012.png", toPath: dir + "/d/frame_00012-diff.png")
        let before = FileManager.default.contents(atPath: dir + "/d/frame_00012-diff.png")
        for expected in ["d/frame_00012-diff.png", "d/../d/frame_00012-diff.png"] {
            let r = try CommandRunner.run(["compare", expected, "out/frame_00012.png", "--diff-dir", "d"], in: dir)
            #expect(r.status == 64, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("treeanim: error: --diff-dir: the diff image 'd/frame_00012-diff.png' would replace "), "\(r.stderr)")
            #expect(FileManager.default.contents(atPath: dir + "/d/frame_00012-diff.png") == before)
            #expect(CommandRunner.files(in: dir + "/d") == ["frame_00012-diff.png"])
        }
    }

    @Test func theStampAndEncodingOfAFrameAreNotCompared() throws {
        let (dir, names) = try Self.goldenAndOut()
        let path = dir + "/out/frame_00007.png"
        #expect(!PNGFile.text(atPath: path).isEmpty, "treeanim stamps its frames")
        let image = try PNGFile.read(path)
        try PNGFile.write(
            straightRGBA: image.pixels, width: image.width, height: image.height, to: path,
            options: PNGOptions(level: 9, filter: .paeth))
        #expect(PNGFile.text(atPath: path).isEmpty)
        let r = try CommandRunner.run(["compare", "golden", "out"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "\(names.count) frames: \(names.count) match (tolerance 1)\n")
    }

    @Test func aRunAfterAFixRemovesTheImagesOfTheFramesThatNowMatch() throws {
        let (dir, names) = try Self.goldenAndOut()
        try Self.alter(dir + "/out/frame_00012.png", x: 5, y: 5, width: 3, height: 3)
        #expect(try CommandRunner.run(["compare", "golden", "out"], in: dir).status == 1)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: dir + "/out.diff/notes.txt"))
        try FileManager.default.removeItem(atPath: dir + "/out/frame_00012.png")
        try FileManager.default.copyItem(atPath: dir + "/golden/frame_00012.png", toPath: dir + "/out/frame_00012.png")
        let r = try CommandRunner.run(["compare", "golden", "out"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "\(names.count) frames: \(names.count) match (tolerance 1)\n")
        #expect(CommandRunner.files(in: dir + "/out.diff") == ["notes.txt"])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let troubles: [Case] = [
        Case(arguments: ["golden", "nowhere"], status: 2, message: "no such file or folder: 'nowhere'"),
        Case(arguments: ["nowhere", "out"], status: 2, message: "no such file or folder: 'nowhere'"),
        Case(arguments: ["empty", "empty"], status: 2, message: "no PNG files in 'empty'"),
        Case(arguments: ["golden", "out", "--diff-dir", "no/where"], status: 2,
             message: "--diff-dir: cannot use 'no/where' for diff images: folder 'no' does not exist"),
        Case(arguments: ["golden", "out/frame_00001.png"], status: usage,
             message: "'out/frame_00001.png' is a file but 'golden' is a folder: compare two PNG files or two folders of them"),
        Case(arguments: ["golden", "out", "--tolerance", "256"], status: usage, message: "--tolerance must be from 0 to 255 (got 256)"),
        Case(arguments: ["golden", "out", "--tolerance", "-1"], status: usage, message: "--tolerance must be from 0 to 255 (got -1)"),
        Case(arguments: ["golden", "out", "--diff-dir", "d", "--no-diff-images"], status: usage,
             message: "give --diff-dir or --no-diff-images, not both"),
        Case(arguments: ["golden", "out", "--diff-dir", "out/"], status: usage,
             message: "--diff-dir: 'out' is a folder being compared"),
        Case(arguments: ["golden"], status: usage, message: "Missing expected argument '<actual>'"),
    ]

    @Test(arguments: troubles)
    func troubleIsOneLineOnStderrAndWritesNothing(_ c: Case) throws {
        let (dir, _) = try Self.goldenAndOut()
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: false)
        try Self.alter(dir + "/out/frame_00002.png", x: 0, y: 0, width: 1, height: 1)
        let r = try CommandRunner.run(["compare"] + c.arguments, in: dir)
        #expect(r.status == c.status)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("treeanim: error: " + c.message), "stderr: \(r.stderr)")
        #expect(Self.lines(r.stderr).count == 1, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["empty", "golden", "out"])
    }

    @Test func helpGivesTheExitStatusesAndTheImages() throws {
        let r = try CommandRunner.run(["help", "compare"])
        #expect(r.status == 0)
        let phrases = [
            "Exit status: 0", "1 a frame differs", "2 trouble", "64 bad usage", "--tolerance <n>", "--diff-dir <dir>",
            "ACTUAL.diff", "NAME-diff.png",
        ]
        for phrase in phrases {
            #expect(r.stdout.contains(phrase), "no '\(phrase)' in help")
        }
        #expect(try CommandRunner.run(["--help"]).stdout.contains("compare"))
    }
}
