import Diagram
import Foundation
import LectureFiles
import Output
import PNG
import Production
import Raster
import Rendering
import Synchronization

/// One studio session (one browser tab): a structure set up once, and the
/// runs of operations typed since, each appending its steps.
///
/// The session is a lecture of one section held in memory: its text
/// (``lectureText``) is what a run builds, through the lecture's own path
/// (``RenderSession/compile(_:name:folder:code:uploads:)``), and what the
/// page exports as YAML, so `treeanim lecture session.yaml` renders the
/// frames the studio showed. A step's clip is rendered only when the page
/// asks for it, and kept while its frames stay the same, so a long session
/// renders only its new steps.
///
///     let session = try StudioSession(setup: StudioSetup(structure: "bst"), workspace: workspace)
///     let update = try session.run("insert 50 30 70")   // its new steps
///     let clip = try session.clip(update.steps[0].index, part: 0) // MP4 bytes
public final class StudioSession: Sendable {
    public let setup: StudioSetup
    /// The render options every build starts from: the CLI's defaults and
    /// the setup's theme.
    public let options: RenderOptions
    let workspace: StudioWorkspace
    private let state = Mutex(State())
    /// Held while a run or an undo builds, so that two at once (a double
    /// click) apply one after the other, each to the other's result.
    private let building = Mutex(())
    /// Counts the runs and undos: a clip still rendering for an older
    /// count is abandoned (the page no longer waits for it), so that the
    /// new run's first clip has the cores to itself.
    private let generation = Atomic(0)

    /// The most clips a session keeps: the ones farthest from the step
    /// asked for go first.
    static let keptClips = 120

    /// The longest one run may be, in characters: the longest `--ops` a
    /// command line would take in one go is far shorter.
    public static let maxRunLength = 10_000
    /// The most runs a session holds.
    public static let maxRuns = 2_000

    struct State {
        var runs: [String] = []
        var built: Built?
        /// Each run's first step (from 0): the first whose caption the run
        /// changed. A structure's closing step (the finished tree's size)
        /// moves to the end with each run, and belongs to the last.
        var firstStepOfRun: [Int] = []
        var clips: [ClipID: CachedClip] = [:]
    }

    /// A session's animation as last built.
    struct Built: Sendable {
        var lecture: CompiledLecture
        var steps: [StepSpan]
        var plan: StepClipPlan
        var renderer: FrameRenderer
    }

    /// A part of a step's clip.
    struct ClipID: Sendable, Hashable {
        var step: Int
        var part: Int
    }

    struct CachedClip: Sendable {
        var key: ClipKey
        var bytes: [UInt8]
    }

    /// What a clip's frames are: its frames and the scenes at its ends and
    /// its rest; a clip whose key is unchanged after a run shows the same
    /// frames, so it is not rendered again.
    struct ClipKey: Sendable, Equatable {
        var frames: ClosedRange<Int>
        var scenes: [Scene]
    }

    public init(setup: StudioSetup, workspace: StudioWorkspace, base: RenderOptions = RenderOptions()) throws(ProductionFailure) {
        try setup.check()
        self.setup = setup
        var options = base
        options.theme = setup.theme.theme
        self.options = options
        self.workspace = workspace
    }

    /// The runs so far, in order.
    public var runs: [String] { state.withLock { $0.runs } }

    /// The session as a lecture: one section of the setup's structure, its
    /// options, and the runs as its `ops`, one a line.
    public var lectureText: String { Self.lectureText(setup: setup, runs: runs) }

    /// The runs as an ops file (`--ops-file`): one run a line.
    public var opsText: String {
        let header = "# treeanim \(setup.structure) --ops-file FILE\(commandOptions): the studio's session, one run a line\n"
        return header + runs.joined(separator: "\n") + "\n"
    }

    /// Appends the run `text` (operations as `--ops` takes them) and
    /// builds the session anew; the session is unchanged when the run is
    /// refused.
    /// - Returns: the steps the run added and the whole session's state.
    @discardableResult
    public func run(_ text: String) throws(ProductionFailure) -> StudioState {
        let run = Self.normalized(text)
        guard !run.isEmpty else { throw ProductionFailure("type an operation first, such as insert 50 30 70", status: 64) }
        guard run.count <= Self.maxRunLength else {
            throw ProductionFailure("one run may hold \(Self.maxRunLength) characters: run the operations in parts", status: 64)
        }
        return try building.withLock { (_) throws(ProductionFailure) -> StudioState in
            let runs = self.runs
            guard runs.count < Self.maxRuns else {
                throw ProductionFailure("the session holds \(Self.maxRuns) runs, its limit: export it and start another", status: 64)
            }
            let built = try build(runs + [run])
            return append(run, built)
        }
    }

    private func append(_ run: String, _ built: Built) -> StudioState {
        generation.add(1, ordering: .relaxed)
        return state.withLock { state in
            let old = state.built?.steps ?? []
            let first = zip(old, built.steps).enumerated().first { $0.element.0.caption != $0.element.1.caption || $0.element.0.note != $0.element.1.note }?
                .offset ?? min(old.count, built.steps.count)
            state.runs.append(run)
            state.firstStepOfRun.append(first)
            state.built = built
            return describe(state)
        }
    }

    /// Builds the session as set up, before any run: a graph is read and
    /// laid out, so that a file it cannot draw is said at once.
    public func check() throws(ProductionFailure) {
        _ = try build([])
    }

    /// Removes the last run and builds the session again.
    @discardableResult
    public func undo() throws(ProductionFailure) -> StudioState {
        try building.withLock { (_) throws(ProductionFailure) -> StudioState in
            var runs = self.runs
            guard !runs.isEmpty else { throw ProductionFailure("nothing to undo: the session has no runs", status: 64) }
            runs.removeLast()
            let built = runs.isEmpty ? nil : try build(runs)
            generation.add(1, ordering: .relaxed)
            return state.withLock { state in
                state.runs = runs
                state.firstStepOfRun.removeLast()
                state.built = built
                return describe(state)
            }
        }
    }

    /// The session's steps and runs as they stand.
    public var current: StudioState { state.withLock { describe($0) } }

    /// The frames of the first part of a step's clip: half a second at 30
    /// fps, so that a step starts playing once these few are drawn.
    static let firstPartFrames = 15
    /// The frames of each later part: drawn while the part before plays.
    static let partFrames = 45

    /// The parts of a clip of `frames`: the first ``firstPartFrames``, then
    /// ``partFrames`` each, the last what is left.
    static func parts(of frames: ClosedRange<Int>) -> [ClosedRange<Int>] {
        var parts = [ClosedRange<Int>]()
        var start = frames.lowerBound
        while start <= frames.upperBound {
            let end = min(start + (parts.isEmpty ? firstPartFrames : partFrames) - 1, frames.upperBound)
            parts.append(start...end)
            start = end + 1
        }
        return parts
    }

    /// Part `part` of step `index`'s clip (both from 0): an MP4 of those of
    /// the frames the deck's clip of that step holds (``parts(of:)``), which
    /// the page plays one after another; rendered on first asking, and
    /// again only when its frames have changed.
    public func clip(_ index: Int, part: Int = 0) throws(ProductionFailure) -> [UInt8] {
        let built = try builtStep(index)
        let parts = Self.parts(of: built.plan.clips[index])
        guard parts.indices.contains(part) else { throw ProductionFailure("step \(index + 1) has \(parts.count) parts", status: 404) }
        let frames = parts[part]
        let restFrame = min(max(built.steps[index].restFrame, frames.lowerBound), frames.upperBound)
        let key = ClipKey(frames: frames, scenes: [frames.lowerBound, restFrame, frames.upperBound].map { built.lecture.sequence.scene(at: $0) })
        let id = ClipID(step: index, part: part)
        if let cached = state.withLock({ $0.clips[id] }), cached.key == key { return cached.bytes }
        let started = generation.load(ordering: .relaxed)
        let bytes = try StudioClip.render(frames, of: built, options: options, in: workspace) {
            self.generation.load(ordering: .relaxed) != started
        }
        state.withLock { state in
            state.clips[id] = CachedClip(key: key, bytes: bytes)
            while state.clips.count > Self.keptClips, let far = state.clips.keys.max(by: { abs($0.step - index) < abs($1.step - index) }) {
                state.clips[far] = nil
            }
        }
        return bytes
    }

    /// Frame `which` of step `index`'s clip as a PNG: its first frame (what
    /// the page shows the moment a run returns) or its last.
    public func still(_ index: Int, last: Bool) throws(ProductionFailure) -> [UInt8] {
        let built = try builtStep(index)
        let frames = built.plan.clips[index]
        return try StudioClip.still(last ? frames.upperBound : frames.lowerBound, of: built)
    }

    /// The session rendered to `format`, as a file in the workspace that the
    /// caller streams and removes.
    public func export(_ format: StudioExport) throws(ProductionFailure) -> StudioDownload {
        let stem = "treeanim-\(setup.structure)"
        switch format {
        case .yaml: return StudioDownload(name: stem + ".yaml", type: format.mediaType, content: .bytes(Array(lectureText.utf8)))
        case .ops:
            guard setup.takesOperations else {
                throw ProductionFailure(
                    "\(setup.structure) takes values, not operations: each run is a section of the lecture; export the lecture YAML", status: 64)
            }
            return StudioDownload(name: stem + ".ops", type: format.mediaType, content: .bytes(Array(opsText.utf8)))
        default:
            guard let built = state.withLock({ $0.built }) else { throw ProductionFailure("nothing to export yet: run an operation first", status: 64) }
            let path = try workspace.newPath(extension: format.rawValue)
            var options = self.options
            options.output = path
            let session = RenderSession(options: options, log: .silent)
            do throws(ProductionFailure) {
                _ = try session.deliver(built.lecture)
            } catch {
                workspace.remove(path)
                throw error
            }
            return StudioDownload(name: stem + "." + format.rawValue, type: format.mediaType, content: .file(path))
        }
    }

    // MARK: Building

    private func build(_ runs: [String]) throws(ProductionFailure) -> Built {
        let text = Self.lectureText(setup: setup, runs: runs)
        let file: LectureFile
        do throws(LectureFileError) { file = try LectureFile.read(Array(text.utf8), name: "studio") } catch {
            throw ProductionFailure(error.description, status: 64)
        }
        let session = RenderSession(options: options, log: .silent)
        var uploads = [String: [UInt8]]()
        if let upload = setup.upload { uploads[StudioUpload.fileName(upload.name)] = upload.bytes }
        let lecture: CompiledLecture
        do throws(ProductionFailure) {
            lecture = try session.compile(file, name: "studio", folder: workspace.folder, uploads: uploads)
        } catch {
            throw Self.unplaced(error)
        }
        let steps = StepSpan.slides(lecture.sequence.steps)
        return Built(
            lecture: lecture, steps: steps, plan: StepClipPlan(steps: steps, frameCount: lecture.sequence.frameCount),
            renderer: session.renderer(font: lecture.font))
    }

    private func builtStep(_ index: Int) throws(ProductionFailure) -> Built {
        guard let built = state.withLock({ $0.built }) else { throw ProductionFailure("the session has no steps yet", status: 404) }
        guard built.plan.clips.indices.contains(index), index < built.steps.count else {
            throw ProductionFailure("no step \(index + 1): the session has \(built.steps.count)", status: 404)
        }
        return built
    }

    private func describe(_ state: State) -> StudioState {
        let steps: [StudioStep] = state.built.map { built in
            built.steps.indices.map { k -> StudioStep in
                let run = state.firstStepOfRun.lastIndex { $0 <= k } ?? 0
                let clip = built.plan.clips[k]
                return StudioStep(
                    index: k, run: run, caption: built.steps[k].caption ?? "", note: built.steps[k].note,
                    frames: clip.count, seconds: Double(clip.count) / options.fps, parts: Self.parts(of: clip).count)
            }
        } ?? []
        return StudioState(runs: state.runs, steps: steps)
    }

    /// `failure` without the place in the session's lecture that the
    /// lecture's messages start with (`studio:4:12: `): the page has no
    /// such file to point into.
    static func unplaced(_ failure: ProductionFailure) -> ProductionFailure {
        let parts = failure.message.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "studio", Int(parts[1]) != nil, Int(parts[2]) != nil else { return failure }
        return ProductionFailure(parts[3].trimmingCharacters(in: .whitespaces), status: failure.status)
    }

    /// A run as stored: one line, its operations separated by `; `.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// The flags an ops file is rendered with: the section's options and
    /// the theme, after a space.
    var commandOptions: String {
        let theme = setup.theme == .light ? "" : " --theme \(setup.theme.rawValue)"
        let flags = setup.options.filter { $0.key != "name" }.map { $0.value == "true" ? " --\($0.key)" : " --\($0.key) \($0.value)" }
        return flags.joined() + theme
    }

    static func lectureText(setup: StudioSetup, runs: [String]) -> String {
        let theme = setup.theme == .light ? "" : " --theme \(setup.theme.rawValue)"
        var lines = ["# A treeanim studio session: treeanim lecture FILE.yaml\(theme) -o session.gif"]
        if let upload = setup.upload {
            lines.append("# It runs on the graph file \(StudioUpload.fileName(upload.name)), beside this file.")
        }
        lines.append("sections:")
        // A structure of operations is one section, its runs its ops, one a
        // line; one of values (a sort) is a section a run.
        let sections: [(key: String, value: String)?] =
            setup.takesOperations
            ? [runs.isEmpty ? nil : ("ops", runs.joined(separator: "\n"))]
            : runs.isEmpty ? [nil] : runs.map { ("values", Self.values($0)) }
        for given in sections {
            lines.append("  - \(setup.structure):")
            if let upload = setup.upload { lines.append("      file: \(StudioText.yamlScalar(StudioUpload.fileName(upload.name)))") }
            for option in setup.options where option.key != "ops" && option.key != "values" {
                lines.append("      \(option.key): \(StudioText.yamlScalar(option.value))")
            }
            if let given { lines.append("      \(given.key): \(StudioText.yamlScalar(given.value))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A run of values (`5 3 8 1`, `5, 3; 8`) as `--values` takes them: `5,3,8,1`.
    static func values(_ run: String) -> String {
        run.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }).joined(separator: ",")
    }
}

/// A session's steps and runs, as the page shows them.
public struct StudioState: Sendable, Equatable, Encodable {
    public var runs: [String]
    public var steps: [StudioStep]
}

/// One step of a session: its slide of the deck.
public struct StudioStep: Sendable, Equatable, Encodable {
    /// From 0.
    public var index: Int
    /// The run that made it, from 0.
    public var run: Int
    public var caption: String
    public var note: String?
    public var frames: Int
    public var seconds: Double
    /// The parts its clip is played in (``StudioSession/clip(_:part:)``).
    public var parts: Int
}

/// What a session exports: the documents a render makes, and the session
/// itself as a lecture or an ops file.
public enum StudioExport: String, Sendable, CaseIterable {
    case gif, mp4, html, pptx, pdf, yaml, ops

    public var mediaType: String {
        switch self {
        case .gif: "image/gif"
        case .mp4: "video/mp4"
        case .html: "text/html; charset=utf-8"
        case .pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        case .pdf: "application/pdf"
        case .yaml: "application/yaml; charset=utf-8"
        case .ops: "text/plain; charset=utf-8"
        }
    }
}

/// An export ready to send: its file name, media type and content (bytes,
/// or a file in the workspace the sender streams and then removes).
public struct StudioDownload: Sendable {
    public enum Content: Sendable {
        case bytes([UInt8])
        case file(String)
    }

    public var name: String
    public var type: String
    public var content: Content
}
