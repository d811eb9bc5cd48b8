import Diagram
import Documents
import Foundation
import OutputFiles
import PNG
import Raster
import Synchronization

/// `-o handout.pdf`: a page (or a cell of a page) a step, showing where the
/// step ends, for printing or for students.
///
/// The picture is the frame of the step's conclusion (where its clip in a
/// deck ends: ``StepSpan/restFrame``) drawn again without its caption,
/// on an opaque background even when the animation is transparent (the
/// theme's background colour, so a dark theme's light labels still read);
/// the captions are the PDF's own text, sharp at any zoom,
/// searchable and read by screen readers: the step's caption as the
/// heading, then what the frame's caption said at the end when that says
/// more, then the speaker's note.
public final class HandoutSink: FrameSink {
    /// Whether questions are printed with a space for the answer.
    public let worksheet: Bool
    public let path: String
    public let layout: PDFHandout.Layout
    public let plan: StepClipPlan
    public let steps: [StepSpan]
    public let renderer: FrameRenderer
    public let title: String
    /// The language of the handout's words: the PDF's `/Lang`.
    public let language: Language
    private let state = Mutex(State())

    private struct State {
        var pages: [Int: HandoutStep] = [:]
        var file: AtomicFile?
    }

    /// The cells a page may hold.
    public static let layouts = PDFHandout.Layout.allCases.map(\.rawValue)

    /// A handout of `source`'s steps at `path`, `perPage` steps a page, its
    /// pictures drawn by `renderer` and its text set in the renderer's font;
    /// checked (not made) now.
    /// A handout of `source`'s steps at `path`; with `worksheet`, each
    /// question is printed with a space for the answer, and the answers
    /// at the end. `language` is the language of its words.
    public init(
        path: String, perPage: Int, source: some FrameSource, renderer: FrameRenderer, title: String, worksheet: Bool = false,
        language: Language = .english
    ) throws(OutputError) {
        self.worksheet = worksheet
        self.language = language
        guard let layout = PDFHandout.Layout(rawValue: perPage) else { preconditionFailure("pages hold 1, 4 or 6 steps") }
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFile(path) }
        self.path = path
        self.layout = layout
        self.renderer = renderer
        self.title = title
        // An operation and its phases are one picture, as they are one
        // slide of a deck: the picture where the last phase rests, the
        // phases' captions under it.
        steps = StepSpan.slides(source.steps)
        plan = StepClipPlan(steps: steps, frameCount: source.frameCount)
        let (plan, steps, cues) = (plan, steps, source.cues)
        descriptions = plan.clips.indices.map { Transcript.description(ofClip: $0, plan: plan, steps: steps, cues: cues) }
    }

    /// Each step's picture in words: its alternative text.
    let descriptions: [String?]

    public var destinations: [OutputDestination] { [.file(path)] }

    /// Draws and encodes the picture of each step that ends at this frame.
    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> [(step: Int, page: HandoutStep)] {
        let ending = plan.clips(containing: frame.index).filter { plan.clips[$0].upperBound == frame.index }
        guard !ending.isEmpty else { return [] }
        var scene = frame.scene
        let said = scene.caption
        scene.caption = nil
        if scene.background.alpha < 1 {
            // The theme's own background (the halo's colour): the dark
            // theme's light text stays readable; white for a clear theme.
            let paper = scene.halo ?? .white
            scene.background = Color(red: paper.red, green: paper.green, blue: paper.blue)
            scene.halo = nil
        }
        var canvas = Canvas(width: scene.width, height: scene.height)
        renderer.render(scene, into: &canvas)
        let png: [UInt8]
        do {
            png = try PNGFile.encode(premultipliedRGBA: canvas.pixels, width: canvas.width, height: canvas.height, options: .default)
        } catch {
            throw .cannotEncodePNG(path: path, reason: error.reason)
        }
        return ending.map { k in
            let step = k < steps.count ? steps[k] : nil
            let heading = step?.caption
            // A worksheet's question leaves out the presenter's note: it is
            // the student's page.
            let note = worksheet && step?.question != nil ? nil : step?.note
            let phases = step?.phases ?? []
            let lines = (phases + [said == heading || phases.contains(said ?? "") ? nil : said, note]).compactMap { $0 }.filter { !$0.isEmpty }
            return (k, HandoutStep(
                caption: heading, note: lines.isEmpty ? nil : lines.joined(separator: "\n"), png: png, section: step?.section,
                question: step?.question, text: step?.slide.map(DeckTextBlock.blocks), description: descriptions[k]))
        }
    }

    public func write(_ pages: [(step: Int, page: HandoutStep)], of frame: RenderedFrame, pass: Int) throws(OutputError) {
        state.withLock { state in
            for (k, page) in pages { state.pages[k] = page }
        }
    }

    public func finish() throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            let pages = try plan.clips.indices.map { (k) throws(OutputError) -> HandoutStep in
                guard let page = state.pages[k] else {
                    throw .cannotMakeDocument(path: path, reason: "step \(k + 1) was not rendered")
                }
                return page
            }
            let bytes: [UInt8]
            do {
                bytes = try PDFHandout(
                    layout: layout, font: PDFFont(renderer.font), fallbacks: fallbacks(for: pages), title: title,
                    worksheet: worksheet, language: language.tag
                ).write(pages)
            } catch {
                throw .cannotMakeDocument(path: path, reason: String(describing: error))
            }
            let file = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: "handout") }
            state.file = file
            try OutputError.files { () throws(FileError) in try file.write(bytes) }
            try OutputError.files { () throws(FileError) in try file.finish() }
        }
    }

    /// The fonts the frames draw the handout's characters from when the
    /// label font lacks them, each once, in the order first needed: a
    /// Chinese caption is set in the CJK font it is drawn in.
    private func fallbacks(for pages: [HandoutStep]) throws(FontError) -> [PDFFont] {
        var files = Set<String>(), fonts = [PDFFont]()
        var text = [title]
        for page in pages {
            text += [page.caption ?? "", page.note ?? "", page.question ?? "", page.section ?? ""]
            text += (page.text ?? []).map(\.plain)
        }
        for scalar in text.joined().unicodeScalars {
            guard let fallback = renderer.font.fallback(for: scalar), files.insert(fallback.path).inserted else { continue }
            fonts.append(try PDFFont(fallback))
        }
        return fonts
    }

    public func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try state.withLock { (state) throws(OutputError) in
            try OutputError.files { () throws(FileError) in try state.file?.commit(into: log) }
            return WrittenOutput(path: path, bytes: state.file?.size ?? 0)
        }
    }

    public func cancel() {
        state.withLock { state in
            state.file?.discard()
            state = State()
        }
    }
}

extension DeckTextBlock {
    /// The documents' blocks of a slide's words.
    static func blocks(_ slide: [SlideBlock]) -> [DeckTextBlock] {
        slide.map { block in
            switch block {
            case .title(let t): .title(t)
            case .subtitle(let t): .paragraph(t)
            case .heading(let t): .heading(t)
            case .paragraph(let t): .paragraph(t)
            case .bullet(let t): .bullet(t)
            case .code(let t): .code(t)
            }
        }
    }

    /// The block's words.
    var plain: String {
        switch self {
        case .title(let t), .heading(let t), .paragraph(let t), .bullet(let t), .code(let t): t
        }
    }
}
