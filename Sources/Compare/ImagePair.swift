import PNG

/// One frame to compare: the PNG file of that name in EXPECTED, in ACTUAL,
/// or in both.
public struct ImagePair: Hashable, Sendable {
    /// The name the report gives the frame.
    public var name: String
    public var expected: String?
    public var actual: String?

    /// - Precondition: at least one of `expected` and `actual` is given.
    public init(name: String, expected: String?, actual: String?) {
        precondition(expected != nil || actual != nil, "a frame is in EXPECTED, in ACTUAL or in both")
        self.name = name
        self.expected = expected
        self.actual = actual
    }

    /// Reads and compares the two files, pixels only: metadata such as
    /// treeanim's `tEXt` stamp is ignored, and so is how the pixels are
    /// stored (colour type, bit depth, interlacing, compression).
    ///
    /// Also gives the images a person needs to see a failure: a frame that
    /// is missing or extra has its one image, a frame that cannot be read
    /// has the image that could, and one that differs has both and, when
    /// they have the same size, the diff image.
    public func compare(tolerance: Int) -> (outcome: FrameOutcome, images: FailureImages) {
        guard let expectedPath = expected else {
            return (.extra, FailureImages(actual: actual.flatMap(Self.readIfPossible)))
        }
        guard let actualPath = actual else {
            return (.missing, FailureImages(expected: Self.readIfPossible(expectedPath)))
        }
        let expectedImage: PNGImage, actualImage: PNGImage
        do {
            expectedImage = try PNGFile.read(expectedPath)
        } catch {
            return (.unreadable(error), FailureImages(actual: Self.readIfPossible(actualPath)))
        }
        do {
            actualImage = try PNGFile.read(actualPath)
        } catch {
            return (.unreadable(error), FailureImages(expected: expectedImage))
        }
        let expectedSize = PixelSize(width: expectedImage.width, height: expectedImage.height)
        let actualSize = PixelSize(width: actualImage.width, height: actualImage.height)
        guard expectedSize == actualSize else {
            return (
                .sizeDiffers(expected: expectedSize, actual: actualSize),
                FailureImages(expected: expectedImage, actual: actualImage)
            )
        }
        let comparison = FrameComparison(expected: expectedImage, actual: actualImage, tolerance: tolerance)
        guard let first = comparison.first else { return (.match, FailureImages()) }
        return (
            .differ(pixels: comparison.differingPixels, maxDifference: comparison.maxDifference, first: first),
            FailureImages(expected: expectedImage, actual: actualImage, diff: comparison.diffImage())
        )
    }

    /// The image at `path` when it can be shown; the outcome already says
    /// what is wrong with the frame, so a second failure adds nothing.
    private static func readIfPossible(_ path: String) -> PNGImage? {
        try? PNGFile.read(path)
    }
}
