/// One frame's line in a comparison's report: its name and what was found.
public struct FrameResult: Equatable, Sendable {
    /// The PNG file's name in its folder, or the ACTUAL path when two files
    /// are compared.
    public var name: String
    public var outcome: FrameOutcome

    public init(name: String, outcome: FrameOutcome) {
        self.name = name
        self.outcome = outcome
    }
}
