import Foundation
import PNG

/// xorshift64*: a small seeded generator, so random canvases are the same on
/// every run.
struct XorShift: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

/// Random premultiplied RGBA8 pixels: every colour channel at most its
/// alpha. With `opaque`, every alpha is 255; otherwise alphas of 0 and 255
/// are as likely as any other, so both fast paths are exercised.
func randomPremultiplied(width: Int, height: Int, opaque: Bool, seed: UInt64) -> [UInt8] {
    var generator = XorShift(seed: seed)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
        let alpha: UInt8
        if opaque {
            alpha = 255
        } else {
            switch UInt8.random(in: 0...9, using: &generator) {
            case 0: alpha = 0
            case 1: alpha = 255
            default: alpha = .random(in: 0...255, using: &generator)
            }
        }
        for c in 0..<3 {
            pixels[i + c] = .random(in: 0...alpha, using: &generator)
        }
        pixels[i + 3] = alpha
    }
    return pixels
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "png-tests-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: created)
    }

    /// The names in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension [UInt8] {
    /// The colour type byte of a PNG's IHDR chunk: 2 is RGB, 6 is RGBA.
    var pngColorType: UInt8 { self[25] }
}
