import Geometry
import Testing
import TestSupport
import Trees

@Suite struct TidyLayoutTests {
    @Test func smallTreesLandWhereTheRulesPutThem() {
        func xs(_ keys: [Int]) -> [Double] {
            let tree = BinarySearchTree(keys)
            let layout = TidyLayout().layout(tree)
            return tree.preorder.map { layout[$0]!.x }
        }
        #expect(xs([2, 1, 3]) == [0, -0.5, 0.5])
        #expect(xs([1, 2, 3]) == [0, 0.5, 1])
        #expect(xs([3, 2, 1]) == [0, -0.5, -1])
        // A lone left child with a lone right child of its own: the empty
        // slots push the grandchild under the root, never on top of a node.
        #expect(xs([3, 1, 2]) == [0, -0.5, 0])
        #expect(xs([4, 2, 1, 3, 6, 5, 7]) == [0, -1, -1.5, -0.5, 1, 0.5, 1.5])
        // The inner grandchildren 3 and 5 collide unless the root's subtrees
        // move a whole gap further apart.
        #expect(xs([4, 2, 3, 6, 5]) == [0, -1, -0.5, 1, 0.5])
    }

    @Test func emptyTreeHasNoPositionsAndNoBounds() {
        let layout = TidyLayout().layout(BinarySearchTree<Int>())
        #expect(layout.positions.isEmpty)
        #expect(layout.bounds == nil)
        #expect(layout.edges.isEmpty)
    }

    @Test func gapsScaleTheDrawing() {
        let tree = BinarySearchTree([40, 20, 60, 10, 30, 50, 35, 33])
        let unit = TidyLayout().layout(tree)
        let scaled = TidyLayout(levelGap: 2.5, siblingGap: 0.75).layout(tree)
        for id in tree.preorder {
            #expect(abs(scaled[id]!.x - unit[id]!.x * 0.75) < 1e-12)
            #expect(scaled[id]!.y == unit[id]!.y * 2.5)
        }
        #expect(scaled.bounds!.height == 2.5 * unit.bounds!.height)
    }

    @Test(arguments: 0...7)
    func everyShapeUpToSevenNodesKeepsTheLaws(size: Int) {
        for keys in allShapes(size) {
            for (levelGap, siblingGap) in [(1.0, 1.0), (3.0, 0.4)] {
                let tree = BinarySearchTree(keys)
                let layout = TidyLayout(levelGap: levelGap, siblingGap: siblingGap)
                let drawing = layout.layout(tree)
                LayoutLaws(tree: tree, layout: drawing, levelGap: levelGap, siblingGap: siblingGap, label: "\(keys)").checkTidy()
                let mirror = layout.layout(BinarySearchTree(mirrored(keys)))
                let mirrorsExactly = tree.preorder.allSatisfy { mirror[$0]!.x == -drawing[$0]!.x }
                let mirrorsClosely = tree.preorder.allSatisfy { abs(mirror[$0]!.x + drawing[$0]!.x) < 1e-12 }
                // Halves of a whole gap add up exactly; other gaps round.
                #expect(siblingGap == 1 ? mirrorsExactly : mirrorsClosely, "\(keys)")
                #expect(tree.preorder.allSatisfy { mirror[$0]!.y == drawing[$0]!.y })
            }
        }
    }

    static let randomCases: [(size: Int, seed: UInt64)] = [
        (2, 1), (10, 2), (50, 3), (200, 4), (500, 5), (1_000, 6), (2_000, 7), (2_000, 8),
    ]

    @Test(arguments: randomCases)
    func randomTreesKeepTheLaws(size: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let keys = rng.distinctKeys(count: size, in: 1...1_000_000)
        let tree = BinarySearchTree(keys)
        let drawing = TidyLayout().layout(tree)
        LayoutLaws(tree: tree, layout: drawing, levelGap: 1, siblingGap: 1, label: "seed \(seed)").checkTidy()
        let mirror = TidyLayout().layout(BinarySearchTree(mirrored(keys)))
        let worst = tree.preorder.map { abs(mirror[$0]!.x + drawing[$0]!.x) }.max() ?? 0
        #expect(worst < 1e-9)
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func treesShapedByRemovalsKeepTheLaws(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var tree = BinarySearchTree(rng.distinctKeys(count: 1_500, in: 1...5_000))
        for key in rng.distinctKeys(count: 700, in: 1...5_000) {
            tree.remove(key)
        }
        LayoutLaws(tree: tree, layout: TidyLayout().layout(tree), levelGap: 1, siblingGap: 1, label: "seed \(seed)").checkTidy()
    }

    @Test func zigzagsAndCombsKeepTheLaws() {
        let zigzag = (0..<300).map { $0.isMultiple(of: 2) ? $0 / 2 : 1_000 - $0 / 2 }
        let comb = (0..<150).flatMap { [2 * $0 + 1, 2 * $0] }.map { 1_000 - $0 }
        for keys in [zigzag, comb] {
            let tree = BinarySearchTree(keys)
            LayoutLaws(tree: tree, layout: TidyLayout().layout(tree), levelGap: 1, siblingGap: 1, label: "\(keys.prefix(4))").checkTidy()
        }
    }

    @Test(.tags(.bulk)) func aLongChainStepsHalfAGapPerLevelWithoutRecursion() {
        let tree = BinarySearchTree(0..<10_000)
        let layout = TidyLayout().layout(tree)
        #expect(tree.preorder.allSatisfy { layout[$0]! == Point(Double($0.rawValue) / 2, Double($0.rawValue)) })
        #expect(layout.bounds == Rect(x: 0, y: 0, width: 4_999.5, height: 9_999))
    }

    @Test func sameTreeSameLayoutBitForBit() {
        var rng = SeededGenerator(seed: 21)
        let keys = rng.distinctKeys(count: 1_000, in: 0...9_999)
        let a = TidyLayout(levelGap: 1.3, siblingGap: 0.7).layout(BinarySearchTree(keys))
        var copy = BinarySearchTree(keys)
        copy.insert(keys[500])
        let b = TidyLayout(levelGap: 1.3, siblingGap: 0.7).layout(copy)
        #expect(a == b)
        #expect(a.positions.allSatisfy { $0.value.x.bitPattern == b[$0.key]!.x.bitPattern })
    }
}
