/// The video formats ffmpeg writes for us.
public enum VideoFormat: String, Sendable, CaseIterable {
    case gif, mp4, webm

    /// Whether the format keeps an alpha channel (GIF's is one bit).
    public var hasAlpha: Bool { self != .mp4 }

    /// The fastest frame rate a GIF plays at: its delays are whole
    /// hundredths of a second, and browsers slow anything under two of them
    /// down to ten.
    public static let gifMaxFPS = 50.0

    /// Checks that frames of `frames`' format can be written as this format
    /// to `path`: the one place these rules live, for the sink and for the
    /// command line's early check alike.
    public func check(_ frames: FrameFormat, path: String) throws(OutputError) {
        switch self {
        case .mp4:
            guard !frames.transparent else { throw .transparentMP4(path: path) }
            guard frames.width % 2 == 0, frames.height % 2 == 0 else {
                throw .oddSizeForMP4(path: path, width: frames.width, height: frames.height)
            }
        case .gif:
            guard frames.fps <= Self.gifMaxFPS else { throw .gifTooFast(path: path, fps: frames.fps) }
        case .webm:
            break
        }
    }
}
