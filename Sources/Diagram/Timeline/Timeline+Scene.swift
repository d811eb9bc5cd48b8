import Geometry
import Raster
import Tween

extension Timeline {
    /// Whether an edge from `a` to `b` (pixels) along `route` (a spline's
    /// points in layout units, `project` takes them to pixels), its
    /// label's texts drawn `size`, may come within any of `regions`: false
    /// only for a straight line or a spline whose points' box, grown by
    /// more than its label's box can reach past it, meets none of them.
    static func mayReach(
        _ regions: [Rect], from a: Point, to b: Point, route: EdgeRoute, project: (Point) -> Point, label: String, fading: String?,
        size: Double
    ) -> Bool {
        var (x0, y0, x1, y1) = (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
        switch route {
        case .straight: break
        case .spline(let controls):
            guard var (u0, v0, u1, v1) = controls.first.map({ ($0.x, $0.y, $0.x, $0.y) }) else { break }
            for p in controls {
                (u0, v0, u1, v1) = (min(u0, p.x), min(v0, p.y), max(u1, p.x), max(v1, p.y))
            }
            // The camera scales and moves, so the box's corners are the
            // projected box's.
            let (p, q) = (project(Point(u0, v0)), project(Point(u1, v1)))
            (x0, y0, x1, y1) = (min(x0, p.x, q.x), min(y0, p.y, q.y), max(x1, p.x, q.x), max(y1, p.y, q.y))
        default: return true
        }
        // Every character (a line break among them) under two ems wide,
        // every line under two ems tall.
        let reach = size * (2 + 2 * Double(max(label.count, fading?.count ?? 0)))
        let box = Rect(x: x0 - reach, y: y0 - reach, width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach)
        return regions.contains { $0.intersects(box) }
    }

    /// Every drawable value of frame `index`: a pure function of the frame's
    /// time, so frames can be computed in any order and on any thread.
    public func scene(at index: Int) -> Scene { scene(at: index, unlabelledEdges: true) }

    /// ``scene(at:)`` with the overview inset lower right: its corner
    /// follows from every step's rest (``placeMaps(labels:)``), which a
    /// fingerprint of a few frames need not wait for.
    public func fingerprintScene(at index: Int) -> Scene {
        var unplaced = self
        unplaced.maps = nil
        return unplaced.scene(at: index)
    }

    /// ``scene(at:)``, without the edges that have no label when
    /// `unlabelledEdges` is false: what covers the frame, as placing the
    /// inset reads it (``placeMaps(labels:)``), without working out lines
    /// it does not read (a graph's thousands of curves). With `near`, a
    /// labelled edge whose line and label stay clear of every one of those
    /// rectangles is left out too (a straight line or a spline lies within
    /// its points' hull, and its label within its size past the line).
    func scene(at index: Int, unlabelledEdges: Bool, near regions: [Rect]? = nil) -> Scene {
        let t = time(ofFrame: index)
        let theme = settings.theme
        let cam = Camera(animatableData: camera.value(at: t))
        let vc = geometry.viewport.center
        let zoom = cam.zoom
        let widths = theme.widths

        // Every node's place and box, shown or not: edges and marks attach
        // to nodes that are on their way out too.
        let (centres, boxes, nodeStates, nodeDips) = nodeLayer(at: t, camera: cam)
        // Under reduced motion, how far each node and bar has faded for a
        // change of place; what is attached to it (edges, rings, words)
        // fades with it, as it jumps with it.
        let reduced = settings.reducedMotion
        let barDips = reduced ? bars.map { $0.dips.value(at: t) } : []

        var edgeStates = [EdgeState]()
        edgeStates.reserveCapacity(edges.count)
        let edgeLabelFloor = settings.minimumLabel * geometry.shortSide / 720
        // Each record read where it lies, not copied (a graph's edges are
        // many, and a record holds a dozen tracks).
        edges.withUnsafeBufferPointer { records in
            for k in records.indices where records[k].presence.isVisible(at: t) {
                let e = UnsafePointer(records.baseAddress! + k)
                let (labelText, labelFading) = e.pointee.label.value(at: t)
                let labelled = !labelText.isEmpty || !(labelFading?.text.isEmpty ?? true)
                guard unlabelledEdges || labelled else { continue }
                // Never under the floor: set at it where the camera stands
                // a little further back than the label was sized for, and
                // left out, as a node's label is, where it would have to be
                // set at over twice its size (``edgeLabelStretch``).
                let labelSize = labelled ? Self.edgeLabelSize(e.pointee.labelSize.value(at: t) * zoom, floor: edgeLabelFloor) : 0
                // An end handed from one node to another: the line to the old
                // node fades out while the line to the new one fades in, each
                // joining its two nodes wherever they are.
                let parts: [(a: Point, from: EndTrack.End, share: Double)]
                if let c = e.pointee.from.crossing(at: t) {
                    let at = { (end: EndTrack.End) in e.pointee.from.point(end, position: { centres[$0] }, box: { boxes[$0] }) }
                    parts = [(at(c.old), c.old, 1 - c.fraction), (at(c.new), c.new, c.fraction)]
                } else {
                    parts = [(e.pointee.from.value(at: t, position: { centres[$0] }, box: { boxes[$0] }), e.pointee.from.current(at: t), 1)]
                }
                for (a, fromEnd, share) in parts where share > 0 {
                    let b = e.pointee.to.value(at: t) { centres[$0] }
                    var route = e.pointee.route.value(at: t)
                    if let regions, !Self.mayReach(regions, from: a, to: b, route: route, project: { cam.project($0, viewportCenter: vc) },
                        label: labelText, fading: labelFading?.text, size: labelSize)
                    {
                        continue
                    }
                    let look = e.pointee.look.value(at: t)
                    let presence = e.pointee.presence.state(at: t)?.presence ?? 0
                    let drawn = e.pointee.entrance.value(at: t) == .draw
                    // A spline's control points are in layout units, as nodes are.
                    if case .spline(let controls) = route { route = .spline(controls.map { cam.project($0, viewportCenter: vc) }) }
                    let ends = (from: fromEnd, to: e.pointee.to.current(at: t).node)
                    var points = route == .straight
                        ? [a, b]
                        : route.points(
                            from: a, to: b, fromBox: ends.from.isPoint ? nil : boxes[ends.from.node].size,
                            toBox: boxes[ends.to].size)
                    let arrows = e.pointee.arrows.value(at: t)
                    // An edge with an arrowhead or a label is the line between its
                    // nodes' outlines: an arrowhead points at the outline, a label
                    // sits halfway along what shows. So is a spline: a graph's edge
                    // meets its nodes where a reader (and the dump) sees it end.
                    var isSpline = false
                    if case .spline = route { isSpline = true }
                    if !arrows.isEmpty || labelled || isSpline {
                        // Against each node where it stands: an end swinging over to
                        // a new node is cut where the line enters it.
                        points = EdgeEnds.clip(points, atEnd: true, box: boxes[ends.to], centre: centres[ends.to])
                        if !ends.from.isPoint {
                            points = EdgeEnds.clip(points, atEnd: false, box: boxes[ends.from.node], centre: centres[ends.from.node])
                        }
                    }
                    let middle = labelled ? Self.prefix(of: points, fraction: min(max(e.pointee.labelAt.value(at: t), 0), 1)).last ?? .zero : Point.zero
                    if drawn { points = Self.prefix(of: points, fraction: min(max(presence, 0), 1)) }
                    var fade = (drawn ? 1 : e.pointee.presence.effect(at: t).opacity) * share
                    if reduced {
                        fade *= min(
                            e.pointee.dips.value(at: t), nodeDips[ends.from.node], nodeDips[ends.to], ends.from.second.map { nodeDips[$0] } ?? 1)
                    }
                    let width = max(widths.minimumEdge * geometry.shortSide, widths.edge * zoom) * look.raw[OtherLane.size]
                    var state = EdgeState(
                        from: ends.from.node, to: ends.to, kind: e.pointee.kind.value(at: t),
                        points: points, width: width,
                        color: look.color(OtherLane.color), opacity: min(max(look.raw[OtherLane.opacity], 0), 1) * fade)
                    state.name = e.pointee.current.id.name
                    // Dashes long enough to read as dashes from the back of a room.
                    if e.pointee.dashed.value(at: t) { state.dash = max(4, 3 * width) }
                    state.arrows = arrows
                    if !arrows.isEmpty {
                        state.arrowLength = Self.arrowLength(width: width)
                        // The start's head shows once the line is drawn out to it:
                        // a line drawn from its start has it from the first frame.
                        if arrows.contains(.start), let head = EdgeEnds.arrowhead(&state.points, atEnd: false, back: state.arrowLength * 0.7) {
                            state.arrowheads.append(head)
                        }
                        if arrows.contains(.end), let head = EdgeEnds.arrowhead(&state.points, atEnd: true, back: state.arrowLength * 0.7) {
                            state.arrowheads.append(head)
                        }
                    }
                    if labelled {
                        state.label = labelText
                        state.labelFading = labelFading
                        state.labelPoint = middle
                        state.labelSize = labelSize
                        state.labelColor = theme.text(.normal)
                    }
                    edgeStates.append(state)
                }
            }
        }

        // Every bar's box, shown or not, for rings and texts placed on it.
        var barBoxes = [(centre: Point, box: NodeBox)]()
        barBoxes.reserveCapacity(bars.count)
        var barStates = [BarState]()
        var barLayers = [Int]()
        // A shown bar's place in `barStates`, by its index.
        var barStateIndex = [Int: Int]()
        for b in bars {
            let effect = b.presence.effect(at: t)
            let look = b.look.value(at: t)
            let origin = cam.project(b.origin.value(at: t), viewportCenter: vc)
            let (x, y) = (origin.x + effect.offsetX * zoom, origin.y + effect.offsetY * zoom)
            let (w, h) = (max(look.raw[OtherLane.w] * zoom, 0), max(look.raw[OtherLane.h] * zoom, 0))
            barBoxes.append((Point(x + w / 2, y + h / 2), NodeBox(w: w, h: h, cornerRadius: 0)))
            guard b.presence.isVisible(at: t) else { continue }
            let style = b.style.value(at: t)
            let value = look.raw[OtherLane.value]
            barStates.append(
                BarState(
                    id: b.index, label: b.label.value(at: t).text, value: value, x: x, y: y, w: w, h: h,
                    fill: look.color(OtherLane.color),
                    opacity: min(max(look.raw[OtherLane.opacity], 0), 1) * effect.opacity * (reduced ? barDips[b.index] : 1),
                    kind: style.kind, role: b.role.value(at: t), direction: style.direction, name: b.current.id.name))
            barLayers.append(style.layer)
        }
        if barLayers.contains(where: { $0 != 0 }) {
            // Stable: bars of one layer keep the order they appeared in.
            barStates = zip(barLayers, barStates).enumerated()
                .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        }
        for (k, b) in barStates.enumerated() { barStateIndex[b.id] = k }

        /// Where a placement is now, the node or bar it is on, the box it is
        /// on (a node's or a bar's), and how many pixels a unit is there.
        func place(_ p: Placement) -> (point: Point, node: Int?, box: NodeBox?, unit: Double, bar: Int?) {
            switch p {
            case .world(let w):
                return (cam.project(w, viewportCenter: vc), nil, nil, zoom, nil)
            case .node(let id, let offset):
                // Every node or bar a placement names was checked when the
                // script was compiled.
                if let i = nodeIndices[id] { return (centres[i] + offset * zoom, i, boxes[i], zoom, nil) }
                let bar = barBoxes[barIndices[id]!]
                return (bar.centre + offset * zoom, nil, bar.box, zoom, barIndices[id])
            case .box(let id, let unit, let offset):
                let (centre, box, node, bar): (Point, NodeBox, Int?, Int?) = if let i = nodeIndices[id] {
                    (centres[i], boxes[i], i, nil)
                } else {
                    (barBoxes[barIndices[id]!].centre, barBoxes[barIndices[id]!].box, nil, barIndices[id])
                }
                let p = Point(centre.x + (unit.x - 0.5) * box.w, centre.y + (unit.y - 0.5) * box.h)
                // A point of the box, not the box: a ring there is a circle
                // of its own radius, as the diagram's bounds count it.
                return (p + offset * zoom, node, nil, zoom, bar)
            case .screen(let s):
                return (Point(s.x * geometry.width, s.y * geometry.height), nil, nil, geometry.shortSide, nil)
            }
        }

        /// The dip of the node or bar a placement is on (1 for none).
        func dip(node: Int?, bar: Int?) -> Double {
            guard reduced else { return 1 }
            return min(node.map { nodeDips[$0] } ?? 1, bar.map { barDips[$0] } ?? 1)
        }

        var markStates = [MarkState]()
        for m in marks where m.presence.isVisible(at: t) {
            let effect = m.presence.effect(at: t)
            let look = m.look.value(at: t)
            // A leap (``Compiler/leaps(from:to:)``) dips at any motion.
            var dipped = m.dips.value(at: t)
            // A ring takes the shape of the node it is on, a little larger;
            // elsewhere it is a circle of its own radius. Moving between the
            // two, it blends from one shape to the other.
            let r = m.placement.value(at: t) { p in
                let (point, node, onBox, unit, bar) = place(p)
                dipped = min(dipped, dip(node: node, bar: bar))
                guard let box = onBox else {
                    let radius = look.raw[OtherLane.size] * unit
                    return Resolved(point: point, box: NodeBox(w: 2 * radius, h: 2 * radius, cornerRadius: radius), unit: unit)
                }
                let pad = look.raw[OtherLane.padding] * min(box.w, box.h)
                return Resolved(
                    point: point, box: NodeBox(w: box.w + 2 * pad, h: box.h + 2 * pad, cornerRadius: box.cornerRadius + pad),
                    unit: unit)
            }
            // Every resolved place above has a box.
            let box = r.box!
            let (w, h, corner) = (box.w * effect.scale, box.h * effect.scale, box.cornerRadius * effect.scale)
            markStates.append(
                MarkState(
                    x: r.point.x + effect.offsetX * zoom, y: r.point.y + effect.offsetY * zoom, radius: min(w, h) / 2,
                    w: w, h: h, cornerRadius: corner, width: max(widths.minimumRing * geometry.shortSide, widths.ring * zoom),
                    color: look.color(OtherLane.color),
                    opacity: min(max(look.raw[OtherLane.opacity], 0), 1) * effect.opacity * dipped))
        }

        var textStates = [TextState]()
        for x in texts where x.presence.isVisible(at: t) {
            let effect = x.presence.effect(at: t)
            let look = x.look.value(at: t)
            // The node it is placed beside; moving between two, the one it
            // goes to.
            var attached: Int??, onBar: Int??
            var dipped = x.dips.value(at: t)
            let r = x.placement.value(at: t) { p in
                let (point, node, _, unit, bar) = place(p)
                dipped = min(dipped, dip(node: node, bar: bar))
                // The target of the latest move is resolved first.
                if attached == nil { attached = .some(node) }
                if onBar == nil { onBar = .some(bar) }
                return Resolved(point: point, box: nil, unit: unit)
            }
            let style = x.style.value(at: t)
            var (text, fading) = x.words.value(at: t)
            if let format = style.counting { (text, fading) = (format.string(look.raw[OtherLane.value]), nil) }
            var state = TextState(
                text: text, x: r.point.x + effect.offsetX * zoom, y: r.point.y + effect.offsetY * zoom,
                fontSize: Self.readable(look.raw[OtherLane.size] * r.unit * effect.scale, box: nil, floor: textFloor),
                alignment: style.alignment, color: look.color(OtherLane.color),
                opacity: min(max(look.raw[OtherLane.opacity], 0), 1) * effect.opacity * dipped, fading: fading,
                node: attached ?? nil)
            state.layer = style.layer
            state.face = style.face
            state.name = x.name
            if style.counting != nil { state.value = look.raw[OtherLane.value] }
            if let bar = onBar ?? nil { state.bar = bar }
            textStates.append(state)
            // A bar reports the words placed on it: their size, and the
            // value as a counting text writes it.
            if let bar = state.bar, let k = barStateIndex[bar], state.opacity > 0 {
                if barStates[k].fontSize == 0 || state.value != nil { barStates[k].fontSize = state.fontSize }
                if state.value != nil { barStates[k].valueText = state.text }
                barStates[k].textColor = state.color
            }
        }

        let g = geometry.caption
        var scene = Scene(
            frame: index, time: t, step: step(at: t), width: settings.width, height: settings.height,
            background: settings.transparent ? .clear : theme.background,
            caption: settings.captions ? captions.value(at: t) : nil,
            captionStyle: CaptionStyle(x: g.x, baseline: g.baseline, fontSize: g.fontSize, color: theme.caption),
            edges: edgeStates, nodes: nodeStates, marks: markStates, bars: barStates, texts: textStates,
            halo: settings.transparent ? theme.background : nil)
        scene.inset = inset(at: t, camera: cam, nodes: nodeStates, edges: edgeStates)
        if settings.captions, showsPart(camera: cam) { scene.backdrop = geometry.viewport.minY }
        if let shown = code.value(at: t), let panel = geometry.panel(showing: shown.listing) {
            scene.code = Self.codeState(shown, panel: panel, theme: theme)
        }
        scene.speech = speech(atFrame: index)
        return scene
    }

    /// The nodes of frame `index` as ``scene(at:)`` draws them, in drawing
    /// order, without the rest of the scene: what a law about nodes alone
    /// (how far they move between frames, whether they overlap) reads for
    /// every frame.
    public func nodes(at index: Int) -> [NodeState] {
        let t = time(ofFrame: index)
        return nodeLayer(at: t, camera: Camera(animatableData: camera.value(at: t))).states
    }

    /// Every node's place and box at time `t` seen by `cam`, shown or not
    /// (edges and marks attach to nodes on their way out too), the states
    /// of those shown, in drawing order, and (under reduced motion) how far
    /// each has faded for a change of place.
    func nodeLayer(at t: Double, camera cam: Camera) -> (centres: [Point], boxes: [NodeBox], states: [NodeState], dips: [Double]) {
        let theme = settings.theme
        let vc = geometry.viewport.center
        let zoom = cam.zoom
        let widths = theme.widths
        var centres = [Point](repeating: .zero, count: nodes.count)
        var boxes = [NodeBox](repeating: NodeBox(w: 0, h: 0, cornerRadius: 0), count: nodes.count)
        var nodeStates = [NodeState]()
        nodeStates.reserveCapacity(nodes.count)
        var layers = [Int]()
        let reduced = settings.reducedMotion
        let nodeDips = reduced ? nodes.map { $0.dips.value(at: t) } : []
        for (i, n) in nodes.enumerated() {
            let effect = n.presence.effect(at: t)
            let look = n.look.value(at: t)
            let scale = look.raw[NodeLane.scale] * effect.scale * zoom
            let c = cam.project(n.position.value(at: t), viewportCenter: vc)
            let centre = Point(c.x + effect.offsetX * zoom, c.y + effect.offsetY * zoom)
            let box = NodeBox(
                w: max(look.raw[NodeLane.width] * scale, 0), h: max(look.raw[NodeLane.height] * scale, 0),
                cornerRadius: max(look.raw[NodeLane.corner] * scale, 0))
            centres[i] = centre
            boxes[i] = box
            guard n.presence.isVisible(at: t) else { continue }
            let extra = n.extra.value(at: t)
            let (label, fading) = n.label.value(at: t)
            let fontSize = Self.readable(extra.raw[OtherLane.labelSize] * scale, box: box, floor: textFloor)
            nodeStates.append(
                NodeState(
                    id: n.index, key: n.key.value(at: t), label: label, x: centre.x, y: centre.y,
                    shape: box.w == box.h && box.cornerRadius >= box.w / 2 ? .circle : .rect,
                    w: box.w, h: box.h, cornerRadius: box.cornerRadius, role: n.role.value(at: t),
                    opacity: min(max(extra.raw[OtherLane.opacity], 0), 1) * effect.opacity * (reduced ? nodeDips[i] : 1),
                    fill: look.color(NodeLane.fill), stroke: look.color(NodeLane.stroke),
                    strokeWidth: max(widths.minimumOutline * geometry.shortSide, widths.nodeOutline * zoom),
                    labelColor: look.color(NodeLane.label), fontSize: fontSize, fading: fading, name: n.current.id.name))
            layers.append(n.layer.value(at: t))
        }
        if layers.contains(where: { $0 != 0 }) {
            // Stable: nodes of one layer keep the order they appeared in.
            nodeStates = zip(layers, nodeStates).enumerated()
                .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        }
        return (centres, boxes, nodeStates, nodeDips)
    }

    /// The speech sounding when frame `index` shows, if any.
    func speech(atFrame index: Int) -> Speech? {
        var lo = 0, hi = speeches.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if speeches[mid].frame <= index { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return nil }
        let said = speeches[lo - 1]
        return time(ofFrame: index) < said.end ? said : nil
    }

    /// The code panel showing `shown` in `panel`, in `theme`'s colours:
    /// a tint of the caption's colour over the background, and the
    /// running line on a tint of the accent with a bar of it at its left.
    static func codeState(_ shown: CodeShown, panel: (frame: Rect, fontSize: Double), theme: Theme) -> CodeState {
        let line = shown.line.flatMap { shown.listing.lines.indices.contains($0) ? $0 : nil }
        return CodeState(
            title: shown.listing.title, lines: shown.listing.lines, line: line, frame: panel.frame,
            fontSize: panel.fontSize, lineHeight: (panel.fontSize * Stage.codeLineHeight).rounded(),
            background: theme.codePanel.background, text: theme.codePanel.text, muted: theme.codePanel.muted,
            highlight: theme.codePanel.highlight, accent: theme.accent)
    }

    /// An edge label's size in pixels, drawn `natural` pixels at the
    /// camera's zoom: at least `floor`, the legibility floor, or zero (left
    /// out) where the camera stands so far back that it would have to be
    /// set at over ``edgeLabelStretch`` times its size: a graph seen whole,
    /// whose thousands of weights would otherwise pile up at the floor into
    /// a mass no one can read, or the far leg of a flight over it.
    static func edgeLabelSize(_ natural: Double, floor: Double) -> Double {
        natural * edgeLabelStretch >= floor ? max(natural, floor) : 0
    }

    /// How many times its size an edge label is set at, at most, to bring
    /// it up to the floor.
    static let edgeLabelStretch = 2.0

    /// A font size in pixels, or zero where it would not read: under
    /// `floor` (``textFloor``), or in a node under 10 px across.
    static func readable(_ size: Double, box: NodeBox?, floor: Double) -> Double {
        if let box, min(box.w, box.h) < 10 { return 0 }
        return size >= floor ? size : 0
    }

    /// The smallest text drawn, in pixels: the legibility floor scaled with
    /// the frame (a label the camera shrinks under it is left out, as a map
    /// leaves out names it cannot set), less 2% so that a label set at the
    /// floor and framed a hair smaller still shows; never under 7 px.
    static func textFloor(_ settings: FrameSettings, shortSide: Double) -> Double {
        max(7, 0.98 * settings.minimumLabel * shortSide / 720)
    }

    /// An arrowhead's length, in pixels, for a line `width` wide: long
    /// enough to read as a direction from the back of a room.
    static func arrowLength(width: Double) -> Double { max(width * 4.5, 7) }


    /// The first `fraction` of a polyline's length.
    static func prefix(of points: [Point], fraction: Double) -> [Point] {
        guard fraction < 1, points.count >= 2 else { return points }
        var lengths = [Double]()
        var total = 0.0
        for i in 1..<points.count {
            let l = points[i].distance(to: points[i - 1])
            lengths.append(l)
            total += l
        }
        var left = total * fraction
        var out = [points[0]]
        for i in 1..<points.count {
            let l = lengths[i - 1]
            if left <= l {
                out.append(l > 0 ? points[i - 1].interpolated(towards: points[i], amount: left / l) : points[i])
                return out
            }
            left -= l
            out.append(points[i])
        }
        return out
    }
}

