import Diagram
import Raster

/// One frame as a sink receives it: its number in the full animation, the
/// scene it shows, and its pixels.
///
/// The canvas is the job's, reused for a later frame once the sink is done
/// with this one: a sink that keeps the pixels past `write` makes the job
/// copy them.
public struct RenderedFrame: Sendable {
    public let index: Int
    public let scene: Scene
    public let canvas: Canvas
    /// Whether the frame draws the same pixels as the one before it in this
    /// pass (``Scene/drawsSame(as:)``); never the first frame a job renders.
    /// A sink that ``FrameSink/takesRepeats`` receives such a frame without
    /// its pixels: its canvas then holds some other frame.
    public let repeatsPrevious: Bool

    public init(index: Int, scene: Scene, canvas: Canvas, repeatsPrevious: Bool = false) {
        self.index = index
        self.scene = scene
        self.canvas = canvas
        self.repeatsPrevious = repeatsPrevious
    }
}
