import Diagram

/// The size, rate and alpha of the frames a sink will receive: what an
/// encoder must be told before the first frame.
public struct FrameFormat: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Frames per second.
    public var fps: Double
    /// Whether frames have a transparent background, so alpha must be kept.
    public var transparent: Bool

    public init(width: Int, height: Int, fps: Double, transparent: Bool) {
        self.width = width
        self.height = height
        self.fps = fps
        self.transparent = transparent
    }

    /// The format of `source`'s frames.
    public init(_ source: some FrameSource) {
        self.init(width: source.width, height: source.height, fps: source.fps, transparent: source.transparent)
    }
}
