import Compare
import Foundation
import PNG
import Testing

/// The images of failing frames: where they go, what they show, and what
/// is never touched.
@Suite struct DiffImageTests {
    /// Frames `a` (matches), `b` (one pixel differs), `c` (missing) and
    /// `d` (another size), compared with images going to `frames.diffs`.
    static func failingFrames() throws -> (Frames, FolderComparison) {
        let frames = try Frames()
        try frames.put("a.png", Frames.image(seed: 1))
        try frames.put("b.png", Frames.image(seed: 2), actual: false)
        try frames.write(Frames.nudged(Frames.image(seed: 2), x: 2, y: 3, by: 50), to: frames.actual + "/b.png")
        try frames.put("c.png", Frames.image(seed: 3), actual: false)
        try frames.put("d.png", Frames.image(seed: 4), actual: false)
        try frames.write(Frames.image(seed: 4, width: 3, height: 3), to: frames.actual + "/d.png")
        var comparison = try FolderComparison(expected: frames.expected, actual: frames.actual)
        comparison.diffFolder = try DiffFolder(path: frames.diffs)
        return (frames, comparison)
    }

    @Test func eachFailingFrameGetsTheImagesThatShowWhy() throws {
        let (frames, comparison) = try Self.failingFrames()
        defer { frames.remove() }
        let summary = try comparison.run()
        #expect(summary.framesWithImages == 3)
        #expect(summary.imageError == nil)
        #expect(Frames.names(in: frames.diffs) == [
            "b-actual.png", "b-diff.png", "b-expected.png", "c-expected.png", "d-actual.png", "d-expected.png",
        ])
        #expect(try PNGFile.read(frames.diffs + "/b-expected.png") == Frames.image(seed: 2))
        #expect(try PNGFile.read(frames.diffs + "/b-actual.png") == PNGFile.read(frames.actual + "/b.png"))
        let diff = try PNGFile.read(frames.diffs + "/b-diff.png")
        for pixel in 0..<(Frames.width * Frames.height) {
            let rgba = Array(diff.pixels[pixel * 4..<pixel * 4 + 4])
            #expect((rgba == [255, 0, 0, 255]) == (pixel == 3 * Frames.width + 2), "pixel \(pixel) is \(rgba)")
        }
    }

    @Test func nothingIsWrittenWhenEveryFrameMatches() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.put("a.png", Frames.image(seed: 1))
        var comparison = try FolderComparison(expected: frames.expected, actual: frames.actual)
        comparison.diffFolder = try DiffFolder(path: frames.diffs)
        let summary = try comparison.run()
        #expect(summary.allMatch && summary.framesWithImages == 0)
        #expect(!Frames.exists(frames.diffs))
    }

    @Test func theImagesOfAFrameThatNowMatchesAreRemovedAndNothingElse() throws {
        let (frames, comparison) = try Self.failingFrames()
        defer { frames.remove() }
        _ = try comparison.run()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: frames.diffs + "/notes.txt"))
        try frames.write(Frames.image(seed: 9), to: frames.diffs + "/z-diff.png")
        try frames.write(Frames.image(seed: 2), to: frames.actual + "/b.png")
        try frames.write(Frames.image(seed: 4), to: frames.actual + "/d.png")
        let summary = try comparison.run()
        #expect(summary.framesWithImages == 1)
        #expect(Frames.names(in: frames.diffs) == ["c-expected.png", "notes.txt", "z-diff.png"])
    }

    @Test func anythingButARegularFileInTheWayOfAnImageIsLeftAlone() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try FileManager.default.createDirectory(atPath: frames.diffs + "/b-diff.png", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: frames.diffs + "/c-diff.png", withDestinationPath: frames.root + "/kept.png")
        let image = Frames.image(seed: 1)
        let images = FailureImages(expected: image, actual: image, diff: image)
        #expect(throws: CompareError.notAFile(path: frames.diffs + "/b-diff.png")) {
            try DiffImageFiles(folder: frames.diffs, frame: "b.png").write(images)
        }
        #expect(throws: CompareError.notAFile(path: frames.diffs + "/c-diff.png")) {
            try DiffImageFiles(folder: frames.diffs, frame: "c.png").write(FailureImages())
        }
        #expect(Frames.names(in: frames.diffs + "/b-diff.png").isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: frames.diffs + "/c-diff.png") == frames.root + "/kept.png")
        #expect(!Frames.exists(frames.root + "/kept.png"))
    }

    @Test func anImageThatCannotBeWrittenStopsTheImagesButNotTheComparison() throws {
        let (frames, base) = try Self.failingFrames()
        defer { frames.remove() }
        var comparison = base
        comparison.threads = 1
        try FileManager.default.createDirectory(atPath: frames.diffs + "/b-diff.png", withIntermediateDirectories: true)
        let (results, summary) = try FolderComparisonTests.results(of: comparison)
        #expect(summary.imageError == .notAFile(path: frames.diffs + "/b-diff.png"))
        #expect(results.map(\.name) == ["a.png", "b.png", "c.png", "d.png"])
        #expect(summary.differing == 2 && summary.missing == 1)
        #expect(!Frames.names(in: frames.diffs).contains("c-expected.png"), "no image after the first failure")
    }

    @Test func theDiffFolderMayNotBeAFolderBeingCompared() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.put("a.png", Frames.image(seed: 1), actual: false)
        try frames.put("a.png", Frames.image(seed: 2), expected: false)
        var comparison = try FolderComparison(expected: frames.expected, actual: frames.actual)
        comparison.diffFolder = try DiffFolder(path: frames.actual + "/")
        #expect(throws: CompareError.diffFolderIsCompared(path: frames.actual)) { try comparison.run() }
        #expect(Frames.names(in: frames.actual) == ["a.png"])
    }

    @Test func aDiffFolderMustBeAFolderOrHaveOneToBeMadeIn() throws {
        let frames = try Frames()
        defer { frames.remove() }
        try frames.write(Frames.image(seed: 1), to: frames.root + "/one.png")
        #expect(throws: CompareError.diffFolderUnusable(path: frames.root + "/one.png", reason: "it is not a folder")) {
            try DiffFolder(path: frames.root + "/one.png")
        }
        #expect(
            throws: CompareError.diffFolderUnusable(
                path: frames.root + "/no/diffs", reason: "folder '\(frames.root)/no' does not exist")
        ) {
            try DiffFolder(path: frames.root + "/no/diffs")
        }
        #expect(try DiffFolder(path: frames.diffs + "//").path == frames.diffs)
        #expect(!Frames.exists(frames.diffs), "checking makes nothing")
    }

    @Test func theDefaultDiffFolderIsActualDotDiffBesideIt() {
        #expect(DiffFolder.beside("out/frames/") == "out/frames.diff")
        #expect(DiffFolder.beside("shot.png") == "shot.png.diff")
        #expect(DiffFolder.beside("/") == "/.diff")
        #expect(DiffFolder.beside(".") == FileManager.default.currentDirectoryPath + ".diff")
    }

    @Test func imageFilesAreNamedAfterTheFrameWithoutItsExtension() {
        let files = DiffImageFiles(folder: "out.diff/", frame: "frame_00012.png")
        #expect(files == DiffImageFiles(
            expected: "out.diff/frame_00012-expected.png", actual: "out.diff/frame_00012-actual.png",
            diff: "out.diff/frame_00012-diff.png"))
        #expect(DiffImageFiles(folder: "d", frame: "shots/title.PNG").diff == "d/title-diff.png")
    }
}
