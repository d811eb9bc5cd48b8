import Diagram
import Foundation
import Geometry
@testable import Output
import PNG
import Raster
import Synchronization
import TestSupport
import Testing

/// Frames as they go to ffmpeg: the pixel formats converted on our threads,
/// checked against ffmpeg's own conversion and encoders, and held frames
/// drawn once.
@Suite struct PipeFrameTests {
    /// A frame with every kind of colour edge: discs of seeded random colours
    /// over bands of pure and mixed colours, anti-aliased, and text.
    static func colourful(width: Int, height: Int, seed: UInt64 = 7) throws -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.clear(to: Color(hex: 0xFAFAF7))
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let bands: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0x00FFFF, 0xFF00FF, 0x000000, 0x7F7F7F]
        for (k, hex) in bands.enumerated() {
            let y = Double(k) * Double(height) / Double(bands.count)
            canvas.fill(.rect(Rect(x: 0, y: y, width: Double(width) / 3, height: Double(height) / 8 + 0.5)), color: Color(hex: hex))
        }
        for _ in 0..<40 {
            let c = Point(next() * Double(width), next() * Double(height))
            canvas.fill(
                .circle(center: c, radius: 3 + next() * Double(min(width, height)) / 6),
                color: Color(red: next(), green: next(), blue: next(), alpha: 0.5 + next() / 2))
        }
        canvas.draw(text: "BST 42 → 17", at: Point(Double(width) / 2, Double(height) / 2), font: try Font.default(), size: 14, color: .black)
        return canvas
    }

    /// Runs ffmpeg, failing the test with its words when it fails.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " ")): \(said)")
    }

    /// `canvases`' premultiplied RGBA pixels, one after another, in a file:
    /// what ffmpeg reads straight from the canvas when it converts itself.
    static func rawRGBA(_ canvases: [Canvas], in folder: TestFolder) throws -> String {
        let path = folder("frames.rgba")
        try Data(canvases.flatMap(\.pixels)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func bytes(_ frame: PipeFrame) -> [UInt8] { Array(frame.bytes) }

    /// `canvas` as a frame in `pixels`.
    static func converted(_ canvas: Canvas, _ pixels: PipePixels, transparent: Bool = false) -> [UInt8] {
        bytes(PipeFrame(canvas, transparent: transparent, pool: PipeFramePool(pixels, width: canvas.width, height: canvas.height)))
    }

    /// The stated tolerance of ``PipeFrame/yuv420p(_:width:height:into:)``
    /// against ffmpeg's own conversion of the same RGBA pixels (swscale,
    /// BT.601 limited range, bicubic chroma): every sample within one level,
    /// and less than a third of a level on average. On these saturated test
    /// frames about one chroma sample in five is one off (ffmpeg's filter
    /// works in coarser fixed point); on tree frames, four in a thousand.
    @Test(.tags(.external), arguments: [(320, 180), (1280, 720), (96, 64)])
    func yuv420pIsFFmpegsOwnConversionWithinTheStatedTolerance(width: Int, height: Int) throws {
        let folder = try TestFolder()
        let canvas = try Self.colourful(width: width, height: height)
        let ours = Self.converted(canvas, .yuv420p)
        let input = try Self.rawRGBA([canvas], in: folder)
        try Self.ffmpeg([
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-i", input,
            "-pix_fmt", "yuv420p", "-f", "rawvideo", folder("theirs.yuv"),
        ])
        let theirs = try #require(folder.contents(of: "theirs.yuv")).map { $0 }
        #expect(theirs.count == ours.count)
        let luma = width * height
        func differences(_ range: Range<Int>) -> (max: Int, mean: Double) {
            let d = range.map { abs(Int(ours[$0]) - Int(theirs[$0])) }
            return (d.max() ?? 0, Double(d.reduce(0, +)) / Double(max(d.count, 1)))
        }
        let y = differences(0..<luma)
        let chroma = differences(luma..<ours.count)
        #expect(y.max <= 1 && y.mean < 0.3, "luma differs by up to \(y.max), \(y.mean) on average")
        #expect(chroma.max <= 1 && chroma.mean < 0.3, "chroma differs by up to \(chroma.max), \(chroma.mean) on average")
        // The frame has edges of every colour: a conversion that swapped
        // Cb and Cr, or used another matrix, would be far off.
        #expect(Set(ours[luma...]).count > 50)
    }

    @Test func flatColoursConvertExactlyAtAnOddSize() throws {
        // 5 × 3: the last column and row pair with themselves.
        var canvas = Canvas(width: 5, height: 3)
        canvas.clear(to: Color(hex: 0xFF0000))
        // BT.601 limited range: pure red is Y′ 81, Cb 90, Cr 240.
        #expect(Self.converted(canvas, .yuv420p) == [UInt8](repeating: 81, count: 15) + [UInt8](repeating: 90, count: 6) + [UInt8](repeating: 240, count: 6))
        canvas.clear(to: Color(hex: 0x808080))
        #expect(Self.converted(canvas, .yuv420p)[15...].allSatisfy { $0 == 128 })
    }

    @Test func bgraAndRGBAreTheCanvasReordered() throws {
        let canvas = try Self.colourful(width: 40, height: 20)
        let bgra = Self.converted(canvas, .bgra)
        let rgb = Self.converted(canvas, .rgb24)
        for i in 0..<(40 * 20) {
            let p = canvas.pixels[4 * i..<4 * i + 4].map { $0 }
            #expect(Array(bgra[4 * i..<4 * i + 4]) == [p[2], p[1], p[0], p[3]])
            #expect(Array(rgb[3 * i..<3 * i + 3]) == [p[0], p[1], p[2]])
        }
    }

    @Test func transparentFramesGoStraightInRGBAAndBGRA() throws {
        var canvas = Canvas(width: 24, height: 16)
        canvas.fill(.circle(center: Point(12, 8), radius: 7), color: Color(hex: 0x3366CC, alpha: 0.6))
        let straight = unpremultiply(canvas.pixels)
        // Some pixels are part transparent, so premultiplied and straight differ.
        #expect(straight != canvas.pixels)
        #expect(Self.converted(canvas, .rgba, transparent: true) == straight)
        let bgra = Self.converted(canvas, .bgra, transparent: true)
        for i in 0..<(24 * 16) {
            #expect(Array(bgra[4 * i..<4 * i + 4]) == [straight[4 * i + 2], straight[4 * i + 1], straight[4 * i], straight[4 * i + 3]])
        }
    }

    /// A source whose frames 3–6 and 9–10 hold still, as rests do.
    static let resting = MovingCircles(width: 320, height: 240, frameCount: 14, still: [3, 4, 5, 6, 9, 10])

    /// GIF, APNG and WebP made from frames in their own pixel format, with
    /// held frames drawn once and sent again (and a GIF's palette pass
    /// sent only its sample), are
    /// the very files ffmpeg makes with the same recipe from every frame's
    /// RGBA (its palette pass selecting the same sample). (More frames than the pipe holds, so pages lent to the pipe
    /// are reused while ffmpeg runs.)
    @Test(.tags(.external), arguments: [VideoFormat.gif, .apng, .webp])
    func formatsSentInTheirOwnPixelsGiveTheFilesOfTheRGBAPath(_ format: VideoFormat) throws {
        let folder = try TestFolder()
        let source = Self.resting
        let path = folder("ours.\(format.rawValue)")
        try Render.job(source, into: [FFmpegSink(path: path, format: format, frames: FrameFormat(source))])
        let canvases = try (0..<source.frameCount).map { try Render.canvas(source, frame: $0) }
        let input = try Self.rawRGBA(canvases, in: folder)
        let theirs = folder("theirs.\(format.rawValue)")
        let palette = folder("palette.png")
        let passes = FFmpegRecipe.passes(for: format, transparent: false, palette: palette, selectingFrom: source.frameCount)
        for (k, pass) in passes.enumerated() {
            try Self.ffmpeg(
                ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240", "-framerate", "10", "-i", input] + pass
                    + [k == passes.count - 1 ? theirs : palette])
        }
        let ours = try #require(folder.contents(of: "ours.\(format.rawValue)"))
        #expect(ours == folder.contents(of: "theirs.\(format.rawValue)"))
    }

    /// The MP4 from our YUV is, decoded, as close to the frames as the one
    /// ffmpeg makes converting RGBA itself, and close to it.
    @Test(.tags(.external)) func anMP4FromOurYUVDecodesAsCloseToTheFramesAsFFmpegsOwn() throws {
        let folder = try TestFolder()
        let source = MovingCircles(width: 320, height: 240, frameCount: 14, still: [3, 4, 5])
        try Render.job(source, into: [FFmpegSink(path: folder("ours.mp4"), format: .mp4, frames: FrameFormat(source))])
        let canvases = try (0..<source.frameCount).map { try Render.canvas(source, frame: $0) }
        let input = try Self.rawRGBA(canvases, in: folder)
        try Self.ffmpeg(
            ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240", "-framerate", "10", "-i", input]
                + FFmpegRecipe.passes(for: .mp4, transparent: false, palette: "")[0] + [folder("theirs.mp4")])
        func decoded(_ name: String) throws -> [UInt8] {
            try Self.ffmpeg(["-i", folder(name), "-f", "rawvideo", "-pix_fmt", "rgba", folder(name + ".rgba")])
            return try #require(folder.contents(of: name + ".rgba")).map { $0 }
        }
        let (ours, theirs) = (try decoded("ours.mp4"), try decoded("theirs.mp4"))
        let frames = canvases.flatMap(\.pixels)
        #expect(ours.count == frames.count && theirs.count == frames.count)
        func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
            var sum = 0
            for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
                sum += abs(Int(a[i]) - Int(b[i])) + abs(Int(a[i + 1]) - Int(b[i + 1])) + abs(Int(a[i + 2]) - Int(b[i + 2]))
            }
            return Double(sum) / Double(a.count / 4 * 3)
        }
        let oursError = meanError(ours, frames), theirsError = meanError(theirs, frames)
        #expect(oursError <= theirsError + 0.1, "ours \(oursError), ffmpeg's \(theirsError)")
        #expect(meanError(ours, theirs) < 0.5)
    }

    /// A sink that takes repeats is not asked to prepare a held frame and
    /// gets the value of the frame it holds; a sink beside it that needs
    /// pixels still gets every frame drawn.
    @Test func heldFramesArePreparedOnceAndDrawnOnlyForSinksThatNeedThem() throws {
        let source = Self.resting
        let alone = RecordingSink(takesRepeats: true)
        try Render.job(source, into: [alone], frames: 2..<12)
        let held: Set = [3, 4, 5, 6, 9, 10]
        #expect(Set(alone.recorded.prepared.keys) == Set(2..<12).subtracting(held))
        // Frame 2 is the first of the range: drawn, though 3 holds it.
        #expect(alone.recorded.written.map(\.frame) == Array(2..<12))
        #expect(alone.recorded.written.map(\.value) == [2, 2, 2, 2, 2, 7, 8, 8, 8, 11])

        let taking = RecordingSink(takesRepeats: true), needing = RecordingSink(takesRepeats: false)
        try Render.job(source, into: [taking, needing])
        #expect(Set(taking.recorded.prepared.keys) == Set(0..<source.frameCount).subtracting(held))
        for index in 0..<source.frameCount {
            #expect(needing.recorded.prepared[index] == (try Render.canvas(source, frame: index)).pixels, "frame \(index)")
        }
    }

    /// A pass whose sinks take a sample renders and gives them only the
    /// sample, counted from the start of the job's frames; a repeat is one
    /// of the sample's frame before. The next pass gets every frame.
    @Test func aPassOfASampleGivesOnlyTheSample() throws {
        let source = Self.resting
        let sample: @Sendable (Int, Int) -> Bool = { n, count in n % 4 == 0 || n == count - 1 }
        let sink = RecordingSink(takesRepeats: true, passes: 2, sample: sample)
        let totals = Mutex([Int]())
        try Render.job(source, into: [sink], frames: 1..<14, progress: { _, total in totals.withLock { $0.append(total) } })
        // Frames 1, 5, 9 and 13 (the last) of 1..<14.
        #expect(sink.recorded.sampled == [[1, 5, 9, 13]])
        #expect(sink.recorded.written.map(\.frame) == Array(1..<14))
        #expect(totals.withLock { $0 }.allSatisfy { $0 == 4 + 13 })

        // Two sinks, one sampling: the pass renders the union, each gets its own.
        let sampling = RecordingSink(takesRepeats: true, passes: 2, sample: sample)
        let every = RecordingSink(takesRepeats: true, passes: 2)
        try Render.job(source, into: [sampling, every])
        #expect(sampling.recorded.sampled == [[0, 4, 8, 12, 13]])
        #expect(every.recorded.sampled == [Array(0..<14)])
    }

    /// A held frame is not drawn again: the PNG folder's copy of it is the
    /// file a render of that frame alone writes, stamp and all.
    @Test func heldFramesInAPNGFolderAreTheFramesRenderedAlone() throws {
        let folder = try TestFolder()
        let source = Self.resting
        let stamp = FrameStamp(source: source, font: try Font.default())
        try Render.job(source, into: [PNGFolderSink(folder: folder("all"), stamp: stamp)])
        for index in [2, 3, 6, 9, 10, 11] {
            try Render.job(source, into: [PNGFolderSink(folder: folder("alone-\(index)"), stamp: stamp)], frames: index..<index + 1)
            let name = PNGFolderSink.fileName(of: index)
            #expect(folder.contents(of: "all/\(name)") == folder.contents(of: "alone-\(index)/\(name)"), "frame \(index)")
        }
        #expect(source.scene(at: 4).drawsSame(as: source.scene(at: 3)))
        #expect(!source.scene(at: 7).drawsSame(as: source.scene(at: 6)))
    }
}
