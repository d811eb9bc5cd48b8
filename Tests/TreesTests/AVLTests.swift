import Foundation
import Testing
import Trees

/// Rotations and the AVL walk back up: the four cases by name, and balance
/// kept over random inserts and deletes.
@Suite struct AVLTests {
    /// The tree's keys in preorder: its shape, read off.
    func shape(_ tree: BinarySearchTree<Int>) -> [Int] { tree.preorder.map { tree.key(of: $0) } }

    func node(_ tree: BinarySearchTree<Int>, _ key: Int) -> NodeID { tree.search(key).found! }

    /// Inserts `keys` AVL-style; the fixes made, in order.
    func insert(_ keys: [Int], into tree: inout BinarySearchTree<Int>) -> [AVLVisit.Fix] {
        var fixes = [AVLVisit.Fix]()
        for key in keys {
            let added = tree.insert(key)
            fixes += tree.rebalanceAVL(from: tree.parent(of: added.id)).compactMap(\.fix)
        }
        return fixes
    }

    @Test func aRotationKeepsIdsKeysAndOrderAndLiftsTheChild() {
        var tree = BinarySearchTree([50, 30, 70, 20, 40])
        let ids = Dictionary(uniqueKeysWithValues: tree.preorder.map { (tree.key(of: $0), $0) })
        let top = tree.rotate(.right, at: tree.root!)
        #expect(tree.key(of: top) == 30 && tree.root == top)
        #expect(shape(tree) == [30, 20, 50, 40, 70])
        #expect(tree.inorder.map { tree.key(of: $0) } == [20, 30, 40, 50, 70])
        #expect(tree.preorder.allSatisfy { ids[tree.key(of: $0)] == $0 })
        // 40 crossed over to 50; parents follow.
        #expect(tree.parent(of: ids[40]!) == ids[50] && tree.parent(of: ids[50]!) == ids[30])
        tree.rotate(.left, at: top)
        #expect(shape(tree) == [50, 30, 20, 40, 70])
        // Below the root, the parent's link changes.
        tree.rotate(.left, at: ids[30]!)
        #expect(shape(tree) == [50, 40, 30, 20, 70])
        #expect(tree.parent(of: ids[40]!) == ids[50])
    }

    @Test(arguments: [
        ([30, 20, 10], AVLCase.leftLeft, [Rotation(.right, at: NodeID(rawValue: 0))], [20, 10, 30]),
        ([10, 20, 30], .rightRight, [Rotation(.left, at: NodeID(rawValue: 0))], [20, 10, 30]),
        ([30, 10, 20], .leftRight, [Rotation(.left, at: NodeID(rawValue: 1)), Rotation(.right, at: NodeID(rawValue: 0))], [20, 10, 30]),
        ([10, 30, 20], .rightLeft, [Rotation(.right, at: NodeID(rawValue: 1)), Rotation(.left, at: NodeID(rawValue: 0))], [20, 10, 30]),
    ] as [([Int], AVLCase, [Rotation], [Int])])
    func theFourCasesByName(_ keys: [Int], _ kind: AVLCase, _ rotations: [Rotation], _ after: [Int]) {
        var tree = BinarySearchTree<Int>()
        let fixes = insert(keys, into: &tree)
        #expect(fixes.map(\.kind) == [kind])
        #expect(fixes[0].rotations == rotations)
        #expect(tree.key(of: fixes[0].top) == 20)
        #expect(shape(tree) == after)
    }

    @Test func theWalkGoesToTheRootAndReportsEachBalanceAsFound() {
        var tree = BinarySearchTree([50, 30, 70, 20])
        let added = tree.insert(10)
        let visits = tree.rebalanceAVL(from: tree.parent(of: added.id))
        // 20 (+1), 30 (+2: LL, rotate right), then the root 50.
        #expect(visits.map { tree.key(of: $0.node) } == [20, 30, 50])
        #expect(visits.map(\.balance) == [1, 2, 1])
        #expect(visits.map { $0.fix?.kind } == [nil, .leftLeft, nil])
        #expect(shape(tree) == [50, 20, 10, 30, 70])
    }

    @Test func aDeleteCanRotateMoreThanOnceOnTheWayUp() {
        // Fibonacci-like: deleting the shallow side's leaf unbalances two
        // levels in turn.
        var tree = BinarySearchTree<Int>()
        _ = insert([50, 30, 80, 20, 40, 70, 90, 10, 35, 45, 60, 75, 5, 85, 95, 1], into: &tree)
        #expect(tree.isAVLBalanced)
        var rotated = 0
        for key in [95, 85, 90, 60, 75] {
            let removed = tree.remove(key)!
            rotated += tree.rebalanceAVL(from: removed.lowestChanged).compactMap(\.fix).count
            #expect(tree.isAVLBalanced)
        }
        #expect(rotated >= 2)
    }

    @Test func randomInsertsAndDeletesStayBalancedAndOrdered() {
        var random = SeededGenerator(seed: 15)
        var allKinds = Set<AVLCase>()
        for _ in 0..<200 {
            var tree = BinarySearchTree<Int>()
            var kinds = Set<AVLCase>()
            for _ in 0..<40 {
                let key = random.next(in: 1...60)
                if tree.contains(key) {
                    let removed = tree.remove(key)!
                    kinds.formUnion(tree.rebalanceAVL(from: removed.lowestChanged).compactMap(\.fix?.kind))
                } else {
                    kinds.formUnion(insert([key], into: &tree).map(\.kind))
                }
                #expect(tree.isAVLBalanced)
                let keys = tree.inorder.map { tree.key(of: $0) }
                #expect(keys == keys.sorted())
                // An AVL tree of n nodes is at most 1.44 log2(n + 2) tall.
                #expect(Double(tree.height) <= 1.4405 * log2(Double(tree.count) + 2))
            }
            allKinds.formUnion(kinds)
        }
        #expect(allKinds == Set(AVLCase.allCases))
    }
}
