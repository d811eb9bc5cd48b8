import Diagram

/// Every output one render writes: the main target (`-o`) and the extra
/// ones beside it (PNG frames, step clips, a poster frame, a scene dump),
/// with the choices they share. The command line fills one in from its
/// flags; a library user, from code; both get their sinks from here.
///
///     var plan = OutputPlan(target: try OutputTarget(path: "bst.gif", isExistingFolder: false))
///     plan.sceneDump = "bst.jsonl"
///     let job = RenderJob(source: timeline, renderer: renderer, sinks: try plan.sinks(source: timeline, renderer: renderer))
public struct OutputPlan: Sendable {
    public var target: OutputTarget
    public var settings: SinkSettings
    /// A folder for every frame as a PNG, besides the target.
    public var framesFolder: String?
    /// A folder for one clip a step, in `stepFormat`, looping `stepLoop`.
    public var stepsFolder: String?
    public var stepFormat: VideoFormat = .mp4
    public var stepLoop: LoopCount = .once
    /// A PNG of one frame.
    public var poster: (path: String, frame: Int)?
    /// The scene of every frame as a line of JSON.
    public var sceneDump: String?
    /// A `.srt` or `.vtt` file of the captions.
    public var subtitles: String?
    /// A Markdown transcript of the steps and captions.
    public var transcript: String?

    public init(target: OutputTarget, settings: SinkSettings = SinkSettings()) {
        self.target = target
        self.settings = settings
    }

    /// The sinks that write the plan's outputs of `source`, the target's
    /// first; each checks its destination as it is made.
    public func sinks(source: some FrameSource, renderer: FrameRenderer) throws(OutputError) -> [any FrameSink] {
        var sinks = [try target.sink(source: source, renderer: renderer, settings: settings)]
        if let folder = framesFolder {
            sinks.append(
                try PNGFolderSink(
                    folder: folder, options: settings.pngOptions, stamp: settings.stamp,
                    replacingOtherFrames: settings.replacingOtherFrames))
        }
        if let folder = stepsFolder {
            sinks.append(
                try StepsFolderSink(
                    folder: folder, format: stepFormat, source: source,
                    executable: FFmpegSink.executable(environment: settings.environment), loop: stepLoop,
                    replacingOtherSteps: settings.replacingOtherFrames, sound: settings.sound, language: settings.language))
        }
        if let poster { sinks.append(try PosterSink(path: poster.path, frame: poster.frame)) }
        if let sceneDump { sinks.append(try SceneDumpSink(path: sceneDump)) }
        if let subtitles {
            sinks.append(
                try TextFileSink(
                    path: subtitles, role: "subtitles",
                    text: Subtitles.text(source.cues, fps: source.fps, format: SubtitleFormat(path: subtitles) ?? .vtt)))
        }
        if let transcript {
            sinks.append(
                try TextFileSink(path: transcript, role: "transcript", text: Transcript.markdown(title: settings.title, source: source)))
        }
        return sinks
    }
}
