import Foundation
import OutputFiles
import PNG
import Synchronization

/// Streams frames into ffmpeg, which encodes a GIF, MP4 or WebM with the
/// ``FFmpegRecipe`` of its format.
///
/// ffmpeg writes a temporary file beside `path` (and, for a GIF, a palette
/// beside it on the first of two passes); `commit(into:)` renames the video
/// into place. Frames go to ffmpeg in the pixel format its recipe works in
/// (``FFmpegRecipe/input(for:transparent:)``), converted on the workers:
/// YUV 4:2:0 for MP4, BGRA for a GIF, straight alpha when transparent.
public final class FFmpegSink: FrameSink {
    public let path: String
    public let format: VideoFormat
    public let frames: FrameFormat
    /// The ffmpeg program that runs.
    public let executable: String
    public let passes: Int
    /// What frames are sent as.
    public let pixels: PipePixels
    private let buffers: PipeFramePool
    /// How many times a GIF, APNG or WebP plays.
    public let loop: LoopCount
    /// What goes into an MP4 or WebM besides the frames.
    public let tracks: ExtraTracks
    private let state = Mutex(State())
    /// Set by `interrupt()` outside the lock, which a blocked write holds.
    private let interrupted = Atomic(false)

    private struct State {
        var video: AtomicFile?
        var palette: AtomicFile?
        /// The subtitles as WebVTT, a temporary file ffmpeg reads.
        var subtitles: AtomicFile?
        /// The sound as WAV, a temporary file ffmpeg reads.
        var sound: AtomicFile?
        var process: FFmpegProcess?
    }

    /// A sink that runs `executable`; the path and what the format can hold
    /// are checked now, nothing is made.
    public init(
        path: String, format: VideoFormat, frames: FrameFormat, executable: String, loop: LoopCount = .forever,
        tracks: ExtraTracks = ExtraTracks()
    ) throws(OutputError) {
        try format.check(frames, path: path)
        precondition(tracks.isEmpty || format == .mp4 || format == .webm, "only an MP4 or WebM holds more tracks")
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFile(path) }
        self.path = path
        self.format = format
        self.frames = frames
        self.executable = executable
        self.loop = loop
        self.tracks = tracks
        passes = FFmpegRecipe.passes(for: format, transparent: frames.transparent, palette: "").count
        pixels = FFmpegRecipe.input(for: format, transparent: frames.transparent)
        buffers = PipeFramePool(pixels, width: frames.width, height: frames.height)
    }

    /// A sink that runs the first `ffmpeg` on the `PATH` of `environment`
    /// that is a program (see ``executable(environment:)``).
    public convenience init(
        path: String, format: VideoFormat, frames: FrameFormat, loop: LoopCount = .forever,
        tracks: ExtraTracks = ExtraTracks(), environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(OutputError) {
        try self.init(
            path: path, format: format, frames: frames, executable: Self.executable(environment: environment), loop: loop,
            tracks: tracks)
    }

    /// The first `ffmpeg` on the `PATH` of `environment` that is a program.
    /// When there is none it throws ``OutputError/ffmpegUnusable(path:reason:)``
    /// for the first `ffmpeg` found that is not one, since that one is what
    /// the user will look at, else ``OutputError/ffmpegMissing``.
    public static func executable(environment: [String: String]) throws(OutputError) -> String {
        let seen = candidates(environment: environment).map { ($0, Self.found(at: $0)) }
        guard let (executable, _) = seen.first(where: { $0.1 == .program }) else {
            for case let (path, .notAProgram(reason)) in seen { throw .ffmpegUnusable(path: path, reason: reason) }
            throw .ffmpegMissing
        }
        return executable
    }

    /// The first `ffmpeg` on the `PATH` of `environment` that is a program
    /// (an executable file, not a folder), if any.
    public static func locate(environment: [String: String]) -> String? {
        candidates(environment: environment).first { found(at: $0) == .program }
    }

    /// `ffmpeg` in every folder of the `PATH` of `environment`, in order.
    private static func candidates(environment: [String: String]) -> [String] {
        (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map { "\($0)/ffmpeg" }
    }

    /// What a name on the path is.
    private enum Found: Equatable {
        case nothing, program
        /// Something a user would take for ffmpeg, and why it cannot run.
        case notAProgram(String)
    }

    private static func found(at path: String) -> Found {
        var info = stat()
        guard stat(path, &info) == 0 else {
            var link = stat()
            return lstat(path, &link) == 0 ? .notAProgram("is a link to nothing") : .nothing
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .notAProgram("is a folder, not a program")
        case S_IFREG: return access(path, X_OK) == 0 ? .program : .notAProgram("is not executable")
        default: return .notAProgram("is not a regular file")
        }
    }

    /// Makes the temporary files on the first pass, and starts ffmpeg on
    /// every pass: all but the last write the palette.
    public func begin(pass: Int) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            let video: AtomicFile
            if let reserved = state.video {
                video = reserved
            } else {
                video = try Self.reserve(path, role: "video")
                state.video = video
                if passes > 1 { state.palette = try Self.reserve(path, role: "palette.png") }
            }
            let palette = state.palette?.temporaryPath ?? ""
            var arguments = FFmpegRecipe.passes(for: format, transparent: frames.transparent, palette: palette, loop: loop)[pass]
            if pass == passes - 1, !tracks.isEmpty {
                if let cues = tracks.subtitles, state.subtitles == nil {
                    let file = try Self.reserve(path, role: "subtitles.vtt", opened: true)
                    state.subtitles = file
                    try OutputError.files { () throws(FileError) in
                        try file.write(Array(Subtitles.text(cues, fps: frames.fps, format: .vtt).utf8))
                        try file.close()
                    }
                }
                if let sound = tracks.sound, state.sound == nil {
                    let file = try Self.reserve(path, role: "sound.wav", opened: true)
                    state.sound = file
                    try OutputError.files { () throws(FileError) in
                        try file.write(sound.wav)
                        try file.close()
                    }
                }
                arguments = FFmpegRecipe.tracks(
                    tracks, format: format, subtitles: state.subtitles?.temporaryPath, sound: state.sound?.temporaryPath,
                    around: arguments)
            }
            state.process = try FFmpegProcess(
                executable: executable, frames: frames, pixels: pixels,
                arguments: arguments,
                outputFile: pass == passes - 1 ? video.temporaryPath : palette, reportedPath: path)
        }
    }

    /// A held frame is the frame before it, sent again.
    public var takesRepeats: Bool { true }

    /// A GIF's palette pass takes one frame in ``FFmpegRecipe/paletteStride``
    /// and the last, counted from the start of `frames`; every other pass, every frame.
    public func takes(_ index: Int, of frames: Range<Int>, pass: Int) -> Bool {
        format != .gif || pass != 0 || FFmpegRecipe.paletteSample(index - frames.lowerBound, of: frames.count)
    }

    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> PipeFrame {
        PipeFrame(frame.canvas, transparent: frames.transparent, pool: buffers)
    }

    public func write(_ converted: PipeFrame, of frame: RenderedFrame, pass: Int) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            try state.process?.give(converted) { interrupted.load(ordering: .relaxed) }
        }
    }

    /// Makes a write that waits for ffmpeg to read give up.
    public func interrupt() {
        interrupted.store(true, ordering: .relaxed)
    }

    /// Waits for ffmpeg to write the pass's file.
    public func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            try state.process?.finish(isCancelled: isCancelled)
            state.process = nil
        }
    }

    public func finish() throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in try OutputError.files { () throws(FileError) in try state.video?.finish() } }
    }

    /// The video; the palette is a temporary file only.
    public var destinations: [OutputDestination] { [.file(path)] }

    public func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try state.withLock { (state) throws(OutputError) in
            try OutputError.files { () throws(FileError) in try state.video?.commit(into: log) }
            state.palette?.discard()
            state.subtitles?.discard()
            state.sound?.discard()
            return WrittenOutput(path: path, bytes: state.video?.size ?? 0)
        }
    }

    public func cancel() {
        state.withLock { state in
            state.process?.cancel()
            state.video?.discard()
            state.palette?.discard()
            state.subtitles?.discard()
            state.sound?.discard()
            state = State()
        }
        interrupted.store(false, ordering: .relaxed)
    }

    /// A temporary file for ffmpeg to write by name.
    private static func reserve(_ path: String, role: String, opened: Bool = false) throws(OutputError) -> AtomicFile {
        let file = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: role) }
        if !opened { try OutputError.files { () throws(FileError) in try file.close() } }
        return file
    }
}
