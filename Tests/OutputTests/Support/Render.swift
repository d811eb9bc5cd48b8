import Diagram
import Output
import Rendering
import Raster

/// What the tests share: the renderer, a job over sinks, and the canvases
/// a job should have delivered.
enum Render {
    static func renderer() throws -> FrameRenderer {
        FrameRenderer(font: try Font.default())
    }

    /// Runs `sinks` over `frames` of `source` (all by default).
    @discardableResult
    static func job(
        _ source: MovingCircles, into sinks: [any FrameSink], frames: Range<Int>? = nil, threads: Int = 2,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> RenderSummary {
        var job = RenderJob(source: source, renderer: try renderer(), sinks: sinks)
        job.frames = frames ?? 0..<source.frameCount
        job.threads = threads
        return try job.run(progress: progress, isCancelled: isCancelled)
    }

    /// Frame `index` of `source`, drawn straight into a canvas.
    static func canvas(_ source: MovingCircles, frame index: Int) throws -> Canvas {
        var canvas = Canvas(width: source.width, height: source.height)
        try renderer().render(source.scene(at: index), into: &canvas)
        return canvas
    }
}
