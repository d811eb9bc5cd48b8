import PNG
import Raster
import Testing

/// Checks a rendered canvas against the golden PNG
/// `<folder of filePath>/Goldens/<name>.png`, pixel by pixel in straight
/// RGBA, allowing each channel to differ by `tolerance`.
///
///     assertFrame(canvas, matches: "three-nodes")
///
/// On a mismatch it records an issue saying how many pixels differ and by
/// how much, and writes the actual frame, the golden and a diff image (the
/// changed pixels in red over a faded golden) to a folder it names.
/// A missing golden fails with a message saying how to record it.
/// `TREEANIM_RECORD_GOLDENS=1` re-records every golden it reaches and
/// fails, so a recording run is never mistaken for a passing one; with
/// `CI=true` it refuses to record.
public func assertFrame(
    _ canvas: Canvas, matches name: String, tolerance: Int = 1,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    assertFrame(
        premultipliedRGBA: canvas.pixels, width: canvas.width, height: canvas.height, matches: name,
        tolerance: tolerance, filePath: filePath, sourceLocation: sourceLocation)
}

/// `assertFrame(_:matches:...)` for premultiplied RGBA8 pixels in the canvas
/// layout that did not come from a `Canvas`.
public func assertFrame(
    premultipliedRGBA pixels: [UInt8], width: Int, height: Int, matches name: String,
    tolerance: Int = 1, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard pixels.count == width * height * 4 else {
        Issue.record("\(pixels.count) bytes do not make \(width)×\(height) RGBA8 pixels", sourceLocation: sourceLocation)
        return
    }
    let image = PNGImage(width: width, height: height, pixels: unpremultiply(pixels))
    assertFrame(image, matches: name, tolerance: tolerance, filePath: filePath, sourceLocation: sourceLocation)
}

/// `assertFrame(_:matches:...)` for straight-alpha pixels, such as a decoded
/// PNG or a frame read back from ffmpeg.
public func assertFrame(
    _ image: PNGImage, matches name: String, tolerance: Int = 1,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let golden = GoldenFrame(name: name, folder: goldensDirectory(for: filePath))
    if let failure = golden.check(image, tolerance: tolerance, settings: .fromEnvironment) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
