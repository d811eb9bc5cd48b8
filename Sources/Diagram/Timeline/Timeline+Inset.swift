import Dispatch
import Foundation
import Geometry
import Raster
import Synchronization

extension Timeline {
    /// The overview inset of the frame at time `t`, whose camera shows
    /// `cam`: the script's ``Script/overview`` region drawn small in a
    /// corner of the viewport, with `nodes` and `edges` (the frame's, in
    /// pixels) as boxes and hairlines and the camera's view as a
    /// rectangle. It fades in as the view closes in from 60% of the
    /// region's area to 35%, so a camera that stands back to show it all
    /// has none. Its corner is the step's (``placeMaps(labels:)``): one that covers
    /// nothing at the step's rest; it fades in at a new corner as a step
    /// begins, and out where no corner is free.
    func inset(at t: Double, camera cam: Camera, nodes: [NodeState], edges: [EdgeState]) -> InsetState? {
        guard let overview, let panel = insetPanel(camera: cam), let (corner, placed) = mapPlace(at: t) else { return nil }
        let opacity = panel.opacity * placed
        guard opacity > 0 else { return nil }
        let (w, h, pad, sx, sy) = (panel.width, panel.height, panel.pad, panel.sx, panel.sy)
        let vp = geometry.viewport
        let frame = corner.frame(width: w, height: h, in: vp)
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
        let near = place(vp.origin), far = place(Point(vp.maxX, vp.maxY))
        let seen = Rect(x: near.x, y: near.y, width: far.x - near.x, height: far.y - near.y)
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

extension Timeline {
    /// The inset's panel while the camera shows `cam`, in whatever corner:
    /// its size, padding and scale (region units to pixels, across and
    /// down), and how far it has faded in for the share of the region in
    /// view; nil where the script has no overview or the view shows
    /// enough of it that the inset is gone.
    func insetPanel(camera cam: Camera) -> (width: Double, height: Double, pad: Double, sx: Double, sy: Double, opacity: Double)? {
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
        return ((ow * sx + 2 * pad).rounded(), (oh * sy + 2 * pad).rounded(), pad, sx, sy, opacity)
    }

    /// Whether the camera at frame `index` shows only part of the drawing
    /// on purpose: the script has an overview (a tour, a followed graph)
    /// and the camera's view leaves some of it out. A frame where this is
    /// false shows everything it draws, and nothing may be cut off.
    public func showsPart(atFrame index: Int) -> Bool {
        showsPart(camera: Camera(animatableData: camera.value(at: time(ofFrame: index))))
    }
}

/// A corner of the viewport the overview inset stands in.
enum MapCorner: CaseIterable, Sendable {
    case lowerRight, lowerLeft, upperRight, upperLeft

    /// A `width` × `height` panel in this corner of `viewport`.
    func frame(width w: Double, height h: Double, in vp: Rect) -> Rect {
        switch self {
        case .lowerRight: Rect(x: vp.maxX - w, y: vp.maxY - h, width: w, height: h)
        case .lowerLeft: Rect(x: vp.minX, y: vp.maxY - h, width: w, height: h)
        case .upperRight: Rect(x: vp.maxX - w, y: vp.minY, width: w, height: h)
        case .upperLeft: Rect(x: vp.minX, y: vp.minY, width: w, height: h)
        }
    }
}

extension Timeline {
    /// How long an inset takes to fade in at a new corner or out, at most.
    static let mapFade = 0.4

    /// Where the inset stands at time `t`, and how far it has faded in
    /// there: the step's corner, faded in over the step's start when the
    /// step before had it elsewhere or hid it; the step before's, fading
    /// out, when this step hides it; nil while hidden.
    func mapPlace(at t: Double) -> (MapCorner, Double)? {
        guard let maps, maps.count > 0 else { return (.lowerRight, 1) }
        let i = min(max(step(at: t), 0), maps.count - 1)
        let now = maps.corner(i)
        let before = i > 0 ? maps.corner(i - 1) : now
        let span = steps[i]
        let fade = min(Self.mapFade, max(span.end - span.start, 1e-9) / 2)
        let k = min(max((t - span.start) / fade, 0), 1)
        switch (now, before) {
        case (let now?, let then) where now == then: return (now, 1)
        case (let now?, _): return (now, k)
        case (nil, let then?): return k < 1 ? (then, 1 - k) : nil
        case (nil, nil): return nil
        }
    }

    /// The corner of each step's inset: at the step's rest, the corner the
    /// step before had, else the first of lower right, lower left, upper
    /// right and upper left, whose panel covers no node, bar, text or
    /// edge label; nil when every corner would, and the inset hides.
    /// `labels` measures the texts as they are drawn.
    ///
    /// Worked out as frames ask for them (``MapPlacement``): each step's
    /// rest is looked at alone, a scene of it (a while for a large graph),
    /// so the first frame does not wait for the last step's.
    func placeMaps(labels: LabelFit) -> MapPlacement {
        // Without an inset of its own: a scene of the rest asks for no corner.
        var timeline = self
        timeline.maps = nil
        let (bare, vp, spans) = (timeline, geometry.viewport, steps)
        return MapPlacement(count: spans.count) { i in
            // Where the inset shows at all, what stands near its corners.
            let frame = spans[i].restFrame
            guard let map = bare.insetPanel(camera: Camera(animatableData: bare.camera.value(at: bare.time(ofFrame: frame)))) else {
                return nil
            }
            let panels = MapCorner.allCases.map { $0.frame(width: map.width, height: map.height, in: vp) }
            let scene = bare.scene(at: frame, unlabelledEdges: false, near: panels)
            let things = Self.obstacles(scene, labels: labels)
            return Set(zip(MapCorner.allCases, panels).filter { _, panel in !things.contains { panel.overlaps($0, by: 1) } }.map(\.0))
        }
    }

    /// The boxes of what `scene` shows that an inset must not cover:
    /// nodes, bars, texts and edge labels (a text's box as `labels`
    /// measures its lines, a little more than its ink).
    static func obstacles(_ scene: Scene, labels: LabelFit) -> [Rect] {
        var out = [Rect]()
        for n in scene.nodes where n.opacity > 0.5 && (n.w > 0 || n.h > 0) {
            let s = n.strokeWidth / 2
            out.append(Rect(x: n.x - n.w / 2 - s, y: n.y - n.h / 2 - s, width: n.w + 2 * s, height: n.h + 2 * s))
        }
        for b in scene.bars where b.opacity > 0.5 && b.w > 0 && b.h > 0 {
            out.append(Rect(x: b.x, y: b.y, width: b.w, height: b.h))
        }
        func box(_ text: String, at p: Point, size: Double, alignment: TextAlignment) -> Rect {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let w = (lines.map { labels.width(of: String($0)) }.max() ?? 0) * size
            let h = (Double(lines.count - 1) * Font.lineSpacing + 1.2) * size
            switch alignment {
            case .center: return Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
            case .left: return Rect(x: p.x, y: p.y - 0.95 * size, width: w, height: h)
            case .right: return Rect(x: p.x - w, y: p.y - 0.95 * size, width: w, height: h)
            case .baseline: return Rect(x: p.x - w / 2, y: p.y - 0.95 * size, width: w, height: h)
            }
        }
        for e in scene.edges where e.opacity > 0.5 && e.labelSize > 0 && !e.label.isEmpty {
            out.append(box(e.label, at: e.labelPoint, size: e.labelSize, alignment: .center))
        }
        for t in scene.texts where t.opacity > 0.5 && t.fontSize > 0 && !t.text.isEmpty {
            out.append(box(t.text, at: Point(t.x, t.y), size: t.fontSize, alignment: t.alignment))
        }
        return out
    }

    /// Whether the camera `cam` shows only part of the drawing on purpose:
    /// the script has an overview and the view leaves some of it out.
    func showsPart(camera cam: Camera) -> Bool {
        guard let overview else { return false }
        let view = geometry.visibleRegion(of: cam).insetBy(dx: -0.5 / cam.zoom, dy: -0.5 / cam.zoom)
        return !view.contains(overview)
    }
}

extension Rect {
    /// Whether this rectangle and `other` overlap by more than `slack`
    /// both across and down.
    fileprivate func overlaps(_ other: Rect, by slack: Double) -> Bool {
        min(maxX, other.maxX) - max(minX, other.minX) > slack && min(maxY, other.maxY) - max(minY, other.minY) > slack
    }
}

/// The inset's corner at each step, worked out as frames ask for it
/// (``Timeline/placeMaps(labels:)``): the corners clear at a step's rest
/// take a scene of it, seconds in all for a large graph, which the first
/// frame need not wait for. A step's corner depends on those before it
/// (the inset stays where it was while that corner is clear), so asking
/// for one works out every one before it not yet known, and a few after,
/// on every core. The corners are a pure function of the timeline:
/// whichever frame asks first, they are the same.
final class MapPlacement: Sendable {
    /// How many steps there are.
    let count: Int
    /// The corners clear at step `i`'s rest; nil where the inset does not
    /// show there.
    private let clear: @Sendable (Int) -> Set<MapCorner>?
    /// The corners of the first steps, worked out so far, and the last
    /// corner the inset stood in.
    private let known = Mutex<(corners: [MapCorner?], last: MapCorner)>(([], .lowerRight))

    init(count: Int, clear: @escaping @Sendable (Int) -> Set<MapCorner>?) {
        self.count = count
        self.clear = clear
    }

    /// How many steps' corners are known so far.
    var knownCount: Int { known.withLock { $0.corners.count } }

    /// The corner of step `i`, nil where the inset hides.
    func corner(_ i: Int) -> MapCorner? {
        known.withLock { known in
            if i < known.corners.count { return known.corners[i] }
            let ahead = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
            let steps = known.corners.count..<min(count, max(i + 1, known.corners.count + ahead))
            let found = Mutex([Set<MapCorner>?](repeating: nil, count: steps.count))
            let clear = clear
            Self.onEveryCore(steps.count) { k in
                let free = clear(steps.lowerBound + k)
                found.withLock { $0[k] = free }
            }
            for free in found.withLock({ $0 }) {
                guard let free else {
                    known.corners.append(known.last)
                    continue
                }
                let corner = ([known.last] + MapCorner.allCases).first { free.contains($0) }
                known.corners.append(corner)
                if let corner { known.last = corner }
            }
            return known.corners[i]
        }
    }

    /// Runs `body` for 0..<`n` on threads of its own, one a core, and
    /// returns when all are done. Not Dispatch's `concurrentPerform`: the
    /// frames that ask for a corner are drawn by its workers, and within
    /// one of them it would run on that thread alone.
    static func onEveryCore(_ n: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let width = min(n, max(1, ProcessInfo.processInfo.activeProcessorCount))
        guard width > 1 else {
            for k in 0..<n { body(k) }
            return
        }
        let done = DispatchSemaphore(value: 0)
        for first in 0..<width {
            let thread = Thread {
                for k in stride(from: first, to: n, by: width) { body(k) }
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<width { done.wait() }
    }
}
