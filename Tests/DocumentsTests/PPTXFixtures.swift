import Documents
import Foundation
import PNG
import TestSupport

/// Steps for a deck, with real clips: tiny H.264 MP4s made by ffmpeg, whose
/// first frame is the step's poster. Each step's poster is its own: two
/// colours split at a place of its own, and a square that moves in the
/// clip, so pages and posters of different steps cannot be confused.
struct PPTXFixture {
    var folder: String
    var slides: [DeckSlide]
    var posters: [PNGImage]
    /// Each step's last frame: the picture its slide shows.
    var finals: [PNGImage]
    var format: DeckFormat

    /// The clips' size and rate.
    static let width = 320
    static let height = 180
    static let fps = 10.0

    static let palette: [([UInt8], [UInt8])] = [
        ([215, 48, 39], [252, 220, 150]), ([33, 102, 172], [200, 230, 245]), ([26, 152, 80], [245, 200, 230]),
        ([110, 60, 160], [250, 240, 120]),
    ]

    /// One step's clip and pictures.
    struct Step: Sendable {
        var clip: Data
        var poster: PNGImage
        var final: PNGImage
    }

    /// The steps of every fixture, made once a test run: ffmpeg is the slow
    /// part of a fixture, and the clips do not depend on the captions.
    static let steps: Result<[Step], ExternalTool.Failure> = makeSteps()

    /// - Parameter captions, notes: one per step, at most four steps.
    init(captions: [String?], notes: [String?]) throws {
        let steps = try Self.steps.get()
        precondition(captions.count <= steps.count, "at most \(steps.count) steps")
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("treeanim-pptx-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        format = DeckFormat(width: Self.width, height: Self.height, fps: Self.fps, title: "Fixture deck")
        slides = []
        posters = []
        finals = []
        for (index, (caption, note)) in zip(captions, notes).enumerated() {
            let step = steps[index]
            let clip = "\(folder)/step\(index).mp4"
            try step.clip.write(to: URL(fileURLWithPath: clip))
            let start = Double(index)
            slides.append(
                DeckSlide(
                    caption: caption, note: note, start: start, end: start + 0.9, clipPath: clip,
                    poster: try PNGFile.encode(straightRGBA: step.poster.pixels, width: Self.width, height: Self.height),
                    final: try PNGFile.encode(straightRGBA: step.final.pixels, width: Self.width, height: Self.height)))
            posters.append(step.poster)
            finals.append(step.final)
        }
    }

    /// A path in the fixture's folder for the deck, made empty as the deck
    /// writer's caller makes it.
    func deckPath(_ name: String = "deck.pptx") throws -> String {
        let path = "\(folder)/\(name)"
        try Data().write(to: URL(fileURLWithPath: path))
        return path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func makeSteps() -> Result<[Step], ExternalTool.Failure> {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("treeanim-pptx-clips-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let ffmpeg = try ExternalTool("ffmpeg", package: "ffmpeg")
            return .success(
                try palette.indices.map { step in
                    let frames = (0..<10).map { frame(step: step, index: $0) }
                    let raw = folder.appendingPathComponent("step\(step).rgba")
                    let clip = folder.appendingPathComponent("step\(step).mp4")
                    try Data(frames.flatMap(\.pixels)).write(to: raw)
                    try ffmpeg.run([
                        "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                        "-r", "\(fps)", "-i", raw.path, "-c:v", "libx264", "-pix_fmt", "yuv420p", clip.path,
                    ])
                    return Step(clip: try Data(contentsOf: clip), poster: frames[0], final: frames[9])
                })
        } catch let failure as ExternalTool.Failure {
            return .failure(failure)
        } catch {
            return .failure(ExternalTool.Failure(description: "cannot make the test clips: \(error)"))
        }
    }

    /// Frame `index` of step `step`'s clip: frame 0 is its poster.
    private static func frame(step: Int, index: Int) -> PNGImage {
        let (left, right) = palette[step]
        let split = width * (step + 1) / (palette.count + 1)
        let side = height / 3
        // Far enough over the clip that its first and last frames differ
        // plainly: a page showing either is told apart.
        let squareX = width / 8 + index * 12
        let squareY = height / 2 - side / 2
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inSquare = (squareX..<squareX + side).contains(x) && (squareY..<squareY + side).contains(y)
                let color = inSquare ? [right[2], left[0], right[1]] : x < split ? left : right
                pixels += color + [255]
            }
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }
}
