/// What a script will be, found by replaying a producer's model without
/// drawing anything: how long it lasts, at least, and about how many
/// element changes it holds. A command checks it against its limits before
/// building the script, so that an input too large to animate is refused at
/// once instead of after minutes of work.
///
///     let estimate = BSTAnimation.estimate(program: program, balancing: .avl)
///     estimate.frames(fps: 30, speed: 1)  // at least this many frames
public struct ScriptEstimate: Sendable, Equatable {
    /// Seconds at speed 1: a lower bound, from the least time each
    /// operation can take.
    public var seconds: Double
    /// The element changes the script holds (a node moving, a ring moving
    /// on, a bar growing), by a generous count: what building the script
    /// and its timeline takes memory for.
    public var changes: Int

    public init(seconds: Double, changes: Int) {
        self.seconds = seconds
        self.changes = changes
    }

    /// The memory a change takes, script and timeline together: 0.6 to
    /// 1.3 kB measured on release builds (BST, AVL, red-black, sorts), and
    /// what every run needs besides.
    public static let bytesPerChange = 1_024
    public static let baseBytes = 32 << 20

    /// The memory building the script and its timeline takes, about.
    public var bytes: Int {
        Self.baseBytes + min(changes, Int.max / (2 * Self.bytesPerChange)) * Self.bytesPerChange
    }

    /// The frames of at least `seconds` at `fps` played `speed` times as
    /// fast (capped far past any limit, so that absurd inputs do not
    /// overflow).
    public func frames(fps: Double, speed: Double) -> Int {
        Int(min((seconds * fps / speed).rounded(.up), 1e15)) + 1
    }
}
