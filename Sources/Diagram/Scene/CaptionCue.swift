/// A caption as the viewer meets it: its words and the frames that show
/// them. What subtitles, transcripts and narration are made from.
///
/// A cue runs from the first frame that shows the caption to the first
/// that no longer does, so its times are the times those frames are on
/// screen: `frames.lowerBound / fps` to `frames.upperBound / fps`. Cues
/// are kept whether or not the frames draw their captions
/// (``FrameSettings/captions``): `--no-captions` with subtitles gives a
/// clean picture with the words beside it.
public struct CaptionCue: Sendable, Equatable {
    /// The caption's words, as the frames draw them.
    public var text: String
    /// The frames that show the caption.
    public var frames: Range<Int>
    /// The step (from 0) whose frames the caption first shows in.
    public var step: Int

    public init(text: String, frames: Range<Int>, step: Int) {
        self.text = text
        self.frames = frames
        self.step = step
    }

    /// Seconds from the start of the animation when the cue appears.
    public func start(fps: Double) -> Double { Double(frames.lowerBound) / fps }

    /// Seconds from the start of the animation when the cue is gone.
    public func end(fps: Double) -> Double { Double(frames.upperBound) / fps }

    /// The cues of `cues` that show in `range`, cut to it and counted from
    /// its first frame: a step clip's own.
    public static func cues(_ cues: [CaptionCue], in range: Range<Int>) -> [CaptionCue] {
        cues.compactMap { cue in
            let first = max(cue.frames.lowerBound, range.lowerBound), end = min(cue.frames.upperBound, range.upperBound)
            guard first < end else { return nil }
            return CaptionCue(text: cue.text, frames: (first - range.lowerBound)..<(end - range.lowerBound), step: cue.step)
        }
    }

    /// The cues of a caption that is `caption(i)` at frame `i` of
    /// `frameCount`, in order: one a run of frames showing the same words,
    /// none for frames without a caption (or with only white space).
    /// `step(i)` is the step of frame `i`.
    public static func runs(frameCount: Int, caption: (Int) -> String?, step: (Int) -> Int) -> [CaptionCue] {
        var cues = [CaptionCue]()
        var current: (text: String, start: Int)?
        func close(at end: Int) {
            if let c = current { cues.append(CaptionCue(text: c.text, frames: c.start..<end, step: step(c.start))) }
            current = nil
        }
        for i in 0..<frameCount {
            let text = caption(i).flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil }
            if text == current?.text { continue }
            close(at: i)
            if let text { current = (text, i) }
        }
        close(at: frameCount)
        return cues
    }
}

extension FrameSource {
    /// The captions as they show, by frame (see ``CaptionCue``). This
    /// default reads each frame's scene, so sees only captions the frames
    /// draw; ``Timeline`` and ``TimelineSequence`` read their caption
    /// track, drawn or not.
    public var cues: [CaptionCue] {
        CaptionCue.runs(frameCount: frameCount, caption: { scene(at: $0).caption }, step: { scene(at: $0).step })
    }
}
