import Diagram
import Documents
import Foundation
import InputText
import Output
import PNG
import Producers
import Raster
import Rendering

/// What a session tells its caller while it works: lines for the user (notes,
/// warnings, the summary), progress, and whether to stop. The command line
/// writes the lines to stderr; a library user may keep them.
public struct ProductionLog: Sendable {
    /// A line of text for the user, its line break included.
    public var write: @Sendable (String) -> Void
    /// Frames done of the total, as the render goes.
    public var progress: @Sendable (Int, Int) -> Void
    /// Whether the caller asks the render to stop (an interrupt).
    public var isCancelled: @Sendable () -> Bool
    /// Called once, just before the render job starts writing.
    public var willRender: @Sendable () -> Void
    /// Called once the render job has ended, whether or not it succeeded,
    /// before the summary is written (a progress bar is cleared here).
    public var didRender: @Sendable () -> Void

    public init(
        write: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }, willRender: @escaping @Sendable () -> Void = {},
        didRender: @escaping @Sendable () -> Void = {}
    ) {
        self.write = write
        self.progress = progress
        self.isCancelled = isCancelled
        self.willRender = willRender
        self.didRender = didRender
    }

    /// A log that says nothing.
    public static let silent = ProductionLog(write: { _ in })

    /// A note: what the user should know of the animation made.
    func note(_ text: String) { write("treeanim: note: \(text)\n") }
}

/// What a session did: the frames counted (`countFrames`), or the render's
/// summary.
public enum RenderOutcome: Sendable {
    case counted(Int)
    case rendered(RenderSummary)

    /// The summary of a render; nil when only the frames were counted.
    public var summary: RenderSummary? {
        if case .rendered(let s) = self { s } else { nil }
    }
}

/// One render from a script to the outputs the options name, with every
/// rule that spans producers: the size limits, the glyph and handout-font
/// checks, narration, `--duration`, the length note, the summary line. The
/// command line, the lecture and library users all render through it.
public struct RenderSession: Sendable {
    public var options: RenderOptions
    public var log: ProductionLog

    public init(options: RenderOptions, log: ProductionLog) {
        self.options = options
        self.log = log
    }

    /// Two hours at 30 fps: past that, a run is a mistake, not an animation.
    public static let maxFrames = 216_000

    /// The most memory a script and its timeline may be estimated to take.
    public static let maxBytes = 2 << 30

    /// The longest an animation runs at the default pace without a word.
    public static var longAnimation: Double { Pace.longest }

    /// Refuses, before any script is built, an animation whose estimate
    /// passes the frame limit or the memory limit: one line saying how
    /// large it would be, the limit, and what to do (`fewer`: "use fewer
    /// keys"). `status` is 64 when flags gave the input, 65 for a file.
    public func check(_ estimate: ScriptEstimate, fewer: String, status: Int32) throws(ProductionFailure) {
        // With --duration, as fast as it may go: the speed is found later.
        let frames = estimate.frames(fps: options.fps, speed: options.duration == nil ? options.speed : 10)
        if frames > Self.maxFrames {
            let hours = Double(frames - 1) / options.fps / 3600
            throw ProductionFailure(
                "the animation would have at least \(grouped(frames)) frames (\(Format.fixed(hours, 1)) hours at "
                    + "\(Format.number(options.fps)) fps), over the limit of \(grouped(Self.maxFrames)): "
                    + "\(fewer), a higher --speed (up to 10) or a lower --fps", status: status)
        }
        if estimate.bytes > Self.maxBytes {
            throw ProductionFailure(
                "the animation would change its elements some \(grouped(estimate.changes)) times, about "
                    + "\(Format.fixed(Double(estimate.bytes) / Double(1 << 30), 1)) GB of memory to prepare, over the limit of "
                    + "\(Self.maxBytes >> 30) GB: \(fewer)", status: status)
        }
    }

    /// The font `options.font` names, or the default.
    public func font() throws(ProductionFailure) -> Font {
        let path = options.font
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
            case .unreadable, .notScalable: throw ProductionFailure("--font: \(error.description)", status: path == nil ? 1 : 65)
            default: throw ProductionFailure(error.description)
            }
        }
    }

    /// The renderer of frames in `font`: running text (a text slide's) in
    /// DejaVu Sans, or in the `--font` given; code in DejaVu Sans Mono.
    /// A face fontconfig cannot find falls back to `font`.
    public func renderer(font: Font) -> FrameRenderer {
        let regular = options.font == nil ? try? Font(matching: "DejaVu Sans:regular") : font
        return FrameRenderer(font: font, regular: regular, mono: try? Font(matching: "DejaVu Sans Mono:regular"))
    }

    /// Renders `script`: checks its text and the handout's font, says its
    /// captions when asked, fits `--duration`, and delivers it. `title`
    /// names the animation in a deck or handout unless `--title` does;
    /// `read`, what the input was read as, ends the summary line; `fewer`
    /// and `status` are as for ``check(_:fewer:status:)``, for an
    /// animation found too long once built.
    public func run(
        _ script: Script, font: Font, title: String, fewer: String = "use fewer keys", status: Int32 = 64, read: String? = nil
    ) throws(ProductionFailure) -> RenderOutcome {
        let clock = ContinuousClock(), started = clock.now
        checkGlyphs(of: script, in: font)
        if (try? options.target)?.kind == .handout { try checkHandoutFont(font) }
        var timeline: Timeline
        var base = options.settings
        // What the frames show without speech: the captions narration says
        // (speech holds the animation, never changes its captions).
        let silent = try compile(script, settings: base, font: font)
        let narration = try Narrator.narration(of: silent.cues.map(\.text), options: options, log: log)
        if let narration { base.speech = narration.narration.lengths }
        var settings = base
        timeline = narration == nil ? silent : try compile(script, settings: settings, font: font)
        if let duration = options.duration {
            (timeline, settings) = fit(script, font: font, settings: settings, into: duration, timeline: timeline)
        }
        // How long the animation lasts at another speed, or unsaid: from
        // the compiled timeline's pacing, as paced moves and the narration
        // do not shorten with the speed.
        let fps = options.fps, pacing = timeline.pacing
        let seconds = { (duration: Double) in Double(Timeline.frameCount(duration: duration, fps: fps) - 1) / fps }
        let lasts = { (speed: Double) -> Double? in seconds(pacing.duration(atSpeed: speed)) }
        var notes = script.notes
        if let (_, voice) = narration {
            let without = seconds(pacing.duration(atSpeed: settings.speed, speaking: false))
            notes.append(Narrator.note(timeline.speeches, voice: voice, with: Double(timeline.frameCount - 1) / fps, without: without))
        }
        return try deliver(
            timeline, font: font, speed: settings.speed, title: title, fewer: fewer, status: status,
            read: read, notes: notes, lasts: lasts, started: started, narration: narration?.narration)
    }

    /// The timeline of `script` at `settings`; only counted with
    /// `--count-frames`, without the inset's corners, which only frames show.
    public func compile(_ script: Script, settings: FrameSettings, font: Font) throws(ProductionFailure) -> Timeline {
        do {
            return try Timeline(script: script, settings: settings, labels: LabelFit(font: font), placingInsets: !options.countFrames)
        } catch {
            throw ProductionFailure("internal error: \(error.description)")
        }
    }

    /// Renders the frames of `timeline` (a script's, or a lecture's
    /// sequence of them) to the outputs the options name, and writes the
    /// summary line; `speed` is the speed it plays at, `notes` what the
    /// producer would have the user know, `lasts` its length at another
    /// speed (for the note on a long animation), `started` when the run
    /// began.
    public func deliver(
        _ timeline: some FrameSource, font: Font, speed: Double, title: String, fewer: String,
        status: Int32, read: String?, notes: [String], lasts: (Double) -> Double?, started: ContinuousClock.Instant,
        worksheet: Bool = false, narration: Narration? = nil
    ) throws(ProductionFailure) -> RenderOutcome {
        let clock = ContinuousClock()
        guard timeline.frameCount <= Self.maxFrames else {
            throw ProductionFailure(
                "the animation would have \(grouped(timeline.frameCount)) frames, over the limit of "
                    + "\(grouped(Self.maxFrames)): \(fewer), a higher --speed (up to 10) or a lower --fps", status: status)
        }
        // What the producer would have the user know, and the length's
        // notes, are said with a count too: `--count-frames` is how a
        // length is checked before a render.
        for note in notes { log.note(note) }
        let lasting = Double(timeline.frameCount - 1) / options.fps
        if let duration = options.duration {
            // Said when the speeds allowed do not reach the length asked.
            if abs(lasting - duration) > max(1, 0.05 * duration) {
                log.note(
                    "--duration \(Format.number(duration)): the animation lasts \(Format.duration(lasting)) "
                        + "at --speed \(Format.number(speed))"
                        + (speed >= 10 ? ", the fastest it plays" : speed <= 0.1 ? ", the slowest it plays" : ", the nearest found")
                        + (timeline.speeches.isEmpty
                            ? " (moves paced by distance do not scale with the speed)"
                            : " (the narration holds it until each caption is said, at any speed)"))
            }
        } else if let note = Self.lengthNote(seconds: lasting, speed: options.speed, fewer: fewer, lasts: lasts) {
            log.note(note)
        }
        if options.countFrames { return .counted(timeline.frameCount) }
        if let r = options.frameRange?.range, r.upperBound > timeline.frameCount {
            throw ProductionFailure(
                OutputWording.describe(OutputError.frameRangeOutside(range: r, frameCount: timeline.frameCount)), status: 64)
        }
        var png = PNGOptions.default
        if let level = options.pngLevel { png.level = level }
        let posterFrame = try options.poster.map { _ throws(ProductionFailure) in try (options.posterAt ?? .first).frame(in: timeline) }
        if let frame = posterFrame, let r = options.frameRange?.range, !r.contains(frame) {
            throw ProductionFailure(
                "--poster-at: frame \(frame) is outside --frame-range \(r.lowerBound):\(r.upperBound)", status: 64)
        }
        let summary: RenderSummary
        do throws(OutputError) {
            let renderer = renderer(font: font)
            let target = try options.target
            var settings = SinkSettings()
            settings.pngOptions = png
            // Only PNG frames carry a stamp (a folder of them, or
            // --frames-dir), and working it out draws 25 frames' scenes:
            // seconds for a large graph, before the first frame.
            if case .pngFolder = target {
                settings.stamp = FrameStamp(source: timeline, font: font)
            } else if options.framesDir != nil {
                settings.stamp = FrameStamp(source: timeline, font: font)
            }
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
            var plan = OutputPlan(target: target, settings: settings)
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
            reportLoweredThreads(of: job)
            log.willRender()
            defer { log.didRender() }
            summary = try job.run(progress: log.progress, isCancelled: log.isCancelled)
        } catch {
            throw ProductionFailure(error, options: options)
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
            // A deck's slides and a handout's pictures: an operation with
            // its phases is one (StepSpan.slides).
            let steps = max(StepSpan.slides(timeline.steps).count, 1), handout = kind == .handout
            what = "\(steps) \(handout ? "steps" : "slides")" + (handout && options.perPage > 1
                ? " on \((steps + options.perPage - 1) / options.perPage) pages" : "") + ", \(summary.frames) frames"
        }
        log.write(
            "wrote \(options.output): \(what), \(options.size.width)×\(options.size.height), "
                + "\(Format.number(options.fps)) fps, \(Format.fixed(length, 1)) s, \(Format.bytes(bytes)) "
                + "in \(Format.fixed(seconds, 1)) s" + (read.map { "; read \($0)" } ?? "") + "\n")
        for output in summary.outputs.dropFirst() where output.path == options.stepsDir.map(RenderOptions.normalized) {
            let subtitled = timeline.cues.isEmpty ? "" : ", their subtitles"
            log.write("wrote \(output.path)/: \(max(timeline.steps.count, 1)) \(options.stepFormat.rawValue.uppercased()) clips\(subtitled) and steps.json, \(Format.bytes(output.bytes))\n")
        }
        return .rendered(summary)
    }

    /// The timeline of `script` played at the speed (0.1 to 10, in
    /// hundredths) that makes it last about `duration` seconds, and its
    /// settings. Paced moves and the narration do not scale with the speed,
    /// so the speed is found on `timeline`'s pacing, and the script is
    /// compiled once more, at that speed.
    func fit(
        _ script: Script, font: Font, settings: FrameSettings, into duration: Double, timeline: Timeline
    ) -> (Timeline, FrameSettings) {
        var fitted = settings
        fitted.speed = timeline.pacing.speed(lasting: duration)
        guard fitted.speed != settings.speed,
            let next = try? Timeline(script: script, settings: fitted, labels: LabelFit(font: font))
        else { return (timeline, settings) }
        return (next, fitted)
    }

    /// What to say of an animation `seconds` long played at `speed`, when it
    /// runs over three minutes: how long it is, the least `--speed`, in
    /// tenths up to 10, that brings it under three minutes (`lasts` gives
    /// the length at a speed, as paced moves and narration do not shorten
    /// with it), and what else shortens it (`fewer`, as the command says it).
    public static func lengthNote(seconds: Double, speed: Double, fewer: String, lasts: (Double) -> Double?) -> String? {
        guard seconds > longAnimation else { return nil }
        let note = "the animation lasts \(Format.duration(seconds)), over 3 minutes"
        // The length never grows with the speed: halve the tenths above
        // `speed` for the least that is short enough.
        var lo = Int((speed * 10).rounded(.down)) + 1, hi = 100
        guard lo <= hi, let fastest = lasts(10), fastest <= longAnimation else { return note + "; \(fewer)" }
        while lo < hi {
            let mid = (lo + hi) / 2
            if let l = lasts(Double(mid) / 10), l <= longAnimation { hi = mid } else { lo = mid + 1 }
        }
        let faster = Double(lo) / 10
        let length = lo == 100 ? fastest : lasts(faster) ?? fastest
        return note + "; --speed \(Format.number(faster)) plays it in \(Format.duration(length)); or \(fewer)"
    }

    /// Says so when frames are too large for the threads asked for: their
    /// canvases would pass the job's memory budget, so fewer threads run.
    func reportLoweredThreads(of job: RenderJob) {
        let plan = job.canvasPlan
        guard plan.threads < job.threads else { return }
        let asked = options.threads.map { "--threads \($0) lowered to" } ?? "\(job.threads) threads (one a core) lowered to"
        log.write(
            "\(asked) \(plan.threads): \(options.size.width)×\(options.size.height) frames take "
                + "\(Format.mebibytes(plan.frameBytes)) each, and the canvases are held to \(Format.mebibytes(job.memoryBudget))\n")
    }

    /// Refuses, before any frame is drawn, a font the PDF handout cannot
    /// embed: a `--font` file is bad input (65), naming the file; a broken
    /// installed font is the system's trouble (1).
    public func checkHandoutFont(_ font: Font) throws(ProductionFailure) {
        let source = options.font.map { "--font \($0)" } ?? "font \(font.path)"
        let status: Int32 = options.font == nil ? 1 : 65
        do {
            try PDFHandout.check(PDFFont(font))
        } catch let error as PDFHandoutError {
            guard case .fontNotEmbeddable(_, let reason) = error else { throw ProductionFailure(error.description) }
            throw ProductionFailure("\(source): cannot embed it in the PDF handout: \(reason)", status: status)
        } catch {
            throw ProductionFailure("\(source): \(error)", status: status)
        }
    }

    /// Warns, in one line, of characters no installed font can draw: they
    /// come out as the label font's missing-glyph box (a character the
    /// label font lacks but another font has is drawn from that one).
    public func checkGlyphs(of script: Script, in font: Font) {
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
        log.write("warning: no installed font has \(list)\(more): drawn as the missing-glyph box\n")
    }
}
