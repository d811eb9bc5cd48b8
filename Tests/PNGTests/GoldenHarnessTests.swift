import Foundation
import PNG
import Raster
import Testing

@testable import TestSupport

/// A test file that lives in a temporary folder, so its `Goldens/` folder
/// can be filled and inspected without touching the repository.
struct GoldenFixture {
    let folder: TemporaryFolder
    var filePath: String { folder.path + "/FakeTests.swift" }
    var goldens: String { folder.path + "/Goldens" }
    var failures: String { folder.path + "/failures" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
    }

    func golden(_ name: String) -> GoldenFrame {
        GoldenFrame(name: name, folder: goldens)
    }

    func settings(record: Bool = false, continuousIntegration: Bool = false) -> GoldenSettings {
        GoldenSettings(record: record, continuousIntegration: continuousIntegration, failuresFolder: failures)
    }

    func saveGolden(_ name: String, premultiplied pixels: [UInt8], width: Int, height: Int) throws {
        try PNGFile.write(premultipliedRGBA: pixels, width: width, height: height, to: "\(goldens)/\(name).png")
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}

@Suite struct GoldenHarnessTests {
    static let recording = GoldenSettings.fromEnvironment.record
    static let width = 4
    static let height = 3

    static func opaqueCanvas() -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.pixels = randomPremultiplied(width: width, height: height, opaque: true, seed: 43)
        return canvas
    }

    /// `canvas` with the red channel of pixel (2, 1) moved by `amount`.
    static func nudged(_ canvas: Canvas, by amount: Int) -> Canvas {
        var changed = canvas
        let i = (1 * width + 2) * 4
        let red = Int(changed.pixels[i])
        changed.pixels[i] = UInt8(red + amount <= 255 ? red + amount : red - amount)
        return changed
    }

    static func image(_ canvas: Canvas) -> PNGImage {
        PNGImage(width: canvas.width, height: canvas.height, pixels: unpremultiply(canvas.pixels))
    }

    @Test(.disabled(if: recording, "TREEANIM_RECORD_GOLDENS changes what assertFrame does"))
    func aMatchingCanvasPasses() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("match", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        assertFrame(canvas, matches: "match", filePath: fixture.filePath)
    }

    @Test(.disabled(if: recording, "TREEANIM_RECORD_GOLDENS changes what assertFrame does"))
    func aCanvasOffByTwoInOnePixelFailsWithCountAndMaxDifference() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let name = "harness-off-by-two-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: GoldenSettings.fromEnvironment.failuresFolder + "/" + name) }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden(name, premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        withKnownIssue {
            assertFrame(Self.nudged(canvas, by: 2), matches: name, filePath: fixture.filePath)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(
                    "1 pixel of 12 differs by more than 1, max difference 2; first at (2, 1): expected RGBA")
            }
        }
    }

    @Test func offByOnePassesAtTheDefaultToleranceAndFailsAtZero() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("one", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        let actual = Self.image(Self.nudged(canvas, by: 1))
        #expect(fixture.golden("one").check(actual, tolerance: 1, settings: fixture.settings()) == nil)
        let failure = fixture.golden("one").check(actual, tolerance: 0, settings: fixture.settings())
        #expect(failure?.contains("1 pixel of 12 differs by more than 0, max difference 1") == true)
    }

    @Test func everyDifferingPixelIsCountedAndTheLargestDifferenceReported() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("many", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        var actual = Self.image(canvas)
        for (index, amount) in [(0, 3), (5, 40), (11, 2)] {
            let value = Int(actual.pixels[index * 4 + 1])
            actual.pixels[index * 4 + 1] = UInt8(value + amount <= 255 ? value + amount : value - amount)
        }
        let failure = fixture.golden("many").check(actual, tolerance: 1, settings: fixture.settings())
        #expect(failure?.contains("3 pixels of 12 differ by more than 1, max difference 40; first at (0, 0)") == true)
    }

    @Test func aMismatchSavesTheActualFrameTheGoldenAndARedDiff() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("diff", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        let actual = Self.image(Self.nudged(canvas, by: 5))
        let failure = try #require(fixture.golden("diff").check(actual, tolerance: 1, settings: fixture.settings()))
        let saved = fixture.failures + "/diff"
        #expect(failure.hasSuffix("wrote actual.png, golden.png, diff.png to \(saved)/"))
        #expect(try PNGFile.read(saved + "/actual.png") == actual)
        #expect(try PNGFile.read(saved + "/golden.png") == Self.image(canvas))
        let diff = try PNGFile.read(saved + "/diff.png")
        for pixel in 0..<(Self.width * Self.height) {
            let rgba = Array(diff.pixels[(pixel * 4)..<(pixel * 4 + 4)])
            let isRed = rgba == [255, 0, 0, 255]
            #expect(isRed == (pixel == 1 * Self.width + 2), "pixel \(pixel) is \(rgba)")
            if !isRed {
                #expect(rgba.allSatisfy { $0 >= 170 }, "faded pixels are light: \(rgba)")
            }
        }
    }

    @Test func aMissingGoldenFailsWithHowToRecordAndIsNotRecorded() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let failure = fixture.golden("absent").check(
            Self.image(Self.opaqueCanvas()), tolerance: 1, settings: fixture.settings())
        #expect(failure?.hasPrefix("no golden \(fixture.goldens)/absent.png for frame 'absent'; record it with TREEANIM_RECORD_GOLDENS=1 swift test") == true)
        #expect(!fixture.exists(fixture.goldens + "/absent.png"))
        #expect(fixture.exists(fixture.failures + "/absent/actual.png"))
    }

    @Test func aGoldenThatIsNotAPNGFailsNamingIt() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        try Data("oops".utf8).write(to: URL(fileURLWithPath: fixture.goldens + "/broken.png"))
        let failure = fixture.golden("broken").check(Self.image(Self.opaqueCanvas()), tolerance: 1, settings: fixture.settings())
        #expect(failure?.hasPrefix("golden for frame 'broken' is unusable: cannot read \(fixture.goldens)/broken.png: not a PNG file;") == true)
    }

    @Test func recordingIsRefusedInCI() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let settings = fixture.settings(record: true, continuousIntegration: true)
        let failure = fixture.golden("ci").check(Self.image(Self.opaqueCanvas()), tolerance: 1, settings: settings)
        #expect(failure?.contains("goldens are never recorded when CI=true") == true)
        #expect(!fixture.exists(fixture.goldens + "/ci.png"))
    }

    @Test func aMismatchIsNotRecordedInCI() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("ci-stale", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        let settings = fixture.settings(record: true, continuousIntegration: true)
        let failure = fixture.golden("ci-stale").check(Self.image(Self.nudged(canvas, by: 9)), tolerance: 1, settings: settings)
        #expect(failure?.hasSuffix("(not re-recorded: goldens are never recorded when CI=true)") == true)
        #expect(try PNGFile.read(fixture.goldens + "/ci-stale.png") == Self.image(canvas))
    }

    @Test func recordingWritesAMissingGoldenAndFails() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let actual = Self.image(Self.opaqueCanvas())
        let failure = fixture.golden("new/nested").check(actual, tolerance: 1, settings: fixture.settings(record: true))
        #expect(failure?.hasPrefix("recorded golden \(fixture.goldens)/new/nested.png;") == true)
        #expect(fixture.golden("new/nested").check(actual, tolerance: 1, settings: fixture.settings()) == nil)
    }

    @Test func recordingRewritesOnlyGoldensThatNoLongerMatch() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("kept", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        try fixture.saveGolden("stale", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        let keptBytes = try Data(contentsOf: URL(fileURLWithPath: fixture.goldens + "/kept.png"))
        let record = fixture.settings(record: true)

        #expect(fixture.golden("kept").check(Self.image(canvas), tolerance: 1, settings: record) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.goldens + "/kept.png")) == keptBytes)

        let changed = Self.image(Self.nudged(canvas, by: 9))
        let failure = fixture.golden("stale").check(changed, tolerance: 1, settings: record)
        #expect(failure?.hasPrefix("recorded golden") == true)
        #expect(try PNGFile.read(fixture.goldens + "/stale.png") == changed)
    }

    @Test func aSizeMismatchIsReportedWithBothSizes() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        let canvas = Self.opaqueCanvas()
        try fixture.saveGolden("size", premultiplied: canvas.pixels, width: Self.width, height: Self.height)
        let wide = PNGImage(width: 6, height: 2, pixels: [UInt8](repeating: 255, count: 48))
        let failure = fixture.golden("size").check(wide, tolerance: 1, settings: fixture.settings())
        #expect(failure?.hasPrefix("frame 'size' is 6×2 but golden \(fixture.goldens)/size.png is 4×3;") == true)
    }

    @Test func fullyTransparentPixelsMatchWhateverTheirColourBytes() throws {
        let fixture = try GoldenFixture()
        defer { fixture.folder.remove() }
        try PNGFile.write(straightRGBA: [9, 9, 9, 0, 1, 2, 3, 4], width: 2, height: 1, to: fixture.goldens + "/clear.png")
        let actual = PNGImage(width: 2, height: 1, pixels: [200, 0, 50, 0, 1, 2, 3, 4])
        #expect(fixture.golden("clear").check(actual, tolerance: 0, settings: fixture.settings()) == nil)
    }
}
