import Geometry
import Raster

/// Draws a ``Scene`` into a canvas, in the order the scene documents.
public struct FrameRenderer: Sendable {
    public let font: Font

    public init(font: Font) {
        self.font = font
    }

    /// Draws `scene` over the whole of `canvas`, which must be the scene's size.
    public func render(_ scene: Scene, into canvas: inout Canvas) {
        canvas.clear(to: scene.background)
        for e in scene.edges where e.opacity > 0 {
            let line = Path.line(from: Point(e.x1, e.y1), to: Point(e.x2, e.y2))
            canvas.stroke(line, style: StrokeStyle(width: e.width, cap: .round), color: e.color.opacity(e.opacity))
        }
        for n in scene.nodes where n.opacity > 0 && n.radius > 0 {
            let centre = Point(n.x, n.y)
            let disc = Path.circle(center: centre, radius: n.radius)
            canvas.fill(disc, color: n.fill.opacity(n.opacity))
            canvas.stroke(disc, style: StrokeStyle(width: n.strokeWidth), color: n.stroke.opacity(n.opacity))
            if n.fontSize > 0 {
                canvas.draw(
                    text: n.label, at: centre, font: font, size: n.fontSize,
                    color: n.labelColor.opacity(n.opacity), anchor: .center)
            }
        }
        if let h = scene.highlight, h.opacity > 0 {
            let ring = Path.circle(center: Point(h.x, h.y), radius: h.radius)
            canvas.stroke(ring, style: StrokeStyle(width: h.width), color: h.color.opacity(h.opacity))
        }
        if let caption = scene.caption {
            // A long caption on a narrow frame shrinks to keep its margins.
            let style = scene.captionStyle
            let room = Double(scene.width) - 2 * style.x
            let advance = font.measure(caption, size: style.fontSize).advance
            let size = advance > room ? style.fontSize * room / advance : style.fontSize
            canvas.draw(
                text: caption, at: Point(style.x, style.baseline), font: font, size: size,
                color: style.color, anchor: .baselineLeft)
        }
    }
}
