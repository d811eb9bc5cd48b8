import Diagram
import Foundation
import Output
import OutputFiles
import PNG

/// The options every animation shares, whatever it shows: how it moves, how
/// it looks, and where it goes. The command line's flags fill them in
/// (`--fps` is `fps`), and a lecture's command line fills in its sections'.
public struct RenderOptions: Sendable {
    /// Frames per second, 1 to 240 (50 at most for GIF).
    public var fps: Double = 30
    /// Play faster (2) or slower (0.5), 0.1 to 10.
    public var speed: Double = 1
    /// Play the whole animation in about this many seconds, 1 to 3600.
    public var duration: Double?
    /// Curve of the main moves.
    public var easing: Easing = .easeInOut
    public var theme: Theme = .light
    public var transparent = false
    /// 64 to 8192 pixels a side.
    public var size = FrameSize(width: 1280, height: 720)
    /// A TTF or OTF font file for labels and captions (default: DejaVu Sans Bold).
    public var font: String?
    /// The smallest label drawn, in pixels of a 720p frame, 8 to 48.
    public var minLabelPx: Double = Stage.legibleText
    public var noCaptions = false
    public var reducedMotion = false
    /// The output: its extension names the format; a path ending in `/` is a folder of PNG frames.
    public var output = "treeanim.gif"
    public var loop: LoopCount?
    /// Also write one frame as a PNG.
    public var poster: String?
    public var posterAt: PosterMoment?
    /// Also write one clip per step and a steps.json listing them into this folder.
    public var stepsDir: String?
    /// The format of the `stepsDir` clips, when given.
    public var stepFormatChoice: VideoFormat?
    /// Steps on each page of a PDF handout: 1, 4 or 6.
    public var perPage = 1
    public var autoplay = false
    /// Title of a deck or handout (default: what the animation shows).
    public var title: String?
    /// Subtitles of the captions: a .srt or .vtt file to write, or `embed`.
    public var subtitles: String?
    /// A transcript to write, as Markdown.
    public var transcript: String?
    public var lang: Language?
    /// Say each caption aloud (espeak-ng) into the sound.
    public var narrate = false
    public var voice: String?
    /// Also keep the PNG frames in this folder when writing a video.
    public var framesDir: String?
    /// Render only these frames of the full animation.
    public var frameRange: FrameRange?
    /// Count the frames and render nothing.
    public var countFrames = false
    /// Write every rendered frame's geometry as JSON Lines to this file.
    public var dumpScene: String?
    /// Replace the frames of another animation in a PNG folder.
    public var overwrite = false
    /// Render threads, 1 to 64 (default: one per core).
    public var threads: Int?
    /// zlib level for PNG frames, 0 to 9.
    public var pngLevel: Int?
    /// What each output extension names; a kind of file of one's own is
    /// registered in a copy of `OutputKinds.standard`.
    public var kinds: OutputKinds = .standard

    public init() {}

    /// The options' names, as the command line's long flags write them:
    /// a lecture's section may not give them, as they are the lecture's.
    public static let keys = [
        "fps", "speed", "duration", "easing", "theme", "transparent", "size", "font", "min-label-px", "no-captions",
        "reduced-motion", "output", "loop", "poster", "poster-at", "steps-dir", "step-format", "per-page", "autoplay",
        "title", "subtitles", "transcript", "lang", "narrate", "voice", "frames-dir", "frame-range", "count-frames",
        "dump-scene", "overwrite", "threads", "png-level",
    ]

    /// The options of frames made at `settings`, written to `output`.
    public init(settings: FrameSettings, output: String) {
        size = FrameSize(width: settings.width, height: settings.height)
        fps = settings.fps
        speed = settings.speed
        theme = settings.theme
        transparent = settings.transparent
        noCaptions = !settings.captions
        minLabelPx = settings.minimumLabel
        reducedMotion = settings.reducedMotion
        self.output = output
    }

    /// The format of the `stepsDir` clips.
    public var stepFormat: VideoFormat { stepFormatChoice ?? .mp4 }

    /// Whether `subtitles` is `embed`: a track in the video, not a file.
    public var embedsSubtitles: Bool { subtitles == "embed" }

    /// The subtitle file `subtitles` names, if it names one.
    public var subtitlesFile: String? { embedsSubtitles ? nil : subtitles }

    /// A fault of the options given together.
    private func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }

    /// Checks the options together: each value in its range, each option
    /// with an output that uses it, no two outputs on one path.
    public func check() throws(ProductionFailure) {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw usage("--fps must be from 1 to 240 (got \(Format.number(fps)))") }
        guard minLabelPx.isFinite, minLabelPx >= 8, minLabelPx <= 48 else {
            throw usage("--min-label-px must be from 8 to 48 (got \(Format.number(minLabelPx)))")
        }
        if let duration {
            guard duration.isFinite, duration >= 1, duration <= 3600 else {
                throw usage("--duration must be from 1 to 3600 seconds (got \(Format.number(duration)))")
            }
            guard speed == 1 else { throw usage("give --duration or --speed, not both: --duration finds the speed") }
        }
        guard speed.isFinite, speed >= 0.1, speed <= 10 else {
            throw usage("--speed must be from 0.1 to 10 (got \(Format.number(speed)))")
        }
        for (side, v) in [("width", size.width), ("height", size.height)] {
            guard v >= 0 else {
                throw usage("--size \(size.width)x\(size.height): the \(side) is negative; each side must be from 64 to 8192 px")
            }
            guard v >= 64 else { throw usage("--size \(size.width)x\(size.height): the \(side) must be at least 64 px") }
            guard v <= 8192 else { throw usage("--size \(size.width)x\(size.height): the \(side) must be at most 8192 px") }
        }
        let paths = [
            ("--font", font), ("--dump-scene", dumpScene), ("--frames-dir", framesDir), ("--steps-dir", stepsDir),
            ("--subtitles", subtitles), ("--transcript", transcript),
        ]
        if let (flag, _) = paths.first(where: { $0.1 == "" }) { throw usage("\(flag) is empty: give a path") }
        if let threads, !(1...64).contains(threads) { throw usage("--threads must be from 1 to 64 (got \(threads))") }
        if let pngLevel, !PNGOptions.levels.contains(pngLevel) {
            throw usage("--png-level must be from 0 to 9 (got \(pngLevel))")
        }

        let target: OutputTarget
        do throws(OutputError) { target = try self.target } catch { throw usage(OutputWording.describe(error)) }
        try checkFormats(of: target)
        let outputs: [(flag: String, destination: OutputDestination)] =
            [("-o", target.destination)]
            + (framesDir.map { [("--frames-dir", OutputTarget.pngFolder($0).destination)] } ?? [])
            + (dumpScene.map { [("--dump-scene", .file($0))] } ?? [])
            + (poster.map { [("--poster", .file($0))] } ?? [])
            + (subtitlesFile.map { [("--subtitles", .file($0))] } ?? [])
            + (transcript.map { [("--transcript", .file($0))] } ?? [])
            + (stepsDir.map { [("--steps-dir", .folder(OutputPaths.trimmed($0), holds: StepsFolderSink.holds))] } ?? [])
        if let (i, j) = OutputDestination.firstOverlap(in: outputs.map(\.destination)) {
            let (first, second) = (outputs[i], outputs[j])
            throw usage(
                "\(first.flag) and \(second.flag) must name different paths: "
                    + "'\(first.destination.path)' and '\(second.destination.path)' would write the same file")
        }
    }

    /// Checks that the outputs can hold frames of this size, rate and
    /// alpha, and that each option goes with an output that uses it.
    func checkFormats(of target: OutputTarget) throws(ProductionFailure) {
        let frames = FrameFormat(width: size.width, height: size.height, fps: fps, transparent: transparent)
        // What each kind of output takes is said by the kind itself.
        if let kind = target.kind {
            do throws(OutputError) { try kind.check(frames, target.path) } catch {
                throw usage(OutputWording.describe(error))
            }
            if frameRange != nil, kind.needsEveryFrame {
                throw usage("--frame-range renders part of the animation: \(Self.article(kind.name)) needs every step")
            }
        } else if framesDir != nil {
            throw usage("--frames-dir goes with a video output; -o already names a PNG folder")
        }
        let given: [(OutputOption, String, Bool)] = [(.loop, "--loop", loop != nil), (.autoplay, "--autoplay", autoplay), (.perPage, "--per-page", perPage != 1)]
        for (option, flag, isGiven) in given where isGiven && !(target.kind?.options.contains(option) ?? false) {
            let what = target.kind.map { "'\(output)' is \(Self.article($0.name))" } ?? "'\(output)' is a folder of PNG frames"
            throw usage("\(flag) is for \(OutputKinds.standard.extensions(taking: option)) output: \(what)")
        }
        if perPage != 1, !HandoutSink.layouts.contains(perPage) {
            throw usage("--per-page must be 1, 4 or 6 (got \(perPage))")
        }
        if let stepsDir {
            let clip = "\(OutputPaths.trimmed(stepsDir))/\(StepsFolderSink.fileName(ofStep: 0, format: stepFormat))"
            do throws(OutputError) { try stepFormat.check(frames, path: clip) } catch {
                if stepFormatChoice == nil, transparent {
                    throw usage("--transparent: --steps-dir clips are MP4, which has no alpha: add --step-format webm, gif, apng or webp")
                }
                throw usage("--step-format \(stepFormat.rawValue): " + OutputWording.describe(error))
            }
            if frameRange != nil { throw usage("--frame-range renders part of the animation: --steps-dir needs every step") }
        }
        if stepFormatChoice != nil, stepsDir == nil { throw usage("--step-format goes with --steps-dir DIR") }
        if let poster, !poster.lowercased().hasSuffix(".png") {
            throw usage("--poster '\(poster)' must name a .png file")
        }
        try checkWords(of: target)
        if posterAt != nil, poster == nil { throw usage("--poster-at chooses the frame of --poster FILE.png; give --poster too") }
    }

    /// Checks `--subtitles` and `--transcript` against the output: a file
    /// of a subtitle format, or `embed` into a video that holds tracks;
    /// both tell of the whole animation.
    func checkWords(of target: OutputTarget) throws(ProductionFailure) {
        if let subtitles {
            if embedsSubtitles {
                if target.kind == .deck(.html) {
                    throw usage(
                        "--subtitles embed: an HTML deck carries each slide's subtitles already, as a <track> (C shows them); "
                            + "leave it out, or write a file with --subtitles FILE.vtt")
                }
                guard target.kind == .video(.mp4) || target.kind == .video(.webm) else {
                    let what = target.kind.map { "'\(output)' is \(Self.article($0.name))" } ?? "'\(output)' is a folder of PNG frames"
                    throw usage(
                        "--subtitles embed puts a subtitle track into an .mp4 or .webm: \(what); "
                            + "write a file beside it with --subtitles FILE.vtt or FILE.srt")
                }
            } else if SubtitleFormat(path: subtitles) == nil {
                throw usage("--subtitles '\(subtitles)': name a .srt or .vtt file, or give 'embed' for a track in the video")
            }
        }
        if let transcript, !Self.transcriptExtensions.contains((transcript as NSString).pathExtension.lowercased()) {
            // A transcript is text of its own: a name of another kind is
            // more likely a slip (an input, a video) than a wish.
            throw usage("--transcript '\(transcript)': name a .md or .txt file (the transcript is Markdown)")
        }
        if narrate {
            let sounds = [VideoFormat.mp4, .webm].map(OutputKind.video) + [.deck(.html), .deck(.pptx)]
            guard let kind = target.kind, sounds.contains(kind) else {
                let what = target.kind.map { "'\(output)' is \(Self.article($0.name))" } ?? "'\(output)' is a folder of PNG frames"
                throw usage("--narrate says the captions into a sound track: \(what), which has no sound; use .mp4, .webm, .html or .pptx")
            }
            if frameRange != nil { throw usage("--frame-range renders part of the animation: --narrate needs all of it") }
        }
        if voice != nil, !narrate { throw usage("--voice chooses the voice of --narrate; give --narrate too") }
        if frameRange != nil, subtitles != nil || transcript != nil {
            let flag = subtitles != nil ? "--subtitles" : "--transcript"
            throw usage("--frame-range renders part of the animation: \(flag) tells of all of it; leave one out")
        }
    }

    /// The names a transcript may take: Markdown's, or plain text's.
    public static let transcriptExtensions: Set = ["md", "markdown", "txt"]

    /// `name` with "a" or "an" before it: "an MP4", "a GIF", "an HTML
    /// deck", "a WebM", "an image strip": an acronym by how its first
    /// letter is said, a word by its first letter.
    public static func article(_ name: String) -> String {
        let word = name.prefix { $0 != " " }
        let acronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
        let vowel = acronym ? "AEFHILMNORSX".contains(word.first ?? "x") : "aeiouAEIOU".contains(word.first ?? "x")
        return (vowel ? "an " : "a ") + name
    }

    /// Where the frames go, as `-o` names it.
    public var target: OutputTarget {
        get throws(OutputError) {
            try OutputTarget(path: output, isExistingFolder: FileManager.default.directoryExists(output), kinds: kinds)
        }
    }

    public var settings: FrameSettings {
        FrameSettings(
            width: size.width, height: size.height, fps: fps, speed: speed, theme: theme,
            transparent: transparent, captions: !noCaptions, minimumLabel: minLabelPx, reducedMotion: reducedMotion)
    }

    /// The flag whose path `path` is, lies in (a frame in a folder), or
    /// would lie in (a missing parent folder). With `asFolder`, `path` is a
    /// folder that holds an output (one found missing), so a flag whose
    /// output it would hold is named before one whose output it is: in
    /// `-o fr8/ --transcript fr8/a.md`, a missing `fr8` is --transcript's
    /// trouble, since -o makes its own folder.
    public func flag(naming path: String, asFolder: Bool = false) -> String? {
        let named = [
            ("-o", output), ("--frames-dir", framesDir), ("--dump-scene", dumpScene), ("--poster", poster),
            ("--steps-dir", stepsDir), ("--subtitles", subtitlesFile), ("--transcript", transcript),
        ]
        let places = named.compactMap { flag, value in
            value.map { value -> (flag: String, own: Bool, parent: Bool) in
                let own = Self.normalized(value)
                let parent = own.lastIndex(of: "/").map { String(own[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
                return (flag, path == value || path == own || path.hasPrefix(own + "/"), path == parent)
            }
        }
        if asFolder, let holder = places.first(where: \.parent) { return holder.flag }
        return places.first { $0.own || $0.parent }?.flag
    }

    /// A path without a trailing slash, for comparing paths.
    public static func normalized(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

extension FileManager {
    public func directoryExists(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
