import Diagram
import Output
import Raster

/// One frame in flight: a canvas reused from chunk to chunk, and the frame
/// last rendered into it.
final class FrameSlot: @unchecked Sendable {
    // @unchecked: a slot is touched by one worker while its chunk renders,
    // then by the writer; the job's semaphore orders the two.
    var canvas: Canvas
    var index = 0
    var scene: Scene
    /// Whether the frame draws as the one before it.
    var repeats = false

    init(width: Int, height: Int) {
        canvas = Canvas(width: width, height: height)
        // Never read: every slot renders before the writer sees it.
        scene = Scene(
            frame: 0, time: 0, step: 0, width: width, height: height, background: .clear, caption: nil,
            captionStyle: CaptionStyle(x: 0, baseline: 0, fontSize: 0, color: .clear))
    }

    /// The frame as sinks see it. Sinks get a copy of the canvas, so one
    /// that outlives `prepare` or `write` would make the next render copy
    /// the pixels; none does.
    var frame: RenderedFrame {
        RenderedFrame(index: index, scene: scene, canvas: canvas, repeatsPrevious: repeats)
    }

    /// The slots of `plan`: its sets of a chunk each.
    static func sets(width: Int, height: Int, plan: CanvasPlan) -> [[FrameSlot]] {
        (0..<plan.sets).map { _ in (0..<plan.chunk).map { _ in FrameSlot(width: width, height: height) } }
    }
}
