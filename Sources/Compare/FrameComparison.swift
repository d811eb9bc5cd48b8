import PNG

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How two straight-alpha images of the same size differ, channel by
/// channel, beyond a tolerance.
///
/// A pixel differs when any of its four channels (alpha included) differs
/// by more than the tolerance, except that two pixels that are both fully
/// transparent match whatever their colour bytes say: they look the same.
///
///     let comparison = FrameComparison(expected: golden, actual: frame, tolerance: 1)
///     if let first = comparison.first { print("\(comparison.differingPixels) differ, first at \(first)") }
///
/// - Complexity: O(*n*) in the number of pixels, to compare and to draw the
///   diff image.
public struct FrameComparison: Sendable {
    /// How many pixels differ by more than the tolerance.
    public private(set) var differingPixels = 0
    /// The largest difference of any channel of any pixel that is not
    /// transparent in both images, within the tolerance or not.
    public private(set) var maxDifference = 0
    /// The first differing pixel in row order; nil when the images match.
    public private(set) var first: PixelPoint?
    /// The largest difference a channel may have and still match, 0...255.
    public let tolerance: Int
    // Kept for the diff image, which most comparisons never draw; arrays
    // share their storage, so keeping them copies nothing.
    private let expected: PNGImage
    private let actual: PNGImage

    /// - Precondition: the images have the same size, and each has the
    ///   `width * height * 4` bytes `PNGImage` promises.
    public init(expected: PNGImage, actual: PNGImage, tolerance: Int) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        precondition(expected.pixels.count == expected.width * expected.height * 4)
        precondition(actual.pixels.count == expected.pixels.count)
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        let rowBytes = expected.width * 4
        let (differing, largest, first) = expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                var differing = 0, largest = 0
                var first: Int?
                guard rowBytes > 0, let eBase = e.baseAddress, let aBase = a.baseAddress else { return (0, 0, first) }
                for rowStart in stride(from: 0, to: e.count, by: rowBytes) {
                    // Most rows of a frame are equal: memcmp settles them at
                    // memory speed, in a debug build too.
                    if memcmp(eBase + rowStart, aBase + rowStart, rowBytes) == 0 { continue }
                    for offset in stride(from: rowStart, to: rowStart + rowBytes, by: 4) {
                        let difference = Self.difference(e, a, at: offset)
                        largest = max(largest, difference)
                        if difference > tolerance {
                            differing += 1
                            if first == nil { first = offset / 4 }
                        }
                    }
                }
                return (differing, largest, first)
            }
        }
        differingPixels = differing
        maxDifference = largest
        self.first = first.map { PixelPoint(x: $0 % expected.width, y: $0 / expected.width) }
    }

    /// An opaque image of the expected image composited over white and
    /// faded to a third of its contrast, with every differing pixel pure
    /// red, so the differences stand out where they are.
    public func diffImage() -> PNGImage {
        var pixels = [UInt8](repeating: 255, count: expected.pixels.count)
        expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                for offset in stride(from: 0, to: e.count, by: 4) {
                    if Self.difference(e, a, at: offset) > tolerance {
                        (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = (255, 0, 0)
                        continue
                    }
                    let alpha = Int(e[offset + 3])
                    for c in offset..<offset + 3 {
                        let overWhite = (Int(e[c]) * alpha + 255 * (255 - alpha) + 127) / 255
                        pixels[c] = UInt8((overWhite + 2 * 255) / 3)
                    }
                }
            }
        }
        return PNGImage(width: expected.width, height: expected.height, pixels: pixels)
    }

    /// The largest channel difference of the pixels at `offset`, or 0 when
    /// both are fully transparent.
    private static func difference(_ e: UnsafeRawBufferPointer, _ a: UnsafeRawBufferPointer, at offset: Int) -> Int {
        if e[offset + 3] == 0 && a[offset + 3] == 0 { return 0 }
        var largest = 0
        for c in offset..<offset + 4 {
            largest = max(largest, abs(Int(e[c]) - Int(a[c])))
        }
        return largest
    }
}
