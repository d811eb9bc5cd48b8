import Foundation
import Geometry
import Tween

/// A script compiled into tracks by element id: the animation as a pure
/// function of time, from which ``scene(at:)`` computes any frame alone.
///
/// An element with the same id before and after a beat tweens its
/// animatable data (position, size, colours, opacity); a new id enters with
/// its transition; an id that is gone exits with it. Edges are attached to
/// their nodes: their ends are the nodes' positions at each frame, and an
/// edge whose `from` changes swings its start over. The camera fits each
/// step and tweens between fits.
///
///     let timeline = try Timeline(script: builder.script, settings: FrameSettings(), labels: LabelFit(font: font))
///     let scene = timeline.scene(at: 42)
public struct Timeline: FrameSource {
    public let settings: FrameSettings
    /// Seconds from the first frame to the end of the last beat, or of the
    /// last animation still running then.
    public let duration: Double
    public let steps: [StepSpan]
    public let speeches: [Speech]
    /// How long the script lasts at another speed (``Pacing``).
    public let pacing: Pacing

    var nodes: [NodeRecord] = []
    var edges: [EdgeRecord] = []
    var marks: [PlacedRecord] = []
    var texts: [PlacedRecord] = []
    var bars: [BarRecord] = []
    var camera: Track<AnimatablePair<Point, Double>>
    /// The captions over time, drawn or not (``FrameSettings/captions``).
    var captions: Discrete<String?>
    /// The listing in the code panel and its highlighted line, over time.
    var code: Discrete<CodeShown?>
    /// The region an overview inset shows, if the script has one.
    let overview: Rect?
    /// The corner the overview inset stands in at each step, nil where no
    /// corner is free of the drawing at the step's rest and it hides
    /// (``placeMaps(labels:)``), worked out as frames ask; nil where it is
    /// not placed, and stands lower right.
    var maps: MapPlacement?
    let geometry: FrameGeometry
    /// The smallest text drawn, in pixels (see ``textFloor(_:shortSide:)``).
    let textFloor: Double
    /// Each node id's index in `nodes`.
    let nodeIndices: [ElementID: Int]
    let barIndices: [ElementID: Int]

    public var width: Int { settings.width }
    public var height: Int { settings.height }
    public var fps: Double { settings.fps }
    public var transparent: Bool { settings.transparent }
    /// Frames at `fps`, from t = 0 up to and including the first frame at or
    /// after `duration`.
    public var frameCount: Int { Self.frameCount(duration: duration, fps: fps) }

    /// The frame count of `duration` seconds at `fps`: a duration that is a
    /// whole number of frames but for rounding (0.1 + 0.1 + 0.1) gets no
    /// extra frame.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        // Bounded, NaN as 0, so that a duration no input should give cannot trap.
        let frames = (duration * fps - 1e-9).rounded(.up)
        return (frames.isNaN ? 0 : Int(min(max(frames, 0), 1e15))) + 1
    }

    /// Compiles `script`, or takes what it was compiled to when it was
    /// timed at these settings but the frame rate
    /// (``pacing(keeping:settings:labels:)``). `labels` measures texts in the font they will be
    /// drawn in, so that a camera that fits the diagram fits its texts
    /// whole. With `placingInsets` false, the overview inset's corners
    /// (``placeMaps(labels:)``, a scene at each step's rest) are not
    /// worked out and it stands lower right throughout: for a timeline
    /// that only counts its frames, whose lengths and captions are the same.
    /// - Throws: ``ScriptError`` when the script refers to a node it never
    ///   added or that has left, reuses an id for another kind, or has a
    ///   negative duration.
    public init(script: Script, settings: FrameSettings, labels: LabelFit, placingInsets: Bool = true) throws(ScriptError) {
        let compiled: Compiled
        if let kept = script.compiled, kept.serves(settings, labels: labels) {
            compiled = kept
        } else {
            compiled = Compiled(try Self.compiled(script, settings: settings, labels: labels), labels: labels)
        }
        self.settings = settings
        geometry = compiled.geometry
        duration = compiled.duration
        pacing = compiled.pacing
        nodes = compiled.nodes
        edges = compiled.edges
        marks = compiled.marks
        texts = compiled.texts
        bars = compiled.bars
        camera = compiled.camera ?? Track(Camera(center: .zero, zoom: geometry.maxZoom).animatableData)
        captions = compiled.captions
        code = compiled.code
        overview = script.overview
        textFloor = Self.textFloor(settings, shortSide: compiled.geometry.shortSide)
        nodeIndices = compiled.nodeIndices
        barIndices = compiled.barIndices
        let fps = settings.fps
        let count = Self.frameCount(duration: duration, fps: fps)
        speeches = compiled.speeches.map { said in
            let frame = Self.firstFrame(atOrAfter: said.start, fps: fps)
            return Speech(text: said.text, frame: frame, start: Double(frame) / fps, length: said.length)
        }
        steps = compiled.spans.enumerated().map { i, s in
            let last = i == compiled.spans.count - 1
            let first = Self.firstFrame(atOrAfter: s.start, fps: fps)
            let end = last ? count : Self.firstFrame(atOrAfter: s.end, fps: fps)
            let frames = first..<max(first, end)
            // The last frame at or before the conclusion (a frame exactly at
            // it shows the tidying not yet begun), within the step; the
            // step's last frame when it concludes at its end.
            let rest = s.rest >= s.end
                ? frames.upperBound - 1 : min(Self.firstFrame(atOrAfter: s.rest + 1e-9, fps: fps) - 1, frames.upperBound - 1)
            var span = StepSpan(
                caption: s.caption, note: s.note, start: s.start, end: s.end, frames: frames, rest: s.rest,
                restFrame: max(frames.lowerBound, rest))
            let step = script.steps[i]
            (span.question, span.slide, span.phase) = (step.question, step.slide, step.phase)
            return span
        }
        if overview != nil, placingInsets { maps = placeMaps(labels: labels) }
    }

    /// How long `script` lasts at any speed, as ``init(script:settings:labels:)``
    /// would compile it, without what only frames need (the inset's
    /// corners, worked out from a scene at each step's rest): what a
    /// producer asks when it sizes its script.
    /// - Throws: ``ScriptError``, as the initialiser does.
    public static func pacing(of script: Script, settings: FrameSettings, labels: LabelFit) throws(ScriptError) -> Pacing {
        try compiled(script, settings: settings, labels: labels).pacing
    }

    /// ``pacing(of:settings:labels:)``, keeping the compiled script with
    /// `script`: a timeline made of it later at the same settings, but for
    /// the frame rate, takes that instead of compiling it again (a
    /// producer that times its script before it hands it on, as a large
    /// graph's runs are timed in batches, has it compiled once). A script
    /// changed since forgets it.
    public static func pacing(keeping script: inout Script, settings: FrameSettings, labels: LabelFit) throws(ScriptError) -> Pacing {
        let compiled = Compiled(try compiled(script, settings: settings, labels: labels), labels: labels)
        script.compiled = compiled
        return compiled.pacing
    }

    /// The compiler once it has walked `script`.
    private static func compiled(_ script: Script, settings: FrameSettings, labels: LabelFit) throws(ScriptError) -> Compiler {
        var compiler = Compiler(
            settings: settings, camera: script.camera, palette: script.palette, labels: labels, code: script.codeRoom)
        try compiler.compile(script)
        return compiler
    }

    /// How long a caption takes to read at speed 1: at least a second, and
    /// its length at 15 characters a second; nothing for no caption. The
    /// compiler holds every caption at least so long (over the speed).
    public static func readingTime(of text: String?) -> Double {
        guard let text, !text.isEmpty else { return 0 }
        return max(1, Double(text.count) / 15)
    }

    /// The captions as they show, drawn or not (``FrameSettings/captions``).
    public var cues: [CaptionCue] {
        CaptionCue.runs(
            frameCount: frameCount, caption: { captions.value(at: time(ofFrame: $0)) },
            step: { step(at: time(ofFrame: $0)) })
    }

    /// Seconds from the start at which frame `index` is shown.
    public func time(ofFrame index: Int) -> Double { Double(index) / settings.fps }

    /// The index of the step that holds time `t`.
    public func step(at t: Double) -> Int {
        var lo = 0, hi = steps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if steps[mid].start <= t { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }

    /// The first frame whose time is not before `t`, computed as frame
    /// times are, so a frame belongs to exactly one step.
    static func firstFrame(atOrAfter t: Double, fps: Double) -> Int {
        let first = (t * fps).rounded(.up)
        var i = first.isNaN ? 0 : Int(min(max(first, 0), 1e15))
        while i > 0, Double(i - 1) / fps >= t { i -= 1 }
        while Double(i) / fps < t { i += 1 }
        return i
    }
}

/// What a timeline takes from compiling a script (``Compiler``), kept with
/// the script (``Script/compiled``) so that a timeline made of it at the
/// same settings, but for the frame rate, need not compile it again. The
/// compiler works in seconds: the frame rate only counts its frames, and
/// (with narration) sets the pause after each caption said.
struct Compiled: Sendable {
    /// The settings and labels it was compiled with.
    let settings: FrameSettings
    let labels: LabelFit
    let geometry: FrameGeometry
    let duration: Double
    let pacing: Pacing
    let nodes: [NodeRecord]
    let edges: [EdgeRecord]
    let marks: [PlacedRecord]
    let texts: [PlacedRecord]
    let bars: [BarRecord]
    let camera: Track<AnimatablePair<Point, Double>>?
    let captions: Discrete<String?>
    let code: Discrete<CodeShown?>
    let nodeIndices: [ElementID: Int]
    let barIndices: [ElementID: Int]
    let speeches: [(text: String, start: Double, length: Double)]
    let spans: [(caption: String?, note: String?, start: Double, end: Double, rest: Double)]

    init(_ compiler: Compiler, labels: LabelFit) {
        settings = compiler.settings
        self.labels = labels
        geometry = compiler.geometry
        duration = max(compiler.time, compiler.latestEnd, compiler.speakingUntil, compiler.reading.until)
        pacing = compiler.pacing
        nodes = compiler.nodes
        edges = compiler.edges
        marks = compiler.marks
        texts = compiler.texts
        bars = compiler.bars
        camera = compiler.camera
        captions = compiler.captions
        code = compiler.code
        nodeIndices = compiler.index.compactMapValues { $0.kind == .node ? $0.index : nil }
        barIndices = compiler.index.compactMapValues { $0.kind == .bar ? $0.index : nil }
        speeches = compiler.speeches
        spans = compiler.spans
    }

    /// Whether a timeline at `settings`, measuring with `labels`, is this
    /// one: the same settings but the frame rate (and the pause after a
    /// caption said, which follows it, the same when anything is said),
    /// and the same font.
    func serves(_ settings: FrameSettings, labels: LabelFit) -> Bool {
        var same = self.settings
        same.fps = settings.fps
        return same == settings && labels.font === self.labels.font
            && (settings.speech.isEmpty || settings.speechPause == self.settings.speechPause)
    }
}

/// The compiler's state while it walks the script in time order.
struct Compiler {
    let settings: FrameSettings
    let options: CameraOptions
    let geometry: FrameGeometry
    /// When the next beat starts.
    var time = 0.0
    /// When the last animation started so far ends.
    var latestEnd = 0.0
    var nodes: [NodeRecord] = []
    var edges: [EdgeRecord] = []
    var marks: [PlacedRecord] = []
    var texts: [PlacedRecord] = []
    var bars: [BarRecord] = []
    var camera: Track<AnimatablePair<Point, Double>>?
    var captions = Discrete<String?>(nil)
    var code = Discrete<CodeShown?>(nil)
    /// Each caption said, when it starts and how long it takes.
    var speeches: [(text: String, start: Double, length: Double)] = []
    /// When the words being said, and the pause after them, end.
    var speakingUntil = 0.0
    /// `speakingUntil` before the last speech began.
    var speakingBefore = 0.0
    /// When the caption on screen, and the one before it, showed and have
    /// been up long enough to read.
    var reading = CaptionReading()
    /// The text of the caption before the one on screen, when known.
    var captionBefore: String?? = .none
    var spans: [(caption: String?, note: String?, start: Double, end: Double, rest: Double)] = []
    /// What moved the time on, and how each depends on the speed.
    var pacing: Pacing
    /// The diagram as it stands after the beats so far: what the camera fits.
    var state = Diagram()
    var index: [ElementID: (kind: Kind, index: Int)] = [:]
    /// The marks and texts placed on each node or bar of `state`: what
    /// moves when it does.
    var attached: [ElementID: Set<ElementID>] = [:]

    enum Kind { case node, edge, mark, text, bar }

    /// The settings' theme with the script's own roles.
    let theme: Theme

    /// What measures texts for the camera.
    let labels: LabelFit

    init(settings: FrameSettings, camera: CameraOptions, palette: Palette, labels: LabelFit, code room: CodeRoom? = nil) {
        self.settings = settings
        self.labels = labels
        options = camera
        pacing = Pacing(speechPause: settings.speechPause)
        geometry = FrameGeometry(settings: settings, camera: camera, code: room)
        theme = settings.theme.bringing(palette)
    }

    mutating func compile(_ script: Script) throws(ScriptError) {
        for (number, step) in script.steps.enumerated() {
            let start = time
            pacing.events.append(.step)
            // A running count shows once the caption before it is read; the
            // last of a run always does.
            let lastOfRun = number + 1 == script.steps.count || !script.steps[number + 1].tally
            let counts = step.tally && !lastOfRun
            // Kept whether or not frames draw them: subtitles, transcripts
            // and narration read them.
            if counts {
                pacing.events.append(
                    .tally(seconds: Timeline.readingTime(of: step.caption), said: step.caption.flatMap { settings.speech[$0] },
                        narrated: !settings.speech.isEmpty))
                if time >= reading.until { say(step.caption, recording: false) }
            } else {
                say(step.caption)
            }
            // What the step shows, for a camera that fits it: the diagram
            // at its start, grown by what each beat changes (an element no
            // beat touches covers the same region throughout).
            var region = fits(step.camera) ? state.extent(measuring: labels, boxes: geometry.clearance != nil) : nil
            // A camera sent to a region goes first, and a flight there (a
            // far one) ends before the step's beats begin: the step shows
            // its changes where the camera has arrived.
            if case .region = step.camera {
                let flight = fitCamera(step.camera, region: nil, at: start, room: nil)
                time += flight
                if flight > 0 { pacing.events.append(.flight(length: flight * settings.speed)) }
            }
            var rest: Double?
            // The beats that lead into a new caption, and their lengths.
            let ahead = Self.leads(in: step, showing: captions.last)
            for (index, beat) in step.beats.enumerated() {
                if let length = ahead[index], Self.onlyMoves(beat, in: state) { holdBeforeRun(of: length) }
                if index == step.conclusion {
                    // The step has made its point once its words are said.
                    waitForSpeech()
                    rest = time
                }
                if let c = beat.caption {
                    switch c {
                    case .show(let text): say(text)
                    case .hide: say(nil)
                    }
                }
                if let c = beat.code { show(c) }
                try play(beat)
                if region != nil { grow(&region!, by: beat) }
            }
            // A step ends when its last words are said, and its caption has
            // been up long enough to read (but for a running count).
            waitForSpeech()
            if !counts { waitForReading() }
            if case .region = step.camera {} else {
                fitCamera(step.camera, region: region?.rect, boxes: region?.boxes ?? [], at: start, room: time - start)
            }
            spans.append((step.caption, step.note, start, time, rest ?? time))
        }
    }

    /// Shows `text` as the caption from now. When narrating
    /// (``FrameSettings/speech``), a new caption first waits for the one
    /// before to be said, holding the animation as it stands: the rest
    /// after a beat is stretched, never its motion, and no caption is
    /// spoken over another. Then it is said from now.
    /// A caption replaced in the instant it shows (a step's caption that
    /// its first beat rewords) is never on screen, so it is not said.
    ///
    /// Every caption stays up as long as it takes to read
    /// (``readingTime(of:)`` at the settings' speed) before another
    /// replaces it: the animation waits for it as for the narration.
    /// `recording` is false for a caption the pacing has recorded already.
    mutating func say(_ text: String?, recording: Bool = true) {
        if text != captions.last {
            let seconds = Timeline.readingTime(of: text)
            // One replaced in the instant it showed was never on screen.
            if reading.since == time, captionBefore == .some(text) {
                // Back, in the instant, to the caption a step's caption
                // replaced (kept while the first beat moves): as it was.
                if recording { pacing.events.append(.back) }
                reading.back()
                captionBefore = .none
            } else {
                if recording { pacing.events.append(.read(seconds: seconds)) }
                time = reading.show(seconds / settings.speed, at: time)
                captionBefore = .some(captions.last)
            }
        }
        if !settings.speech.isEmpty, text != captions.last {
            if recording { pacing.events.append(.say(length: text.flatMap { settings.speech[$0] })) }
            if let last = speeches.last, last.start == time {
                speeches.removeLast()
                speakingUntil = speakingBefore
            }
            time = max(time, speakingUntil)
            if let text, let length = settings.speech[text] {
                speakingBefore = speakingUntil
                speeches.append((text, time, length))
                speakingUntil = time + length + settings.speechPause
            }
        }
        captions.set(text, at: time)
    }

    /// For each beat of `step` that leads into a new caption (the beat
    /// just before one that changes the caption, `shown` at the step's
    /// start, to another, and changes none itself), its written length at
    /// speed 1; nil for the others.
    static func leads(in step: Step, showing shown: String?) -> [Double?] {
        var current = shown
        let changes = step.beats.map { beat -> Bool in
            let text: String?
            switch beat.caption {
            case nil: return false
            case .show(let t): text = t
            case .hide: text = nil
            }
            defer { current = text }
            return text != current
        }
        return step.beats.indices.map { index in
            index + 1 < changes.count && changes[index + 1] && !changes[index] ? step.beats[index].length(atSpeed: 1) : nil
        }
    }

    /// Whether `beat` changes only elements `diagram` has (a move, a
    /// recolouring), bringing none in and taking none out: a beat that
    /// brings something in shows it at once, and the caption after it
    /// waits at its own beat.
    static func onlyMoves(_ beat: Beat, in diagram: Diagram) -> Bool {
        !beat.changes.isEmpty && beat.changes.allSatisfy { change in
            switch change {
            case .node(let n): diagram.nodes[n.id] != nil
            case .edge(let e): diagram.edges[e.id] != nil
            case .mark(let m): diagram.marks[m.id] != nil
            case .bar(let b): diagram.bars[b.id] != nil
            case .text(let t): diagram.texts[t.id] != nil
            case .remove: false
            }
        }
    }

    /// Before a beat that leads into a new caption, `length` seconds at
    /// speed 1: the animation holds as it stands until the caption on
    /// screen will have been read when the beat ends, so that a move that
    /// brings a caption (a ring travelling to the node its caption names)
    /// arrives as the caption before is read, rather than waiting at its
    /// end under the old caption. A move paced slower than written only
    /// ends later.
    mutating func holdBeforeRun(of length: Double) {
        pacing.events.append(.lead(length: length))
        time = max(time, reading.until - length / settings.speed)
    }

    /// Moves the time on to when the caption on screen has been read; not
    /// for one that shows from this instant (a step that takes no time),
    /// which the next may yet replace in it, unseen.
    mutating func waitForReading() {
        pacing.events.append(.waitForReading)
        if reading.since == time { return }
        time = max(time, reading.until)
    }

    /// Moves the time on to when the words being said end, if later; not
    /// for words whose caption shows from this instant, which may yet be
    /// replaced in it (and then not said).
    mutating func waitForSpeech() {
        pacing.events.append(.waitForSpeech)
        if let last = speeches.last, last.start == time { return }
        time = max(time, speakingUntil)
    }

    /// Applies a change to the code panel at the current time.
    mutating func show(_ change: CodeChange) {
        switch change {
        case .show(let listing, let line): code.set(CodeShown(listing: listing, line: line), at: time)
        case .line(let line):
            guard var shown = code.last else { return }
            shown.line = line
            code.set(shown, at: time)
        case .hide: code.set(nil, at: time)
        }
    }

    /// Whether `move` fits the camera to what the step shows.
    func fits(_ move: CameraMove) -> Bool {
        switch move {
        case .fit, .refit: true
        // A step that keeps the camera before there is one fits.
        case .keep: camera == nil
        case .region: false
        }
    }

    /// Grows `region` by what `beat` changed in `state`: the elements it
    /// changed, the marks and texts on the nodes and bars it changed, and
    /// new reserved regions.
    func grow(_ region: inout Extent, by beat: Beat) {
        for r in beat.reserved ?? [] { region.add(r) }
        for c in beat.changes {
            state.add(c.id, to: &region)
            for id in attached[c.id] ?? [] { state.add(id, to: &region) }
        }
    }

    /// Keeps ``attached`` up to date with `changes`, before `state` has them.
    mutating func attach(_ changes: [Change]) {
        for c in changes {
            let old = state.marks[c.id]?.placement.node ?? state.texts[c.id]?.placement.node
            let new: ElementID? = switch c {
            case .mark(let m): m.placement.node
            case .text(let t): t.placement.node
            case .node, .edge, .bar, .remove: nil
            }
            guard old != new else { continue }
            if let old { attached[old]?.remove(c.id) }
            if let new { attached[new, default: []].insert(c.id) }
        }
    }

    /// Applies one beat's changes at the current time and moves the time on
    /// by the beat's length.
    mutating func play(_ beat: Beat) throws(ScriptError) {
        // A beat whose moves would cross the screen faster than a student
        // can follow is played slower, all of it alike; under reduced
        // motion nothing crosses the screen, and no beat is slowed.
        let limits = settings.reducedMotion ? [] : paceLimits(of: beat)
        let speed = settings.speed / limits.reduce(1) { max($0, $1.travel / ($1.seconds / settings.speed)) }
        // Nodes first, so edges and marks of the same beat find them.
        let ordered = beat.changes.filter(\.isNodeChange) + beat.changes.filter { !$0.isNodeChange }
        for change in ordered {
            var a = try Self.checked(beat.animation(for: change.id)).speed(speed)
            // Under reduced motion nothing bounces: a spring eases in and out.
            if settings.reducedMotion { a = a.withoutOvershoot }
            latestEnd = max(latestEnd, time + a.totalDuration)
            try apply(change, with: a, path: beat.paths[change.id] ?? .straight)
        }
        attach(beat.changes)
        state.apply(beat.changes)
        if let r = beat.reserved { state.reserved = r }
        _ = try Self.checked(beat.animation)
        let length = beat.length(atSpeed: speed)
        guard length >= 0, length.isFinite else { throw .badDuration(length) }
        // The same, as it depends on the speed: no faster than the pace
        // its moves allow, whatever the speed.
        let reach = beat.changes.map { beat.animation(for: $0.id).totalDuration }.max() ?? 0
        let rate = limits.map { $0.travel / $0.seconds }.max() ?? 0
        pacing.events.append(.beat(length: beat.length(atSpeed: 1), reach: reach, rate: rate))
        time += length
    }

    /// What bounds how fast `beat` may play: for each node or ring it
    /// moves, how far it travels on screen at the camera's present zoom, in
    /// the time ``moveSpeed`` diagonals a second take to cover it, and the
    /// seconds its move is written to take at speed 1. The beat plays
    /// slower than written by the largest `travel / (seconds / speed)`
    /// over 1, so that nothing crosses the screen faster than a student can
    /// follow (on average ``moveSpeed``, about one diagonal at an eased
    /// move's peak).
    func paceLimits(of beat: Beat) -> [(travel: Double, seconds: Double)] {
        guard let camera else { return [] }
        let zoom = Camera(animatableData: camera.value(at: time)).zoom
        let diagonal = (geometry.width * geometry.width + geometry.height * geometry.height).squareRoot()
        var limits: [(travel: Double, seconds: Double)] = []
        for change in beat.changes {
            let distance: Double
            switch change {
            case .node(let n):
                guard let old = state.nodes[n.id] else { continue }
                distance = old.position.distance(to: n.position)
            case .mark(let m):
                guard let old = state.marks[m.id], let from = place(of: old.placement), let to = place(of: m.placement),
                    !leaps(from: from, to: to)
                else { continue }
                distance = from.distance(to: to)
            default:
                continue
            }
            let seconds = beat.animation(for: change.id).duration
            // A move to or from a place that is not finite has no pace: it
            // would slow the beat to a standstill.
            guard distance > 0, distance.isFinite, seconds > 0 else { continue }
            limits.append((distance * zoom / diagonal / Self.moveSpeed, seconds))
        }
        return limits
    }

    /// Where a placement on a node or a point is, in layout units.
    func place(of p: Placement) -> Point? {
        switch p {
        case .world(let w): w
        case .node(let id, let offset): (state.nodes[id]?.position ?? state.bars[id]?.frame.center).map { $0 + offset }
        case .box(let id, let unit, let offset):
            state.frame(of: id).map { Point($0.minX + unit.x * $0.width, $0.minY + unit.y * $0.height) + offset }
        case .screen: nil
        }
    }

    /// The fastest a node or ring moves on screen, at speed 1, on average
    /// over its move, in frame diagonals a second.
    static let moveSpeed = 0.5

    static func checked(_ a: Animation) throws(ScriptError) -> Animation {
        guard a.duration >= 0, a.delaySeconds >= 0, a.totalDuration.isFinite else { throw .badDuration(a.totalDuration) }
        return a
    }

    /// Moves the camera at `t` as `move` says, fitting `region` (what the
    /// step shows) where it fits. A far move flies, in at most `room`
    /// seconds, or (nil) as long as it needs; returns the flight's length,
    /// 0 for a move that is no flight.
    @discardableResult
    mutating func fitCamera(_ move: CameraMove, region: Rect?, boxes: [Rect] = [], at t: Double, room: Double?) -> Double {
        let target: Camera
        // The code panel as it shows its listing now, when it stands over
        // the drawing's room: each of `boxes` is kept clear of it.
        let panel = boxes.isEmpty ? nil : geometry.obstacle(showing: code.last?.listing)
        switch move {
        case .keep where camera != nil:
            return 0
        case .region(let r):
            target = geometry.camera(fitting: r)
        case .fit, .refit, .keep:
            // A step that keeps the camera before there is one fits, so that
            // the first camera is never one made for a later step.
            guard let region else { return 0 }
            target = geometry.camera(fitting: region, clearing: boxes, of: panel)
        }
        guard var track = camera else {
            camera = Track(target.animatableData)
            return 0
        }
        let now = Camera(animatableData: track.value(at: .infinity))
        // The camera does not wander: it stays while everything the step
        // shows is in view and the view is not much looser than a fresh
        // fit would be, so a diagram that keeps its size keeps its place.
        if case .fit = move, let region, now.zoom <= target.zoom * 1.0001, now.zoom >= target.zoom / 1.15,
            geometry.visibleRegion(of: now).contains(region.insetBy(dx: -geometry.padding, dy: -geometry.padding)),
            !geometry.covers(now, boxes, panel)
        {
            return 0
        }
        let shift = (target.center - now.center).length * target.zoom
        guard abs(target.zoom / now.zoom - 1) > 1e-3 || shift > 0.5 else { return 0 }
        if settings.reducedMotion {
            // A cut: the new view from the step's first frame, no flight.
            track.set(target.animatableData, at: t)
            camera = track
            return 0
        }
        let a = options.animation.speed(settings.speed)
        // How far the view travels, in pixels of the closer of the two
        // views, against the frame's diagonal: a pan a student can follow
        // keeps under half a diagonal a second on average (about one at
        // its peak), so a longer one takes longer.
        let diagonal = (geometry.width * geometry.width + geometry.height * geometry.height).squareRoot()
        let travel = (target.center - now.center).length * max(now.zoom, target.zoom) / diagonal
        if let flight = CameraFlight(from: now, to: target, frame: Size(width: geometry.width, height: geometry.height), viewport: geometry.viewport),
            (room ?? 1) > 0
        {
            var legs = flight.legs.map { $0 / settings.speed }
            let out = flight.out
            if let room, legs.reduce(0, +) > room { legs = legs.map { $0 * room / legs.reduce(0, +) } }
            let stops = [Camera(center: now.center, zoom: out), Camera(center: target.center, zoom: out), target]
            var at = t
            for (stop, leg) in zip(stops, legs) {
                track.animate(to: stop.animatableData, with: .easeInOut(duration: leg), at: at)
                at += leg
            }
            latestEnd = max(latestEnd, at)
            camera = track
            return at - t
        } else {
            // As long as the pan and the zoom need, at their paces.
            let needed = max(travel / Self.panSpeed, Self.zoomPace * abs(log(target.zoom / now.zoom))) / settings.speed
            let paced = a.totalDuration >= needed ? a : .easeInOut(duration: needed)
            track.animate(to: target.animatableData, with: paced, at: t)
            latestEnd = max(latestEnd, t + paced.totalDuration)
            pacing.events.append(.pan(length: paced.totalDuration * settings.speed))
        }
        camera = track
        return 0
    }

    /// The average speed of a camera pan at speed 1, in frame diagonals a
    /// second.
    static let panSpeed = 0.5
    /// A pan longer than this many diagonals flies: out, across, in.
    static let flightTravel = 1.0
    /// The least each third of a flight (out, across, in) takes at speed 1,
    /// in seconds.
    static let flightLeg = 0.7
    /// Seconds a zoom by a factor of e takes in a flight: a point on the
    /// frame's edge then moves under 6% of the diagonal a frame at 30 fps.
    static let zoomPace = 0.55

    func kindCheck(_ id: ElementID, _ kind: Kind) throws(ScriptError) -> Int? {
        guard let entry = index[id] else { return nil }
        guard entry.kind == kind else { throw .kindChanged(id) }
        return entry.index
    }

    /// The index of node `id`, which `user` attaches to: a node that is on
    /// stage (or entering) now.
    func nodeIndex(_ id: ElementID, for user: ElementID) throws(ScriptError) -> Int {
        guard let entry = index[id], entry.kind == .node else { throw .unknownNode(id, referencedBy: user) }
        guard nodes[entry.index].presence.isPresent else { throw .nodeGone(id, referencedBy: user) }
        return entry.index
    }

    /// A placement on a node may name a bar instead: a ring around it.
    func checkPlacement(_ p: Placement, for user: ElementID) throws(ScriptError) {
        guard let id = p.node else { return }
        if let entry = index[id], entry.kind == .bar {
            guard bars[entry.index].presence.isPresent else { throw .nodeGone(id, referencedBy: user) }
            return
        }
        _ = try nodeIndex(id, for: user)
    }

    /// Whether a move from `a` to `b` (layout units) is a hop: so short on
    /// screen, at the camera's present zoom, that under reduced motion it
    /// cuts at once (halfway through its time) rather than fading out and
    /// back in. A tick of an axis that rescales a little, a node that
    /// shifts a few pixels: a fade there would only make them flicker.
    func hops(from a: Point?, to b: Point?) -> Bool {
        guard let a, let b, let camera else { return false }
        let zoom = Camera(animatableData: camera.value(at: time)).zoom
        let diagonal = (geometry.width * geometry.width + geometry.height * geometry.height).squareRoot()
        return a.distance(to: b) * zoom <= Self.hop * diagonal
    }

    /// The longest hop, in frame diagonals: 1.5%, about 22 pixels at 720p.
    static let hop = 0.015

    /// Whether a mark's or a text's move from `a` to `b` (layout units) is
    /// a leap: longer on screen, at the camera's present zoom, than the
    /// camera itself pans (``flightTravel`` diagonals), which only a move
    /// from or to somewhere off the frame can be (a ring sent on to a node
    /// the camera has flown to). A leap does not crawl across the screen
    /// at a pace a student can follow, holding the animation for seconds
    /// while it comes in from off the frame: it fades out where it was and
    /// in where it goes, as every move does under reduced motion, and sets
    /// no pace (``paceLimits(of:)``).
    func leaps(from a: Point?, to b: Point?) -> Bool {
        guard let a, let b, let camera else { return false }
        let zoom = Camera(animatableData: camera.value(at: time)).zoom
        return Self.travel(a.distance(to: b), zoom: zoom, frame: Size(width: geometry.width, height: geometry.height)) > Self.flightTravel
    }

    /// How many frame diagonals `distance` layout units span on screen at
    /// `zoom` in `frame`.
    static func travel(_ distance: Double, zoom: Double, frame: Size) -> Double {
        distance * zoom / (frame.width * frame.width + frame.height * frame.height).squareRoot()
    }

    /// `transition` as played: under reduced motion, fading only.
    func calm(_ transition: Transition) -> Transition {
        settings.reducedMotion ? transition.withoutMotion : transition
    }

    /// Applies one change at the current time. Under reduced motion, an
    /// element that would travel (or a node that would scale) dissolves
    /// instead: it fades out as it is and back in as it will be, over the
    /// middle of its animation, and changes at once where nothing of it
    /// shows; an edge whose end goes over to another node does the same.
    mutating func apply(_ change: Change, with a: Animation, path: MotionPath) throws(ScriptError) {
        let t = time
        let reduced = settings.reducedMotion
        switch change {
        case .node(let n):
            if let i = try kindCheck(n.id, .node) {
                if nodes[i].presence.isGone(at: t) { nodes[i].reset(to: n, at: t, theme: theme) }
                if reduced, nodes[i].moves(to: n) {
                    let old = nodes[i].current
                    let hop = old.scale == n.scale && hops(from: old.position, to: n.position)
                    nodes[i].dissolve(to: n, at: t, with: a, theme: theme, fading: !hop)
                } else {
                    nodes[i].change(to: n, at: t, with: a, path: path, theme: theme)
                }
                if !nodes[i].presence.isPresent { nodes[i].presence.enter(at: t, with: a, transition: calm(n.transition)) }
            } else {
                var r = NodeRecord(index: nodes.count, node: n, theme: theme)
                r.presence.enter(at: t, with: a, transition: calm(n.transition))
                index[n.id] = (.node, nodes.count)
                nodes.append(r)
            }
        case .edge(var e):
            // An edge drawn out grows across the screen: under reduced
            // motion it fades in and out instead.
            if reduced, e.entrance == .draw { e.entrance = .fade }
            let second = try e.fromSecond.map { p throws(ScriptError) in try nodeIndex(p, for: e.id) }
            let from = EndTrack.End(node: try nodeIndex(e.from, for: e.id), second: second, anchor: e.fromAnchor)
            let to = EndTrack.End(node: try nodeIndex(e.to, for: e.id))
            if let i = try kindCheck(e.id, .edge) {
                let gone = edges[i].presence.isGone(at: t)
                if reduced, !gone, from != edges[i].from.last || to != edges[i].to.last {
                    edges[i].dips.add(at: t, for: a)
                    edges[i].change(to: e, from: from, to: to, at: t, with: a, theme: theme, swing: Dips.cut(a))
                } else {
                    edges[i].change(to: e, from: from, to: to, at: t, with: gone ? .instant : a, theme: theme)
                }
                if !edges[i].presence.isPresent { edges[i].presence.enter(at: t, with: a, transition: e.transition) }
            } else {
                var r = EdgeRecord(index: edges.count, edge: e, from: from, to: to, theme: theme)
                r.presence.enter(at: t, with: a, transition: e.transition)
                index[e.id] = (.edge, edges.count)
                edges.append(r)
            }
        case .mark(let m):
            try checkPlacement(m.placement, for: m.id)
            let placed = Placed(placement: m.placement, look: Look(mark: m, theme: theme), words: "", style: TextStyle(), transition: calm(m.transition))
            let (from, to) = (index[m.id].flatMap { $0.kind == .mark ? place(of: marks[$0.index].placement.last) : nil }, place(of: m.placement))
            let hop = reduced && hops(from: from, to: to)
            try Self.place(
                placed, id: m.id, kind: .mark, into: &marks, index: &index, at: t, with: a, path: path,
                reduced: reduced || leaps(from: from, to: to), hop: hop)
        case .text(let x):
            try checkPlacement(x.placement, for: x.id)
            let placed = Placed(
                placement: x.placement, look: Look(text: x, theme: theme), words: x.counting == nil ? x.text : "",
                style: TextStyle(alignment: x.alignment, counting: x.counting, layer: x.layer, face: x.face), transition: calm(x.transition))
            let (from, to) = (index[x.id].flatMap { $0.kind == .text ? place(of: texts[$0.index].placement.last) : nil }, place(of: x.placement))
            let hop = reduced && hops(from: from, to: to)
            try Self.place(
                placed, id: x.id, kind: .text, into: &texts, index: &index, at: t, with: a, path: path,
                reduced: reduced || leaps(from: from, to: to), hop: hop)
        case .bar(let b):
            if let i = try kindCheck(b.id, .bar) {
                if bars[i].presence.isGone(at: t) { bars[i].change(to: b, at: t, with: .instant, path: .straight, theme: theme) }
                if reduced, bars[i].moves(to: b) {
                    let hop = hops(from: bars[i].current.frame.center, to: b.frame.center)
                    bars[i].dissolve(to: b, at: t, with: a, theme: theme, fading: !hop)
                } else {
                    bars[i].change(to: b, at: t, with: a, path: path, theme: theme)
                }
                if !bars[i].presence.isPresent { bars[i].presence.enter(at: t, with: a, transition: calm(b.transition)) }
            } else {
                var r = BarRecord(index: bars.count, bar: b, theme: theme)
                r.presence.enter(at: t, with: a, transition: calm(b.transition))
                index[b.id] = (.bar, bars.count)
                bars.append(r)
            }
        case .remove(let id):
            guard let entry = index[id] else { return }
            switch entry.kind {
            case .node: nodes[entry.index].presence.exit(at: t, with: a, transition: calm(nodes[entry.index].current.transition))
            case .edge: edges[entry.index].presence.exit(at: t, with: a, transition: calm(edges[entry.index].current.transition))
            case .mark: marks[entry.index].presence.exit(at: t, with: a, transition: marks[entry.index].transition)
            case .text: texts[entry.index].presence.exit(at: t, with: a, transition: texts[entry.index].transition)
            case .bar: bars[entry.index].presence.exit(at: t, with: a, transition: calm(bars[entry.index].current.transition))
            }
        }
    }

    /// What a mark or text is made of, as its record keeps it.
    struct Placed {
        var placement: Placement
        var look: Look
        var words: String
        var style: TextStyle
        var transition: Transition
    }

    /// Adds a mark or text, or changes one. Under reduced motion, or for a
    /// leap (`reduced`), one that goes to another place dissolves, or cuts
    /// there when the move is a `hop`.
    static func place(
        _ p: Placed, id: ElementID, kind: Kind, into records: inout [PlacedRecord],
        index: inout [ElementID: (kind: Kind, index: Int)], at t: Double, with a: Animation, path: MotionPath,
        reduced: Bool = false, hop: Bool = false
    ) throws(ScriptError) {
        if let entry = index[id] {
            guard entry.kind == kind else { throw .kindChanged(id) }
            let i = entry.index
            // One that comes back after it had gone starts where it is put.
            let gone = records[i].presence.isGone(at: t)
            records[i].transition = p.transition
            if reduced, !gone, p.placement != records[i].placement.last {
                if !hop { records[i].dips.add(at: t, for: a) }
                records[i].change(
                    placement: p.placement, look: p.look, words: p.words, style: p.style, at: t, with: Dips.cut(a), path: .straight,
                    fading: a)
            } else {
                records[i].change(placement: p.placement, look: p.look, words: p.words, style: p.style, at: t, with: gone ? .instant : a, path: path)
            }
            if !records[i].presence.isPresent { records[i].presence.enter(at: t, with: a, transition: p.transition) }
        } else {
            var r = PlacedRecord(index: records.count, placement: p.placement, look: p.look, words: p.words, style: p.style, transition: p.transition)
            r.name = id.name
            r.presence.enter(at: t, with: a, transition: p.transition)
            index[id] = (kind, records.count)
            records.append(r)
        }
    }
}

extension Animation {
    /// No animation: the change is there at once.
    static let instant = Animation(curve: .linear, duration: 0)
}

extension Change {
    var isNodeChange: Bool {
        if case .node = self { return true }
        return false
    }
}

extension Edge {
    /// The presence transition: edges that are drawn out have none of
    /// their own (the drawing is the transition); faded ones fade.
    var transition: Transition { entrance == .draw ? .identity : .opacity }
}

/// The listing in the code panel and the line highlighted in it.
struct CodeShown: Sendable, Equatable {
    var listing: CodeListing
    var line: Int?
}
