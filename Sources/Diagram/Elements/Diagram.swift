import Geometry
import Raster

/// One state of an animation as plain data: identified nodes, edges, marks,
/// bars and texts in layout units. A diagram knows nothing of the structure
/// it was made from; the timeline animates from one diagram to the next by
/// the elements' ids.
///
///     var d = Diagram()
///     d.nodes.insert(.circle("a", at: Point(0, 0), radius: 0.34, label: "a", labelSize: 0.3))
///     d.nodes.insert(.circle("b", at: Point(1, 1.5), radius: 0.34, label: "b", labelSize: 0.3))
///     d.edges.insert(.tree(from: "a", to: "b"))
///
/// Ids are unique across all kinds: a node and a text never share one.
public struct Diagram: Sendable, Equatable {
    public var nodes = ElementList<Node>()
    public var edges = ElementList<Edge>()
    public var marks = ElementList<Mark>()
    public var bars = ElementList<Bar>()
    public var texts = ElementList<TextElement>()
    /// Regions, in layout units, the camera keeps in view besides the
    /// elements: where a key will enter, a row that is still empty.
    public var reserved: [Rect] = []

    public init() {}

    /// The region the elements cover, in layout units: nodes' boxes, rings
    /// around them, texts placed in the world or on a node or bar (as wide
    /// as `labels` measures them in the font they are drawn in), bars and
    /// the reserved regions. `nil` for an empty diagram.
    public func bounds(measuring labels: LabelFit) -> Rect? { extent(measuring: labels).rect }

    /// ``bounds(measuring:)``, as sides to grow further.
    /// With `boxes`, the extent keeps each rectangle too (``Extent/boxes``).
    func extent(measuring labels: LabelFit, boxes: Bool = false) -> Extent {
        var extent = Extent(labels: labels)
        if boxes { extent.boxes = [] }
        for r in reserved { extent.add(r) }
        // Each side is an exact extreme, the same in any order.
        for n in nodes.unordered { add(n, to: &extent) }
        for m in marks.unordered { add(m, to: &extent) }
        for b in bars.unordered { add(b, to: &extent) }
        for t in texts.unordered { add(t, to: &extent) }
        return extent
    }

    /// Adds to `extent` the region element `id` covers (see ``bounds``), of
    /// whatever kind it is; nothing when the diagram has no such element.
    func add(_ id: ElementID, to extent: inout Extent) {
        if let n = nodes[id] { add(n, to: &extent) }
        if let m = marks[id] { add(m, to: &extent) }
        if let b = bars[id] { add(b, to: &extent) }
        if let t = texts[id] { add(t, to: &extent) }
    }

    func add(_ n: Node, to extent: inout Extent) {
        if n.opacity > 0 { extent.add(n.frame) }
    }

    func add(_ m: Mark, to extent: inout Extent) {
        guard m.opacity > 0 else { return }
        switch m.placement {
        case .world(let p):
            extent.add(Rect(x: p.x - m.radius, y: p.y - m.radius, width: 2 * m.radius, height: 2 * m.radius))
        case .node(let id, let offset):
            guard let box = frame(of: id) else { return }
            let pad = m.padding * min(box.width, box.height) + LineWidths.standard.ring
            extent.add(box.insetBy(dx: -pad, dy: -pad).offsetBy(offset))
        case .box(let id, let unit, let offset):
            guard let box = frame(of: id) else { return }
            let p = Self.point(unit, of: box) + offset
            extent.add(Rect(x: p.x - m.radius, y: p.y - m.radius, width: 2 * m.radius, height: 2 * m.radius))
        case .screen:
            return
        }
    }

    func add(_ b: Bar, to extent: inout Extent) {
        if b.opacity > 0 { extent.add(b.frame) }
    }

    /// The box of node or bar `id`.
    func frame(of id: ElementID) -> Rect? { nodes[id]?.frame ?? bars[id]?.frame }

    /// The point `unit` across and down `box`.
    static func point(_ unit: Point, of box: Rect) -> Point {
        Point(box.minX + unit.x * box.width, box.minY + unit.y * box.height)
    }

    func add(_ t: TextElement, to extent: inout Extent) {
        guard t.opacity > 0 else { return }
        let anchor: Point
        switch t.placement {
        case .world(let p): anchor = p
        case .node(let id, let offset):
            guard let p = nodes[id]?.position ?? bars[id]?.frame.center else { return }
            anchor = p + offset
        case .box(let id, let unit, let offset):
            guard let box = frame(of: id) else { return }
            anchor = Self.point(unit, of: box) + offset
        case .screen: return
        }
        let w = extent.width(of: t.counting?.string(t.value) ?? t.text, size: t.size)
        let x0 = switch t.alignment {
        case .center, .baseline: anchor.x - w / 2
        case .left: anchor.x
        case .right: anchor.x - w
        }
        let lines = Double(LabelFit.lineCount(of: t.text) - 1) * Font.lineSpacing * t.size
        extent.add(Rect(x: x0, y: anchor.y - t.size * 0.8, width: w, height: t.size * 1.1 + lines))
    }
}

/// The smallest rectangle around rectangles, kept as its four sides: each
/// side is the exact extreme of the rectangles' sides, whatever the order
/// they come in, so a region grown a few elements at a time equals the
/// same region found at once.
struct Extent {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity
    /// What measures texts.
    let labels: LabelFit
    /// Each rectangle added, when kept (not nil): what a camera keeps
    /// clear of a panel over the drawing's room is each of them, not the
    /// region round them all.
    var boxes: [Rect]?

    init(labels: LabelFit) {
        self.labels = labels
    }

    /// The width of `text`'s widest line at `size`, in the font.
    func width(of text: String, size: Double) -> Double {
        var widest = 0.0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            widest = max(widest, labels.width(of: String(line)))
        }
        return widest * size
    }

    mutating func add(_ r: Rect) {
        boxes?.append(r)
        minX = min(minX, r.minX)
        minY = min(minY, r.minY)
        maxX = max(maxX, r.maxX)
        maxY = max(maxY, r.maxY)
    }

    mutating func add(_ other: Extent) {
        if let more = other.boxes { boxes?.append(contentsOf: more) }
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }

    /// Nil when nothing was added.
    var rect: Rect? {
        minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}

extension Rect {
    func offsetBy(_ v: Vector) -> Rect { Rect(origin: origin + v, size: size) }
}
