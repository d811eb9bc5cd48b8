import Foundation
import PNG

/// Two folders of small PNG frames in a fresh temporary folder, `expected`
/// and `actual`, for comparisons to read.
struct Frames {
    let root: String
    var expected: String { root + "/expected" }
    var actual: String { root + "/actual" }
    var diffs: String { root + "/diffs" }

    static let width = 6
    static let height = 4

    init() throws {
        var template = Array((NSTemporaryDirectory() + "compare-tests-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        root = String(cString: created)
        for folder in [expected, actual] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// An opaque frame whose pixels depend on `seed`: every channel differs
    /// from every other frame's somewhere.
    static func image(seed: Int, width: Int = width, height: Int = height) -> PNGImage {
        var pixels = [UInt8]()
        for i in 0..<(width * height) {
            pixels += [UInt8((i * 37 + seed * 11) % 200), UInt8((i * 13 + seed * 7) % 200), UInt8((i * 5 + seed) % 200), 255]
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    /// `image` with the channels of pixel (x, y) raised by `amount`.
    static func nudged(_ image: PNGImage, x: Int, y: Int, by amount: UInt8) -> PNGImage {
        var changed = image
        let i = (y * image.width + x) * 4
        for c in i..<i + 3 { changed.pixels[c] += amount }
        return changed
    }

    func write(_ image: PNGImage, to path: String, options: PNGOptions = .default) throws {
        try PNGFile.write(straightRGBA: image.pixels, width: image.width, height: image.height, to: path, options: options)
    }

    /// Writes `image` as `name` into the expected folder, the actual one, or both.
    func put(_ name: String, _ image: PNGImage, expected inExpected: Bool = true, actual inActual: Bool = true) throws {
        if inExpected { try write(image, to: "\(expected)/\(name)") }
        if inActual { try write(image, to: "\(actual)/\(name)") }
    }

    /// The names in `folder`, hidden ones included, sorted; empty when it
    /// does not exist.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
