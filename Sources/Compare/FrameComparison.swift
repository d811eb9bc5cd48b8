import PNG

/// How two straight-alpha images of the same size differ, channel by
/// channel, beyond a tolerance. Two pixels that are both fully transparent
/// match whatever their colour bytes say.
public struct FrameComparison: Sendable {
    /// How many pixels have a channel that differs by more than the tolerance.
    public private(set) var differingPixels = 0
    /// The largest difference of any channel of any pixel.
    public private(set) var maxDifference = 0
    /// The first differing pixel in row order.
    public private(set) var first: (x: Int, y: Int)?
    /// One flag a pixel: whether it differs beyond the tolerance.
    public private(set) var differs: [Bool]

    /// - Precondition: the images have the same size.
    public init(expected: PNGImage, actual: PNGImage, tolerance: Int) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        differs = [Bool](repeating: false, count: expected.width * expected.height)
        for pixel in differs.indices {
            let i = pixel * 4
            if expected.pixels[i + 3] == 0 && actual.pixels[i + 3] == 0 { continue }
            var largest = 0
            for c in i..<i + 4 {
                largest = max(largest, abs(Int(expected.pixels[c]) - Int(actual.pixels[c])))
            }
            maxDifference = max(maxDifference, largest)
            if largest > tolerance {
                differs[pixel] = true
                differingPixels += 1
                if first == nil { first = (pixel % expected.width, pixel / expected.width) }
            }
        }
    }

    /// An opaque image of `expected` composited over white and faded, with
    /// every differing pixel pure red.
    public func diffImage(over expected: PNGImage) -> PNGImage {
        var pixels = [UInt8](repeating: 255, count: expected.pixels.count)
        for (pixel, differs) in differs.enumerated() {
            let i = pixel * 4
            if differs {
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (255, 0, 0)
                continue
            }
            let alpha = Int(expected.pixels[i + 3])
            for c in i..<i + 3 {
                let overWhite = (Int(expected.pixels[c]) * alpha + 255 * (255 - alpha) + 127) / 255
                pixels[c] = UInt8((overWhite + 2 * 255) / 3)
            }
        }
        return PNGImage(width: expected.width, height: expected.height, pixels: pixels)
    }
}
