import Raster
import Tween

/// Every animatable number of an element's look, packed in one vector so
/// that a change of role, size and opacity is one tween with one curve, and
/// a frame evaluates one track an element instead of a dozen.
struct Look: VectorArithmetic, Sendable {
    var raw: SIMD16<Double>

    init(_ raw: SIMD16<Double> = .zero) {
        self.raw = raw
    }

    static var zero: Look { Look() }
    static func + (a: Look, b: Look) -> Look { Look(a.raw + b.raw) }
    static func - (a: Look, b: Look) -> Look { Look(a.raw - b.raw) }
    mutating func scale(by rhs: Double) { raw *= rhs }
    var magnitudeSquared: Double { (raw * raw).sum() }

    /// Four lanes from `lane` as a colour, premultiplied.
    func color(_ lane: Int) -> Color {
        Color(animatableData: PremultipliedColor(red: raw[lane], green: raw[lane + 1], blue: raw[lane + 2], alpha: raw[lane + 3]))
    }

    mutating func setColor(_ c: Color, _ lane: Int) {
        let p = c.animatableData
        raw[lane] = p.red
        raw[lane + 1] = p.green
        raw[lane + 2] = p.blue
        raw[lane + 3] = p.alpha
    }
}

/// Lanes of a node's look.
enum NodeLane {
    static let fill = 0, stroke = 4, label = 8
    static let width = 12, height = 13, corner = 14, scale = 15
}

/// Lanes of the looks of edges, marks, texts and bars.
enum OtherLane {
    static let color = 0
    static let opacity = 4, size = 5, padding = 6, value = 7
    static let w = 8, h = 9, labelSize = 10
}

extension Look {
    init(node n: Node, theme: Theme) {
        self.init()
        let style = theme.node(n.role)
        setColor(n.fill ?? style.fill, NodeLane.fill)
        setColor(style.stroke, NodeLane.stroke)
        setColor(style.label, NodeLane.label)
        raw[NodeLane.width] = n.size.width
        raw[NodeLane.height] = n.size.height
        raw[NodeLane.corner] = n.cornerRadius
        raw[NodeLane.scale] = n.scale
    }

    /// The parts of a node's look that do not fit in the first vector.
    init(nodeExtra n: Node) {
        self.init()
        raw[OtherLane.opacity] = n.opacity
        raw[OtherLane.labelSize] = n.labelSize
    }

    init(edge e: Edge, theme: Theme) {
        self.init()
        setColor(theme.edge(e.role), OtherLane.color)
        raw[OtherLane.opacity] = e.opacity
        raw[OtherLane.size] = Theme.isLit(e.role) ? theme.widths.litEdgeScale : 1
    }

    init(mark m: Mark, theme: Theme) {
        self.init()
        setColor(theme.mark(m.role), OtherLane.color)
        raw[OtherLane.opacity] = m.opacity
        raw[OtherLane.size] = m.radius
        raw[OtherLane.padding] = m.padding
    }

    init(text t: TextElement, theme: Theme) {
        self.init()
        setColor(theme.text(t.role), OtherLane.color)
        raw[OtherLane.opacity] = t.opacity
        raw[OtherLane.size] = t.size
        raw[OtherLane.value] = t.value
    }

    init(bar b: Bar, theme: Theme) {
        self.init()
        setColor(b.fill ?? theme.bar(b.role), OtherLane.color)
        raw[OtherLane.opacity] = b.opacity
        raw[OtherLane.value] = b.value
        raw[OtherLane.w] = b.frame.width
        raw[OtherLane.h] = b.frame.height
    }
}
