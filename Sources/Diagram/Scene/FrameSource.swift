import Raster

/// Anything that gives the scene of each frame of an animation: what a
/// render job and its sinks are written against.
///
/// `scene(at:)` must be a pure function of the frame index, so that frames
/// render in parallel, in any order, and any range of them alone.
public protocol FrameSource: Sendable {
    var width: Int { get }
    var height: Int { get }
    var fps: Double { get }
    /// Frames from t = 0 to the end, both included.
    var frameCount: Int { get }
    /// Whether the background is transparent.
    var transparent: Bool { get }
    /// The steps, in order, with their time ranges.
    var steps: [StepSpan] { get }
    /// The captions as they show, frame by frame (``CaptionCue``).
    var cues: [CaptionCue] { get }
    /// The captions said aloud, in order, when narrating (``Speech``).
    var speeches: [Speech] { get }
    func scene(at frame: Int) -> Scene
    /// The scene of `frame` as a fingerprint of the frames takes it
    /// (``FrameStamp``): ``scene(at:)``, but that it may leave where it
    /// is what only follows from the other frames and takes long to work
    /// out (a timeline's overview inset stands lower right, not in the
    /// corner worked out from every step's rest).
    func fingerprintScene(at frame: Int) -> Scene
}

extension FrameSource {
    public func fingerprintScene(at frame: Int) -> Scene { scene(at: frame) }
}

/// A step as played: the unit a presenter advances through.
public struct StepSpan: Sendable, Equatable {
    public var caption: String?
    public var note: String?
    /// Seconds from the start of the animation.
    public var start: Double
    public var end: Double
    /// The frames whose time falls in `start..<end` (the last step also
    /// holds the final frame).
    public var frames: Range<Int>
    /// When the step has made its point (``Step/conclusion``): `end` for a
    /// step that does not tidy up after.
    public var rest: Double
    /// The frame that shows the conclusion: the last one at or before
    /// `rest`, within the step's frames (their first for
    /// a step that takes no time). Where a deck pauses, and the picture of
    /// the step on a handout.
    public var restFrame: Int
    /// The lecture section the step belongs to, when it is part of one.
    public var section: String?
    /// The question the step puts to the room (``Step/question``).
    public var question: String?
    /// The text of a slide of words (``Step/slide``).
    public var slide: [SlideBlock]?
    /// Whether the step is a phase of the operation before (``Step/phase``).
    public var phase = false
    /// The captions of the phases a slide plays after its step's own
    /// (``slides(_:)``), in order: what a handout prints under the picture.
    public var phases: [String] = []

    public init(
        caption: String?, note: String?, start: Double, end: Double, frames: Range<Int>, rest: Double? = nil,
        restFrame: Int? = nil
    ) {
        self.caption = caption
        self.note = note
        self.start = start
        self.end = end
        self.frames = frames
        self.rest = rest ?? end
        self.restFrame = restFrame ?? max(frames.lowerBound, frames.upperBound - 1)
    }
}

extension StepSpan {
    /// The spans a deck makes a slide of each: a step with the phases that
    /// follow it (``phase``) as one, from the step's start to the last
    /// phase's end, resting where the last phase rests, with the step's
    /// caption and every note in turn, the phases' captions in ``phases``.
    /// An operation of many phases (a B-tree insert that splits twice) is
    /// then one slide, and one picture of a handout, not one a phase.
    public static func slides(_ spans: [StepSpan]) -> [StepSpan] {
        var out = [StepSpan]()
        for span in spans {
            guard span.phase, var group = out.last, span.question == nil, span.slide == nil, group.question == nil else {
                out.append(span)
                continue
            }
            group.end = span.end
            group.frames = group.frames.lowerBound..<max(group.frames.lowerBound, span.frames.upperBound)
            group.rest = span.rest
            group.restFrame = span.restFrame
            if group.caption == nil {
                group.caption = span.caption
            } else if let said = span.caption, !said.isEmpty {
                group.phases.append(said)
            }
            if let note = span.note { group.note = group.note.map { "\($0) \(note)" } ?? note }
            out[out.count - 1] = group
        }
        return out
    }
}
