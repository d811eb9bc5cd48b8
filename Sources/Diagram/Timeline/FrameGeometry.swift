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
        let short = min(w, h)
        maxZoom = short * camera.maxUnit
        padding = camera.padding
    }

    var shortSide: Double { min(width, height) }

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
