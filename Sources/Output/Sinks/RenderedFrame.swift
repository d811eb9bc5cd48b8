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
}
