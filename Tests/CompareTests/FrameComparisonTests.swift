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
    }

    @Test func aDifferenceBeyondTheToleranceIsCountedWhereItIs() {
        let a = Self.image([10, 20, 30, 255, 0, 0, 0, 255])
        let b = Self.image([10, 20, 30, 255, 0, 0, 9, 255])
        let c = FrameComparison(expected: a, actual: b, tolerance: 1)
        #expect(c.differingPixels == 1)
        #expect(c.maxDifference == 9)
        #expect(c.first?.x == 1 && c.first?.y == 0)
        #expect(c.diffImage(over: a).pixels[4..<8] == [255, 0, 0, 255])
    }

    @Test func twoFullyTransparentPixelsMatchWhateverTheirColour() {
        let a = Self.image([10, 20, 30, 0, 0, 0, 0, 0])
        let b = Self.image([99, 0, 0, 0, 0, 0, 0, 0])
        #expect(FrameComparison(expected: a, actual: b, tolerance: 0).differingPixels == 0)
    }
}
