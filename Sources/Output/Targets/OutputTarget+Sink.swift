import Foundation
import PNG

extension OutputTarget {
    /// The sink that writes frames of `frames`' format where this target
    /// says: a ``PNGFolderSink`` with `pngOptions` and `stamp` (see its
    /// init for `replacingOtherFrames`), or an ``FFmpegSink`` that runs the
    /// first `ffmpeg` on the `PATH` of `environment`.
    public func sink(
        frames: FrameFormat, pngOptions: PNGOptions = .default, stamp: FrameStamp? = nil,
        replacingOtherFrames: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(OutputError) -> any FrameSink {
        switch self {
        case .pngFolder(let folder):
            try PNGFolderSink(folder: folder, options: pngOptions, stamp: stamp, replacingOtherFrames: replacingOtherFrames)
        case .video(let path, let format):
            try FFmpegSink(path: path, format: format, frames: frames, environment: environment)
        }
    }
}
