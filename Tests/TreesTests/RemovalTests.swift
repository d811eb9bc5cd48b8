import Testing
import Trees

@Suite struct RemovalTests {
    @Test func removingALeafEmptiesItsPlace() throws {
        var tree = BinarySearchTree([50, 30, 70, 20])
        let removed = tree.remove(20)
        let result = try #require(removed)
        #expect(result.id == NodeID(rawValue: 3))
        #expect(result.key == 20)
        #expect(result.path.map(\.key) == [50, 30])
        #expect(result.kind == .leaf)
        #expect(tree.left(of: NodeID(rawValue: 1)) == nil)
        #expect(!tree.contains(id: result.id))
        #expect(tree.count == 3)
    }

    @Test func aLoneChildMovesUpWithItsSubtree() throws {
        var tree = BinarySearchTree([50, 30, 70, 20, 25])
        let removed = tree.remove(30)
        let result = try #require(removed)
        #expect(result.kind == .oneChild(NodeID(rawValue: 3)))
        #expect(tree.left(of: NodeID(rawValue: 0)) == NodeID(rawValue: 3))
        #expect(tree.parent(of: NodeID(rawValue: 3)) == NodeID(rawValue: 0))
        #expect(tree.right(of: NodeID(rawValue: 3)) == NodeID(rawValue: 4))
        #expect(tree.depth(of: NodeID(rawValue: 4)) == 2)
    }

    @Test func twoChildrenTakeTheSuccessorNodeAndItsIdMovesUp() throws {
        // 50 has children 30 and 80; its successor 60 sits under 70 with a
        // right child 65.
        var tree = BinarySearchTree([50, 30, 80, 70, 60, 65, 90])
        let ids = Dictionary(uniqueKeysWithValues: tree.preorder.map { (tree.key(of: $0), $0) })
        let removed = tree.remove(50)
        let result = try #require(removed)
        #expect(result.id == ids[50])
        #expect(result.path.isEmpty)
        guard case .twoChildren(let successor, let successorPath, let successorChild) = result.kind else {
            Issue.record("expected the two-children case, got \(result.kind)")
            return
        }
        #expect(successor == ids[60])
        #expect(successorChild == ids[65])
        #expect(successorPath.map(\.key) == [50, 80, 70])
        #expect(successorPath.map(\.direction) == [.right, .left, .left])
        #expect(tree.root == ids[60])
        #expect(tree.parent(of: ids[60]!) == nil)
        #expect(tree.left(of: ids[60]!) == ids[30])
        #expect(tree.right(of: ids[60]!) == ids[80])
        #expect(tree.left(of: ids[70]!) == ids[65])
        #expect(tree.parent(of: ids[65]!) == ids[70])
        #expect(tree.key(of: ids[60]!) == 60)
        #expect(tree.linksAreConsistent())
    }

    @Test func successorThatIsTheRightChildKeepsItsRightSubtree() throws {
        var tree = BinarySearchTree([10, 5, 20, 30])
        let removed = tree.remove(10)
        let result = try #require(removed)
        #expect(result.kind == .twoChildren(
            replacement: NodeID(rawValue: 2),
            search: [PathStep(node: NodeID(rawValue: 0), key: 10, direction: .right)],
            orphan: NodeID(rawValue: 3)))
        #expect(tree.root == NodeID(rawValue: 2))
        #expect(tree.left(of: NodeID(rawValue: 2)) == NodeID(rawValue: 1))
        #expect(tree.right(of: NodeID(rawValue: 2)) == NodeID(rawValue: 3))
    }

    @Test func removingAnAbsentKeyChangesNothing() {
        var tree = BinarySearchTree([2, 1, 3])
        let before = tree
        #expect(tree.remove(4) == nil)
        #expect(tree == before)
    }

    @Test func retiredIdsAreNeverHandedOutAgain() {
        var tree = BinarySearchTree([2, 1, 3])
        tree.remove(1)
        #expect(tree.insert(1).id == NodeID(rawValue: 3))
        tree.remove(2)
        tree.remove(1)
        tree.remove(3)
        #expect(tree.isEmpty && tree.root == nil && tree.height == 0)
        #expect(tree.insert(7).id == NodeID(rawValue: 4))
    }

    // Random inserts and removes, against the textbook tree (same shape and
    // keys) and a sorted array (contents); surviving nodes keep id and key.
    @Test(arguments: 0..<25 as Range<UInt64>)
    func randomOperationsMatchTheReferences(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var tree = BinarySearchTree<Int>()
        var reference = ReferenceTree.empty
        var sorted: [Int] = []
        var ids: [Int: NodeID] = [:]
        var seenCases: Set<String> = []
        for _ in 0..<400 {
            let key = rng.next(in: 0...60)
            if rng.next(upTo: 5) < 3 {
                let result = tree.insert(key)
                reference.insert(key)
                if !result.alreadyPresent {
                    sorted.insert(key, at: sorted.firstIndex { $0 > key } ?? sorted.count)
                    ids[key] = result.id
                }
            } else {
                let removedID = ids[key]
                let children = removedID.map { (tree.left(of: $0), tree.right(of: $0)) }
                let result = tree.remove(key)
                reference.remove(key)
                #expect((result == nil) == (removedID == nil))
                if let result, let children {
                    #expect(result.id == removedID)
                    #expect(result.key == key)
                    switch result.kind {
                    case .leaf:
                        #expect(children.0 == nil && children.1 == nil)
                        seenCases.insert("leaf")
                    case .oneChild(let child):
                        #expect((children.0 == nil) != (children.1 == nil))
                        #expect(child == children.0 ?? children.1)
                        seenCases.insert("one")
                    case .twoChildren(let successor, _, _):
                        #expect(children.0 != nil && children.1 != nil)
                        let index = sorted.firstIndex(of: key)!
                        #expect(successor == ids[sorted[index + 1]])
                        seenCases.insert("two")
                    }
                    sorted.removeAll { $0 == key }
                    ids[key] = nil
                }
            }
            #expect(tree.referenceShape == reference)
            #expect(tree.count == sorted.count)
        }
        #expect(tree.inorder.map(tree.key(of:)) == sorted)
        #expect(ids.allSatisfy { tree.key(of: $0.value) == $0.key })
        #expect(tree.linksAreConsistent())
        #expect(seenCases == ["leaf", "one", "two"])
    }

    /// The other convention: the predecessor node takes the removed node's
    /// place, found by going left once, then right to the end.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func removingWithThePredecessorKeepsOrderAndMovesThePredecessorUp(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var tree = BinarySearchTree<Int>()
        var sorted: [Int] = []
        var ids: [Int: NodeID] = [:]
        var sawTwo = false
        for _ in 0..<300 {
            let key = rng.next(in: 0...60)
            if rng.next(upTo: 5) < 3 {
                let result = tree.insert(key)
                if !result.alreadyPresent {
                    sorted.insert(key, at: sorted.firstIndex { $0 > key } ?? sorted.count)
                    ids[key] = result.id
                }
            } else if let result = tree.remove(key, replacingWith: .predecessor) {
                if case .twoChildren(let replacement, let search, _) = result.kind {
                    let index = sorted.firstIndex(of: key)!
                    #expect(replacement == ids[sorted[index - 1]])
                    #expect(search.first?.direction == .left && search.dropFirst().allSatisfy { $0.direction == .right })
                    sawTwo = true
                }
                sorted.removeAll { $0 == key }
                ids[key] = nil
            }
            #expect(tree.inorder.map(tree.key(of:)) == sorted)
        }
        #expect(tree.linksAreConsistent())
        #expect(sawTwo)
    }
}
