import Output
/// What a finished ``RenderJob`` made.
public struct RenderSummary: Sendable, Equatable {
    /// The frames rendered (a GIF's twice, but counted once).
    public var frames: Int
    /// Each sink's output, in the order of the job's sinks.
    public var outputs: [WrittenOutput]
}
