import Geometry
import Trees

/// The fixed geometry of a frame size: margins, the caption band, the
/// viewport the tree is fitted into, and how large a node may grow.
struct FrameGeometry: Sendable {
    let viewport: Rect
    let caption: (x: Double, baseline: Double, fontSize: Double)
    /// The largest zoom: a node's radius never exceeds about 5.5% of the
    /// frame's shorter side, so a three-node tree does not fill a slide.
    let maxZoom: Double

    init(options: StoryboardOptions) {
        let w = Double(options.width), h = Double(options.height)
        let short = min(w, h)
        let margin = (short * 0.05).rounded()
        let fontSize = max(10, (short * 0.042).rounded())
        let band = options.captions ? fontSize * 1.6 : 0
        caption = (margin, margin + fontSize * 0.95, fontSize)
        viewport = Rect(x: margin, y: margin + band, width: w - 2 * margin, height: h - 2 * margin - band)
        maxZoom = short * 0.055 / World.nodeRadius
    }

    /// The camera that shows every node of a layout and the `extras` (where
    /// the next key will go), with room for the ring around each.
    /// - Precondition: `extras` is not empty.
    func camera(fitting positions: [NodeID: Point], extras: [Point]) -> Camera {
        // Sorted so the bounds do not depend on dictionary order.
        let points = positions.sorted { $0.key < $1.key }.map(\.value) + extras
        let pad = World.nodeRadius * World.ringScale + 0.1
        // Never nil: the precondition gives at least one point.
        let bounds = Rect(bounding: points)!
        return Camera.fitting(bounds.insetBy(dx: -pad, dy: -pad), in: viewport, maxZoom: maxZoom)
    }
}
