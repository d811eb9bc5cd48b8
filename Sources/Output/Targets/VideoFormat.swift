/// The video formats ffmpeg writes for us.
public enum VideoFormat: String, Sendable, CaseIterable {
    case gif, mp4, webm

    /// Whether the format keeps an alpha channel (GIF's is one bit).
    public var hasAlpha: Bool { self != .mp4 }
}
