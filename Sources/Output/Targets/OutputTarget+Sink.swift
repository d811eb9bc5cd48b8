import Diagram
import Foundation
import PNG

/// What a target's sink needs besides the frames' format: the whole
/// animation for decks, and the choices of the command line.
public struct SinkSettings: Sendable {
    public var pngOptions: PNGOptions = .default
    /// See ``PNGFolderSink/init(folder:options:stamp:replacingOtherFrames:)``.
    public var stamp: FrameStamp?
    public var replacingOtherFrames = false
    /// How many times a GIF, APNG or WebP plays.
    public var loop: LoopCount = .forever
    /// A deck's title.
    public var title = "treeanim"
    /// Whether an HTML deck plays through by itself.
    public var autoplay = false
    /// Steps a handout page holds: 1, 4 or 6.
    public var perPage = 1
    /// A handout's questions printed with a space for the answer, and an
    /// answer key at the end.
    public var worksheet = false
    /// Whether an MP4 or WebM carries the captions as a soft subtitle track.
    public var embedSubtitles = false
    /// The sound an MP4, a WebM or a deck's clips carry: narration, as
    /// long as the animation.
    public var sound: Soundtrack?
    /// The language of the captions: the tracks' tag, a deck's.
    public var language = Language.english
    public var environment = ProcessInfo.processInfo.environment

    public init() {}
}

extension OutputTarget {
    /// The sink that writes `source`'s frames where this target says: a
    /// ``PNGFolderSink``, or the sink its ``OutputKind`` makes (an
    /// ``FFmpegSink`` or ``DeckSink`` that runs the first `ffmpeg` on the
    /// `PATH` of the settings' environment, a ``HandoutSink`` that draws
    /// with `renderer`).
    public func sink(
        source: some FrameSource, renderer: FrameRenderer, settings: SinkSettings = SinkSettings()
    ) throws(OutputError) -> any FrameSink {
        switch self {
        case .pngFolder(let folder):
            return try PNGFolderSink(
                folder: folder, options: settings.pngOptions, stamp: settings.stamp,
                replacingOtherFrames: settings.replacingOtherFrames)
        case .file(let path, let kind):
            return try kind.sink(path, source, renderer, settings)
        }
    }
}
