import PNG
import Testing

/// Builds small PNGs of every colour type by hand (stored deflate blocks,
/// real CRCs), so decoding is checked against files no encoder of ours made.
enum HandMadePNG {
    static func make(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaced: Bool = false,
        extraChunks: [(String, [UInt8])] = [], rows: [[UInt8]]
    ) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
            + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        png += chunk("IHDR", header)
        for (type, data) in extraChunks { png += chunk(type, data) }
        png += chunk("IDAT", zlibStored(rows.flatMap { [0] + $0 }))
        png += chunk("IEND", [])
        return png
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        var stream: [UInt8] = [0x78, 0x01, 1, UInt8(length & 0xFF), UInt8(length >> 8)]
        stream += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
        stream += data
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return stream + bigEndian(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

@Suite struct DecodeTests {
    @Test func grey8BecomesOpaqueRGB() throws {
        let png = HandMadePNG.make(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[10, 200]])
        #expect(try PNGFile.decode(png).pixels == [10, 10, 10, 255, 200, 200, 200, 255])
    }

    @Test func grey1BitExpandsToFullRange() throws {
        let png = HandMadePNG.make(width: 3, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000]])
        #expect(try PNGFile.decode(png).pixels == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
    }

    @Test func greyWithAlphaKeepsAlpha() throws {
        let png = HandMadePNG.make(width: 1, height: 1, bitDepth: 8, colorType: 4, rows: [[90, 30]])
        #expect(try PNGFile.decode(png).pixels == [90, 90, 90, 30])
    }

    @Test func paletteWithTransparencyExpands() throws {
        let png = HandMadePNG.make(
            width: 2, height: 1, bitDepth: 8, colorType: 3,
            extraChunks: [("PLTE", [255, 0, 0, 0, 0, 255]), ("tRNS", [128])], rows: [[0, 1]])
        #expect(try PNGFile.decode(png).pixels == [255, 0, 0, 128, 0, 0, 255, 255])
    }

    @Test func sixteenBitSamplesRoundTo8Bits() throws {
        let png = HandMadePNG.make(
            width: 1, height: 1, bitDepth: 16, colorType: 6, rows: [[0xFF, 0xFF, 0x80, 0x80, 0x00, 0x7F, 0x12, 0x34]])
        #expect(try PNGFile.decode(png).pixels == [255, 128, 0, 18])
    }

    @Test func interlacedImagesDecode() throws {
        let png = HandMadePNG.make(width: 1, height: 1, bitDepth: 8, colorType: 2, interlaced: true, rows: [[1, 2, 3]])
        #expect(try PNGFile.decode(png) == PNGImage(width: 1, height: 1, pixels: [1, 2, 3, 255]))
    }

    @Test func theHandMadeEncoderAgreesWithLibpng() throws {
        let png = HandMadePNG.make(width: 2, height: 2, bitDepth: 8, colorType: 6, rows: [[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16]])
        #expect(try PNGFile.decode(png).pixels == Array(1...16))
    }

    @Test func dataThatIsNotAPNGIsRejected() {
        #expect(throws: PNGError(.decode, reason: "not a PNG file")) { try PNGFile.decode(Array("hello, world".utf8)) }
        #expect(throws: PNGError(.decode, reason: "not a PNG file")) { try PNGFile.decode([]) }
    }

    @Test func aTruncatedPNGIsRejected() throws {
        let png = try PNGFile.encode(premultipliedRGBA: randomPremultiplied(width: 20, height: 20, opaque: true, seed: 1), width: 20, height: 20)
        #expect(throws: PNGError(.decode, reason: "PNG data ends early")) { try PNGFile.decode(Array(png.prefix(png.count / 2))) }
    }

    @Test func aCorruptedChunkIsRejectedWithLibpngsReason() throws {
        var png = try PNGFile.encode(premultipliedRGBA: randomPremultiplied(width: 20, height: 20, opaque: true, seed: 2), width: 20, height: 20)
        png[45] ^= 0xFF
        let error = #expect(throws: PNGError.self) { try PNGFile.decode(png) }
        #expect(error?.description.hasPrefix("cannot decode PNG: ") == true)
        #expect(error?.reason.isEmpty == false)
    }

    @Test func damagedPNGsAreRejectedOrDecodedButNeverCrash() throws {
        var generator = XorShift(seed: 99)
        let pixels = randomPremultiplied(width: 24, height: 16, opaque: false, seed: 3)
        let png = try PNGFile.encode(premultipliedRGBA: pixels, width: 24, height: 16)
        var rejected = 0
        for _ in 0..<300 {
            var damaged = png
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= .random(in: 1...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                damaged.removeLast(Int.random(in: 0..<damaged.count, using: &generator))
            }
            do {
                let image = try PNGFile.decode(damaged)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                rejected += 1
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(rejected > 0)
    }
}
