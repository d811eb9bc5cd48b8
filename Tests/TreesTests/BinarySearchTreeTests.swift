import Testing
import TestSupport
import Trees

@Suite struct BinarySearchTreeTests {
    @Test func emptyTree() {
        let tree = BinarySearchTree<Int>()
        #expect(tree.root == nil)
        #expect(tree.count == 0)
        #expect(tree.isEmpty)
        #expect(tree.height == 0)
        #expect(tree.inorder.isEmpty)
        #expect(tree.edges.isEmpty)
        #expect(!tree.contains(1))
        #expect(tree.search(1).found == nil)
        #expect(tree.search(1).path.isEmpty)
    }

    @Test func idsCountFromZeroInInsertionOrder() {
        var tree = BinarySearchTree<Int>()
        for (n, key) in [50, 30, 70, 20, 40].enumerated() {
            let result = tree.insert(key)
            #expect(result.id == NodeID(rawValue: n))
            #expect(!result.alreadyPresent)
            #expect(tree.key(of: result.id) == key)
        }
        #expect(NodeID(rawValue: 3).description == "#3")
    }

    @Test func insertPathNamesEachComparisonAndSide() {
        var tree = BinarySearchTree([50, 30, 70, 60])
        let result = tree.insert(65)
        #expect(result.path.map(\.key) == [50, 70, 60])
        #expect(result.path.map(\.direction) == [.right, .left, .right])
        #expect(result.path.map(\.node) == [0, 2, 3].map(NodeID.init(rawValue:)))
        #expect(tree.parent(of: result.id) == NodeID(rawValue: 3))
        #expect(tree.right(of: NodeID(rawValue: 3)) == result.id)
        #expect(tree.depth(of: result.id) == 3)
        #expect(tree.height == 4)
    }

    // A key's insertion path is exactly the earlier keys y such that no key
    // inserted before y lies between y and the new key, in insertion order.
    // That follows from the insertion sequence alone, with no tree at all.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func insertPathsMatchTheSequenceCharacterisation(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let keys = (0..<300).map { _ in rng.next(in: 0...400) }
        var tree = BinarySearchTree<Int>()
        var inserted: [Int] = []
        var ids: [Int: NodeID] = [:]
        for key in keys {
            let result = tree.insert(key)
            // For a key already present, only keys inserted before it lie
            // above it.
            let limit = inserted.firstIndex(of: key) ?? inserted.count
            let expected = (0..<limit).filter { j in
                let y = inserted[j]
                return !inserted[..<j].contains { min(y, key) < $0 && $0 < max(y, key) }
            }.map { inserted[$0] }
            let duplicate = limit < inserted.count
            #expect(result.path.map(\.key) == expected)
            #expect(result.path.allSatisfy { ($0.direction == .left) == (key < $0.key) })
            #expect(result.path.allSatisfy { tree.key(of: $0.node) == $0.key })
            #expect(result.alreadyPresent == duplicate)
            if duplicate {
                #expect(result.id == ids[key])
            } else {
                inserted.append(key)
                ids[key] = result.id
            }
        }
        #expect(tree.count == inserted.count)
        #expect(tree.inorder.map(tree.key(of:)) == inserted.sorted())
        #expect(tree.linksAreConsistent())
    }

    @Test func duplicateLeavesTheTreeUnchanged() {
        var tree = BinarySearchTree([8, 4, 12, 2, 6])
        let before = tree
        let result = tree.insert(6)
        #expect(result.alreadyPresent)
        #expect(result.id == NodeID(rawValue: 4))
        #expect(result.path.map(\.key) == [8, 4])
        #expect(result.path.map(\.direction) == [.left, .right])
        #expect(tree == before)
        #expect(tree.insert(99).id == NodeID(rawValue: 5))
    }

    @Test func sequenceInitialiserSkipsDuplicates() {
        let tree = BinarySearchTree([3, 1, 3, 2, 1])
        #expect(tree.count == 3)
        #expect(tree.inorder.map(tree.key(of:)) == [1, 2, 3])
        #expect(tree.preorder.map(tree.key(of:)) == [3, 1, 2])
    }

    @Test func searchReportsTheFoundNodeOrWhereTheSearchFellOff() {
        let tree = BinarySearchTree([50, 30, 70, 40])
        let hit = tree.search(40)
        #expect(hit.found == NodeID(rawValue: 3))
        #expect(hit.path.map(\.key) == [50, 30])
        #expect(hit.path.map(\.direction) == [.left, .right])
        let miss = tree.search(35)
        #expect(miss.found == nil)
        #expect(miss.path.map(\.key) == [50, 30, 40])
        #expect(miss.path.map(\.direction) == [.left, .right, .left])
        #expect(tree.contains(70))
        #expect(!tree.contains(35))
    }

    @Test func edgesArePreorderParentChildPairs() {
        let tree = BinarySearchTree([5, 3, 8, 1, 4, 9])
        let pairs = tree.edges.map { (tree.key(of: $0.parent), tree.key(of: $0.child)) }
        #expect(pairs.map(\.0) == [5, 3, 3, 5, 8])
        #expect(pairs.map(\.1) == [3, 1, 4, 8, 9])
    }

    @Test func heightAndDepthOfAChain() {
        let tree = BinarySearchTree(1...500)
        #expect(tree.height == 500)
        #expect(tree.depth(of: NodeID(rawValue: 499)) == 499)
        #expect(tree.child(.right, of: NodeID(rawValue: 0)) == NodeID(rawValue: 1))
        #expect(tree.child(.left, of: NodeID(rawValue: 0)) == nil)
    }

    @Test(.tags(.bulk)) func sortedChainOfTenThousandWalksWithoutRecursion() {
        let tree = BinarySearchTree((0..<10_000).reversed())
        #expect(tree.height == 10_000)
        #expect(tree.inorder.first == NodeID(rawValue: 9_999))
        #expect(tree.preorder.count == 10_000)
        #expect(tree.edges.count == 9_999)
    }
}
