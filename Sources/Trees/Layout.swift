import Geometry

/// Where each node of a tree goes, in abstract layout units: one level gap
/// between depths and at least one sibling gap between neighbours on a
/// level. The renderer scales these units to pixels.
///
/// The root sits at the origin and y grows downwards: a node at depth *d*
/// has y = *d* × level gap.
public struct Layout: Sendable, Equatable {
    /// The centre of each node.
    public var positions: [NodeID: Point]
    /// The smallest rectangle holding every node centre; `nil` when there are
    /// no nodes.
    public var bounds: Rect?
    /// The links to draw, as the tree lists them.
    public var edges: [TreeEdge]

    /// A layout of `positions`, its bounds worked out from them.
    public init(positions: [NodeID: Point], edges: [TreeEdge]) {
        self.positions = positions
        self.bounds = Rect(bounding: positions.values)
        self.edges = edges
    }

    /// A layout whose bounds the caller has already worked out, which saves
    /// a pass over a large dictionary.
    init(positions: [NodeID: Point], bounds: Rect?, edges: [TreeEdge]) {
        self.positions = positions
        self.bounds = bounds
        self.edges = edges
    }

    /// The centre of node `id`, if the layout places it.
    public subscript(id: NodeID) -> Point? {
        positions[id]
    }
}

/// A way to place the nodes of a binary search tree.
///
/// Conforming types are pure: the layout depends on the tree's shape and
/// ids alone, and the same tree gives the same positions bit for bit.
public protocol TreeLayout: Sendable {
    func layout<Key>(_ tree: BinarySearchTree<Key>) -> Layout
}

/// The precondition every layout puts on its spacing: both gaps are positive
/// and finite.
func checkGaps(levelGap: Double, siblingGap: Double) {
    precondition(levelGap > 0 && levelGap.isFinite, "level gap \(levelGap) is not a positive number")
    precondition(siblingGap > 0 && siblingGap.isFinite, "sibling gap \(siblingGap) is not a positive number")
}
