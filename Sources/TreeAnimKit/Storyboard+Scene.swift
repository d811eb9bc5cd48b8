import Geometry
import Raster
import Tween

extension Storyboard {
    /// Seconds from the start at which frame `index` is shown.
    public func time(ofFrame index: Int) -> Double { Double(index) / options.fps }

    /// Every drawable value of frame `index`: a pure function of the frame's
    /// time, so frames can be computed in any order and on any thread.
    public func scene(at index: Int) -> Scene {
        let t = time(ofFrame: index)
        let theme = options.theme
        let view = camera.value(at: t)
        let cam = Camera(center: view.first, zoom: view.second)
        let vc = frameGeometry.viewport.center
        let radius = World.nodeRadius * cam.zoom

        // Node ids are given in insertion order, so they index `nodes`.
        var centres = [Point?](repeating: nil, count: nodes.count)
        var nodeStates = [NodeState]()
        nodeStates.reserveCapacity(nodes.count)
        for n in nodes where n.birth <= t {
            let effect = Transition.enter.effect(.insertion, progress: n.appear.value(at: t))
            let c = cam.project(n.center.value(at: t), viewportCenter: vc)
            centres[n.id.rawValue] = c
            let r = radius * effect.scale
            let label = String(n.key)
            nodeStates.append(
                NodeState(
                    id: n.id.rawValue, key: n.key, label: label, x: c.x, y: c.y, radius: r,
                    opacity: effect.opacity, fill: theme.nodeFill, stroke: Color(animatableData: n.stroke.value(at: t)),
                    strokeWidth: max(1, 0.09 * r), labelColor: theme.label,
                    fontSize: Storyboard.labelSize(radius: r, label: label)))
        }

        var edgeStates = [EdgeState]()
        edgeStates.reserveCapacity(edges.count)
        for e in edges where e.birth <= t {
            guard let a = centres[e.parent.rawValue], let b = centres[e.child.rawValue] else { continue }
            let end = a.interpolated(towards: b, amount: e.growth.value(at: t))
            let lit = e.highlight.value(at: t)
            let color = theme.edge.interpolated(to: theme.accent, amount: lit)
            edgeStates.append(
                EdgeState(
                    from: e.parent.rawValue, to: e.child.rawValue, x1: a.x, y1: a.y, x2: end.x, y2: end.y,
                    width: max(1, 0.075 * radius) * (1 + 0.5 * lit), color: color, opacity: 1))
        }

        var highlight: HighlightState?
        let ringAlpha = ringOpacity.value(at: t)
        if ringAlpha > 0 {
            let c = cam.project(ringCenter.value(at: t), viewportCenter: vc)
            highlight = HighlightState(
                x: c.x, y: c.y, radius: radius * World.ringScale, width: max(1.5, 0.14 * radius),
                color: theme.accent, opacity: ringAlpha)
        }

        let g = frameGeometry.caption
        return Scene(
            frame: index, time: t, width: options.width, height: options.height,
            background: options.transparent ? .clear : theme.background,
            caption: caption(at: t),
            captionStyle: CaptionStyle(x: g.x, baseline: g.baseline, fontSize: g.fontSize, color: theme.caption),
            edges: edgeStates, nodes: nodeStates, highlight: highlight)
    }

    /// The caption showing at time `t`, if any.
    func caption(at t: Double) -> String? {
        var lo = 0, hi = captions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if captions[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : captions[lo - 1].text
    }

    /// A label's font size for a node of radius `r`: as large as reads well,
    /// smaller for long labels so they stay inside the disc, and zero where
    /// the label would only be a smudge: a radius under 8 px, or a label
    /// that fits only below 7 px.
    static func labelSize(radius r: Double, label: String) -> Double {
        guard r >= 8 else { return 0 }
        // DejaVu Sans Bold's digits are 0.696 em wide; keep the label within
        // 1.45 radii.
        let size = min(0.95 * r, 1.45 * r / (0.696 * Double(max(label.count, 1))))
        return size >= 7 ? size : 0
    }
}

extension Transition {
    /// How a new key appears: it grows from a third of its size as it fades in.
    static let enter = Transition.opacity.combined(with: .scale(from: 0.3))
}

extension Color {
    /// The colour whose animatable data is `data`.
    init(animatableData data: AnimatableData) {
        self = .clear
        animatableData = data
    }
}
