import Geometry

/// The fixed geometry of a frame size: margins, the caption band, the
/// viewport the diagram is fitted into, and how large a layout unit may
/// grow.
struct FrameGeometry: Sendable {
    let width: Double
    let height: Double
    let viewport: Rect
    let caption: (x: Double, baseline: Double, fontSize: Double)
    let maxZoom: Double
    let padding: Double
    /// The code panel's box and text size, when the script shows code.
    let code: (frame: Rect, fontSize: Double)?
    /// The gap the camera keeps round the code panel (half a margin), when
    /// the panel stands over a corner of the viewport (the drawing's room)
    /// rather than beside it; nil when it need keep none.
    let clearance: Double?

    init(settings: FrameSettings, camera: CameraOptions, code room: CodeRoom? = nil) {
        let w = Double(settings.width), h = Double(settings.height)
        width = w
        height = h
        // The stage's furniture, in whole pixels.
        var stage = Stage(settings)
        stage.code = room
        let margin = stage.marginPixels, fontSize = stage.captionPixels
        caption = (margin, margin + fontSize * 0.95, fontSize)
        viewport = stage.pixelViewport(bottomBand: camera.bottomBand)
        code = stage.codePanel(bottomBand: camera.bottomBand)
        let view = viewport
        clearance = code.flatMap { view.intersects($0.frame) ? (stage.marginPixels / 2).rounded() : nil }
        let short = min(w, h)
        maxZoom = short * camera.maxUnit
        padding = camera.padding
    }

    var shortSide: Double { min(width, height) }

    /// The panel's box as it shows `listing`: as tall as its lines need,
    /// at most the panel's (which fits the longest listing the script
    /// shows), kept against the frame's edge the panel stands on (its
    /// bottom for a panel in a lower corner or along the bottom, else its
    /// top), so that a shorter listing leaves the drawing more room.
    func panel(showing listing: CodeListing?) -> (frame: Rect, fontSize: Double)? {
        guard let code else { return nil }
        guard let listing else { return code }
        let rows = Double(listing.lines.count + 1)
        let height = min(code.frame.height, ((rows * Stage.codeLineHeight + 1.2) * code.fontSize).rounded(.up))
        let low = code.frame.center.y > viewport.center.y
        let frame = code.frame
        return (Rect(x: frame.minX, y: low ? frame.maxY - height : frame.minY, width: frame.width, height: height), code.fontSize)
    }

    /// The panel showing `listing`, with a gap round it, when it stands
    /// over a corner of the viewport (``clearance``): what the camera keeps
    /// the drawing clear of.
    func obstacle(showing listing: CodeListing?) -> Rect? {
        guard let clearance, let panel = panel(showing: listing) else { return nil }
        return panel.frame.insetBy(dx: -clearance, dy: -clearance)
    }

    /// The camera that shows all of `region` (layout units) with the
    /// padding round it, and keeps each of `boxes` (the elements in it)
    /// clear of `obstacle`, the panel over the viewport's corner: the
    /// plain fit where that covers none of them; else the fit set smaller,
    /// a hundredth at a time, first where it stands, then pushed away from
    /// the panel across, down or both, until none is under it (down to
    /// half the plain fit's zoom; the plain fit past that).
    func camera(fitting region: Rect, clearing boxes: [Rect], of obstacle: Rect?) -> Camera {
        let fit = camera(fitting: region)
        guard let obstacle, !boxes.isEmpty, covers(fit, boxes, obstacle) else { return fit }
        let world = region.insetBy(dx: -padding, dy: -padding), v = viewport
        let left = obstacle.center.x > v.center.x, up = obstacle.center.y > v.center.y
        for percent in stride(from: 99, through: 50, by: -1) {
            let zoom = fit.zoom * Double(percent) / 100
            let w = world.width * zoom, h = world.height * zoom
            // Where the region's box stands: centred as the plain fit is,
            // or against the viewport's side away from the panel.
            let xs = [v.center.x - w / 2, left ? v.minX : v.maxX - w], ys = [v.center.y - h / 2, up ? v.minY : v.maxY - h]
            for (x, y) in [(xs[0], ys[0]), (xs[1], ys[0]), (xs[0], ys[1]), (xs[1], ys[1])] {
                let camera = Camera(center: Point(world.minX - (x - v.center.x) / zoom, world.minY - (y - v.center.y) / zoom), zoom: zoom)
                if !covers(camera, boxes, obstacle) { return camera }
            }
        }
        return fit
    }

    /// Whether `camera` puts any of `boxes` (layout units) under
    /// `obstacle` (pixels).
    func covers(_ camera: Camera, _ boxes: [Rect], _ obstacle: Rect?) -> Bool {
        guard let obstacle else { return false }
        let c = viewport.center
        return boxes.contains { b in
            obstacle.intersects(
                Rect(
                    x: (b.minX - camera.center.x) * camera.zoom + c.x, y: (b.minY - camera.center.y) * camera.zoom + c.y,
                    width: b.width * camera.zoom, height: b.height * camera.zoom))
        }
    }

    /// The camera that shows all of `region` (layout units) with the
    /// padding around it.
    func camera(fitting region: Rect) -> Camera {
        Camera.fitting(region.insetBy(dx: -padding, dy: -padding), in: viewport, maxZoom: maxZoom)
    }
}

extension FrameGeometry {
    /// The region of the world, in layout units, that `camera` shows in the
    /// viewport.
    func visibleRegion(of camera: Camera) -> Rect {
        let w = viewport.width / camera.zoom, h = viewport.height / camera.zoom
        return Rect(x: camera.center.x - w / 2, y: camera.center.y - h / 2, width: w, height: h)
    }
}

extension Rect {
    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
