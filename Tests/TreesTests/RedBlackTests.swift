import Testing
import Trees

/// CLRS red-black insert and delete: the cases by name on the book's own
/// example, and the rules kept over random inserts and deletes.
@Suite struct RedBlackTests {
    func shape(_ tree: BinarySearchTree<Int>) -> [Int] { tree.preorder.map { tree.key(of: $0) } }

    func colours(_ tree: BinarySearchTree<Int>, _ colors: RedBlackColors) -> String {
        tree.preorder.map { "\(tree.key(of: $0))\(colors.color(of: $0) == .red ? "r" : "b")" }.joined(separator: " ")
    }

    @Test func theBooksInsertOf4MeetsCases1Then2Then3() {
        // CLRS figure 13.4: 11 2 14 1 7 15 5 8, then 4.
        var tree = BinarySearchTree<Int>(), colors = RedBlackColors()
        for k in [11, 2, 14, 1, 7, 15, 5, 8] { tree.insertRedBlack(k, colors: &colors) }
        #expect(tree.isRedBlack(colors))
        let (_, fixes) = tree.insertRedBlack(4, colors: &colors)
        #expect(fixes.map(\.case.number) == [1, 2, 3])
        #expect(fixes[0].case == .uncleRed(uncle: tree.search(8).found!))
        #expect(fixes[1].rotation == Rotation(.left, at: tree.search(2).found!))
        #expect(fixes[2].rotation == Rotation(.right, at: tree.search(11).found!))
        #expect(shape(tree) == [7, 2, 1, 5, 4, 11, 8, 14, 15])
        #expect(colours(tree, colors) == "7b 2r 1b 5b 4r 11r 8b 14b 15r")
        #expect(tree.isRedBlack(colors))
    }

    @Test func aRedRootIsColouredBlackAndAnOuterGrandchildRotatesOnce() {
        var tree = BinarySearchTree<Int>(), colors = RedBlackColors()
        #expect(tree.insertRedBlack(10, colors: &colors).fixes.map(\.case) == [.colourBlack])
        #expect(tree.insertRedBlack(20, colors: &colors).fixes.isEmpty)
        let fixes = tree.insertRedBlack(30, colors: &colors).fixes
        #expect(fixes.count == 1 && fixes[0].case == .outerChild(uncle: nil))
        #expect(shape(tree) == [20, 10, 30] && colours(tree, colors) == "20b 10r 30r")
    }

    @Test func deletingMeetsEveryCase() {
        // A black leaf whose sibling is red (case 1, then 2 as the parent is red).
        var tree = BinarySearchTree<Int>(), colors = RedBlackColors()
        for k in [10, 5, 30, 20, 40, 25] { tree.insertRedBlack(k, colors: &colors) }
        var met = Set<Int>()
        for k in [5, 25, 10, 40, 30, 20] {
            let fixes = tree.removeRedBlack(k, colors: &colors)?.fixes ?? []
            met.formUnion(fixes.map(\.case.number))
            #expect(tree.isRedBlack(colors), "after deleting \(k): \(colours(tree, colors))")
        }
        #expect(tree.isEmpty)
        // Random lists meet the rest.
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            var tree = BinarySearchTree<Int>(), colors = RedBlackColors()
            var present = [Int]()
            for _ in 0..<40 {
                if present.count > 3, rng.next(in: 0...2) == 0 {
                    let k = present.remove(at: rng.next(in: 0...(present.count - 1)))
                    met.formUnion((tree.removeRedBlack(k, colors: &colors)?.fixes ?? []).map(\.case.number))
                } else {
                    let k = rng.next(in: 1...100)
                    guard !present.contains(k) else { continue }
                    present.append(k)
                    tree.insertRedBlack(k, colors: &colors)
                }
                #expect(tree.isRedBlack(colors))
                #expect(tree.inorder.map { tree.key(of: $0) } == present.sorted())
                #expect(colors.colors.count == tree.count)
            }
        }
        #expect(met.isSuperset(of: [0, 1, 2, 3, 4]))
    }

    @Test func theCheckerCatchesEachBrokenRule() {
        var tree = BinarySearchTree([20, 10, 30])
        var colors = RedBlackColors()
        for n in tree.preorder { colors.set(n, .black) }
        #expect(tree.isRedBlack(colors))
        colors.set(tree.root!, .red)
        #expect(!tree.isRedBlack(colors))
        colors.set(tree.root!, .black)
        colors.set(tree.search(10).found!, .red)
        #expect(!tree.isRedBlack(colors))
        colors.set(tree.search(30).found!, .red)
        #expect(tree.isRedBlack(colors))
        tree.insert(5)
        colors.set(tree.search(5).found!, .red)
        #expect(!tree.isRedBlack(colors))
        colors.set(tree.search(5).found!, .black)
        #expect(!tree.isRedBlack(colors))
    }
}
