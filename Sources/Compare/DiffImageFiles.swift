import PNG

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the images of one failing frame go: its expected image, its actual
/// image and the diff image, and the writing of them.
///
///     let files = DiffImageFiles(folder: "out/frames.diff", frame: "frame_00012.png")
///     // out/frames.diff/frame_00012-expected.png, -actual.png, -diff.png
///     try files.write(FailureImages(expected: e, actual: a, diff: comparison.diffImage()))
public struct DiffImageFiles: Hashable, Sendable {
    public var expected: String
    public var actual: String
    public var diff: String

    public init(expected: String, actual: String, diff: String) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }

    /// `<folder>/<stem>-expected.png`, `<stem>-actual.png` and
    /// `<stem>-diff.png`, where the stem is the last component of `frame`
    /// without its `.png`. The suffixes keep the files of two frames apart
    /// whatever the frames are called.
    public init(folder: String, frame: String) {
        var stem = Substring(frame.split(separator: "/").last ?? Substring(frame))
        if stem.lowercased().hasSuffix(".png"), stem.count > 4 { stem = stem.dropLast(4) }
        self.init(
            expected: FileSystem.join(folder, "\(stem)-expected.png"),
            actual: FileSystem.join(folder, "\(stem)-actual.png"),
            diff: FileSystem.join(folder, "\(stem)-diff.png"))
    }

    /// Writes each image of `images` to its path, and removes an older file
    /// at the path of each image that is nil, so that what is there for the
    /// frame is always this comparison's: a frame that matches now leaves no
    /// images of an earlier failure behind.
    ///
    /// Each image is written atomically (a temporary file beside it, renamed
    /// into place). Only regular files are replaced or removed: anything
    /// else at one of the paths is left alone and named in the error.
    public func write(_ images: FailureImages) throws(CompareError) {
        for (path, image) in [(expected, images.expected), (actual, images.actual), (diff, images.diff)] {
            switch FileSystem.kind(of: path, followingLinks: false) {
            case .missing:
                guard image != nil else { continue }
            case .file:
                break
            case .folder, .other:
                throw .notAFile(path: path)
            case .unknown(let reason):
                throw .cannotWrite(path: path, reason: reason)
            }
            guard let image else {
                if unlink(path) != 0, errno != ENOENT {
                    throw .cannotWrite(path: path, reason: FileSystem.message(errno))
                }
                continue
            }
            do {
                try PNGFile.write(straightRGBA: image.pixels, width: image.width, height: image.height, to: path)
            } catch {
                throw .cannotWrite(path: path, reason: error.reason)
            }
        }
    }
}
