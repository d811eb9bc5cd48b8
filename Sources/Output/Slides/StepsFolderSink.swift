import Diagram
import Foundation
import OutputFiles
import PNG
import Synchronization

/// `--steps-dir`: one clip per step (`step_001.mp4`, or another format),
/// the captions each clip shows as WebVTT subtitles (`step_001.vtt`), and
/// `steps.json`, which lists each step's file, subtitles, caption, note,
/// captions, times and frames, for users who build decks in other tools.
///
/// The folder is made if missing (not its parents). A folder that already
/// holds step clips or a `steps.json` is refused when the job begins,
/// unless told to replace them: then the ones this run does not write anew
/// go when the job commits, so the folder never mixes two animations.
public final class StepsFolderSink: FrameSink {
    public let folder: String
    public let format: VideoFormat
    public let frames: FrameFormat
    public let steps: [StepSpan]
    public let plan: StepClipPlan
    private let replacingOtherSteps: Bool
    private let state: Mutex<State>
    /// Set by ``interrupt()``, from any thread: a write waiting on a
    /// stalled ffmpeg gives up.
    private let interrupted = Atomic(false)

    private struct State {
        var encoder: StepClipEncoder
        var index: AtomicFile?
        /// Each clip's subtitles, for clips that show a caption.
        var subtitles: [AtomicFile] = []
        var madeFolder = false
        /// Names already in the folder that this run replaces or removes,
        /// found when the job begins (after it has taken back what a
        /// killed run left).
        var foreign: [String] = []
    }

    /// The name of step `k`'s clip (from 0): `step_001.mp4`.
    public static func fileName(ofStep k: Int, format: VideoFormat) -> String {
        let digits = String(k + 1)
        return "step_" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + "." + format.rawValue
    }

    /// The name of the index file.
    public static let indexName = "steps.json"

    /// The name of step `k`'s subtitles (from 0): `step_001.vtt`.
    public static func subtitlesName(ofStep k: Int) -> String {
        let clip = fileName(ofStep: k, format: .mp4)
        return clip.dropLast(3) + "vtt"
    }

    /// Whether `name` is a name this sink writes: a step clip of any
    /// format and number, its subtitles, or the index.
    public static func holds(_ name: String) -> Bool {
        if name == indexName { return true }
        guard name.hasPrefix("step_"), let dot = name.lastIndex(of: "."),
            let n = Int(name[name.index(name.startIndex, offsetBy: 5)..<dot]), n >= 1
        else { return false }
        let ext = String(name[name.index(after: dot)...])
        if ext == "vtt" { return subtitlesName(ofStep: n - 1) == name }
        guard let format = VideoFormat(rawValue: ext) else { return false }
        return fileName(ofStep: n - 1, format: format) == name
    }

    /// Each clip's own cues, counted from its first frame.
    let clipCues: [[CaptionCue]]

    /// A sink writing `source`'s steps into `folder` as clips of `format`
    /// encoded by the ffmpeg at `executable`; checked (not made) now. An
    /// animated image plays once by default: a clip that starts over would
    /// replay its step on the slide.
    public init(
        folder: String, format: VideoFormat, source: some FrameSource, executable: String, loop: LoopCount = .once,
        replacingOtherSteps: Bool = false, sound: Soundtrack? = nil, language: Language = .english
    ) throws(OutputError) {
        let trimmed = OutputPaths.trimmed(folder)
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFolder(trimmed) }
        let frames = FrameFormat(source)
        try format.check(frames, path: "\(trimmed)/\(Self.fileName(ofStep: 0, format: format))")
        self.folder = trimmed
        self.format = format
        self.frames = frames
        steps = source.steps
        plan = StepClipPlan(steps: source.steps, frameCount: source.frameCount)
        self.replacingOtherSteps = replacingOtherSteps
        let plan = plan, cues = source.cues
        clipCues = plan.clips.map { CaptionCue.cues(cues, in: $0.lowerBound..<($0.upperBound + 1)) }
        state = Mutex(State(encoder: StepClipEncoder(
            plan: plan, format: format, frames: frames, executable: executable, loop: loop, followingLinks: false,
            sound: sound, language: language, destination: { k in ("\(trimmed)/\(Self.fileName(ofStep: k, format: format))", "clip") })))
    }

    public var passes: Int { state.withLock { $0.encoder.passes } }

    public var destinations: [OutputDestination] { [.folder(folder, holds: Self.holds)] }

    public func begin(pass: Int) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            if pass == 0 {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(Self.holds).sorted()
                if let first = names.first, !replacingOtherSteps {
                    throw .folderHoldsOtherSteps(path: folder, example: first, count: names.count)
                }
                for name in names { try OutputError.files { () throws(FileError) in try AtomicFile.checkReplaceable("\(folder)/\(name)") } }
                state.foreign = names
            }
            if pass == 0, !FileManager.default.fileExists(atPath: folder) {
                guard mkdir(folder, 0o755) == 0 else { throw .cannotWrite(path: folder, reason: AtomicFile.reason(errno)) }
                state.madeFolder = true
            }
            try state.encoder.begin(pass: pass)
        }
    }

    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> [UInt8]? {
        guard !plan.clips(containing: frame.index).isEmpty else { return nil }
        return frames.transparent ? unpremultiply(frame.canvas.pixels) : frame.canvas.pixels
    }

    public func write(_ pixels: [UInt8]?, of frame: RenderedFrame, pass: Int) throws(OutputError) {
        guard let pixels else { return }
        try state.withLock { (state) throws(OutputError) in
            try state.encoder.write(pixels, frame: frame.index, pass: pass) { interrupted.load(ordering: .relaxed) }
        }
    }

    public func interrupt() {
        interrupted.store(true, ordering: .relaxed)
    }

    public func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in try state.encoder.end(pass: pass, isCancelled: isCancelled) }
    }

    public func finish() throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            try state.encoder.finish()
            state.encoder.discardPalettes()
            let index = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: "\(folder)/\(Self.indexName)", role: "index", followingLinks: false) }
            state.index = index
            try OutputError.files { () throws(FileError) in try index.write(Array(indexJSON().utf8)) }
            try OutputError.files { () throws(FileError) in try index.finish() }
            for (k, cues) in clipCues.enumerated() where !cues.isEmpty {
                let file = try OutputError.files { () throws(FileError) in
                    try AtomicFile(replacing: "\(folder)/\(Self.subtitlesName(ofStep: k))", role: "subtitles", followingLinks: false)
                }
                state.subtitles.append(file)
                try OutputError.files { () throws(FileError) in
                    try file.write(Array(Subtitles.text(cues, fps: frames.fps, format: .vtt).utf8))
                    try file.finish()
                }
            }
        }
    }

    public func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try state.withLock { (state) throws(OutputError) in
            var bytes = 0
            var written = Set<String>()
            for file in state.encoder.files + state.subtitles + (state.index.map { [$0] } ?? []) {
                try OutputError.files { () throws(FileError) in try file.commit(into: log) }
                bytes += file.size
                written.insert(String(file.path.split(separator: "/").last ?? ""))
            }
            for name in state.foreign where !written.contains(name) { try OutputError.files { () throws(FileError) in try log.remove("\(folder)/\(name)") } }
            return WrittenOutput(path: folder, bytes: bytes)
        }
    }

    public func cancel() {
        state.withLock { state in
            state.encoder.cancel()
            state.index?.discard()
            state.index = nil
            for file in state.subtitles { file.discard() }
            state.subtitles = []
            if state.madeFolder { rmdir(folder) }
            state.madeFolder = false
        }
    }

    /// `seconds` to the millisecond: times as a player or an editor takes
    /// them, without the sums' rounding (1.8000000000000003).
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// `steps.json`: the animation's size and rate, then each step's clip,
    /// caption, note, the clip's times in the animation (seconds, one
    /// clip's end the next one's start) and frames (both ends included).
    func indexJSON() -> String {
        let items: [JSONValue] = plan.clips.enumerated().map { k, clip in
            let step = k < steps.count ? steps[k] : nil
            return .object([
                ("step", .int(k + 1)),
                ("file", .string(Self.fileName(ofStep: k, format: format))),
                ("subtitles", clipCues[k].isEmpty ? .null : .string(Self.subtitlesName(ofStep: k))),
                ("caption", step?.caption.map(JSONValue.string) ?? .null),
                ("note", step?.note.map(JSONValue.string) ?? .null),
                ("start", .number(Self.milliseconds(plan.times(ofClip: k, fps: frames.fps).start))),
                ("end", .number(Self.milliseconds(plan.times(ofClip: k, fps: frames.fps).end))),
                ("firstFrame", .int(clip.lowerBound)),
                ("lastFrame", .int(clip.upperBound)),
                ("duration", .number(Self.milliseconds(Double(clip.count) / frames.fps))),
                // The captions the clip shows, timed from its start.
                ("captions", .array(clipCues[k].map { cue in
                    .object([
                        ("text", .string(cue.text)),
                        ("start", .number(Self.milliseconds(cue.start(fps: frames.fps)))),
                        ("end", .number(Self.milliseconds(cue.end(fps: frames.fps)))),
                    ])
                })),
            ])
        }
        let root = JSONValue.object([
            ("version", .int(1)),
            ("width", .int(frames.width)),
            ("height", .int(frames.height)),
            ("fps", .number(frames.fps)),
            ("format", .string(format.rawValue)),
            ("steps", .array(items)),
        ])
        return root.encoded + "\n"
    }
}
