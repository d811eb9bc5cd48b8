/// The video formats ffmpeg writes for us.
public enum VideoFormat: String, Sendable, CaseIterable {
    case gif, mp4, webm, apng, webp

    /// What messages call it: `GIF`, `WebM`.
    public var name: String {
        switch self {
        case .gif, .mp4, .apng: rawValue.uppercased()
        case .webm: "WebM"
        case .webp: "WebP"
        }
    }

    /// Whether the format keeps an alpha channel (GIF's is one bit).
    public var hasAlpha: Bool { self != .mp4 }

    /// Whether the format says how many times it plays: the animated image
    /// formats do, videos leave that to their player.
    public var loops: Bool { self == .gif || self == .apng || self == .webp }

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
        case .webm, .apng, .webp:
            break
        }
    }
}

/// How many times an animated image plays: `--loop forever|once|N`.
public enum LoopCount: Sendable, Equatable, CustomStringConvertible {
    case forever
    /// Plays this many times in all, 1 or more.
    case times(Int)

    public static let once = LoopCount.times(1)

    /// Reads `forever`, `once` or a count of plays from 1 to 65535 (what a
    /// GIF's loop field holds); nil otherwise.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "forever", "infinite", "0": self = .forever
        case "once": self = .once
        default:
            guard let n = Int(text), (1...65_535).contains(n) else { return nil }
            self = .times(n)
        }
    }

    public var description: String {
        switch self {
        case .forever: "forever"
        case .times(1): "once"
        case .times(let n): "\(n) times"
        }
    }
}
