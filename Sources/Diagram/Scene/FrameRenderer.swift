import Geometry
import Raster

/// Draws a ``Scene`` into a canvas, in the order the scene documents.
public struct FrameRenderer: Sendable {
    public let font: Font
    /// The face of running text (``TextFace/regular``) and of code
    /// (``TextFace/mono``, the code panel's); `font` when not given.
    public let regular: Font
    public let mono: Font

    public init(font: Font, regular: Font? = nil, mono: Font? = nil) {
        self.font = font
        self.regular = regular ?? font
        self.mono = mono ?? font
    }

    /// The font of `face`.
    public func font(_ face: TextFace) -> Font {
        switch face {
        case .main: font
        case .regular: regular
        case .mono: mono
        }
    }

    /// The dashes of a polyline: pieces `length` long with gaps of the same
    /// length between, from its start; a last piece shorter.
    static func dashes(of points: [Point], length: Double) -> [[Point]] {
        var pieces = [[Point]]()
        var current = [Point]()
        var drawing = true
        var left = length
        for (a, b) in zip(points, points.dropFirst()) {
            var start = a
            var run = a.distance(to: b)
            if drawing, current.isEmpty { current = [start] }
            while run > left {
                let point = start.interpolated(towards: b, amount: left / run)
                if drawing {
                    current.append(point)
                    pieces.append(current)
                    current = []
                } else {
                    current = [point]
                }
                drawing.toggle()
                run -= left
                start = point
                left = length
            }
            left -= run
            if drawing { current.append(b) }
        }
        if drawing, current.count > 1 { pieces.append(current) }
        return pieces
    }

    /// Draws `scene` over the whole of `canvas`, which must be the scene's size.
    public func render(_ scene: Scene, into canvas: inout Canvas) {
        canvas.clear(to: scene.background)
        for e in scene.edges where e.opacity > 0 {
            for piece in e.dash > 0 ? Self.dashes(of: e.points, length: e.dash) : [e.points] {
                canvas.stroke(
                    Path.polyline(piece), style: StrokeStyle(width: e.width, cap: .round, join: .round),
                    color: e.color.opacity(e.opacity))
            }
            for head in e.arrowheads {
                canvas.fill(Self.arrowhead(head, length: e.arrowLength), color: e.color.opacity(e.opacity))
            }
        }
        for b in scene.bars where b.opacity > 0 && b.w > 0 && b.h > 0 {
            canvas.fill(Path.rect(Rect(x: b.x, y: b.y, width: b.w, height: b.h)), color: b.fill.opacity(b.opacity))
        }
        // The bars' own words after every bar, so a long label over a
        // neighbour shows; under the nodes, so a callout covers them.
        for t in scene.texts where t.layer == .bars { draw(t, halo: scene.halo, into: &canvas) }
        // Nodes of one size share one outline, around the origin, which the
        // canvas flattens and strokes once and places at each centre.
        var outlines = Outlines()
        for n in scene.nodes where n.opacity > 0 && n.w > 0 && n.h > 0 {
            let centre = Point(n.x, n.y)
            let outline = outlines.outline(w: n.w, h: n.h, cornerRadius: n.cornerRadius)
            let offset = Vector(dx: n.x, dy: n.y)
            canvas.fill(outline, at: offset, color: n.fill.opacity(n.opacity))
            canvas.stroke(outline, at: offset, style: StrokeStyle(width: n.strokeWidth), color: n.stroke.opacity(n.opacity))
            if n.fontSize > 0 {
                label(n.label, fading: n.fading, at: centre, size: n.fontSize, color: n.labelColor, opacity: n.opacity,
                      anchor: .center, into: &canvas)
            }
        }
        // Edge labels over the nodes, each on a halo of the background so
        // that the line under it does not cross its letters.
        for e in scene.edges where e.opacity > 0 && e.labelSize > 0 && !(e.label.isEmpty && e.labelFading == nil) {
            label(e.label, fading: e.labelFading, at: e.labelPoint, size: e.labelSize, color: e.labelColor, opacity: e.opacity,
                  anchor: .center, halo: scene.halo ?? scene.background, into: &canvas)
        }
        for m in scene.marks where m.opacity > 0 {
            let ring = outlines.outline(w: m.w, h: m.h, cornerRadius: m.cornerRadius)
            canvas.stroke(ring, at: Vector(dx: m.x, dy: m.y), style: StrokeStyle(width: m.width), color: m.color.opacity(m.opacity))
        }
        for t in scene.texts where t.layer == .top { draw(t, halo: scene.halo, into: &canvas) }
        // On a tour the drawing runs on past the frame's edges: the
        // caption's band cuts it off, so that the caption reads.
        if let backdrop = scene.backdrop { canvas.clear(rowsAbove: Int(backdrop.rounded()), to: scene.background) }
        if let inset = scene.inset, inset.opacity > 0 { draw(inset, into: &canvas) }
        if let code = scene.code { draw(code, into: &canvas) }
        if let caption = scene.caption {
            // A long caption on a narrow frame shrinks to keep its margins.
            let style = scene.captionStyle
            let size = Self.captionSize(of: caption, style: style, width: scene.width, font: font)
            canvas.draw(
                text: caption, at: Point(style.x, style.baseline), font: font, size: size,
                color: style.color, anchor: .baselineLeft, halo: scene.halo.map { ($0, Self.haloWidth * size) })
        }
    }

    /// The size `caption` is drawn at on a frame `width` pixels wide: its
    /// style's, smaller when it is too long to keep its margins.
    public static func captionSize(of caption: String, style: CaptionStyle, width: Int, font: Font) -> Double {
        let room = Double(width) - 2 * style.x
        let advance = font.measure(caption, size: style.fontSize).advance
        return advance > room ? style.fontSize * room / advance : style.fontSize
    }

    /// Draws an overview inset: a panel of the background with a hairline
    /// border, the edges and nodes small, and the camera's view outlined.
    private func draw(_ inset: InsetState, into canvas: inout Canvas) {
        let a = inset.opacity
        let panel = Path.roundedRect(inset.frame, cornerRadius: 4)
        canvas.fill(panel, color: inset.background.opacity(0.94 * a))
        canvas.stroke(panel, style: StrokeStyle(width: 1), color: inset.border.opacity(a))
        for line in inset.lines {
            canvas.stroke(Path.polyline([line.from, line.to]), style: StrokeStyle(width: 0.75), color: inset.lineColor.opacity(a))
        }
        for box in inset.boxes { canvas.fill(Path.rect(box.rect), color: box.color.opacity(a)) }
        if inset.view.width > 0, inset.view.height > 0 {
            canvas.stroke(Path.rect(inset.view), style: StrokeStyle(width: 2), color: inset.viewColor.opacity(a))
        }
    }

    /// Draws the code panel: its box, the heading in the main font, the
    /// lines numbered in the mono font, the running line on its band.
    private func draw(_ code: CodeState, into canvas: inout Canvas) {
        let size = code.fontSize, pad = size * 0.6
        canvas.fill(Path.roundedRect(code.frame, cornerRadius: size * 0.4), color: code.background)
        let baseline = { (row: Int) -> Double in code.frame.minY + pad + code.lineHeight * (Double(row) + 0.72) }
        canvas.draw(
            text: code.title, at: Point(code.frame.minX + pad, baseline(0)), font: font, size: size, color: code.text,
            anchor: .baselineLeft, halo: nil)
        if let line = code.line {
            let band = code.band(ofLine: line)
            canvas.fill(Path.roundedRect(band, cornerRadius: size * 0.25), color: code.highlight)
            canvas.fill(Path.rect(Rect(x: band.minX, y: band.minY, width: max(2, size * 0.18), height: band.height)), color: code.accent)
        }
        let digits = String(code.lines.count).count
        let advance = mono.measure("0", size: size).advance
        // Where a line must end: a listing wider than a narrow frame's
        // panel is cut with an ellipsis rather than run past it.
        let room = code.frame.width - pad * 2 - advance * Double(digits + 1)
        for (i, line) in code.lines.enumerated() {
            var text = line
            // Measured only when it may not fit: every character of the
            // mono face is one advance wide.
            if Double(text.count) * advance > room * 0.9, mono.measure(text, size: size).advance > room {
                while text.count > 1, mono.measure(text + "…", size: size).advance > room { text.removeLast() }
                text += "…"
            }
            let number = String(i + 1)
            let x = code.frame.minX + pad
            canvas.draw(
                text: number, at: Point(x + advance * Double(digits), baseline(i + 1)), font: mono, size: size,
                color: i == code.line ? code.text : code.muted, anchor: .baselineRight, halo: nil)
            canvas.draw(
                text: text, at: Point(x + advance * Double(digits + 1), baseline(i + 1)), font: mono, size: size,
                color: code.text, anchor: .baselineLeft, halo: nil)
        }
    }

    /// Draws text `t`, when it shows.
    private func draw(_ t: TextState, halo: Color?, into canvas: inout Canvas) {
        guard t.opacity > 0, t.fontSize > 0 else { return }
        let anchor: TextAnchor = switch t.alignment {
        case .center: .center
        case .left: .baselineLeft
        case .right: .baselineRight
        case .baseline: .baselineCenter
        }
        label(t.text, fading: t.fading, at: Point(t.x, t.y), size: t.fontSize, color: t.color, opacity: t.opacity,
              anchor: anchor, halo: halo, font: font(t.face), into: &canvas)
    }

    /// How wide a text's halo is, as a fraction of its size.
    static let haloWidth = 0.12

    /// A filled triangle with its point at `head.tip`, `length` long and
    /// nine tenths as wide.
    static func arrowhead(_ head: Arrowhead, length: Double) -> Path {
        let d = head.direction, across = Vector(dx: -d.dy, dy: d.dx)
        let base = Point(head.tip.x - d.dx * length, head.tip.y - d.dy * length)
        var path = Path()
        path.move(to: head.tip)
        path.line(to: Point(base.x + across.dx * length * 0.45, base.y + across.dy * length * 0.45))
        path.line(to: Point(base.x - across.dx * length * 0.45, base.y - across.dy * length * 0.45))
        path.close()
        return path
    }

    /// A text, cross-faded with the one it replaces while that fades out.
    private func label(
        _ text: String, fading: FadingLabel?, at p: Point, size: Double, color: Color, opacity: Double,
        anchor: TextAnchor, halo: Color? = nil, font: Font? = nil, into canvas: inout Canvas
    ) {
        let font = font ?? self.font
        func draw(_ text: String, _ alpha: Double) {
            canvas.draw(
                text: text, at: p, font: font, size: size, color: color.opacity(alpha), anchor: anchor,
                halo: halo.map { ($0.opacity(alpha), Self.haloWidth * size) })
        }
        if let fading, fading.opacity > 0 { draw(fading.text, opacity * fading.opacity) }
        let own = 1 - (fading?.opacity ?? 0)
        if own > 0 { draw(text, opacity * own) }
    }

    /// The outlines of one frame's boxes, around the origin, made once a
    /// size.
    private struct Outlines {
        private struct Size: Hashable {
            var w, h, cornerRadius: Double
        }
        private var made: [Size: Path] = [:]

        mutating func outline(w: Double, h: Double, cornerRadius: Double) -> Path {
            let size = Size(w: w, h: h, cornerRadius: cornerRadius)
            if let path = made[size] { return path }
            let path = FrameRenderer.outline(centre: Point(0, 0), w: w, h: h, cornerRadius: cornerRadius)
            made[size] = path
            return path
        }
    }

    /// A circle when the box is square with fully rounded corners (the
    /// exact circle, not a rounded rectangle's approximation of one), else
    /// a rounded rectangle.
    static func outline(centre: Point, w: Double, h: Double, cornerRadius: Double) -> Path {
        if w == h, cornerRadius >= w / 2 { return Path.circle(center: centre, radius: w / 2) }
        return Path.roundedRect(
            Rect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h),
            cornerRadius: min(cornerRadius, min(w, h) / 2))
    }
}
