import Compare
import Foundation
import PNG
import Synchronization
import Testing

/// Folders and files of real PNG frames, compared frame by frame.
@Suite struct FolderComparisonTests {
    /// Runs `comparison` and returns what it reported, in the order it did.
    static func results(of comparison: FolderComparison) throws -> (results: [FrameResult], summary: ComparisonSummary) {
        let reported = Mutex([FrameResult]())
        let summary = try comparison.run { result in reported.withLock { $0.append(result) } }
        return (reported.withLock { $0 }, summary)
    }

    static func outcome(_ frames: Frames, tolerance: Int = 1) throws -> FrameOutcome? {
        let comparison = try FolderComparison(expected: frames.expected, actual: frames.actual, tolerance: tolerance)
        return try results(of: comparison).results.first?.outcome
    }

    @Test func equalPixelsMatchWhateverTheMetadataAndEncoding() throws {
        let frames = try Frames()
        defer { frames.remove() }
        let image = Frames.image(seed: 1)
        try frames.write(image, to: frames.expected + "/a.png", options: PNGOptions(level: 0))
        let stamped = PNGOptions(
            level: 9, filter: .paeth, text: [PNGText(keyword: "treeanim", text: "fingerprint=0123456789abcdef frame=0 frames=1")])
        try frames.write(image, to: frames.actual + "/a.png", options: stamped)
        #expect(try Self.outcome(frames) == .match)
    }

    /// Subfolders are not frames, whatever their names.
    @Test func aSubfolderNamedLikeAFrameIsNoFrame() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.put("a.png", Frames.image(seed: 3))
        try FileManager.default.createDirectory(atPath: frames.actual + "/b.png", withIntermediateDirectories: false)
        let (results, summary) = try Self.results(of: FolderComparison(expected: frames.expected, actual: frames.actual))
        #expect(results.map(\.name) == ["a.png"])
        #expect(summary.frames == 1 && summary.matching == 1 && summary.extra == 0)
    }

    @Test func aPixelWithinTheToleranceMatchesAndBeyondItDiffers() throws {
        let frames = try Frames()
        defer { frames.remove() }
        let image = Frames.image(seed: 2)
        try frames.write(image, to: frames.expected + "/a.png")
        try frames.write(Frames.nudged(image, x: 3, y: 2, by: 1), to: frames.actual + "/a.png")
        #expect(try Self.outcome(frames, tolerance: 1) == .match)
        #expect(try Self.outcome(frames, tolerance: 0) == .differ(pixels: 1, maxDifference: 1, first: PixelPoint(x: 3, y: 2)))
    }

    @Test func aDifferingFrameGivesTheCountTheLargestDifferenceAndTheFirstPixel() throws {
        let frames = try Frames()
        defer { frames.remove() }
        let image = Frames.image(seed: 3)
        try frames.write(image, to: frames.expected + "/a.png")
        var changed = Frames.nudged(image, x: 5, y: 3, by: 2)
        changed = Frames.nudged(changed, x: 4, y: 1, by: 40)
        changed = Frames.nudged(changed, x: 0, y: 2, by: 9)
        try frames.write(changed, to: frames.actual + "/a.png")
        #expect(try Self.outcome(frames) == .differ(pixels: 3, maxDifference: 40, first: PixelPoint(x: 4, y: 1)))
    }

    @Test func aFrameMissingFromActualAndAnExtraOneFail() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.put("a.png", Frames.image(seed: 1), actual: false)
        try frames.put("b.png", Frames.image(seed: 2))
        try frames.put("c.png", Frames.image(seed: 3), expected: false)
        let (results, summary) = try Self.results(of: FolderComparison(expected: frames.expected, actual: frames.actual))
        #expect(results == [
            FrameResult(name: "a.png", outcome: .missing),
            FrameResult(name: "b.png", outcome: .match),
            FrameResult(name: "c.png", outcome: .extra),
        ])
        #expect(summary.frames == 3 && summary.matching == 1 && summary.missing == 1 && summary.extra == 1)
        #expect(!summary.allMatch)
    }

    @Test func framesOfDifferentSizesFailWithBothSizes() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.write(Frames.image(seed: 1), to: frames.expected + "/a.png")
        try frames.write(Frames.image(seed: 1, width: 4, height: 6), to: frames.actual + "/a.png")
        #expect(
            try Self.outcome(frames)
                == .sizeDiffers(expected: PixelSize(width: 6, height: 4), actual: PixelSize(width: 4, height: 6)))
    }

    @Test func aFileThatIsNotAPNGFailsNamingIt() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.put("a.png", Frames.image(seed: 1), actual: false)
        try Data("oops".utf8).write(to: URL(fileURLWithPath: frames.actual + "/a.png"))
        let outcome = try #require(try Self.outcome(frames))
        guard case .unreadable(let error) = outcome else {
            Issue.record("expected unreadable, got \(outcome)")
            return
        }
        #expect(error.path == frames.actual + "/a.png")
        #expect(error.description == "cannot read \(frames.actual)/a.png: not a PNG file")
    }

    @Test func fullyTransparentPixelsMatchWhateverTheirColourBytes() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.write(PNGImage(width: 2, height: 1, pixels: [9, 9, 9, 0, 1, 2, 3, 4]), to: frames.expected + "/a.png")
        try frames.write(PNGImage(width: 2, height: 1, pixels: [200, 0, 50, 0, 1, 2, 3, 4]), to: frames.actual + "/a.png")
        #expect(try Self.outcome(frames, tolerance: 0) == .match)
    }

    @Test func framesArePairedByNameInByteOrderAndOtherFilesAreNotFrames() throws {
        let frames = try Frames()
        defer { frames.remove() }
        for name in ["frame_9.png", "frame_10.png", "a.png", "B.png"] {
            try frames.put(name, Frames.image(seed: name.count))
        }
        for folder in [frames.expected, frames.actual] {
            try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
            try Data("half written".utf8).write(to: URL(fileURLWithPath: folder + "/.frame_11.png.tmp-1-x.png"))
            try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
            try frames.write(Frames.image(seed: 1), to: folder + "/sub/inner.png")
        }
        let comparison = try FolderComparison(expected: frames.expected, actual: frames.actual)
        #expect(comparison.comparesFolders)
        #expect(comparison.pairs.map(\.name) == ["B.png", "a.png", "frame_10.png", "frame_9.png"])
        #expect(comparison.pairs[1] == ImagePair(name: "a.png", expected: frames.expected + "/a.png", actual: frames.actual + "/a.png"))
        #expect(try Self.results(of: comparison).summary.allMatch)
    }

    @Test func theReportIsInNameOrderAndTheSameForAnyNumberOfThreads() throws {
        let frames = try Frames()
        defer { frames.remove() }
        for i in 0..<40 {
            let name = String(format: "frame_%05d.png", i)
            let image = Frames.image(seed: i)
            try frames.write(image, to: "\(frames.expected)/\(name)")
            let actual = i % 7 == 3 ? Frames.nudged(image, x: i % 6, y: 1, by: UInt8(i)) : image
            try frames.write(actual, to: "\(frames.actual)/\(name)")
        }
        var comparison = try FolderComparison(expected: frames.expected, actual: frames.actual)
        comparison.threads = 1
        let one = try Self.results(of: comparison)
        comparison.threads = 4
        let four = try Self.results(of: comparison)
        #expect(one.results.map(\.name) == (0..<40).map { String(format: "frame_%05d.png", $0) })
        #expect(one.results == four.results)
        #expect(one.summary == four.summary)
        #expect(one.summary.differing == 6 && one.summary.matching == 34)
        #expect(one.results[10].outcome == .differ(pixels: 1, maxDifference: 10, first: PixelPoint(x: 4, y: 1)))
    }

    @Test func twoFilesAreComparedAsOneFrameNamedByActual() throws {
        let frames = try Frames()
        defer { frames.remove() }
        let image = Frames.image(seed: 4)
        try frames.write(image, to: frames.root + "/golden.png")
        try frames.write(Frames.nudged(image, x: 1, y: 1, by: 30), to: frames.root + "/shot.png")
        let comparison = try FolderComparison(expected: frames.root + "/golden.png", actual: frames.root + "/shot.png")
        #expect(!comparison.comparesFolders)
        let (results, summary) = try Self.results(of: comparison)
        let outcome = FrameOutcome.differ(pixels: 1, maxDifference: 30, first: PixelPoint(x: 1, y: 1))
        #expect(results == [FrameResult(name: frames.root + "/shot.png", outcome: outcome)])
        #expect(summary.differing == 1 && summary.frames == 1)
    }

    @Test func pathsThatCannotBeComparedAreRefusedBeforeAnythingIsRead() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.write(Frames.image(seed: 1), to: frames.root + "/one.png")
        #expect(throws: CompareError.fileAndFolder(file: frames.root + "/one.png", folder: frames.actual)) {
            try FolderComparison(expected: frames.root + "/one.png", actual: frames.actual)
        }
        #expect(throws: CompareError.fileAndFolder(file: frames.root + "/one.png", folder: frames.expected)) {
            try FolderComparison(expected: frames.expected, actual: frames.root + "/one.png")
        }
        #expect(throws: CompareError.notFound(path: frames.root + "/nowhere")) {
            try FolderComparison(expected: frames.expected, actual: frames.root + "/nowhere")
        }
        #expect(throws: CompareError.noFrames(expected: frames.expected, actual: frames.actual)) {
            try FolderComparison(expected: frames.expected, actual: frames.actual)
        }
        #expect(throws: CompareError.notFileOrFolder(path: "/dev/null")) {
            try FolderComparison(expected: "/dev/null", actual: frames.actual)
        }
    }

    @Test func aCancelledComparisonStopsAndSaysSo() throws {
        let frames = try Frames()
        defer { frames.remove() }
        for i in 0..<30 { try frames.put(String(format: "f%02d.png", i), Frames.image(seed: i)) }
        var comparison = try FolderComparison(expected: frames.expected, actual: frames.actual)
        comparison.threads = 2
        // Cancelled from the fifth poll on: counted in polls, not in frames
        // reported, since results are reported in name order and a thread
        // held up on frame 0 under load would hold back every report while
        // the other thread compares the rest.
        let reported = Atomic(0)
        let polls = Atomic(0)
        #expect(throws: CompareError.interrupted) {
            try comparison.run(
                report: { _ in reported.add(1, ordering: .relaxed) },
                isCancelled: { polls.add(1, ordering: .relaxed).newValue >= 5 })
        }
        #expect(reported.load(ordering: .relaxed) <= 4)
    }
}
