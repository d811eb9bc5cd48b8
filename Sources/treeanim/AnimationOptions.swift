import ArgumentParser
import Diagram
import Foundation
import Output
import OutputFiles
import PNG

/// The options every animation shares, whatever it shows: how it moves, how
/// it looks, and where it goes.
struct AnimationOptions: ParsableArguments {
    // Numbers are parsed unconditionally, so that a negative one is a value
    // to explain rather than an unknown flag, and by Numeral, which says
    // what is wrong with a value that is not one.
    @Option(parsing: .unconditional, help: "Frames per second, 1 to 240 (50 at most for GIF; default: 30).", transform: Numeral.decimal)
    var fps: Double = 30

    @Option(parsing: .unconditional, help: "Play faster (2) or slower (0.5), 0.1 to 10 (default: 1).", transform: Numeral.decimal)
    var speed: Double = 1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Play the whole animation in about this many seconds, 1 to 3600: the --speed that fits it is found (0.1 to 10).", valueName: "seconds"),
        transform: Numeral.decimal)
    var duration: Double?

    @Option(help: "Curve of the main moves.")
    var easing: Easing = .easeInOut

    @Option(help: "Colour theme: high-contrast is black on white with stronger colours and thicker lines.")
    var theme: ThemeName = .light

    @Flag(help: "Transparent background (PNG frames, WebM, GIF, APNG, WebP).")
    var transparent = false

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Frame size in pixels, 64 to 8192 a side (default: 1280x720).", valueName: "WxH"),
        transform: FrameSize.init(parsing:))
    var size = FrameSize(width: 1280, height: 720)

    @Option(help: ArgumentHelp("A TTF or OTF font file for labels and captions (default: DejaVu Sans Bold).", valueName: "path"))
    var font: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The smallest label drawn, in pixels of a 720p frame (scaled with the frame), 8 to 48 (default: 14): tours keep labels at it or over, and a label shrunk under it is left out.",
            valueName: "px"),
        transform: Numeral.decimal)
    var minLabelPx: Double = Stage.legibleText

    @Flag(help: "Leave out the captions.")
    var noCaptions = false

    @Flag(help: "Reduced motion: elements fade out and back in where they change place, and the camera cuts, instead of gliding; the same steps and captions.")
    var reducedMotion = false

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Output: .gif, .mp4, .webm, .apng or .webp; a step-by-step deck .html or .pptx; a handout .pdf; "
                + "or a folder (ending in /) for PNG frames.",
            valueName: "path"))
    var output = "treeanim.gif"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How many times a GIF, APNG or WebP plays: forever, once, or a count.", valueName: "n"),
        transform: LoopCount.init(parsing:))
    var loop: LoopCount?

    @Option(help: ArgumentHelp("Also write one frame as a PNG: the picture a slide shows before playing.", valueName: "file.png"))
    var poster: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Which frame --poster writes: first, last, step:N (the first frame of its slide in a deck) or a time in seconds.", valueName: "when"),
        transform: PosterMoment.init(parsing:))
    var posterAt: PosterMoment?

    @Option(help: ArgumentHelp("Also write one clip per step and a steps.json listing them into this folder.", valueName: "dir"))
    var stepsDir: String?

    @Option(name: .customLong("step-format"), help: "Format of the --steps-dir clips (default: mp4).")
    var stepFormatChoice: VideoFormat?

    /// The format of the `--steps-dir` clips.
    var stepFormat: VideoFormat { stepFormatChoice ?? .mp4 }

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Steps on each page of a .pdf handout: 1, 4 or 6 (default: 1).", valueName: "n"),
        transform: Numeral.whole)
    var perPage = 1

    @Flag(help: "An .html deck plays through all its steps by itself.")
    var autoplay = false

    @Option(help: ArgumentHelp("Title of a deck or handout (default: what the animation shows).", valueName: "text"))
    var title: String?

    @Option(
        help: ArgumentHelp(
            "Subtitles of the captions: a .srt or .vtt file to write, or 'embed' for a soft subtitle track in the .mp4 or .webm "
                + "(with --no-captions, words beside a clean picture).",
            valueName: "file|embed"))
    var subtitles: String?

    @Option(help: ArgumentHelp("Also write a transcript: every step's title, captions with their times, and note, as Markdown.", valueName: "file.md"))
    var transcript: String?

    @Option(
        help: ArgumentHelp(
            "The language of the captions, a BCP 47 tag (en, en-GB, de, zh): tags subtitle and sound tracks and decks, and chooses the voice "
                + "(default: en, or zh when the captions are mostly Chinese).",
            valueName: "tag"),
        transform: Self.language)
    var lang: Language?

    @Flag(
        help: ArgumentHelp(
            "Say each caption aloud (espeak-ng) into the sound of the .mp4, .webm or deck: the animation holds after a beat "
                + "until its words are said."))
    var narrate = false

    @Option(
        help: ArgumentHelp(
            "The voice --narrate speaks in: an espeak-ng voice (en-us, en-gb, de, cmn …; mb-us1 and other MBROLA voices when installed) "
                + "(default: the best installed for --lang).",
            valueName: "name"))
    var voice: String?

    static func language(_ tag: String) throws -> Language {
        guard let language = Language(tag) else {
            throw ArgumentProblem("'\(tag)' is not a language tag: give a BCP 47 tag such as en, en-GB, de or zh")
        }
        return language
    }

    /// Whether `--subtitles embed` was given: a track in the video, not a file.
    var embedsSubtitles: Bool { subtitles == "embed" }

    /// The subtitle file `--subtitles` names, if it names one.
    var subtitlesFile: String? { embedsSubtitles ? nil : subtitles }

    @Option(help: ArgumentHelp("Also keep the PNG frames in this folder when writing a video.", valueName: "dir"))
    var framesDir: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Render only frames a up to b-1 of the full animation, numbered as in a full run.", valueName: "a:b"),
        transform: FrameRange.init(parsing:))
    var frameRange: FrameRange?

    @Flag(help: "Print how many frames the animation has and render nothing (to split a render with --frame-range).")
    var countFrames = false

    @Option(help: ArgumentHelp("Write every rendered frame's geometry as JSON Lines to this file.", valueName: "file"))
    var dumpScene: String?

    @Flag(help: "Replace the frames of another animation in a PNG folder (by default such a folder is refused).")
    var overwrite = false

    @Option(parsing: .unconditional, help: "Render threads, 1 to 64 (default: one per core). Frames are identical for any count.", transform: Numeral.whole)
    var threads: Int?

    @Option(parsing: .unconditional, help: "zlib level for PNG frames, 0 (fastest) to 9 (smallest).", transform: Numeral.whole)
    var pngLevel: Int?

    mutating func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be from 1 to 240 (got \(Format.number(fps)))") }
        guard minLabelPx.isFinite, minLabelPx >= 8, minLabelPx <= 48 else {
            throw ValidationError("--min-label-px must be from 8 to 48 (got \(Format.number(minLabelPx)))")
        }
        if let duration {
            guard duration.isFinite, duration >= 1, duration <= 3600 else {
                throw ValidationError("--duration must be from 1 to 3600 seconds (got \(Format.number(duration)))")
            }
            guard speed == 1 else { throw ValidationError("give --duration or --speed, not both: --duration finds the speed") }
        }
        guard speed.isFinite, speed >= 0.1, speed <= 10 else {
            throw ValidationError("--speed must be from 0.1 to 10 (got \(Format.number(speed)))")
        }
        for (side, v) in [("width", size.width), ("height", size.height)] {
            guard v >= 0 else {
                throw ValidationError("--size \(size.width)x\(size.height): the \(side) is negative; each side must be from 64 to 8192 px")
            }
            guard v >= 64 else { throw ValidationError("--size \(size.width)x\(size.height): the \(side) must be at least 64 px") }
            guard v <= 8192 else { throw ValidationError("--size \(size.width)x\(size.height): the \(side) must be at most 8192 px") }
        }
        let paths = [
            ("--font", font), ("--dump-scene", dumpScene), ("--frames-dir", framesDir), ("--steps-dir", stepsDir),
            ("--subtitles", subtitles), ("--transcript", transcript),
        ]
        if let (flag, _) = paths.first(where: { $0.1 == "" }) { throw ValidationError("\(flag) is empty: give a path") }
        if let threads, !(1...64).contains(threads) { throw ValidationError("--threads must be from 1 to 64 (got \(threads))") }
        if let pngLevel, !PNGOptions.levels.contains(pngLevel) {
            throw ValidationError("--png-level must be from 0 to 9 (got \(pngLevel))")
        }

        let target: OutputTarget
        do { target = try self.target } catch { throw ValidationError(Messages.describe(error)) }
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
            throw ValidationError(
                "\(first.flag) and \(second.flag) must name different paths: "
                    + "'\(first.destination.path)' and '\(second.destination.path)' would write the same file")
        }
    }

    /// Checks that the outputs can hold frames of this size, rate and
    /// alpha, and that each option goes with an output that uses it.
    func checkFormats(of target: OutputTarget) throws {
        let frames = FrameFormat(width: size.width, height: size.height, fps: fps, transparent: transparent)
        // What each kind of output takes is said by the kind itself.
        if let kind = target.kind {
            do throws(OutputError) { try kind.check(frames, target.path) } catch {
                throw ValidationError(Messages.describe(error))
            }
            if frameRange != nil, kind.needsEveryFrame {
                throw ValidationError("--frame-range renders part of the animation: \(Self.article(kind.name)) needs every step")
            }
        } else if framesDir != nil {
            throw ValidationError("--frames-dir goes with a video output; -o already names a PNG folder")
        }
        let given: [(OutputOption, String, Bool)] = [(.loop, "--loop", loop != nil), (.autoplay, "--autoplay", autoplay), (.perPage, "--per-page", perPage != 1)]
        for (option, flag, isGiven) in given where isGiven && !(target.kind?.options.contains(option) ?? false) {
            let what = target.kind.map { "'\(output)' is \(Self.article($0.name))" } ?? "'\(output)' is a folder of PNG frames"
            throw ValidationError("\(flag) is for \(OutputKinds.standard.extensions(taking: option)) output: \(what)")
        }
        if perPage != 1, !HandoutSink.layouts.contains(perPage) {
            throw ValidationError("--per-page must be 1, 4 or 6 (got \(perPage))")
        }
        if let stepsDir {
            let clip = "\(OutputPaths.trimmed(stepsDir))/\(StepsFolderSink.fileName(ofStep: 0, format: stepFormat))"
            do throws(OutputError) { try stepFormat.check(frames, path: clip) } catch {
                if stepFormatChoice == nil, transparent {
                    throw ValidationError("--transparent: --steps-dir clips are MP4, which has no alpha: add --step-format webm, gif, apng or webp")
                }
                throw ValidationError("--step-format \(stepFormat.rawValue): " + Messages.describe(error))
            }
            if frameRange != nil { throw ValidationError("--frame-range renders part of the animation: --steps-dir needs every step") }
        }
        if stepFormatChoice != nil, stepsDir == nil { throw ValidationError("--step-format goes with --steps-dir DIR") }
        if let poster, !poster.lowercased().hasSuffix(".png") {
            throw ValidationError("--poster '\(poster)' must name a .png file")
        }
        try checkWords(of: target)
        if posterAt != nil, poster == nil { throw ValidationError("--poster-at chooses the frame of --poster FILE.png; give --poster too") }
    }

    /// Checks `--subtitles` and `--transcript` against the output: a file
    /// of a subtitle format, or `embed` into a video that holds tracks;
    /// both tell of the whole animation.
    func checkWords(of target: OutputTarget) throws {
        if let subtitles {
            if embedsSubtitles {
                if target.kind == .deck(.html) {
                    throw ValidationError(
                        "--subtitles embed: an HTML deck carries each slide's subtitles already, as a <track> (C shows them); "
                            + "leave it out, or write a file with --subtitles FILE.vtt")
                }
                guard target.kind == .video(.mp4) || target.kind == .video(.webm) else {
                    let what = target.kind.map { "'\(output)' is \(Self.article($0.name))" } ?? "'\(output)' is a folder of PNG frames"
                    throw ValidationError(
                        "--subtitles embed puts a subtitle track into an .mp4 or .webm: \(what); "
                            + "write a file beside it with --subtitles FILE.vtt or FILE.srt")
                }
            } else if SubtitleFormat(path: subtitles) == nil {
                throw ValidationError("--subtitles '\(subtitles)': name a .srt or .vtt file, or give 'embed' for a track in the video")
            }
        }
        if let transcript, !Self.transcriptExtensions.contains((transcript as NSString).pathExtension.lowercased()) {
            // A transcript is text of its own: a name of another kind is
            // more likely a slip (an input, a video) than a wish.
            throw ValidationError("--transcript '\(transcript)': name a .md or .txt file (the transcript is Markdown)")
        }
        if narrate {
            let sounds = [VideoFormat.mp4, .webm].map(OutputKind.video) + [.deck(.html), .deck(.pptx)]
            guard let kind = target.kind, sounds.contains(kind) else {
                let what = target.kind.map { "'\(output)' is \(Self.article($0.name))" } ?? "'\(output)' is a folder of PNG frames"
                throw ValidationError("--narrate says the captions into a sound track: \(what), which has no sound; use .mp4, .webm, .html or .pptx")
            }
            if frameRange != nil { throw ValidationError("--frame-range renders part of the animation: --narrate needs all of it") }
        }
        if voice != nil, !narrate { throw ValidationError("--voice chooses the voice of --narrate; give --narrate too") }
        if frameRange != nil, subtitles != nil || transcript != nil {
            let flag = subtitles != nil ? "--subtitles" : "--transcript"
            throw ValidationError("--frame-range renders part of the animation: \(flag) tells of all of it; leave one out")
        }
    }

    /// The names a transcript may take: Markdown's, or plain text's.
    static let transcriptExtensions: Set = ["md", "markdown", "txt"]

    /// `name` with "a" or "an" before it: "an MP4", "a GIF", "an HTML
    /// deck", "a WebM", "an image strip": an acronym by how its first
    /// letter is said, a word by its first letter.
    static func article(_ name: String) -> String {
        let word = name.prefix { $0 != " " }
        let acronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
        let vowel = acronym ? "AEFHILMNORSX".contains(word.first ?? "x") : "aeiouAEIOU".contains(word.first ?? "x")
        return (vowel ? "an " : "a ") + name
    }

    /// Where the frames go, as `-o` names it.
    var target: OutputTarget {
        get throws(OutputError) {
            try OutputTarget(path: output, isExistingFolder: FileManager.default.directoryExists(output))
        }
    }

    var settings: FrameSettings {
        FrameSettings(
            width: size.width, height: size.height, fps: fps, speed: speed, theme: theme.theme,
            transparent: transparent, captions: !noCaptions, minimumLabel: minLabelPx, reducedMotion: reducedMotion)
    }

    /// The flag whose path `path` is, lies in (a frame in a folder), or
    /// would lie in (a missing parent folder). With `asFolder`, `path` is a
    /// folder that holds an output (one found missing), so a flag whose
    /// output it would hold is named before one whose output it is: in
    /// `-o fr8/ --transcript fr8/a.md`, a missing `fr8` is --transcript's
    /// trouble, since -o makes its own folder.
    func flag(naming path: String, asFolder: Bool = false) -> String? {
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
    static func normalized(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

extension FileManager {
    func directoryExists(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
