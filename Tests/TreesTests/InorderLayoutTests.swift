import Geometry
import Testing
import Trees

@Suite struct InorderLayoutTests {
    @Test func xIsTheRankAndYTheDepth() {
        let tree = BinarySearchTree([2, 1, 3])
        let layout = InorderLayout().layout(tree)
        #expect(layout[NodeID(rawValue: 0)] == Point(0, 0))
        #expect(layout[NodeID(rawValue: 1)] == Point(-1, 1))
        #expect(layout[NodeID(rawValue: 2)] == Point(1, 1))
        #expect(layout.bounds == Rect(x: -1, y: 0, width: 2, height: 1))
        #expect(InorderLayout().layout(BinarySearchTree<Int>()).bounds == nil)
    }

    func checkInorderLaws(_ tree: BinarySearchTree<Int>, levelGap: Double, siblingGap: Double) {
        let layout = InorderLayout(levelGap: levelGap, siblingGap: siblingGap).layout(tree)
        let sorted = tree.inorder
        #expect(layout.positions.count == tree.count)
        #expect(layout.edges == tree.edges)
        #expect(layout.bounds == Rect(bounding: layout.positions.values))
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(layout[b]!.x - layout[a]!.x == siblingGap)
        }
        for id in sorted {
            #expect(layout[id]!.y == Double(tree.depth(of: id)) * levelGap)
        }
        if let root = tree.root {
            #expect(layout[root]!.x == 0)
        }
        // Every left subtree left of its root: the left subtree's rightmost
        // node is the root's in-order predecessor.
        for edge in tree.edges {
            let isLeft = tree.left(of: edge.parent) == edge.child
            #expect((layout[edge.child]!.x < layout[edge.parent]!.x) == isLeft)
        }
    }

    @Test(arguments: 0...7)
    func everyShapeUpToSevenNodesReadsInKeyOrder(size: Int) {
        for keys in allShapes(size) {
            checkInorderLaws(BinarySearchTree(keys), levelGap: 1, siblingGap: 1)
        }
    }

    @Test(arguments: [10, 500, 2_000])
    func randomTreesReadInKeyOrder(size: Int) {
        var rng = SeededGenerator(seed: UInt64(size))
        var tree = BinarySearchTree(rng.distinctKeys(count: size, in: -50_000...50_000))
        checkInorderLaws(tree, levelGap: 2, siblingGap: 0.5)
        for key in rng.distinctKeys(count: size / 3, in: -50_000...50_000) {
            tree.remove(key)
        }
        checkInorderLaws(tree, levelGap: 1, siblingGap: 3)
    }
}
