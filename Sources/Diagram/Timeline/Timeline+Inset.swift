import Geometry
import Raster

extension Timeline {
    /// The overview inset of a frame whose camera shows `cam`: the script's
    /// ``Script/overview`` region drawn small in the viewport's lower right
    /// corner, with `nodes` and `edges` (the frame's, in pixels) as boxes
    /// and hairlines and the camera's view as a rectangle. It fades in as
    /// the view closes in from 60% of the region's area to 35%, so a
    /// camera that stands back to show it all has none.
    func inset(camera cam: Camera, nodes: [NodeState], edges: [EdgeState]) -> InsetState? {
        guard let overview, overview.width > 0 || overview.height > 0 else { return nil }
        let view = geometry.visibleRegion(of: cam)
        let ow = max(overview.width, 1e-9), oh = max(overview.height, 1e-9)
        // The share of the region's area in view, about.
        let shown = min(view.width / ow, 1) * min(view.height / oh, 1)
        let opacity = min(max((0.6 - shown) / 0.25, 0), 1)
        guard opacity > 0 else { return nil }
        // At most a quarter of the viewport's width and under a third of its
        // height, in the overview's shape, inside a little padding.
        let vp = geometry.viewport
        let pad = max(3, (0.008 * geometry.shortSide).rounded())
        let s = min((0.26 * vp.width - 2 * pad) / ow, (0.3 * vp.height - 2 * pad) / oh)
        // A region far wider than tall (a family of few generations) or far
        // taller than wide is stretched across, up to four times, so that
        // the inset is not a hairline: a map, not a picture.
        let least = 0.12 * min(vp.width, vp.height)
        let sx = ow * s < least ? min(least / ow, 4 * s) : s
        let sy = oh * s < least ? min(least / oh, 4 * s) : s
        let w = (ow * sx + 2 * pad).rounded(), h = (oh * sy + 2 * pad).rounded()
        let frame = Rect(x: vp.maxX - w, y: vp.maxY - h, width: w, height: h)
        let inner = frame.insetBy(dx: pad, dy: pad)
        let vc = vp.center, zoom = cam.zoom
        // A pixel of the frame, to the world, to the inset.
        func place(_ p: Point) -> Point {
            Point(
                inner.minX + ((p.x - vc.x) / zoom + cam.center.x - overview.minX) * sx,
                inner.minY + ((p.y - vc.y) / zoom + cam.center.y - overview.minY) * sy)
        }
        let theme = settings.theme
        let boxes = nodes.compactMap { n -> InsetBox? in
            guard n.opacity > 0.5, n.role != Role.ghost.name else { return nil }
            let c = place(Point(n.x, n.y))
            let bw = max(n.w / zoom * sx, 1.5), bh = max(n.h / zoom * sy, 1.5)
            let r = Rect(x: c.x - bw / 2, y: c.y - bh / 2, width: bw, height: bh)
            guard frame.contains(r) else { return nil }
            // The outline's colour: a pale fill would not show at this size.
            return InsetBox(rect: r, color: n.stroke.opacity(1))
        }
        let lines = edges.compactMap { e -> InsetLine? in
            guard e.opacity > 0.5 else { return nil }
            let a = place(Point(e.x1, e.y1)), b = place(Point(e.x2, e.y2))
            guard frame.contains(a), frame.contains(b) else { return nil }
            return InsetLine(from: a, to: b)
        }
        let corner = place(vp.origin), far = place(Point(vp.maxX, vp.maxY))
        let seen = Rect(x: corner.x, y: corner.y, width: far.x - corner.x, height: far.y - corner.y)
        // The view clipped to the panel.
        let x0 = max(seen.minX, frame.minX), y0 = max(seen.minY, frame.minY)
        let x1 = min(seen.maxX, frame.maxX), y1 = min(seen.maxY, frame.maxY)
        return InsetState(
            frame: frame, opacity: opacity, view: Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0)),
            boxes: boxes, lines: lines,
            background: theme.background, border: theme.edge.opacity(0.6), lineColor: theme.edge.opacity(0.55),
            viewColor: theme.accent)
    }
}
