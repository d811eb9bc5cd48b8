import ArgumentParser
import Foundation
import TreeAnimKit

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

    /// The options as the library takes them.
    var render: RenderOptions {
        var o = RenderOptions()
        o.fps = fps
        o.speed = speed
        o.duration = duration
        o.easing = easing
        o.theme = theme.theme
        o.transparent = transparent
        o.size = size
        o.font = font
        o.minLabelPx = minLabelPx
        o.noCaptions = noCaptions
        o.reducedMotion = reducedMotion
        o.output = output
        o.loop = loop
        o.poster = poster
        o.posterAt = posterAt
        o.stepsDir = stepsDir
        o.stepFormatChoice = stepFormatChoice
        o.perPage = perPage
        o.autoplay = autoplay
        o.title = title
        o.subtitles = subtitles
        o.transcript = transcript
        o.lang = lang
        o.narrate = narrate
        o.voice = voice
        o.framesDir = framesDir
        o.frameRange = frameRange
        o.countFrames = countFrames
        o.dumpScene = dumpScene
        o.overwrite = overwrite
        o.threads = threads
        o.pngLevel = pngLevel
        return o
    }

    mutating func validate() throws {
        try validating { try render.check() }
    }

    var settings: FrameSettings { render.settings }

    var target: OutputTarget {
        get throws(OutputError) { try render.target }
    }
}

extension Easing: ExpressibleByArgument {}
extension ThemeName: ExpressibleByArgument {}
extension VideoFormat: ExpressibleByArgument {}
extension TreeLayoutKind: ExpressibleByArgument {}
extension Replacement: ExpressibleByArgument {}

/// Runs a check of the library's as a flag's validation: its failure is a
/// usage error, worded as ArgumentParser words them.
func validating(_ check: () throws -> Void) throws {
    do { try check() } catch let failure as ProductionFailure { throw ValidationError(failure.message) }
}
