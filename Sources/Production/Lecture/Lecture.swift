import Diagram
import Foundation
import InputText
import LectureFiles
import Output
import Producers
import Raster

/// A lecture from one YAML file: title and text slides, animations of any
/// producer, and questions to the room, in one deck or one video.
public struct LectureRequest: Sendable {
    /// The lecture file, or `-` for standard input.
    public var file: String
    /// Show pseudocode beside every animation that has it.
    public var code = false
    /// With a PDF handout: each question with an empty frame for the answer,
    /// and an answer key at the end.
    public var worksheet = false

    public init(file: String) {
        self.file = file
    }

    /// Checks the request against the options it renders with.
    public func check(with options: RenderOptions) throws(ProductionFailure) {
        if options.duration != nil {
            throw ProductionFailure("--duration is for one animation: a lecture's sections keep their own pace (use --speed)", status: 64)
        }
        if worksheet, (try? options.target)?.kind != .handout {
            throw ProductionFailure("--worksheet is for a PDF handout: give -o with a .pdf name", status: 64)
        }
    }
}

/// A lecture built and compiled, ready to render: its parts as one
/// sequence of timelines, and what its render says and carries.
public struct CompiledLecture: Sendable {
    public let sequence: TimelineSequence
    /// The font its labels were fitted in, which its frames are drawn in.
    public let font: Font
    /// Its title in a deck or handout, unless the options give one.
    public let title: String
    let notes: [String]
    let sections: Int
    let narration: Narration?
}

extension RenderSession {
    /// Reads, builds and renders the lecture `request` names: every slide
    /// and section checked before any is built, one narration for the
    /// whole lecture, its parts delivered as one sequence.
    public func lecture(_ request: LectureRequest) throws(ProductionFailure) -> RenderOutcome {
        let started = ContinuousClock().now
        let input = InputSource(argument: request.file)
        let lecture: LectureFile
        do throws(LectureFileError) { lecture = try LectureFile.load(from: input) } catch {
            throw ProductionFailure(error.description, status: 65)
        }
        let compiled = try compile(lecture, name: input.name, folder: input.folder, code: request.code)
        return try deliver(compiled, started: started, worksheet: request.worksheet)
    }

    /// Builds and compiles `lecture`, read from a file called `name` whose
    /// relative paths are read from `folder` (or from `uploads`, files held
    /// in memory by the name a section gives them), without rendering it.
    public func compile(
        _ lecture: LectureFile, name: String, folder: String, code: Bool = false, uploads: [String: [UInt8]] = [:]
    ) throws(ProductionFailure) -> CompiledLecture {
        // Before anything is built: every slide holds at least its
        // reading time (an animation is counted as nothing).
        let slides = lecture.sections.count { $0.key == "title" || $0.key == "text" } + (lecture.title == nil ? 0 : 1)
        try check(ScriptEstimate(seconds: TextSlide.leastHold * Double(slides), changes: 0), fewer: "fewer sections", status: 65)
        let font = try font()
        let renderer = renderer(font: font)
        var builder = LectureBuilder(
            name: name, folder: folder, session: self, code: code,
            fonts: TextSlide.Fonts(main: renderer.font, regular: renderer.regular, mono: renderer.mono))
        builder.uploads = uploads
        let parts: [LecturePart]
        do { parts = try builder.build(lecture) } catch let failure as ProductionFailure { throw failure } catch {
            throw ProductionFailure("internal error: \(error)")
        }
        guard !parts.isEmpty else { throw ProductionFailure("\(name): the lecture has no sections", status: 65) }
        let title = options.title ?? lecture.title?.value ?? builder.firstTitle ?? "Lecture"
        var timelines = [(timeline: Timeline, section: String?)]()
        // One narration for the whole lecture, one voice, of the captions
        // its parts show (speech holds a part, never changes its captions).
        var silent = [Timeline]()
        for part in parts {
            checkGlyphs(of: part.script, in: font)
            silent.append(try compile(part.script, settings: options.settings, font: font))
        }
        let narration = try Narrator.narration(of: silent.flatMap { $0.cues.map(\.text) }, options: options, log: log)
        var settings = options.settings
        if let narration { settings.speech = narration.narration.lengths }
        for (k, part) in parts.enumerated() {
            let timeline = narration == nil ? silent[k] : try compile(part.script, settings: settings, font: font)
            timelines.append((timeline, part.section))
        }
        let sequence = TimelineSequence(timelines)
        let sections = parts.map(\.section).reduce(into: [String?]()) { if $0.last != $1 { $0.append($1) } }.count
        var notes = parts.flatMap(\.script.notes)
        if let (_, voice) = narration {
            let without = Double(silent.reduce(0) { $0 + $1.frameCount } - 1) / options.fps
            notes.append(Narrator.note(sequence.speeches, voice: voice, with: Double(sequence.frameCount - 1) / options.fps, without: without))
        }
        return CompiledLecture(sequence: sequence, font: font, title: title, notes: notes, sections: sections, narration: narration?.narration)
    }

    /// Renders a compiled lecture to the outputs the options name;
    /// `started` is when the run began, for the summary line.
    public func deliver(
        _ lecture: CompiledLecture, started: ContinuousClock.Instant = ContinuousClock().now, worksheet: Bool = false
    ) throws(ProductionFailure) -> RenderOutcome {
        if (try? options.target)?.kind == .handout { try checkHandoutFont(lecture.font) }
        let sections = lecture.sections
        return try deliver(
            lecture.sequence, font: lecture.font, speed: options.speed, title: lecture.title,
            fewer: "each section keeps its classroom pace; --speed plays all of them faster", status: 65,
            read: "\(sections) section\(sections == 1 ? "" : "s")", notes: lecture.notes, lasts: { _ in nil }, started: started,
            worksheet: worksheet, narration: lecture.narration)
    }
}

extension InputSource {
    /// The folder a lecture's relative paths are read from: the file's, or
    /// the working folder for standard input.
    var folder: String {
        guard case .path(let path) = self else { return FileManager.default.currentDirectoryPath }
        return (path as NSString).deletingLastPathComponent
    }
}
