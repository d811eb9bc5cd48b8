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
    /// and stops the job with ``TreeAnimError/interrupted``.
    public func run(
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws(TreeAnimError) -> Summary {
        let options = storyboard.options
        var pngFolders = [String]()
        var passes = [[String]]()
        var ffmpeg = ""
        var palette: String?
        defer { palette.map(TemporaryFile.remove) }
        switch output {
        case .pngFolder(let dir): pngFolders.append(try Self.prepareFolder(dir))
        case .video(let path, let format):
            if format == .mp4 {
                guard !options.transparent else { throw .transparentMP4 }
                guard options.width % 2 == 0, options.height % 2 == 0 else {
                    throw .oddSizeForMP4(width: options.width, height: options.height)
                }
            }
            try Self.checkWritableParent(of: path)
            guard let found = FFmpegRecipe.locate() else { throw .ffmpegMissing }
            ffmpeg = found
            if let dir = framesDirectory { pngFolders.append(try Self.prepareFolder(dir)) }
            let palettePath = TemporaryFile.path(beside: path) + "-palette.png"
            passes = FFmpegRecipe.passes(for: format, transparent: options.transparent, palette: palettePath)
            if passes.count > 1 { palette = palettePath }
        }
        let total = frames.count * max(passes.count, 1)
        var offset = 0
        // Every pass but the last only feeds ffmpeg (a GIF's palette).
        for arguments in passes.dropLast() {
            let encoder = try FFmpegEncoder(
                executable: ffmpeg, width: options.width, height: options.height, fps: options.fps,
                arguments: arguments, outputPath: palette ?? "")
            do {
                let base = offset
                _ = try deliver(
                    to: [], encoder: encoder, dump: nil, progress: { progress(base + $0, total) },
                    isCancelled: isCancelled)
                try encoder.finish()
            } catch {
                encoder.cancel()
                throw error
            }
            offset += frames.count
        }
        var encoder: FFmpegEncoder?
        var dump: DumpFile?
        do {
            if let arguments = passes.last, case .video(let path, _) = output {
                encoder = try FFmpegEncoder(
                    executable: ffmpeg, width: options.width, height: options.height, fps: options.fps,
                    arguments: arguments, outputPath: path)
            }
            if let dumpPath { dump = try DumpFile(path: dumpPath) }
            let base = offset
            let pngBytes = try deliver(
                to: pngFolders, encoder: encoder, dump: dump, progress: { progress(base + $0, total) },
                isCancelled: isCancelled)
            try dump?.finish()
            try encoder?.finish()
            let bytes = encoder.map { Self.fileSize($0.outputPath) } ?? pngBytes
            return Summary(frames: frames.count, bytes: bytes)
        } catch {
            encoder?.cancel()
            dump?.cancel()
            throw error
        }
    }

    private func deliver(
        to pngFolders: [String], encoder: FFmpegEncoder?, dump: DumpFile?,
        progress: @escaping @Sendable (Int) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws(TreeAnimError) -> Int {
        let options = storyboard.options
        let workers = max(1, threads)
        let chunk = workers * 2
        let sets = (0..<2).map { _ in
            (0..<chunk).map { _ in FrameSlot(width: options.width, height: options.height) }
        }
        let state = JobState()
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
                            state.pngBytes.add(Self.fileSize(path), ordering: .relaxed)
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
        return state.pngBytes.load(ordering: .relaxed)
    }

    /// Frame numbers as in `frame_00042.png`: five digits, more when needed.
    static func number(_ i: Int) -> String {
        let s = String(i)
        return s.count >= 5 ? s : String(repeating: "0", count: 5 - s.count) + s
    }

    /// Makes sure `dir` is a folder we can write into, creating it (but not
    /// its parents) when it does not exist yet.
    static func prepareFolder(_ dir: String) throws(TreeAnimError) -> String {
        let trimmed = dir.count > 1 && dir.hasSuffix("/") ? String(dir.dropLast()) : dir
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDir) {
            guard isDir.boolValue else { throw .cannotWrite(path: trimmed, reason: "it is a file, not a folder") }
        } else {
            try checkWritableParent(of: trimmed)
            if mkdir(trimmed, 0o755) != 0 {
                throw .cannotWrite(path: trimmed, reason: String(cString: strerror(errno)))
            }
        }
        guard access(trimmed, W_OK) == 0 else {
            throw .cannotWrite(path: trimmed, reason: String(cString: strerror(errno)))
        }
        return trimmed
    }

    /// Makes sure the folder that will hold `path` exists and is writable.
    static func checkWritableParent(of path: String) throws(TreeAnimError) {
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw .outputFolderMissing(parent)
        }
        guard access(parent, W_OK) == 0 else {
            throw .cannotWrite(path: path, reason: "folder '\(parent)' is not writable")
        }
    }

    static func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }
}

/// What the workers and the writer of one job share.
private final class JobState: Sendable {
    let firstError = Mutex<TreeAnimError?>(nil)
    let pngBytes = Atomic<Int>(0)
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

/// A scene dump written to a temporary file and renamed into place when the
/// job succeeds.
private final class DumpFile: @unchecked Sendable {
    // @unchecked: written only from the job's serial writer queue.
    let path: String
    let temporary: String
    let handle: UnsafeMutablePointer<FILE>
    private var closed = false

    init(path: String) throws(TreeAnimError) {
        try RenderJob.checkWritableParent(of: path)
        self.path = path
        temporary = TemporaryFile.path(beside: path)
        guard let f = fopen(temporary, "w") else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        handle = f
    }

    func append(_ line: String) throws(TreeAnimError) {
        let text = line + "\n"
        let ok = text.utf8.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, handle) == $0.count }
        guard ok ?? (fputs(text, handle) >= 0) else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    func finish() throws(TreeAnimError) {
        closed = true
        guard fclose(handle) == 0 else {
            TemporaryFile.remove(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        guard rename(temporary, path) == 0 else {
            TemporaryFile.remove(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    func cancel() {
        if !closed { fclose(handle) }
        closed = true
        TemporaryFile.remove(temporary)
    }
}
