import Diagram
import Documents
import Foundation
import Synchronization
import InputText
import Output
import Rendering
import PNG
import Producers
import Raster

/// What every subcommand does once it has a script: compile it, render the
/// frames to the outputs the options name, and report.
enum Render {
    /// Two hours at 30 fps: past that, a run is a mistake, not an animation.
    static let maxFrames = 216_000

    /// The most memory a script and its timeline may be estimated to take.
    static let maxBytes = 2 << 30

    /// Refuses, before any script is built, an animation whose estimate
    /// passes the frame limit or the memory limit: one line saying how
    /// large it would be, the limit, and what to do (`fewer`: "use fewer
    /// keys"). `status` is 64 when flags gave the input, 65 for a file.
    static func check(_ estimate: ScriptEstimate, options: AnimationOptions, fewer: String, status: Int32) throws {
        // With --duration, as fast as it may go: the speed is found later.
        let frames = estimate.frames(fps: options.fps, speed: options.duration == nil ? options.speed : 10)
        if frames > maxFrames {
            let hours = Double(frames - 1) / options.fps / 3600
            throw CommandFailure(
                "the animation would have at least \(grouped(frames)) frames (\(Format.fixed(hours, 1)) hours at "
                    + "\(Format.number(options.fps)) fps), over the limit of \(grouped(maxFrames)): "
                    + "\(fewer), a higher --speed (up to 10) or a lower --fps", status: status)
        }
        if estimate.bytes > maxBytes {
            throw CommandFailure(
                "the animation would change its elements some \(grouped(estimate.changes)) times, about "
                    + "\(Format.fixed(Double(estimate.bytes) / Double(1 << 30), 1)) GB of memory to prepare, over the limit of "
                    + "\(maxBytes >> 30) GB: \(fewer)", status: status)
        }
    }

    /// The renderer of frames in `font`: running text (a text slide's) in
    /// DejaVu Sans, or in the `--font` given; code in DejaVu Sans Mono.
    /// A face fontconfig cannot find falls back to `font`.
    static func renderer(font: Font, options: AnimationOptions) -> FrameRenderer {
        let regular = options.font == nil ? try? Font(matching: "DejaVu Sans:regular") : font
        return FrameRenderer(font: font, regular: regular, mono: try? Font(matching: "DejaVu Sans Mono:regular"))
    }

    /// The font `--font` names, or the default.
    static func font(_ path: String?) throws -> Font {
        do throws(FontError) {
            if let path {
                InputLedger.current?.record(path: path, role: "--font")
                return try Font(path: path)
            }
            return try Font.default()
        } catch {
            // A --font file that is no font is bad input; a missing or
            // closed file, or the system's own font, is not.
            switch error {
            case .unreadable, .notScalable: throw CommandFailure("--font: \(error.description)", status: path == nil ? 1 : 65)
            default: throw CommandFailure(error.description)
            }
        }
    }

    /// Renders `script` as `options` say and prints the summary line.
    /// `title` names the animation in a deck or handout unless `--title` does;
    /// `read`, what the input was read as, ends the summary line.
    /// `fewer` and `status` are as for ``check(_:options:fewer:status:)``,
    /// for an animation found too long once built.
    static func run(
        _ script: Script, font: Font, options: AnimationOptions, title: String, fewer: String = "use fewer keys",
        status: Int32 = 64, read: String? = nil
    ) throws {
        // A lecture's section: the script is what was wanted.
        if let capture = ScriptCapture.current {
            capture.add(script, title: title)
            return
        }
        let clock = ContinuousClock(), started = clock.now
        try checkGlyphs(of: script, in: font, options: options)
        if (try? options.target)?.kind == .handout { try checkHandoutFont(font, options: options) }
        var timeline: Timeline
        var base = options.settings
        // What the frames show without speech: the captions narration says
        // (speech holds the animation, never changes its captions).
        let silent: Timeline
        do { silent = try Timeline(script: script, settings: base, labels: LabelFit(font: font)) } catch {
            throw CommandFailure("internal error: \(error.description)")
        }
        let narration = options.narrate ? try Narrator.narration(of: silent.cues.map(\.text), options: options) : nil
        if let narration { base.speech = narration.narration.lengths }
        var settings = base
        do { timeline = narration == nil ? silent : try Timeline(script: script, settings: settings, labels: LabelFit(font: font)) } catch {
            throw CommandFailure("internal error: \(error.description)")
        }
        if let duration = options.duration {
            (timeline, settings) = fit(script, font: font, settings: settings, into: duration, timeline: timeline)
        }
        // How long the animation lasts at another speed: paced moves do not
        // shorten with it, so the script is compiled again to know.
        let lasts = { (speed: Double) -> Double? in
            var settings = base
            settings.speed = speed
            return (try? Timeline(script: script, settings: settings, labels: LabelFit(font: font)))
                .map { Double($0.frameCount - 1) / options.fps }
        }
        var notes = script.notes
        if let (_, voice) = narration {
            var quiet = settings
            quiet.speech = [:]
            let without = (try? Timeline(script: script, settings: quiet, labels: LabelFit(font: font)))
                .map { Double($0.frameCount - 1) / options.fps } ?? 0
            notes.append(Narrator.note(timeline.speeches, voice: voice, with: Double(timeline.frameCount - 1) / options.fps, without: without))
        }
        try deliver(
            timeline, font: font, options: options, speed: settings.speed, title: title, fewer: fewer, status: status,
            read: read, notes: notes, lasts: lasts, started: started, narration: narration?.narration)
    }

    /// Renders the frames of `timeline` (a script's, or a lecture's
    /// sequence of them) to the outputs `options` name, and prints the
    /// summary line; `speed` is the speed it plays at, `notes` what the
    /// producer would have the user know, `lasts` its length at another
    /// speed (for the note on a long animation), `started` when the run
    /// began.
    static func deliver(
        _ timeline: some FrameSource, font: Font, options: AnimationOptions, speed: Double, title: String, fewer: String,
        status: Int32, read: String?, notes: [String], lasts: (Double) -> Double?, started: ContinuousClock.Instant,
        worksheet: Bool = false, narration: Narration? = nil
    ) throws {
        let clock = ContinuousClock()
        guard timeline.frameCount <= maxFrames else {
            throw CommandFailure(
                "the animation would have \(grouped(timeline.frameCount)) frames, over the limit of "
                    + "\(grouped(maxFrames)): \(fewer), a higher --speed (up to 10) or a lower --fps", status: status)
        }
        if options.countFrames {
            StandardOutput.line(String(timeline.frameCount))
            return
        }
        for note in notes { Messages.write("treeanim: note: \(note)\n") }
        let lasting = Double(timeline.frameCount - 1) / options.fps
        if let duration = options.duration {
            // Said when the speeds allowed do not reach the length asked.
            if abs(lasting - duration) > max(1, 0.05 * duration) {
                Messages.write(
                    "treeanim: note: --duration \(Format.number(duration)): the animation lasts \(Format.duration(lasting)) "
                        + "at --speed \(Format.number(speed))"
                        + (speed >= 10 ? ", the fastest it plays" : speed <= 0.1 ? ", the slowest it plays" : ", the nearest found")
                        + (timeline.speeches.isEmpty
                            ? " (moves paced by distance do not scale with the speed)\n"
                            : " (the narration holds it until each caption is said, at any speed)\n"))
            }
        } else if let note = lengthNote(seconds: lasting, speed: options.speed, fewer: fewer, lasts: lasts) {
            Messages.write("treeanim: note: \(note)\n")
        }
        if let r = options.frameRange?.range, r.upperBound > timeline.frameCount {
            throw CommandFailure(Messages.describe(OutputError.frameRangeOutside(range: r, frameCount: timeline.frameCount)), status: 64)
        }
        var png = PNGOptions.default
        if let level = options.pngLevel { png.level = level }
        let posterFrame = try options.poster.map { _ in try (options.posterAt ?? .first).frame(in: timeline) }
        if let frame = posterFrame, let r = options.frameRange?.range, !r.contains(frame) {
            throw CommandFailure(
                "--poster-at: frame \(frame) is outside --frame-range \(r.lowerBound):\(r.upperBound)", status: 64)
        }
        let summary: RenderSummary
        do throws(OutputError) {
            let renderer = renderer(font: font, options: options)
            var settings = SinkSettings()
            settings.pngOptions = png
            settings.stamp = FrameStamp(source: timeline, font: font)
            settings.replacingOtherFrames = options.overwrite
            settings.loop = options.loop ?? .forever
            settings.title = options.title ?? title
            settings.autoplay = options.autoplay
            settings.perPage = options.perPage
            settings.worksheet = worksheet
            settings.embedSubtitles = options.embedsSubtitles
            settings.language = options.lang ?? Language.guess(from: timeline.cues.map(\.text))
            // Nothing said, no sound: a silent track would only promise some.
            settings.sound = timeline.speeches.isEmpty ? nil : narration?.soundtrack(for: timeline)
            var plan = OutputPlan(target: try options.target, settings: settings)
            plan.framesFolder = options.framesDir
            plan.stepsFolder = options.stepsDir
            plan.stepFormat = options.stepFormat
            plan.stepLoop = options.loop ?? .once
            if let poster = options.poster, let frame = posterFrame { plan.poster = (poster, frame) }
            plan.sceneDump = options.dumpScene
            plan.subtitles = options.subtitlesFile
            plan.transcript = options.transcript
            var job = RenderJob(source: timeline, renderer: renderer, sinks: try plan.sinks(source: timeline, renderer: renderer))
            if let r = options.frameRange?.range { job.frames = r }
            if let threads = options.threads { job.threads = threads }
            reportLoweredThreads(of: job, options: options)
            let progress = Progress()
            defer { progress.finish() }
            Interruption.shared.startRendering()
            summary = try job.run(progress: progress.update, isCancelled: { Interruption.shared.happened })
        } catch {
            throw CommandFailure(error, options: options)
        }
        let seconds = Format.seconds(started.duration(to: clock.now))
        let length = Double(summary.frames) / options.fps
        let bytes = summary.outputs.first?.bytes ?? 0
        var what = "\(summary.frames) frames"
        let target = try? options.target
        if target?.kind == .video(.webp), let stored = WebPFrames.stored(atPath: options.output) {
            what += " (\(stored) stored: libwebp merges repeated frames)"
        }
        if let kind = target?.kind, kind.needsEveryFrame {
            let steps = max(timeline.steps.count, 1), handout = kind == .handout
            what = "\(steps) \(handout ? "steps" : "slides")" + (handout && options.perPage > 1
                ? " on \((steps + options.perPage - 1) / options.perPage) pages" : "") + ", \(summary.frames) frames"
        }
        Messages.write(
            "wrote \(options.output): \(what), \(options.size.width)×\(options.size.height), "
                + "\(Format.number(options.fps)) fps, \(Format.fixed(length, 1)) s, \(Format.bytes(bytes)) "
                + "in \(Format.fixed(seconds, 1)) s" + (read.map { "; read \($0)" } ?? "") + "\n")
        for output in summary.outputs.dropFirst() where output.path == options.stepsDir.map(AnimationOptions.normalized) {
            let subtitled = timeline.cues.isEmpty ? "" : ", their subtitles"
            Messages.write("wrote \(output.path)/: \(max(timeline.steps.count, 1)) \(options.stepFormat.rawValue.uppercased()) clips\(subtitled) and steps.json, \(Format.bytes(output.bytes))\n")
        }
    }

    /// The timeline of `script` played at the speed (0.1 to 10, in
    /// hundredths) that makes it last about `duration` seconds, and its
    /// settings. Paced moves do not scale with the speed, so the speed is
    /// found by trying: from the length at `settings`' speed, a few times.
    static func fit(
        _ script: Script, font: Font, settings: FrameSettings, into duration: Double, timeline: Timeline
    ) -> (Timeline, FrameSettings) {
        var best = (timeline, settings)
        var settings = settings
        let length = { (t: Timeline) in Double(t.frameCount - 1) / settings.fps }
        var current = length(timeline)
        for _ in 0..<5 {
            let speed = min(max((settings.speed * current / duration * 100).rounded() / 100, 0.1), 10)
            guard speed != settings.speed, current > 0 else { break }
            settings.speed = speed
            guard let next = try? Timeline(script: script, settings: settings, labels: LabelFit(font: font)) else { break }
            current = length(next)
            if abs(current - duration) < abs(length(best.0) - duration) { best = (next, settings) }
        }
        return best
    }

    /// The longest an animation runs at the default pace without a word: a
    /// slide's clip that runs for minutes is more than a class can follow.
    static let longAnimation = 180.0

    /// What to say of an animation `seconds` long played at `speed`, when it
    /// runs over three minutes: how long it is, the `--speed` (up to 10)
    /// that brings it under three minutes, found by trying it (`lasts` gives
    /// the length at a speed: moves paced by distance do not shorten with
    /// speed), and what else shortens it (`fewer`, as the command says it).
    static func lengthNote(seconds: Double, speed: Double, fewer: String, lasts: (Double) -> Double?) -> String? {
        guard seconds > longAnimation else { return nil }
        let note = "the animation lasts \(Format.duration(seconds)), over 3 minutes"
        // A speed, in tenths, for three minutes; tried, and raised by what
        // it fell short, a few times.
        var faster = speed, length = seconds
        for _ in 0..<4 where length > longAnimation && faster < 10 {
            faster = min(10, (faster * length / longAnimation * 10).rounded(.up) / 10)
            guard let l = lasts(faster) else { break }
            length = l
        }
        if faster > speed, length <= longAnimation {
            return note + "; --speed \(Format.number(faster)) plays it in \(Format.duration(length)); or \(fewer)"
        }
        return note + "; \(fewer)"
    }

    /// Says so when frames are too large for the threads asked for: their
    /// canvases would pass the job's memory budget, so fewer threads run.
    static func reportLoweredThreads(of job: RenderJob, options: AnimationOptions) {
        let plan = job.canvasPlan
        guard plan.threads < job.threads else { return }
        let asked = options.threads.map { "--threads \($0) lowered to" } ?? "\(job.threads) threads (one a core) lowered to"
        Messages.write(
            "\(asked) \(plan.threads): \(options.size.width)×\(options.size.height) frames take "
                + "\(Format.mebibytes(plan.frameBytes)) each, and the canvases are held to \(Format.mebibytes(job.memoryBudget))\n")
    }

    /// Refuses, before any frame is drawn, a font the PDF handout cannot
    /// embed: a `--font` file is bad input (65), naming the file; a broken
    /// installed font is the system's trouble (1).
    static func checkHandoutFont(_ font: Font, options: AnimationOptions) throws {
        let source = options.font.map { "--font \($0)" } ?? "font \(font.path)"
        let status: Int32 = options.font == nil ? 1 : 65
        do {
            try PDFHandout.check(PDFFont(font))
        } catch let error as PDFHandoutError {
            guard case .fontNotEmbeddable(_, let reason) = error else { throw CommandFailure(error.description) }
            throw CommandFailure("\(source): cannot embed it in the PDF handout: \(reason)", status: status)
        } catch {
            throw CommandFailure("\(source): \(error)", status: status)
        }
    }

    /// Warns, in one line, of characters no installed font can draw: they
    /// come out as the label font's missing-glyph box (a character the
    /// label font lacks but another font has is drawn from that one).
    static func checkGlyphs(of script: Script, in font: Font, options: AnimationOptions) throws {
        let text = script.shownText(captions: !options.noCaptions).joined(separator: " ")
        let missing = font.missingCharacters(in: text)
        guard !missing.isEmpty else { return }
        // A control character is named by its code alone: written out, it
        // would act on the terminal (a NUL, an escape sequence).
        let list = missing.prefix(8).map { scalar in
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            return scalar.properties.generalCategory == .control ? code : "'\(scalar)' (\(code))"
        }.joined(separator: ", ")
        let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
        Messages.write("warning: no installed font has \(list)\(more): drawn as the missing-glyph box\n")
    }
}

/// A run that failed: one line for stderr and the exit status.
struct CommandFailure: Error {
    var message: String
    var status: Int32

    init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }

    /// An output error, phrased with the flag that named its path.
    init(_ error: OutputError, options: AnimationOptions) {
        if case .outputIsInput(let path, let input, let role) = error {
            let flag = options.flag(naming: path) ?? "an output"
            let both = switch input {
            case path?: "\(flag) and \(role) both name '\(path)'"
            case let input?: "\(flag) '\(path)' and \(role) '\(input)' are one file"
            case nil: "\(flag) '\(path)' is the file on standard input"
            }
            self.init("\(both): writing it would destroy the input; give \(flag) another path", status: 64)
            return
        }
        if case .companionIsInput(let path, _, _, _) = error {
            self.init("\(options.flag(naming: path) ?? "an output"): \(error)", status: 64)
            return
        }
        let line = Messages.describe(error)
        // Where the path itself is the trouble, say which flag gave it;
        // ffmpeg's own failures name the file already.
        var flag: String?
        switch error {
        case .ffmpegFailed: break
        case .outputFolderMissing(let path): flag = options.flag(naming: path, asFolder: true)
        default: flag = error.path.flatMap { options.flag(naming: $0) }
        }
        self.init(flag.map { "\($0): \(line)" } ?? line, status: error == .interrupted ? 130 : 1)
    }
}

enum Messages {
    /// Writes to stderr, ignoring failure: a message must never trap, even
    /// when stderr is closed or full.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(STDERR_FILENO, base + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Opens `/dev/null` as each standard stream that is closed (`2>&-`):
    /// the next file opened would take its number, and messages meant for
    /// stderr would be written into it.
    static func openClosedStandardStreams() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
            // open takes the lowest free number, which is `fd` as the lower ones are open.
            _ = open("/dev/null", O_RDWR)
        }
    }

    /// Writes `message` as the one line of an error: control characters a
    /// user's argument or file may carry (a newline in a file name, an
    /// escape sequence in a label) are escaped, and so are bidirectional
    /// controls, which would reorder the rest of the line on screen.
    static func error(_ message: String) {
        var line = ""
        for u in FileLimit.explained(message).unicodeScalars {
            switch u {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where u.properties.generalCategory == .control || u.properties.isBidiControl:
                line += "\\u{\(String(u.value, radix: 16))}"
            default: line.unicodeScalars.append(u)
            }
        }
        write("treeanim: error: \(line)\n")
    }

    /// An output error's line, with the command line's words for it.
    static func describe(_ error: Error) -> String {
        switch error as? OutputError {
        case .ffmpegMissing?:
            "ffmpeg not found on PATH: install it (sudo apt-get install ffmpeg, or scripts/setup.sh); PNG frames (-o DIR/) work without it"
        case .frameRangeOutside(let range, let count)?:
            "--frame-range \(range.lowerBound):\(range.upperBound) reaches past the animation's \(count) frames (0:\(count))"
        case .transparentDeck?:
            "--transparent: \(error)"
        case .transparentMP4?:
            "--transparent needs an output with alpha: MP4 has none; use .webm, .gif or a PNG folder"
        case .oddSizeForMP4(let path, let w, let h)?:
            (try? OutputTarget(path: path, isExistingFolder: false))?.kind?.needsEveryFrame == true
                ? "--size \(w)x\(h) is odd: a .\(path.split(separator: ".").last.map { $0.lowercased() } ?? "") deck plays MP4 clips (yuv420p), which need an even width and height"
                : "--size \(w)x\(h) is odd: MP4 (yuv420p) needs an even width and height"
        case .gifTooFast(_, let fps)?:
            "--fps \(Format.number(fps)) is too fast for a GIF (at most \(Int(VideoFormat.gifMaxFPS)) plays right); use .mp4 or .webm for more"
        case .folderHoldsOtherFrames?, .folderHoldsOtherSteps?:
            "\(error): choose an empty folder, or pass --overwrite to replace them"
        case .fileNameIsAFolder?:
            "-o: \(error)"
        case .unknownExtension(let path)?:
            "-o: cannot tell the format of '\(path)': use \(OutputKinds.standard.extensionList.replacingOccurrences(of: " and ", with: ", ")), or a folder ending in / for PNG frames"
        default:
            String(describing: error)
        }
    }
}

/// Where a lecture's sections leave their scripts: while a capture is
/// current, ``Render/run(_:font:options:title:fewer:status:read:)`` keeps
/// the script instead of rendering it, so each subcommand builds a
/// lecture's section exactly as it builds an animation of its own.
final class ScriptCapture: Sendable {
    private let made = Mutex<[(script: Script, title: String)]>([])

    @TaskLocal static var current: ScriptCapture?

    func add(_ script: Script, title: String) {
        made.withLock { $0.append((script, title)) }
    }

    var scripts: [(script: Script, title: String)] { made.withLock { $0 } }
}
