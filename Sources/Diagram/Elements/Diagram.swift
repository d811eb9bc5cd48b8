import Geometry

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
    /// around them, world-placed texts (by an estimate of their width),
    /// bars and the reserved regions. `nil` for an empty diagram.
    public var bounds: Rect? {
        var rects = reserved
        for n in nodes where n.opacity > 0 { rects.append(n.frame) }
        for m in marks where m.opacity > 0 {
            switch m.placement {
            case .world(let p):
                rects.append(Rect(x: p.x - m.radius, y: p.y - m.radius, width: 2 * m.radius, height: 2 * m.radius))
            case .node(let id, let offset):
                guard let box = nodes[id]?.frame ?? bars[id]?.frame else { continue }
                let pad = m.padding * min(box.width, box.height) + LineWidths.standard.ring
                rects.append(box.insetBy(dx: -pad, dy: -pad).offsetBy(offset))
            case .screen:
                continue
            }
        }
        for b in bars where b.opacity > 0 {
            rects.append(b.frame)
            guard b.textSize > 0 else { continue }
            // Room for the label at the base and the value at the end, by
            // the same estimate as texts'.
            let s = b.textSize
            switch b.direction {
            case .up:
                rects.append(b.frame.insetBy(dx: 0, dy: -1.4 * s))
            case .right:
                let label = 0.6 * s * Double(b.label.count) + 0.3 * s
                let value = 0.6 * s * Double(b.valueFormat?.string(b.value).count ?? 0) + 0.3 * s
                rects.append(Rect(x: b.frame.minX - label, y: b.frame.minY, width: b.frame.width + label + value, height: b.frame.height))
            }
        }
        for t in texts where t.opacity > 0 {
            let anchor: Point
            switch t.placement {
            case .world(let p): anchor = p
            case .node(let id, let offset):
                guard let p = nodes[id]?.position ?? bars[id]?.frame.center else { continue }
                anchor = p + offset
            case .screen: continue
            }
            // An estimate, as layout units have no font: 0.6 em a character.
            let w = 0.6 * t.size * Double(t.text.count)
            let x0 = switch t.alignment {
            case .center: anchor.x - w / 2
            case .left: anchor.x
            case .right: anchor.x - w
            }
            rects.append(Rect(x: x0, y: anchor.y - t.size * 0.8, width: w, height: t.size * 1.1))
        }
        guard var r = rects.first else { return nil }
        for other in rects.dropFirst() { r = r.union(other) }
        return r
    }
}

extension Rect {
    func offsetBy(_ v: Vector) -> Rect { Rect(origin: origin + v, size: size) }
}
