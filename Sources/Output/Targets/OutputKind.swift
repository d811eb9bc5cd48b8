import Diagram

/// A choice of ``SinkSettings`` that only some kinds of output take: the
/// command line refuses it for a kind that does not list it in
/// ``OutputKind/options``.
public enum OutputOption: String, Sendable, CaseIterable {
    /// ``SinkSettings/loop``: how many times the file plays.
    case loop
    /// ``SinkSettings/autoplay``: a deck that plays through by itself.
    case autoplay
    /// ``SinkSettings/perPage``: steps a handout page holds.
    case perPage
}

/// A kind of file a render writes, as an extension names it: which
/// extensions, which options it takes, what frames it can hold, and how its
/// sink is made. ``OutputKinds`` holds them by extension.
///
///     let gif = OutputKinds.standard.kind(forExtension: "gif")!
///     try gif.check(FrameFormat(width: 640, height: 360, fps: 30, transparent: false), "a.gif")
///     let sink = try gif.sink("a.gif", timeline, renderer, SinkSettings())
public struct OutputKind: Sendable, Equatable, CustomStringConvertible {
    /// What messages call it: `GIF`, `HTML deck`, `PDF handout`.
    public let name: String
    /// The extensions that name it, lower case and without the dot; the
    /// first is its own.
    public let extensions: [String]
    /// The options of ``SinkSettings`` it takes besides those every file
    /// takes.
    public let options: Set<OutputOption>
    /// Whether it needs every frame of the animation (a deck needs every
    /// step), so that a render of part of it is refused.
    public let needsEveryFrame: Bool
    /// Checks, before a frame is drawn, that frames of this format can be
    /// written to the path.
    public let check: @Sendable (_ frames: FrameFormat, _ path: String) throws(OutputError) -> Void
    /// The sink that writes the frames of `source` to the path.
    public let sink: @Sendable (
        _ path: String, _ source: any FrameSource, _ renderer: FrameRenderer, _ settings: SinkSettings
    ) throws(OutputError) -> any FrameSink

    public init(
        name: String, extensions: [String], options: Set<OutputOption> = [], needsEveryFrame: Bool = false,
        check: @escaping @Sendable (_ frames: FrameFormat, _ path: String) throws(OutputError) -> Void = { _, _ in },
        sink: @escaping @Sendable (
            _ path: String, _ source: any FrameSource, _ renderer: FrameRenderer, _ settings: SinkSettings
        ) throws(OutputError) -> any FrameSink
    ) {
        self.name = name
        self.extensions = extensions.map { $0.lowercased() }
        self.options = options
        self.needsEveryFrame = needsEveryFrame
        self.check = check
        self.sink = sink
    }

    /// Its own extension: `gif`, `html`.
    public var fileExtension: String { extensions.first ?? "" }

    public var description: String { name }

    /// Two kinds are one when they have one name and one extension.
    public static func == (a: OutputKind, b: OutputKind) -> Bool {
        a.name == b.name && a.extensions == b.extensions
    }
}

extension OutputKind {
    /// A video or animated image that ffmpeg encodes.
    public static func video(_ format: VideoFormat) -> OutputKind {
        OutputKind(
            name: format.name, extensions: [format.rawValue], options: format.loops ? [.loop] : [],
            check: { frames, path throws(OutputError) in try format.check(frames, path: path) }
        ) { path, source, _, settings throws(OutputError) in
            let holdsTracks = format == .mp4 || format == .webm
            let tracks = ExtraTracks(
                subtitles: settings.embedSubtitles && holdsTracks ? source.cues : nil,
                sound: holdsTracks ? settings.sound : nil, language: settings.language)
            return try FFmpegSink(
                path: path, format: format, frames: FrameFormat(source), loop: settings.loop, tracks: tracks,
                environment: settings.environment)
        }
    }

    /// A deck of the steps, one MP4 clip a step: HTML or PowerPoint.
    public static func deck(_ kind: DeckKind) -> OutputKind {
        OutputKind(
            name: kind == .html ? "HTML deck" : "PowerPoint deck", extensions: kind == .html ? ["html", "htm"] : [kind.rawValue],
            options: kind == .html ? [.autoplay] : [], needsEveryFrame: true,
            check: { frames, path throws(OutputError) in
                guard !frames.transparent else { throw .transparentDeck(path: path) }
                try VideoFormat.mp4.check(frames, path: path)
            }
        ) { path, source, _, settings throws(OutputError) in
            try DeckSink(
                path: path, kind: kind, source: source, title: settings.title,
                executable: FFmpegSink.executable(environment: settings.environment), autoplay: settings.autoplay,
                language: settings.language, sound: settings.sound)
        }
    }

    /// A PDF handout: the steps' last frames with their captions.
    public static let handout = OutputKind(
        name: "PDF handout", extensions: ["pdf"], options: [.perPage], needsEveryFrame: true
    ) { path, source, renderer, settings throws(OutputError) in
        try HandoutSink(
            path: path, perPage: settings.perPage, source: source, renderer: renderer, title: settings.title,
            worksheet: settings.worksheet, language: settings.language)
    }
}

/// The kinds of file a render can write, by extension: what `-o NAME.ext`
/// makes. ``standard`` holds the GIF, MP4, WebM, APNG and WebP videos, the
/// HTML and PowerPoint decks and the PDF handout; a library user can
/// ``register(_:)`` a kind of its own, or another sink for an extension.
public struct OutputKinds: Sendable {
    public private(set) var kinds: [OutputKind]

    public init(_ kinds: [OutputKind] = []) {
        self.kinds = []
        for kind in kinds { register(kind) }
    }

    public static let standard = OutputKinds(
        VideoFormat.allCases.map(OutputKind.video) + [.deck(.html), .deck(.pptx), .handout])

    /// Adds `kind`; for an extension it shares with one already here, it
    /// takes that extension over.
    public mutating func register(_ kind: OutputKind) {
        let taken = Set(kind.extensions)
        kinds = kinds.compactMap { old in
            let left = old.extensions.filter { !taken.contains($0) }
            guard !left.isEmpty else { return nil }
            return left == old.extensions ? old : OutputKind(
                name: old.name, extensions: left, options: old.options, needsEveryFrame: old.needsEveryFrame,
                check: old.check, sink: old.sink)
        }
        kinds.append(kind)
    }

    /// The kind an extension (any case, without the dot) names.
    public func kind(forExtension ext: String) -> OutputKind? {
        let ext = ext.lowercased()
        return kinds.first { $0.extensions.contains(ext) }
    }

    /// The extensions of the kinds that take `option`, for a message:
    /// `.gif, .apng and .webp`.
    public func extensions(taking option: OutputOption) -> String {
        Self.list(kinds.filter { $0.options.contains(option) }.map { "." + $0.fileExtension })
    }

    /// Every kind's own extension, for a message.
    public var extensionList: String { Self.list(kinds.map { "." + $0.fileExtension }) }

    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
