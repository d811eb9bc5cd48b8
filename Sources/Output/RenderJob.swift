import Dispatch
import Foundation
import PNG
import Raster
import Synchronization

/// Renders a range of a storyboard's frames on several threads and delivers
/// them, in frame order, to PNG files, ffmpeg and a scene dump.
///
/// Memory is flat in the number of frames: frames are rendered in chunks of a
/// few per thread into two reused sets of canvases, one set being rendered
/// while the other is written out.
public struct RenderJob: Sendable {
    public var storyboard: Storyboard
    public var font: Font
    /// The frames to render, numbered as in the full animation.
    public var frames: Range<Int>
    public var threads: Int
    public var output: OutputTarget
    /// A folder that also keeps the PNG frames when the output is a video.
    public var framesDirectory: String?
    public var pngOptions: PNGOptions = .default
    /// A JSON Lines file that receives every rendered frame's scene.
    public var dumpPath: String?

    public init(storyboard: Storyboard, font: Font, output: OutputTarget) {
        self.storyboard = storyboard
        self.font = font
        self.output = output
        frames = 0..<storyboard.frameCount
        threads = ProcessInfo.processInfo.activeProcessorCount
    }

    /// What a finished job made.
    public struct Summary: Sendable {
        public var frames: Int
        /// The bytes of the video, or of all PNG frames written.
        public var bytes: Int
    }

    /// Runs the job. `progress` is called, on one thread at a time, with the
    /// frames delivered so far and the total (a GIF's frames are rendered
    /// twice, once for its palette); `isCancelled` is polled between chunks
    /// and while ffmpeg finishes, and stops the job with
    /// ``TreeAnimError/interrupted``.
    ///
    /// Every path is checked before anything is made, and a job that fails
    /// or is interrupted removes what it made: temporary files, the frames it
    /// wrote, and the folders it created.
    public func run(
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws(TreeAnimError) -> Summary {
        let options = storyboard.options
        var folders = [String]()
        var passes = [[String]]()
        var ffmpeg = ""
        var videoPath = ""
        var palette = ""
        switch output {
        case .pngFolder(let dir): folders.append(dir)
        case .video(let path, let format):
            if format == .mp4 {
                guard !options.transparent else { throw .transparentMP4 }
                guard options.width % 2 == 0, options.height % 2 == 0 else {
                    throw .oddSizeForMP4(width: options.width, height: options.height)
                }
            }
            try OutputFiles.checkWritableParent(of: path)
            guard let found = FFmpegRecipe.locate() else { throw .ffmpegMissing }
            ffmpeg = found
            videoPath = path
            palette = TemporaryFile.path(beside: path, role: "palette.png")
            folders += framesDirectory.map { [$0] } ?? []
            passes = FFmpegRecipe.passes(for: format, transparent: options.transparent, palette: palette)
        }
        for folder in folders { try OutputFiles.checkFolder(folder) }
        if let dumpPath { try OutputFiles.checkWritableParent(of: dumpPath) }

        let made = OutputFiles()
        let state = JobState()
        var encoder: FFmpegEncoder?
        var dump: DumpFile?
        do {
            let pngFolders = try folders.map { dir throws(TreeAnimError) in try made.folder(dir) }
            let total = frames.count * max(passes.count, 1)
            for (i, arguments) in passes.enumerated() {
                // Every pass but the last feeds ffmpeg alone: a GIF's palette.
                let last = i == passes.count - 1
                if !last { made.temporary(palette) }
                encoder = try FFmpegEncoder(
                    executable: ffmpeg, width: options.width, height: options.height, fps: options.fps,
                    arguments: arguments, outputPath: last ? videoPath : palette)
                if last { break }
                let base = i * frames.count
                try deliver(
                    to: [], encoder: encoder, dump: nil, state: state,
                    progress: { progress(base + $0, total) }, isCancelled: isCancelled)
                try encoder?.finish(isCancelled: isCancelled)
                encoder = nil
            }
            if let dumpPath { dump = try DumpFile(path: dumpPath) }
            let base = frames.count * max(passes.count - 1, 0)
            try deliver(
                to: pngFolders, encoder: encoder, dump: dump, state: state,
                progress: { progress(base + $0, total) }, isCancelled: isCancelled)
            // The video first: of the two, ffmpeg is the one likely to fail.
            try encoder?.finish(isCancelled: isCancelled)
            try dump?.finish()
            made.keep()
            let bytes = encoder.map { OutputFiles.size(of: $0.outputPath) } ?? state.pngBytes.load(ordering: .relaxed)
            return Summary(frames: frames.count, bytes: bytes)
        } catch {
            encoder?.cancel()
            dump?.cancel()
            made.remove(frames: state.written.withLock { $0 })
            throw error
        }
    }

    /// Renders the job's frames into PNG files, the encoder and the dump.
    private func deliver(
        to pngFolders: [String], encoder: FFmpegEncoder?, dump: DumpFile?, state: JobState,
        progress: @escaping @Sendable (Int) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws(TreeAnimError) {
        let options = storyboard.options
        let workers = max(1, threads)
        // Two frames a worker in each of the two sets, or one when frames are
        // so large that two would pass 256 MB in all.
        let frameBytes = options.width * options.height * 4
        let chunk = workers * (frameBytes * workers * 4 <= 256 << 20 ? 2 : 1)
        let sets = (0..<2).map { _ in
            (0..<chunk).map { _ in FrameSlot(width: options.width, height: options.height) }
        }
        let free = DispatchSemaphore(value: sets.count)
        let writer = DispatchQueue(label: "treeanim.writer")
        let renderer = FrameRenderer(font: font)
        let board = storyboard
        let straightAlpha = options.transparent
        let png = pngOptions
        var delivered = 0

        for (k, start) in stride(from: frames.lowerBound, to: frames.upperBound, by: chunk).enumerated() {
            if isCancelled() { state.firstError.withLock { $0 = $0 ?? .interrupted } }
            if state.firstError.withLock({ $0 != nil }) { break }
            free.wait()
            let slots = sets[k % sets.count]
            let count = min(chunk, frames.upperBound - start)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                for j in stride(from: w, to: count, by: workers) {
                    let slot = slots[j]
                    let scene = board.scene(at: start + j)
                    renderer.render(scene, into: &slot.canvas)
                    slot.dumpLine = dump == nil ? nil : SceneDump.line(for: scene)
                    slot.streamBytes = encoder == nil ? nil : (straightAlpha ? unpremultiply(slot.canvas.pixels) : nil)
                    for folder in pngFolders {
                        let path = "\(folder)/frame_\(Self.number(start + j)).png"
                        do throws(PNGError) {
                            try PNGFile.write(
                                premultipliedRGBA: slot.canvas.pixels, width: options.width, height: options.height,
                                to: path, options: png)
                            state.pngBytes.add(OutputFiles.size(of: path), ordering: .relaxed)
                            state.written.withLock { $0.append(path) }
                        } catch {
                            state.firstError.withLock { $0 = $0 ?? .png(error.description) }
                        }
                    }
                }
            }
            delivered += count
            let done = delivered
            writer.async {
                defer { free.signal() }
                guard state.firstError.withLock({ $0 == nil }) else { return }
                do throws(TreeAnimError) {
                    for slot in slots.prefix(count) {
                        if let line = slot.dumpLine { try dump?.append(line) }
                        try encoder?.write(slot.streamBytes ?? slot.canvas.pixels)
                    }
                    progress(done)
                } catch {
                    state.firstError.withLock { $0 = $0 ?? error }
                }
            }
        }
        writer.sync {}
        if let error = state.firstError.withLock({ $0 }) { throw error }
    }

    /// Frame numbers as in `frame_00042.png`: five digits, more when needed.
    static func number(_ i: Int) -> String {
        let s = String(i)
        return s.count >= 5 ? s : String(repeating: "0", count: 5 - s.count) + s
    }
}

/// What the workers and the writer of one job share.
private final class JobState: Sendable {
    let firstError = Mutex<TreeAnimError?>(nil)
    let pngBytes = Atomic<Int>(0)
    /// The PNG files written so far, to remove if the job fails.
    let written = Mutex<[String]>([])
}

/// One frame in flight: its canvas, reused from chunk to chunk, and what the
/// writer needs from it.
private final class FrameSlot: @unchecked Sendable {
    // @unchecked: a slot is touched by one worker while its chunk renders,
    // then by the writer; the semaphore in `deliver` orders the two.
    var canvas: Canvas
    var dumpLine: String?
    var streamBytes: [UInt8]?

    init(width: Int, height: Int) {
        canvas = Canvas(width: width, height: height)
    }
}
