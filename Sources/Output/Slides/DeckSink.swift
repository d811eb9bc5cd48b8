import Diagram
import Documents
import Foundation
import OutputFiles
import PNG
import Synchronization

/// The kinds of document `-o` can name besides frames and videos.
public enum DeckKind: String, Sendable, CaseIterable {
    /// A self-contained HTML page that presents the steps one by one.
    case html
    /// A PowerPoint deck, one slide a step.
    case pptx
    /// A handout to print, the steps' last frames with their captions.
    case pdf
}

/// `-o deck.html` and `-o deck.pptx`: one H.264 clip a step, encoded while
/// the frames go by, with its first frame as the poster and its last as
/// where the step ends, put together into one document when every frame has
/// been seen.
///
/// The clips are temporary files beside the deck, removed once it is made;
/// the deck appears under its name only when the job commits.
public final class DeckSink: FrameSink {
    public let path: String
    public let kind: DeckKind
    public let format: DeckFormat
    public let plan: StepClipPlan
    public let steps: [StepSpan]
    /// Whether the HTML deck plays through by itself.
    public let autoplay: Bool
    /// Each clip's subtitles (WebVTT) and description.
    let words: [(subtitles: String?, description: String?)]
    private let state: Mutex<State>
    /// Set by ``interrupt()``, from any thread: a write waiting on a
    /// stalled ffmpeg gives up.
    private let interrupted = Atomic(false)

    private struct State {
        var encoder: StepClipEncoder
        var posters: [Int: [UInt8]] = [:]
        var finals: [Int: [UInt8]] = [:]
        var deck: AtomicFile?
    }

    /// A deck of `source`'s steps at `path`; checked (not made) now. Decks
    /// play MP4 clips: opaque frames of an even size.
    public init(
        path: String, kind: DeckKind, source: some FrameSource, title: String, executable: String, autoplay: Bool = false,
        language: Language = .english, sound: Soundtrack? = nil
    ) throws(OutputError) {
        precondition(kind != .pdf, "a handout is a HandoutSink")
        let frames = FrameFormat(source)
        try VideoFormat.mp4.check(frames, path: path)
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFile(path) }
        self.path = path
        self.kind = kind
        self.autoplay = autoplay
        format = DeckFormat(
            width: source.width, height: source.height, fps: source.fps, title: title, language: language.tag,
            languageName: language.name, sound: sound != nil)
        // An operation's phases play in its slide.
        steps = StepSpan.slides(source.steps)
        let plan = StepClipPlan(steps: steps, frameCount: source.frameCount)
        self.plan = plan
        let (steps, cues, fps) = (steps, source.cues, source.fps)
        words = plan.clips.indices.map { k in
            let clip = plan.clips[k]
            let own = CaptionCue.cues(cues, in: clip.lowerBound..<(clip.upperBound + 1))
            return (
                own.isEmpty ? nil : Subtitles.text(own, fps: fps, format: .vtt),
                Transcript.description(ofClip: k, plan: plan, steps: steps, cues: cues))
        }
        // A keyframe every half second: a deck playing a step backwards
        // seeks frame by frame, and each seek decodes from the keyframe before.
        let keyframes = max(1, Int((source.fps / 2).rounded()))
        state = Mutex(State(encoder: StepClipEncoder(
            plan: plan, format: .mp4, frames: frames, executable: executable, keyframeInterval: keyframes, sound: sound,
            language: language, destination: { k in (path, "step\(k + 1).mp4") })))
    }

    public var destinations: [OutputDestination] { [.file(path)] }

    public func begin(pass: Int) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in try state.encoder.begin(pass: pass) }
    }

    /// The pixels for the clips, and the frame as a PNG when it is a clip's
    /// first or last.
    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> (pixels: [UInt8], png: [UInt8]?) {
        let ends = plan.isFirst(frame.index) || plan.isLast(frame.index)
        return (frame.canvas.pixels, ends ? try Self.png(of: frame, path: path) : nil)
    }

    public func write(_ prepared: (pixels: [UInt8], png: [UInt8]?), of frame: RenderedFrame, pass: Int) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            if let png = prepared.png {
                for k in plan.clips(containing: frame.index) {
                    if plan.clips[k].lowerBound == frame.index { state.posters[k] = png }
                    if plan.clips[k].upperBound == frame.index { state.finals[k] = png }
                }
            }
            try state.encoder.write(prepared.pixels, frame: frame.index, pass: pass) { interrupted.load(ordering: .relaxed) }
        }
    }

    public func interrupt() {
        interrupted.store(true, ordering: .relaxed)
    }

    public func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in try state.encoder.end(pass: pass, isCancelled: isCancelled) }
    }

    /// Puts the deck together under its temporary name from the clips.
    public func finish() throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            try state.encoder.finish()
            let slides = try plan.clips.indices.map { (k) throws(OutputError) -> DeckSlide in
                guard let poster = state.posters[k], let final = state.finals[k] else {
                    throw .cannotMakeDocument(path: path, reason: "step \(k + 1) was not rendered whole")
                }
                let step = k < steps.count ? steps[k] : nil
                let times = plan.times(ofClip: k, fps: format.fps)
                return DeckSlide(
                    caption: step?.caption, note: step?.note,
                    start: times.start, end: times.end,
                    clipPath: state.encoder.files[k].temporaryPath, poster: poster, final: final,
                    section: step?.section, question: step?.question, text: step?.slide.map(DeckTextBlock.blocks),
                    subtitles: words[k].subtitles, description: words[k].description)
            }
            let deck = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: "deck") }
            state.deck = deck
            switch kind {
            case .html:
                do {
                    try HTMLDeck(format: format, autoplay: autoplay).write(slides) { bytes throws(OutputError) in
                        try OutputError.files { () throws(FileError) in try deck.write(bytes) }
                    }
                } catch let error as OutputError {
                    throw error
                } catch {
                    throw .cannotMakeDocument(path: path, reason: String(describing: error))
                }
            case .pptx:
                try OutputError.files { () throws(FileError) in try deck.close() }
                do { try PPTXDeck(format: format).write(slides, toPath: deck.temporaryPath) } catch {
                    throw .cannotMakeDocument(path: path, reason: String(describing: error))
                }
            case .pdf:
                preconditionFailure("a handout is a HandoutSink")
            }
            try OutputError.files { () throws(FileError) in try deck.finish() }
        }
    }

    public func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try state.withLock { (state) throws(OutputError) in
            try OutputError.files { () throws(FileError) in try state.deck?.commit(into: log) }
            // The clips live on inside the deck.
            state.encoder.cancel()
            return WrittenOutput(path: path, bytes: state.deck?.size ?? 0)
        }
    }

    public func cancel() {
        state.withLock { state in
            state.encoder.cancel()
            state.deck?.discard()
            state.deck = nil
            state.posters = [:]
            state.finals = [:]
        }
    }

    /// `frame` as an opaque PNG.
    static func png(of frame: RenderedFrame, path: String) throws(OutputError) -> [UInt8] {
        do {
            return try PNGFile.encode(
                premultipliedRGBA: frame.canvas.pixels, width: frame.canvas.width, height: frame.canvas.height,
                options: .default)
        } catch {
            throw .cannotEncodePNG(path: path, reason: error.reason)
        }
    }
}
