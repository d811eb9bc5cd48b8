/// How an animation is played and framed, apart from what it shows.
public struct FrameSettings: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var fps: Double
    /// Multiplies the pace: 2 plays twice as fast.
    public var speed: Double
    public var theme: Theme
    public var transparent: Bool
    public var captions: Bool
    /// The legibility floor, in pixels of a 720p frame (scaled with the
    /// frame): producers set no label smaller, tours keep what they show
    /// over it, and a label the camera shrinks under it is not drawn.
    public var minimumLabel: Double
    /// Narration: how long each caption takes to say, in seconds, by its
    /// words. A caption listed here is said from the frame it appears on,
    /// and the animation holds (the rest after a beat grows) until it is
    /// said and ``speechPause`` has passed before the next caption shows
    /// or the step ends. Empty: no narration, and no caption waits.
    public var speech: [String: Double] = [:]
    /// The silence after each caption said, in seconds: at least a frame,
    /// so that two speeches never overlap however frames round their starts.
    public var speechPause: Double { max(0.35, 1 / fps) }
    /// Fades and cuts instead of glides, for viewers whom motion on screen
    /// unsettles: an element that changes place fades out where it was and
    /// in where it goes, never travelling (a shift of a few pixels just
    /// cuts); a node that changes scale does the same; one that comes or
    /// goes only fades (no growing, sliding or bouncing); and the camera
    /// cuts to each new view instead of panning and zooming. Colours and
    /// bars' lengths still tween. The steps, their captions and their order
    /// are the same; no step takes longer (moves that would be slowed for
    /// their length are not).
    public var reducedMotion: Bool

    public init(
        width: Int = 1280, height: Int = 720, fps: Double = 30, speed: Double = 1, theme: Theme = .light,
        transparent: Bool = false, captions: Bool = true, minimumLabel: Double = Stage.legibleText,
        reducedMotion: Bool = false
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.speed = speed
        self.theme = theme
        self.transparent = transparent
        self.captions = captions
        self.minimumLabel = minimumLabel
        self.reducedMotion = reducedMotion
    }
}

/// A script that cannot be played, naming the element at fault: a producer
/// bug, never a user's.
public enum ScriptError: Error, Equatable, CustomStringConvertible {
    /// An edge, mark or text refers to a node that was never added.
    case unknownNode(ElementID, referencedBy: ElementID)
    /// An edge, mark or text is attached to a node after the node has left.
    case nodeGone(ElementID, referencedBy: ElementID)
    /// An id was used by one kind of element and then by another.
    case kindChanged(ElementID)
    /// A duration or delay is negative or not finite.
    case badDuration(Double)

    public var description: String {
        switch self {
        case .unknownNode(let node, let by): "script: '\(by)' refers to node '\(node)', which was never added"
        case .nodeGone(let node, let by): "script: '\(by)' is attached to node '\(node)' after it has left"
        case .kindChanged(let id): "script: '\(id)' is used by two kinds of element"
        case .badDuration(let d): "script: a duration or delay of \(d) s"
        }
    }
}
