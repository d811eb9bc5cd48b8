import Geometry

/// Knuth's layout of a binary tree: x is a node's rank in key order, y its
/// depth.
///
/// The sorted order reads left to right, one sibling gap per key, and every
/// left subtree lies entirely left of its root (every right subtree right).
/// The drawing is as wide as the tree has nodes, so it suits small trees and
/// showing the order of keys.
///
///     let layout = InorderLayout().layout(BinarySearchTree([2, 1, 3]))
///     // 1 at (-1, 1), 2 at (0, 0), 3 at (1, 1)
public struct InorderLayout: TreeLayout {
    /// The vertical distance between depths.
    public var levelGap: Double
    /// The horizontal distance between nodes of neighbouring ranks.
    public var siblingGap: Double

    public init(levelGap: Double = 1, siblingGap: Double = 1) {
        self.levelGap = levelGap
        self.siblingGap = siblingGap
    }

    /// - Complexity: O(*n*).
    public func layout<Key>(_ tree: BinarySearchTree<Key>) -> Layout {
        guard tree.rootIndex >= 0 else { return Layout(positions: [:], edges: []) }
        // Ranks and depths by raw id.
        var rank = [Int](repeating: 0, count: tree.links.count)
        for (index, id) in tree.inorder.enumerated() {
            rank[id.rawValue] = index
        }
        var depth = [Int](repeating: 0, count: tree.links.count)
        var positions: [NodeID: Point] = [:]
        positions.reserveCapacity(tree.count)
        let rootRank = rank[tree.rootIndex]
        // Preorder reaches a parent before its children, so its depth is known.
        tree.forEachPreorder { node, parent in
            depth[node] = parent < 0 ? 0 : depth[parent] + 1
            let x = Double(rank[node] - rootRank) * siblingGap
            positions[NodeID(rawValue: node)] = Point(x, Double(depth[node]) * levelGap)
        }
        return Layout(positions: positions, edges: tree.edges)
    }
}
