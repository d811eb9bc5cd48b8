/// The count of each outcome over a comparison, and how its images fared.
public struct ComparisonSummary: Equatable, Sendable {
    /// Every frame compared: the names in either folder.
    public var frames = 0
    public var matching = 0
    /// Frames whose pixels or sizes differ.
    public var differing = 0
    public var missing = 0
    public var extra = 0
    public var unreadable = 0
    /// Frames whose images were written to the diff folder.
    public var framesWithImages = 0
    /// The first failure to write or remove a diff image, after which no
    /// more were written; the comparison itself went on to the end.
    public var imageError: CompareError?

    public init() {}

    /// Whether every frame matches.
    public var allMatch: Bool { matching == frames }

    /// Counts `outcome`.
    public mutating func add(_ outcome: FrameOutcome) {
        frames += 1
        switch outcome {
        case .match: matching += 1
        case .differ, .sizeDiffers: differing += 1
        case .missing: missing += 1
        case .extra: extra += 1
        case .unreadable: unreadable += 1
        }
    }
}
