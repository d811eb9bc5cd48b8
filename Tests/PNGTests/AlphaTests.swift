import PNG
import Testing

@Suite struct AlphaTests {
    /// Every premultiplied (c, a) pair, as pixels (c, c, c, a).
    static let everyValidPixel: [UInt8] = (0...255).flatMap { a in
        (0...a).flatMap { c in [UInt8(c), UInt8(c), UInt8(c), UInt8(a)] }
    }

    @Test func unpremultiplyRoundsToNearestForEveryValidPair() {
        let straight = unpremultiply(Self.everyValidPixel)
        var wrong: [String] = []
        for i in stride(from: 0, to: straight.count, by: 4) {
            let c = Int(Self.everyValidPixel[i])
            let a = Int(Self.everyValidPixel[i + 3])
            let expected = a == 0 ? 0 : (c * 255 + a / 2) / a
            if Int(straight[i]) != expected || straight[i + 3] != UInt8(a) {
                wrong.append("c \(c) a \(a): \(straight[i]) not \(expected)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, such as \(wrong.prefix(5))")
    }

    @Test func premultiplyUndoesUnpremultiplyExactly() {
        #expect(premultiply(unpremultiply(Self.everyValidPixel)) == Self.everyValidPixel)
    }

    @Test func transparentPixelsBecomeTransparentBlack() {
        #expect(unpremultiply([0, 0, 0, 0, 7, 8, 9, 0]) == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func colourAboveAlphaClampsTo255() {
        #expect(unpremultiply([200, 10, 100, 100]) == [255, 26, 255, 100])
    }

    @Test func opaquePixelsAreUnchanged() {
        #expect(unpremultiply([1, 2, 3, 255, 250, 128, 0, 255]) == [1, 2, 3, 255, 250, 128, 0, 255])
    }

    @Test func emptyInputGivesEmptyOutput() {
        #expect(unpremultiply([]) == [])
    }
}
