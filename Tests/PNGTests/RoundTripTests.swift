import PNG
import Testing
import TestSupport

@Suite struct RoundTripTests {
    static let sizes = [(1, 1), (1, 31), (17, 1), (3, 5), (257, 129), (640, 360)]

    @Test(arguments: sizes, [false, true])
    func randomCanvasDecodesToItsStraightPixels(size: (Int, Int), opaque: Bool) throws {
        let (width, height) = size
        let pixels = randomPremultiplied(width: width, height: height, opaque: opaque, seed: UInt64(width * 1000 + height))
        let png = try PNGFile.encode(premultipliedRGBA: pixels, width: width, height: height)
        let image = try PNGFile.decode(png)
        #expect(image == PNGImage(width: width, height: height, pixels: unpremultiply(pixels)))
        #expect(premultiply(image.pixels) == pixels)
    }

    @Test func opaqueFramesAreStoredAsRGBAndTranslucentOnesAsRGBA() throws {
        var pixels = randomPremultiplied(width: 9, height: 4, opaque: true, seed: 7)
        #expect(try PNGFile.encode(premultipliedRGBA: pixels, width: 9, height: 4).pngColorType == 2)
        pixels[pixels.count - 1] = 254
        #expect(try PNGFile.encode(premultipliedRGBA: pixels, width: 9, height: 4).pngColorType == 6)
    }

    @Test func straightPixelsRoundTripUnchanged() throws {
        var generator = XorShift(seed: 11)
        let pixels = (0..<(33 * 7 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let png = try PNGFile.encode(straightRGBA: pixels, width: 33, height: 7)
        #expect(try PNGFile.decode(png) == PNGImage(width: 33, height: 7, pixels: pixels))
    }

    @Test(.tags(.bulk)) func a4096Square() throws {
        let side = 4096
        // Each row is a different window on one random strip: random enough
        // to defeat deflate, and cheap to build in a debug build.
        let strip = randomPremultiplied(width: 2 * side, height: 1, opaque: false, seed: 4096)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for y in 0..<side {
            pixels += strip[(y * 4)..<((y + side) * 4)]
        }
        let image = try PNGFile.decode(try PNGFile.encode(premultipliedRGBA: pixels, width: side, height: side))
        #expect(image.width == side && image.height == side)
        #expect(image.pixels == unpremultiply(pixels))
    }

    @Test(arguments: PNGFilter.allCases)
    func everyOptionCombinationDecodesClean(filter: PNGFilter) throws {
        let translucent = randomPremultiplied(width: 37, height: 23, opaque: false, seed: 37)
        let opaque = randomPremultiplied(width: 37, height: 23, opaque: true, seed: 23)
        for level in PNGOptions.levels {
            for strategy in PNGStrategy.allCases {
                let options = PNGOptions(level: level, filter: filter, strategy: strategy)
                for pixels in [translucent, opaque] {
                    let png = try PNGFile.encode(premultipliedRGBA: pixels, width: 37, height: 23, options: options)
                    #expect(try PNGFile.decode(png).pixels == unpremultiply(pixels), "\(options)")
                }
            }
        }
    }

    @Test func theSameInputGivesTheSameBytesOnEveryThread() async throws {
        let pixels = randomPremultiplied(width: 200, height: 100, opaque: false, seed: 200)
        let reference = try PNGFile.encode(premultipliedRGBA: pixels, width: 200, height: 100)
        let encodings = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 {
                group.addTask { try PNGFile.encode(premultipliedRGBA: pixels, width: 200, height: 100) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(encodings.allSatisfy { $0 == reference })
    }

    @Test func levelZeroStoresAndLevelNineCompresses() throws {
        let white = [UInt8](repeating: 255, count: 64 * 64 * 4)
        let stored = try PNGFile.encode(premultipliedRGBA: white, width: 64, height: 64, options: .init(level: 0))
        let compressed = try PNGFile.encode(premultipliedRGBA: white, width: 64, height: 64, options: .init(level: 9))
        #expect(stored.count > 64 * 64 * 3)
        #expect(compressed.count < 200)
    }
}
