import Foundation
import PNG
import Testing
import TestSupport

/// The small formats, the steps folder and the poster, read back by the
/// programs that open them.
@Suite(.tags(.cli)) struct SlideOutputTests {
    static let small = CommandOutputTests.small

    /// The frames the summary line reports.
    static func reportedFrames(_ stderr: String, output: String) -> Int {
        let line = stderr.split(separator: "\n").first { $0.hasPrefix("wrote \(output): ") } ?? ""
        let after = line.dropFirst("wrote \(output): ".count)
        return Int(after.split(separator: " ").first ?? "") ?? -1
    }

    @Test func anAPNGHasTheReportedFramesSizeAndRateAndPlaysForEver() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(Self.small + ["-o", "out.apng"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let probe = try Probe(dir + "/out.apng")
        #expect(probe.frames == Self.reportedFrames(r.stderr, output: "out.apng"))
        #expect(probe.width == 192 && probe.height == 108)
        #expect(probe.rate == "10/1")
        #expect(try Self.apngPlays(dir + "/out.apng") == 0)
    }

    @Test func anAnimatedWebPHasTheReportedFramesSizeAndDuration() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(Self.small + ["-o", "out.webp", "--loop", "2"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let info = try WebPMux(dir + "/out.webp")
        let frames = Self.reportedFrames(r.stderr, output: "out.webp")
        #expect(frames > 20)
        #expect(info.width == 192 && info.height == 108)
        #expect(info.loopCount == 2)
        // libwebp merges a run of equal frames into one longer frame: the
        // durations add up to the animation's frames at 10 fps.
        #expect(info.durations.reduce(0, +) == frames * 100, "\(info.durations)")
        #expect(r.stderr.contains("(\(info.durations.count) stored"), "stderr: \(r.stderr)")
    }

    @Test(arguments: [("forever", 0), ("once", nil), ("3", 2)] as [(String, Int?)])
    func aGIFPlaysAsOftenAsLoopSays(_ loop: String, _ field: Int?) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(Self.small + ["-o", "out.gif", "--loop", loop], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try Self.gifLoopField(dir + "/out.gif") == field)
    }

    @Test func theStepsFolderHoldsAClipPerStepCutAtTheStepsAndAnIndex() throws {
        let dir = try CommandRunner.temporaryFolder()
        var r = try CommandRunner.run(Self.small + ["-o", "frames/"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        r = try CommandRunner.run(Self.small + ["-o", "out.mp4", "--steps-dir", "steps", "--step-format", "apng"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try #require(FileManager.default.contents(atPath: dir + "/steps/steps.json"))
        let index = try JSONDecoder().decode(StepsIndex.self, from: json)
        // Four inserts and the finished tree.
        #expect(index.steps.count == 5)
        #expect(index.steps.map(\.caption) == ["insert 50", "insert 17", "insert 72", "insert 12", "size 4, height 2"])
        // Each clip with its subtitles, and the index.
        #expect(index.steps.allSatisfy { $0.subtitles == $0.file.replacingOccurrences(of: ".apng", with: ".vtt") })
        #expect(CommandRunner.files(in: dir + "/steps") == (index.steps.map(\.file) + index.steps.compactMap(\.subtitles) + ["steps.json"]).sorted())
        let frameCount = CommandRunner.files(in: dir + "/frames").count
        #expect(index.steps.first?.firstFrame == 0 && index.steps.last?.lastFrame == frameCount - 1)
        for (a, b) in zip(index.steps, index.steps.dropFirst()) {
            #expect(a.lastFrame + 1 == b.firstFrame, "a clip ends on the frame before the next begins")
            #expect(abs(a.end - b.start) < 1e-9)
        }
        for step in index.steps {
            let clip = "\(dir)/steps/\(step.file)"
            #expect(try Probe(clip).frames == step.lastFrame - step.firstFrame + 1, "\(step.file)")
            // APNG is lossless: the clip's first and last frames are the frames.
            for (which, frame) in [(0, step.firstFrame), (step.lastFrame - step.firstFrame, step.lastFrame)] {
                let decoded = try Self.decodeFrame(which, of: clip, in: dir)
                let expected = try PNGFile.read("\(dir)/frames/frame_\(String(format: "%05d", frame)).png")
                #expect(decoded.pixels == expected.pixels, "\(step.file) frame \(which)")
            }
        }
        #expect(try Self.apngPlays("\(dir)/steps/\(index.steps[0].file)") == 1, "a step clip plays once")
    }

    @Test func aStepsFolderOfAnEarlierRunIsReplacedOnlyWhenAsked() throws {
        let dir = try CommandRunner.temporaryFolder()
        let seven = ["--values", "5,3,8,1,4,7,9", "--size", "128x72", "--fps", "5"]
        var r = try CommandRunner.run(seven + ["-o", "a.gif", "--steps-dir", "steps"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir + "/steps").count == 17)
        r = try CommandRunner.run(Self.small + ["-o", "b.gif", "--steps-dir", "steps"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("holds 17 step files of an earlier run") && r.stderr.contains("--overwrite"), "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/b.gif"))
        r = try CommandRunner.run(Self.small + ["-o", "b.gif", "--steps-dir", "steps", "--overwrite"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir + "/steps") == (1...5).flatMap { ["step_00\($0).mp4", "step_00\($0).vtt"] } + ["steps.json"])
    }

    @Test(arguments: [("first", 0), ("step:3", -1), ("last", -2), ("1.5", 15)] as [(String, Int)])
    func thePosterIsTheFrameAskedFor(_ at: String, _ frame: Int) throws {
        let dir = try CommandRunner.temporaryFolder()
        var r = try CommandRunner.run(Self.small + ["-o", "frames/", "--steps-dir", "steps"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        r = try CommandRunner.run(Self.small + ["-o", "out.mp4", "--poster", "poster.png", "--poster-at", at], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let frames = CommandRunner.files(in: dir + "/frames")
        let index = try JSONDecoder().decode(
            StepsIndex.self, from: try #require(FileManager.default.contents(atPath: dir + "/steps/steps.json")))
        let expected = frame == -1 ? index.steps[2].firstFrame : frame == -2 ? frames.count - 1 : frame
        let poster = try PNGFile.read(dir + "/poster.png")
        let original = try PNGFile.read("\(dir)/frames/\(frames[expected])")
        let same = poster.pixels == original.pixels
        #expect(same, "the poster is frame \(expected)")
    }

    // MARK: - Reading the files back

    struct StepsIndex: Decodable {
        struct Step: Decodable {
            var step: Int
            var file: String
            var subtitles: String?
            var caption: String?
            var note: String?
            var start: Double
            var end: Double
            var firstFrame: Int
            var lastFrame: Int
        }
        var version: Int
        var width: Int
        var height: Int
        var steps: [Step]
    }

    /// Frame `n` of a clip, decoded by ffmpeg into straight RGB(A).
    static func decodeFrame(_ n: Int, of clip: String, in dir: String) throws -> PNGImage {
        let out = "\(dir)/decoded-\(UUID().uuidString).png"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-v", "error", "-i", clip, "-vf", "select=eq(n\\,\(n))", "-frames:v", "1", "-pix_fmt", "rgba", out]
        try p.run()
        p.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: out) }
        return try PNGFile.read(out)
    }

    /// The loop field of a GIF's NETSCAPE2.0 block, nil when it has none.
    static func gifLoopField(_ path: String) throws -> Int? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tag = Array("NETSCAPE2.0".utf8)
        guard let at = (0...(bytes.count - tag.count)).first(where: { Array(bytes[$0..<$0 + tag.count]) == tag }) else {
            return nil
        }
        // 0x03 (sub-block size), 0x01 (loop sub-block), then the count, little-endian.
        let i = at + tag.count + 2
        return Int(bytes[i]) | Int(bytes[i + 1]) << 8
    }

    /// The `num_plays` of an APNG's acTL chunk.
    static func apngPlays(_ path: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var i = 8
        while i + 8 <= bytes.count {
            let length = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[i + 4..<i + 8], as: UTF8.self) == "acTL" {
                return bytes[i + 12..<i + 16].reduce(0) { $0 << 8 | Int($1) }
            }
            i += 12 + length
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}

/// `webpmux -info`: Debian's tool for WebP containers (ffmpeg 5 cannot
/// decode an animated WebP).
struct WebPMux {
    var width = -1
    var height = -1
    var loopCount = -1
    /// Each stored frame's duration in milliseconds.
    var durations: [Int] = []

    init(_ path: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["webpmux", "-info", path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            Issue.record("webpmux failed on \(path) (install it with scripts/setup.sh): \(text)")
            return
        }
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if line.hasPrefix("Canvas size:"), words.count >= 5 {
                width = Int(words[2]) ?? -1
                height = Int(words[4]) ?? -1
            } else if line.contains("Loop Count :") {
                loopCount = Int(words.last ?? "") ?? -1
            } else if let first = words.first, first.hasSuffix(":"), Int(first.dropLast()) != nil, words.count >= 7 {
                // "  1:  1280   720    no        0        0      833 ..."
                durations.append(Int(words[6]) ?? -1)
            }
        }
    }
}
