import PNG

/// The images a person needs to see why a frame failed: each of its two
/// images that could be read, and the diff image when both were read and
/// have the same size. All nil for a frame that matches.
public struct FailureImages: Sendable {
    public var expected: PNGImage?
    public var actual: PNGImage?
    /// ``FrameComparison/diffImage()``: differing pixels red over the faded
    /// expected image.
    public var diff: PNGImage?

    public init(expected: PNGImage? = nil, actual: PNGImage? = nil, diff: PNGImage? = nil) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }

    /// Whether there is no image to write.
    public var isEmpty: Bool { expected == nil && actual == nil && diff == nil }
}
