import Compare
import PNG
import Testing

@Suite struct FrameComparisonTests {
    static func image(_ rgba: [UInt8], width: Int = 2) -> PNGImage {
        PNGImage(width: width, height: rgba.count / 4 / width, pixels: rgba)
    }

    @Test func differencesWithinTheToleranceMatch() {
        let a = Self.image([10, 20, 30, 255, 0, 0, 0, 255])
        let b = Self.image([11, 19, 30, 255, 0, 0, 1, 255])
        let c = FrameComparison(expected: a, actual: b, tolerance: 1)
        #expect(c.differingPixels == 0)
        #expect(c.maxDifference == 1)
        #expect(c.first == nil)
    }

    @Test func aDifferenceBeyondTheToleranceIsCountedWhereItIs() {
        let a = Self.image([10, 20, 30, 255, 0, 0, 0, 255, 5, 5, 5, 255, 7, 7, 7, 255])
        let b = Self.image([10, 20, 30, 255, 0, 0, 9, 255, 5, 5, 5, 255, 7, 7, 2, 255])
        let c = FrameComparison(expected: a, actual: b, tolerance: 1)
        #expect(c.differingPixels == 2)
        #expect(c.maxDifference == 9)
        #expect(c.first == PixelPoint(x: 1, y: 0))
    }

    @Test func alphaIsAChannelLikeTheOthers() {
        let a = Self.image([10, 20, 30, 255, 10, 20, 30, 0])
        let b = Self.image([10, 20, 30, 250, 10, 20, 30, 255])
        let c = FrameComparison(expected: a, actual: b, tolerance: 1)
        #expect(c.differingPixels == 2)
        #expect(c.maxDifference == 255)
    }

    @Test func twoFullyTransparentPixelsMatchWhateverTheirColour() {
        let a = Self.image([10, 20, 30, 0, 0, 0, 0, 0])
        let b = Self.image([99, 0, 0, 0, 0, 0, 0, 0])
        let c = FrameComparison(expected: a, actual: b, tolerance: 0)
        #expect(c.differingPixels == 0)
        #expect(c.maxDifference == 0)
    }

    @Test func theDiffImageIsDifferingPixelsRedOverTheExpectedFadedOverWhite() {
        // Opaque black, transparent, half-transparent black, and a pixel that differs.
        let a = Self.image([0, 0, 0, 255, 40, 40, 40, 0, 0, 0, 0, 128, 0, 0, 0, 255], width: 4)
        let b = Self.image([0, 0, 0, 255, 40, 40, 40, 0, 0, 0, 0, 128, 0, 50, 0, 255], width: 4)
        let diff = FrameComparison(expected: a, actual: b, tolerance: 1).diffImage()
        #expect(diff.width == 4 && diff.height == 1)
        #expect(diff.pixels == [170, 170, 170, 255, 255, 255, 255, 255, 212, 212, 212, 255, 255, 0, 0, 255])
    }
}
