import Geometry
import Tween

/// What a producer emits: the steps of an animation, each a list of beats
/// that change the diagram. The timeline turns a script into frames.
///
/// A script holds changes, not whole diagrams, so a long animation of a
/// large structure costs memory in proportion to what changes; the diagram
/// after any step is recovered with ``diagrams()``.
public struct Script: Sendable {
    public var steps: [Step] { didSet { compiled = nil } }
    public var camera: CameraOptions { didSet { compiled = nil } }
    /// The colours of the producer's own roles, added to the theme the
    /// script is drawn with.
    public var palette: Palette { didSet { compiled = nil } }
    /// What the producer would have its user know before the animation is
    /// drawn, a line each: where the frame cannot show the data legibly,
    /// and what to change. The command line prints them as notes.
    public var notes: [String] = []
    /// The region of the world (layout units) that the drawing fills when
    /// it is all on stage: when set, the frame shows a small overview of it
    /// in a corner while the camera closes in on part of it (a tour).
    public var overview: Rect? { didSet { compiled = nil } }
    /// The script as last compiled for its pacing
    /// (``Timeline/pacing(keeping:settings:labels:)``), for the timeline
    /// made of it at the same settings; forgotten when anything it was
    /// compiled from changes (all but the notes).
    var compiled: Compiled?

    public init(steps: [Step] = [], camera: CameraOptions = CameraOptions(), palette: Palette = Palette()) {
        self.steps = steps
        self.camera = camera
        self.palette = palette
    }

    /// The room the code panel needs for every listing the script shows, or
    /// nil when it shows none.
    public var codeRoom: CodeRoom? {
        CodeRoom(
            fitting: steps.lazy.flatMap(\.beats).compactMap { beat -> CodeListing? in
                if case .show(let listing, _)? = beat.code { return listing }
                return nil
            }, drawing: codeDrawing)
    }

    /// The drawing the code panel stands beside, as the producer sized it
    /// (``CodeRoom/drawing``): the stage places the panel by it.
    public var codeDrawing: CodeRoom.Drawing? { didSet { compiled = nil } }

    /// The diagram at the end of each step, in order.
    ///
    /// - Complexity: O(total changes).
    public func diagrams() -> [Diagram] {
        var d = Diagram()
        return steps.map { step in
            for beat in step.beats {
                d.apply(beat.changes)
                if let r = beat.reserved { d.reserved = r }
            }
            return d
        }
    }

    /// The diagram at the end of the last step.
    ///
    /// - Complexity: O(total changes).
    func finalDiagram() -> Diagram {
        var d = Diagram()
        for beat in steps.lazy.flatMap(\.beats) {
            d.apply(beat.changes)
            if let r = beat.reserved { d.reserved = r }
        }
        return d
    }
}

extension Script {
    /// Every piece of text the animation shows: labels, texts, bar labels
    /// and (when `captions`) captions; for checking that a font can draw
    /// them before any frame is made.
    public func shownText(captions: Bool) -> [String] {
        var out = [String]()
        for step in steps {
            if captions, let c = step.caption { out.append(c) }
            for beat in step.beats {
                if captions, case .show(let c)? = beat.caption { out.append(c) }
                for change in beat.changes {
                    switch change {
                    case .node(let n): out.append(n.label)
                    case .text(let t): out.append(t.text)
                    case .bar(let b): out.append(b.label)
                    case .edge, .mark, .remove: break
                    }
                }
            }
        }
        return out
    }
}

/// What a teacher would put on one slide ("insert 42", "rotate left at
/// 30"): a caption, a note for the speaker, and the beats that lead to the
/// step's diagram.
public struct Step: Sendable {
    /// The step's headline, shown from the step's start until a beat
    /// changes it.
    public var caption: String?
    /// What the presenter may say; not drawn.
    public var note: String?
    public var beats: [Beat]
    public var camera: CameraMove
    /// Where the step has made its point: the beats before this index lead
    /// to its conclusion (the key in its slot, the ghost where a missing key
    /// would be), the ones from it on tidy up (a ring fades, marks clear).
    /// A deck pauses here, and its next step begins with the tidying. Nil:
    /// the step concludes with its last beat.
    public var conclusion: Int?
    /// The index of the operation of its producer's program the step
    /// begins to play, when it is the first step of one: where a lecture
    /// asks a question before an operation.
    public var operation: Int?
    /// A question put to the room before the next step answers it: the
    /// step shows the diagram as it stands with the question, and a deck
    /// stops on it.
    public var question: String?
    /// The text of a slide of words (a lecture's title or text slide), for
    /// documents that print it as text.
    public var slide: [SlideBlock]?
    /// Whether the caption is a running count (fast play's "40 of 200
    /// operations", a batch's "5 steps at once"): every caption stays up as
    /// long as it takes to read, and the animation waits for it, but a
    /// count is shown only once the caption before it has been read, and
    /// is not waited for, so a run of them shows fewer captions rather than
    /// slowing the play. The last of a run is always shown, and read.
    public var tally = false
    /// Whether the step is a phase of the operation the steps before it
    /// began (a B-tree's split after the walk down): the animation plays it
    /// as any step, and a deck plays it in that operation's slide, so that
    /// a slide is an operation, its phases its clip.
    public var phase = false

    public init(
        caption: String? = nil, note: String? = nil, beats: [Beat] = [], camera: CameraMove = .fit,
        conclusion: Int? = nil
    ) {
        self.caption = caption
        self.note = note
        self.beats = beats
        self.camera = camera
        self.conclusion = conclusion
    }
}

extension Step {
    /// A question put to the room (a lecture's `question:`): the step shows
    /// the diagram as it stands with the question as its caption, long
    /// enough to read it and think (five seconds at least), the camera
    /// where it is, and (when the script shows code, `code`) no line lit,
    /// which would tell the answer. A deck stops on it; the next step
    /// answers it.
    public static func asking(_ question: String, code: Bool = false) -> Step {
        let seconds = max(5, 2 + Double(question.split(separator: " ").count) / 2)
        var beat = Beat(changes: [], animation: .linear(duration: seconds), duration: seconds, caption: .show(question))
        if code { beat.code = .line(nil) }
        var step = Step(caption: question, note: "Ask the room: \(question) The next step answers it.", beats: [beat], camera: .keep)
        step.question = question
        return step
    }
}

/// A set of changes that play together, each element with its own timing
/// if given, followed by the next beat once the longest has finished.
public struct Beat: Sendable {
    public var changes: [Change]
    /// How a change plays when `timing` names no other animation for it.
    public var animation: Animation
    /// Animations of particular elements: another curve, a delay.
    public var timing: [ElementID: Animation]
    /// Paths of moving nodes, marks and texts other than straight lines.
    public var paths: [ElementID: MotionPath]
    /// The beat's length; by default, until every change has finished.
    public var duration: Double?
    /// A caption that shows from the beat's start, when set.
    public var caption: CaptionChange?
    /// A change to the code panel from the beat's start, when set: the
    /// listing shown or the line running.
    public var code: CodeChange?
    /// The diagram's new reserved regions (see ``Diagram/reserved``), when
    /// they change.
    public var reserved: [Rect]?

    public init(
        changes: [Change], animation: Animation, timing: [ElementID: Animation] = [:],
        paths: [ElementID: MotionPath] = [:], duration: Double? = nil, caption: CaptionChange? = nil,
        reserved: [Rect]? = nil, code: CodeChange? = nil
    ) {
        self.code = code
        self.changes = changes
        self.animation = animation
        self.timing = timing
        self.paths = paths
        self.duration = duration
        self.caption = caption
        self.reserved = reserved
    }

    /// The animation of the change to `id`.
    public func animation(for id: ElementID) -> Animation { timing[id] ?? animation }

    /// How long the beat lasts when played `speed` times as fast: from the
    /// very durations its changes end at, so a change that ends with its
    /// beat ends exactly when the next beat starts.
    public func length(atSpeed speed: Double = 1) -> Double {
        if let duration { return duration / speed }
        var longest = changes.isEmpty ? animation.speed(speed).totalDuration : 0
        for c in changes { longest = max(longest, animation(for: c.id).speed(speed).totalDuration) }
        return longest
    }
}

/// A new caption.
public enum CaptionChange: Sendable, Equatable {
    case show(String)
    case hide
}

/// One element's change in a beat: its new state, or its removal.
///
/// Each state is kept in a box of its own size: a beat's list of changes
/// is then a list of references, not of slots as large as the largest kind
/// of element.
public indirect enum Change: Sendable, Equatable {
    case node(Node)
    case edge(Edge)
    case mark(Mark)
    case bar(Bar)
    case text(TextElement)
    case remove(ElementID)

    public var id: ElementID {
        switch self {
        case .node(let e): e.id
        case .edge(let e): e.id
        case .mark(let e): e.id
        case .bar(let e): e.id
        case .text(let e): e.id
        case .remove(let id): id
        }
    }
}

extension Diagram {
    /// The diagram with `changes` applied in order.
    public mutating func apply(_ changes: [Change]) {
        for c in changes {
            switch c {
            case .node(let e): nodes.insert(e)
            case .edge(let e): edges.insert(e)
            case .mark(let e): marks.insert(e)
            case .bar(let e): bars.insert(e)
            case .text(let e): texts.insert(e)
            case .remove(let id):
                nodes.remove(id)
                edges.remove(id)
                marks.remove(id)
                bars.remove(id)
                texts.remove(id)
            }
        }
    }
}

/// What the camera does at the start of a step.
public enum CameraMove: Sendable, Equatable {
    /// Fit everything the step shows, from its first frame to its last;
    /// the camera stays where it is while all of that is in view and the
    /// view is not much looser than a fresh fit.
    case fit
    /// Fit everything the step shows exactly, as large as it goes: for a
    /// last look at the finished diagram.
    case refit
    /// Stay where it is.
    case keep
    /// Fit this region of the world, in layout units.
    case region(Rect)
}

/// How the camera frames a script.
public struct CameraOptions: Sendable, Equatable {
    /// The most pixels a layout unit may take, as a fraction of the frame's
    /// shorter side: a three-node tree does not fill a slide.
    public var maxUnit: Double
    /// Room around the fitted region, in layout units.
    public var padding: Double
    /// How the camera moves to a new fit.
    public var animation: Animation
    /// A band at the bottom of the frame, as a fraction of its shorter side,
    /// that the camera leaves to texts placed on the screen (a counter, the
    /// keys still to come).
    public var bottomBand: Double

    public init(
        maxUnit: Double = 0.16, padding: Double = 0.1, animation: Animation = .easeInOut(duration: 0.6),
        bottomBand: Double = 0
    ) {
        self.maxUnit = maxUnit
        self.padding = padding
        self.animation = animation
        self.bottomBand = bottomBand
    }
}

/// A block of a slide of words, as plain text (emphasis is the drawing's).
public enum SlideBlock: Sendable, Hashable {
    /// A title slide's title, or its subtitle.
    case title(String)
    case subtitle(String)
    case heading(String)
    case paragraph(String)
    case bullet(String)
    /// A line of a code block.
    case code(String)
}
