import Geometry

/// A row or a column of boxes side by side, each with its index under it
/// (or beside it, for a column): an array, a hash table's buckets, the keys
/// of a B-tree node, a heap's array.
///
/// Each cell is a ``Node`` (a box) of its own, `id[i]`, so it holds a label,
/// moves and recolours like any node, can wear a ring, and can be the end
/// of an ``Edge`` (a bucket's chain, a child pointer). The indices are
/// texts placed on their cells, so they go where the cells go.
///
///     let buckets = Cells("bucket", at: Point(0, 0), count: 5, size: Size(width: 1, height: 0.8))
///     step.beat { d in buckets.insert(labels: ["", "17", "", "", "4"], into: &d) }
///     d.edges.insert(Edge(id: "chain", from: buckets.id(1), to: "node17", arrows: .end))
public struct Cells: Sendable, Hashable {
    public enum Axis: Sendable, Hashable { case row, column }

    /// The name the cells' ids are made from.
    public var name: String
    /// The centre of cell 0.
    public var origin: Point
    public var count: Int
    public var size: Size
    public var axis: Axis
    /// The size of the labels and (at ``indexScale`` of it) of the
    /// indices, in layout units.
    public var labelSize: Double
    /// The indices' size as a fraction of the labels': 0.7 unless a
    /// drawing whose labels come out small wants its indices read too.
    public var indexScale = 0.7
    /// Whether each cell's index is written beside it.
    public var indexed: Bool
    /// Whether a row's indices stand over it rather than under it (where
    /// what hangs under the cells, a hash table's chains, would cross
    /// them).
    public var indexAbove = false

    public init(
        _ name: String, at origin: Point, count: Int, size: Size, axis: Axis = .row, labelSize: Double? = nil,
        indexed: Bool = true
    ) {
        self.name = name
        self.origin = origin
        self.count = count
        self.size = size
        self.axis = axis
        self.labelSize = labelSize ?? min(size.width, size.height) * 0.5
        self.indexed = indexed
    }

    /// Cell `i`'s node id.
    public func id(_ i: Int) -> ElementID { ElementID("\(name)[\(i)]") }

    /// The id of cell `i`'s index text.
    public func indexID(_ i: Int) -> ElementID { ElementID("\(name)#\(i)") }

    /// The centre of cell `i`: cells touch, their outlines shared.
    public func centre(_ i: Int) -> Point {
        switch axis {
        case .row: Point(origin.x + Double(i) * size.width, origin.y)
        case .column: Point(origin.x, origin.y + Double(i) * size.height)
        }
    }

    /// Cell `i` as a node, holding `label`.
    public func cell(_ i: Int, label: String = "", role: Role = .normal) -> Node {
        .box(id(i), at: centre(i), size: size, cornerRadius: 0, label: label, labelSize: labelSize, role: role)
    }

    /// Cell `i`'s index: under it in a row, left of it in a column.
    public func index(_ i: Int) -> TextElement {
        let offset = switch axis {
        case .row where indexAbove: Vector(dx: 0, dy: -size.height / 2 - labelSize * 0.6)
        case .row: Vector(dx: 0, dy: size.height / 2 + labelSize * 0.9)
        case .column: Vector(dx: -size.width / 2 - labelSize * 0.9, dy: labelSize * 0.25)
        }
        return TextElement(
            id: indexID(i), text: String(i), placement: .node(id(i), offset: offset), size: labelSize * indexScale, role: .muted)
    }

    /// Puts every cell (with `labels[i]`, or empty) and its index into `d`,
    /// replacing what was there under the same ids.
    public func insert(labels: [String] = [], into d: inout Diagram) {
        for i in 0..<count {
            d.nodes.insert(cell(i, label: i < labels.count ? labels[i] : ""))
            if indexed { d.texts.insert(index(i)) }
        }
    }
}
