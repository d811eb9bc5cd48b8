import Geometry
import Testing
import Trees

@Suite struct TreeTests {
    @Test func binaryTreeKeepsEmptySlotsForLoneChildren() throws {
        let bst = BinarySearchTree([5, 3, 8, 4, 9])
        let tree = try #require(bst.tree)
        let id = NodeID.init(rawValue:)
        #expect(tree == Tree(id(0), children: [
            Tree(id(1), children: [nil, Tree(id(3))]),
            Tree(id(2), children: [nil, Tree(id(4))]),
        ]))
        #expect(tree.count == 5)
        #expect(BinarySearchTree<Int>().tree == nil)
    }

    @Test func mapKeepsShapeAndSlots() throws {
        let bst = BinarySearchTree([5, 3, 8, 4])
        let keys = try #require(bst.tree).map(bst.key(of:))
        #expect(keys == Tree(5, children: [Tree(3, children: [nil, Tree(4)]), Tree(8)]))
        var order: [Int] = []
        _ = keys.map { order.append($0) }
        #expect(order == [5, 3, 4, 8])
    }

    @Test func mapRethrows() {
        struct Odd: Error {}
        let tree = Tree(2, children: [Tree(4), nil, Tree(5)])
        #expect(throws: Odd.self) {
            try tree.map { if $0 % 2 == 1 { throw Odd() } else { return $0 } }
        }
    }

    @Test func tidyPositionsOfTheConvertedTreeMatchTheTreeLayout() throws {
        var rng = SeededGenerator(seed: 5)
        let bst = BinarySearchTree(rng.distinctKeys(count: 300, in: 0...999))
        let tree = try #require(bst.tree)
        let points = TidyLayout(levelGap: 2, siblingGap: 3).positions(of: tree)
        let layout = TidyLayout(levelGap: 2, siblingGap: 3).layout(bst)
        var pairs: [(NodeID, Point)] = []
        var stack = [(tree, points)]
        while let (ids, xy) = stack.popLast() {
            pairs.append((ids.value, xy.value))
            for (a, b) in zip(ids.children, xy.children) {
                #expect((a == nil) == (b == nil))
                if let a, let b { stack.append((a, b)) }
            }
        }
        #expect(pairs.count == bst.count)
        #expect(pairs.allSatisfy { layout[$0.0] == $0.1 })
    }

    // A wide subtree on each side forces them apart; the leaf between them
    // is spread to the middle rather than left against its left neighbour.
    @Test func smallSubtreesBetweenPushedOnesAreSpreadEvenly() {
        let wide = Tree("w", children: [Tree("a"), Tree("b"), Tree("c")])
        let tree = Tree("root", children: [wide, Tree("m"), wide])
        let points = TidyLayout().positions(of: tree)
        #expect(points.children.map { $0!.value } == [Point(-1.5, 1), Point(0, 1), Point(1.5, 1)])
        #expect(points.children[0]!.children.map { $0!.value.x } == [-2.5, -1.5, -0.5])
    }

    /// A random tree of up to 4 slots per node, some empty.
    func randomTree(_ rng: inout SeededGenerator, size: Int) -> Tree<Int> {
        var slots: [[Int?]] = [[]]
        for node in 1..<size {
            var parent = Int(rng.next(upTo: UInt64(node)))
            while slots[parent].count >= 4 { parent = (parent + 1) % node }
            if rng.next(upTo: 4) == 0 { slots[parent].append(nil) }
            slots[parent].append(node)
            slots.append([])
        }
        func build(_ node: Int) -> Tree<Int> {
            Tree(node, children: slots[node].map { $0.map(build) })
        }
        return build(0)
    }

    func mirror<T>(_ tree: Tree<T>) -> Tree<T> {
        Tree(tree.value, children: tree.children.reversed().map { $0.map(mirror) })
    }

    func rows(_ points: Tree<Point>) -> [Double: [Double]] {
        var rows: [Double: [Double]] = [:]
        var stack = [points]
        while let tree = stack.popLast() {
            rows[tree.value.y, default: []].append(tree.value.x)
            stack.append(contentsOf: tree.children.compactMap { $0 })
        }
        return rows
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func generalTreesKeepTheLaws(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let tree = randomTree(&rng, size: 5 + Int(seed) * 40)
        let layout = TidyLayout(levelGap: 1, siblingGap: 2)
        let points = layout.positions(of: tree)
        #expect(points.count == tree.count)
        for row in rows(points).values {
            let sorted = row.sorted()
            #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 >= 2 - 1e-9 })
        }
        var stack = [points]
        while let node = stack.popLast() {
            let present = node.children.compactMap { $0 }
            #expect(present.allSatisfy { $0.value.y == node.value.y + 1 })
            #expect(zip(present, present.dropFirst()).allSatisfy { $0.value.x < $1.value.x })
            if let first = node.children.first, let last = node.children.last, let first, let last {
                #expect(abs((first.value.x + last.value.x) / 2 - node.value.x) < 1e-9)
            }
            stack.append(contentsOf: present)
        }
        let mirrored = layout.positions(of: mirror(tree))
        #expect(mirror(mirrored).map { Point(-$0.x, $0.y) }.isClose(to: points))
    }
}

extension Tree<Point> {
    func isClose(to other: Tree<Point>) -> Bool {
        guard value.distance(to: other.value) < 1e-9, children.count == other.children.count else { return false }
        return zip(children, other.children).allSatisfy { a, b in
            switch (a, b) {
            case (nil, nil): true
            case (let a?, let b?): a.isClose(to: b)
            default: false
            }
        }
    }
}
