import ArgumentParser
import Diagram
import Foundation
import InputText
import LectureFiles
import Producers
import Production
import Raster

/// `treeanim lecture FILE.yaml`: title and text slides, animations of any
/// structure the subcommands draw, and questions to the room, in one deck
/// or one video.
struct LectureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lecture",
        abstract: "A lecture from one YAML file: title and text slides, animations and questions in one deck or video.",
        discussion: """
            The file has an optional title: and a list of sections:, each a map of one key, played in order:

              title: TEXT
                a title slide (a second line is its subtitle)
              text: MARKDOWN
                a slide of words: # headings, paragraphs, - bullets, 1. numbers, *emphasis*, \
            **strong**, `code` and ``` code blocks
              question: TEXT
                the deck stops on the question, the diagram as it stands; the next press plays \
            the step that answers it
              bst: {OPTIONS}
                any animation (bst, avl, rb, heap, list, stack, queue, hash, btree, trie, tree, \
            family, bars, sort, graph) with its long options as keys, without the dashes: \
            {ops: "insert 50 30 70", code: true}; file: names the input of tree, family, bars \
            and graph; name: names the section

            An animation right after a question that gives only ops: goes on with the same structure \
            as the animation before the question. Paths are read from the lecture file's folder. \
            Output options (-o, --fps, --theme, --size …) are the lecture's, given on the command line.

            Examples:
              treeanim lecture docs/examples/lecture.yaml -o lecture.html
              treeanim lecture lecture.yaml --worksheet -o worksheet.pdf
            """)

    @Argument(help: ArgumentHelp("The lecture file (YAML).", valueName: "file.yaml"))
    var file: String

    @Flag(help: "Show pseudocode beside every animation that has it (bst, avl, rb, heap, sort, graph).")
    var code = false

    @Flag(help: "With a PDF handout: each question printed with an empty frame for the answer, and an answer key at the end.")
    var worksheet = false

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        if animation.duration != nil {
            throw ValidationError("--duration is for one animation: a lecture's sections keep their own pace (use --speed)")
        }
        if worksheet, (try? animation.target)?.kind != .handout {
            throw ValidationError("--worksheet is for a PDF handout: give -o with a .pdf name")
        }
    }

    func run() throws {
        let started = ContinuousClock().now
        let input = InputSource(argument: file)
        let lecture: LectureFile
        do throws(LectureFileError) { lecture = try LectureFile.load(from: input) } catch {
            throw CommandFailure(error.description, status: 65)
        }
        // Before anything is built: every slide holds at least its
        // reading time (an animation is counted as nothing).
        let slides = lecture.sections.count { $0.key == "title" || $0.key == "text" } + (lecture.title == nil ? 0 : 1)
        try Render.check(
            ScriptEstimate(seconds: TextSlide.leastHold * Double(slides), changes: 0), options: animation,
            fewer: "fewer sections", status: 65)
        let session = Render.session(animation)
        let font = try session.font()
        let renderer = session.renderer(font: font)
        var builder = LectureBuilder(
            name: input.name, folder: input.folder, options: animation, code: code,
            fonts: TextSlide.Fonts(main: renderer.font, regular: renderer.regular, mono: renderer.mono))
        let parts = try builder.build(lecture)
        let title = animation.title ?? lecture.title?.value ?? builder.firstTitle ?? "Lecture"
        var timelines = [(timeline: Timeline, section: String?)]()
        // One narration for the whole lecture, one voice, of the captions
        // its parts show (speech holds a part, never changes its captions).
        var silent = [Timeline]()
        for part in parts {
            session.checkGlyphs(of: part.script, in: font)
            silent.append(try session.compile(part.script, settings: animation.settings, font: font))
        }
        let narration = try Narrator.narration(of: silent.flatMap { $0.cues.map(\.text) }, options: session.options, log: session.log)
        var settings = animation.settings
        if let narration { settings.speech = narration.narration.lengths }
        for (k, part) in parts.enumerated() {
            let timeline = narration == nil ? silent[k] : try session.compile(part.script, settings: settings, font: font)
            timelines.append((timeline, part.section))
        }
        if (try? animation.target)?.kind == .handout { try session.checkHandoutFont(font) }
        let sequence = TimelineSequence(timelines)
        let sections = parts.map(\.section).reduce(into: [String?]()) { if $0.last != $1 { $0.append($1) } }.count
        var notes = parts.flatMap(\.script.notes)
        if let (_, voice) = narration {
            let without = Double(silent.reduce(0) { $0 + $1.frameCount } - 1) / animation.fps
            notes.append(Narrator.note(sequence.speeches, voice: voice, with: Double(sequence.frameCount - 1) / animation.fps, without: without))
        }
        Render.answer(try session.deliver(
            sequence, font: font, speed: animation.speed, title: title,
            fewer: "each section keeps its classroom pace; --speed plays all of them faster", status: 65,
            read: "\(sections) section\(sections == 1 ? "" : "s")", notes: notes, lasts: { _ in nil }, started: started,
            worksheet: worksheet, narration: narration?.narration))
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
