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
    public let levelGap: Double
    /// The horizontal distance between nodes of neighbouring ranks.
    public let siblingGap: Double

    /// - Precondition: both gaps are positive and finite.
    public init(levelGap: Double = 1, siblingGap: Double = 1) {
        checkGaps(levelGap: levelGap, siblingGap: siblingGap)
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
        var ids: [NodeID] = [], points: [Point] = []
        ids.reserveCapacity(tree.count)
        points.reserveCapacity(tree.count)
        let rootRank = rank[tree.rootIndex]
        var maxDepth = 0
        // Preorder reaches a parent before its children, so its depth is known.
        for node in tree.preorderIndices {
            let parent = tree.links[node].parent
            depth[node] = parent < 0 ? 0 : depth[parent] + 1
            maxDepth = Swift.max(maxDepth, depth[node])
            let x = Double(rank[node] - rootRank) * siblingGap
            ids.append(NodeID(rawValue: node))
            points.append(Point(x, Double(depth[node]) * levelGap))
        }
        let positions = Dictionary(uniqueKeysWithValues: zip(ids, points))
        // The first and last ranks are the extremes.
        let minX = Double(-rootRank) * siblingGap, maxX = Double(tree.count - 1 - rootRank) * siblingGap
        let bounds = Rect(x: minX, y: 0, width: maxX - minX, height: Double(maxDepth) * levelGap)
        return Layout(positions: positions, bounds: bounds, edges: tree.edges)
    }
}
