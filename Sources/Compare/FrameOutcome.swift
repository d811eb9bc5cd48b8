import PNG

/// What comparing one frame of EXPECTED with the frame of the same name in
/// ACTUAL found.
public enum FrameOutcome: Equatable, Sendable {
    /// Every pixel is within the tolerance.
    case match
    /// `pixels` pixels differ by more than the tolerance, the worst channel
    /// by `maxDifference`; `first` is the first of them in row order.
    case differ(pixels: Int, maxDifference: Int, first: PixelPoint)
    /// The two images have different sizes, so no pixel is compared.
    case sizeDiffers(expected: PixelSize, actual: PixelSize)
    /// The frame is in EXPECTED but not in ACTUAL.
    case missing
    /// The frame is in ACTUAL but not in EXPECTED.
    case extra
    /// A file of the frame cannot be read or is not a PNG; the error names
    /// it (EXPECTED's when both are at fault).
    case unreadable(PNGError)
}
