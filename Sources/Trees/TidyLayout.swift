import Geometry

/// The Reingold–Tilford tidy drawing, in linear time for any number of
/// children (Buchheim, Jünger and Leipert, 2002). The default layout.
///
/// The drawing keeps these laws:
/// - nodes of one depth lie on one horizontal line, one level gap apart;
/// - children keep their order, and a parent is centred over its first and
///   last child slots;
/// - no two nodes of a level are closer than the sibling gap;
/// - edges never cross;
/// - a subtree is drawn the same wherever it appears, and a mirrored tree is
///   drawn mirrored.
///
/// For a binary search tree, a node with one child keeps an empty slot on
/// its other side, so a lone left child sits half a sibling gap to the left
/// of its parent and a lone right child to the right, never straight below.
///
///     let layout = TidyLayout().layout(BinarySearchTree([2, 1, 3]))
///     // 2 at (0, 0), 1 at (-0.5, 1), 3 at (0.5, 1)
public struct TidyLayout: TreeLayout {
    /// The vertical distance between depths.
    public let levelGap: Double
    /// The least horizontal distance between the centres of two neighbouring
    /// nodes (or empty slots) on one level.
    public let siblingGap: Double

    /// - Precondition: both gaps are positive and finite.
    public init(levelGap: Double = 1, siblingGap: Double = 1) {
        checkGaps(levelGap: levelGap, siblingGap: siblingGap)
        self.levelGap = levelGap
        self.siblingGap = siblingGap
    }

    /// - Complexity: O(*n*) time and memory, with no recursion.
    public func layout<Key>(_ tree: BinarySearchTree<Key>) -> Layout {
        guard tree.rootIndex >= 0 else { return Layout(positions: [:], edges: []) }
        let slots = SlotTree(tree)
        let x = TidyWalk.positions(of: slots, spacing: UniformSpacing(distance: siblingGap))
        // The same placing loop as in `positions(of:)`, written out, as a
        // closure made it half as slow again on large trees. The dictionary
        // is built in one go from the pairs, which is faster than one insert
        // at a time.
        var ids: [NodeID] = []
        var points: [Point] = []
        ids.reserveCapacity(tree.count)
        points.reserveCapacity(tree.count)
        // The root is at the origin, so the extremes start there.
        var minX = 0.0, maxX = 0.0, maxY = 0.0
        for level in 0..<slots.levelStarts.count - 1 {
            let y = Double(level) * levelGap
            for node in slots.levelStarts[level]..<slots.levelStarts[level + 1] where slots.nodes[node].source >= 0 {
                ids.append(NodeID(rawValue: slots.nodes[node].source))
                points.append(Point(x[node], y))
                minX = Swift.min(minX, x[node])
                maxX = Swift.max(maxX, x[node])
                maxY = y
            }
        }
        let positions = Dictionary(uniqueKeysWithValues: zip(ids, points))
        let bounds = Rect(x: minX, y: 0, width: maxX - minX, height: maxY)
        return Layout(positions: positions, bounds: bounds, edges: tree.edges)
    }

    /// The centre of every node of a general tree, in a tree of the same
    /// shape; an empty slot takes room like a node and stays empty.
    /// - Complexity: O(*n*).
    public func positions<Value>(of tree: Tree<Value>) -> Tree<Point> {
        let nodes = tree.flattened()
        let slots = SlotTree(root: 0, capacity: nodes.count) { node, slots in
            slots.append(contentsOf: nodes[node].slots.lazy.map { $0 ?? -1 })
        }
        let x = TidyWalk.positions(of: slots, spacing: UniformSpacing(distance: siblingGap))
        var points = [Point](repeating: .zero, count: nodes.count)
        for level in 0..<slots.levelStarts.count - 1 {
            let y = Double(level) * levelGap
            for node in slots.levelStarts[level]..<slots.levelStarts[level + 1] where slots.nodes[node].source >= 0 {
                points[slots.nodes[node].source] = Point(x[node], y)
            }
        }
        return Tree<Point>.assemble(nodes.map(\.slots), points)
    }
}
