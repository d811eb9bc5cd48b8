import Trees

/// A textbook recursive binary search tree that moves keys, not nodes: the
/// reference the id-keeping tree is checked against. Fine for the shallow
/// trees the tests give it.
indirect enum ReferenceTree: Equatable {
    case empty
    case node(ReferenceTree, Int, ReferenceTree)

    mutating func insert(_ key: Int) {
        switch self {
        case .empty:
            self = .node(.empty, key, .empty)
        case .node(var left, let k, var right):
            if key < k { left.insert(key) } else if key > k { right.insert(key) }
            self = .node(left, k, right)
        }
    }

    /// Classic removal: a node with two children takes its successor's key,
    /// and the successor is removed from the right subtree.
    mutating func remove(_ key: Int) {
        guard case .node(var left, let k, var right) = self else { return }
        if key < k {
            left.remove(key)
            self = .node(left, k, right)
        } else if key > k {
            right.remove(key)
            self = .node(left, k, right)
        } else if case .empty = left {
            self = right
        } else if case .empty = right {
            self = left
        } else {
            let successor = right.minimum!
            right.remove(successor)
            self = .node(left, successor, right)
        }
    }

    var minimum: Int? {
        guard case .node(let left, let k, _) = self else { return nil }
        return left.minimum ?? k
    }
}

extension BinarySearchTree<Int> {
    /// The keys in the shape of this tree, to compare with the reference.
    var referenceShape: ReferenceTree {
        func shape(_ id: NodeID?) -> ReferenceTree {
            guard let id else { return .empty }
            return .node(shape(left(of: id)), key(of: id), shape(right(of: id)))
        }
        return shape(root)
    }

    /// Checks every link both ways, the search order, the count and that
    /// every node is reachable from the root.
    func linksAreConsistent() -> Bool {
        var seen = 0
        var stack: [(NodeID, ClosedRange<Int>)] = root.map { [($0, Int.min...Int.max)] } ?? []
        if let root, parent(of: root) != nil { return false }
        while let (id, allowed) = stack.popLast() {
            seen += 1
            let k = key(of: id)
            guard allowed.contains(k) else { return false }
            if let l = left(of: id) {
                guard parent(of: l) == id, k > Int.min else { return false }
                stack.append((l, allowed.lowerBound...(k - 1)))
            }
            if let r = right(of: id) {
                guard parent(of: r) == id, k < Int.max else { return false }
                stack.append((r, (k + 1)...allowed.upperBound))
            }
        }
        return seen == count
    }
}

/// Every binary tree shape with `n` nodes, each as an insertion order of
/// the keys `offset..<offset + n` that builds it: the root first, then each
/// subtree's order.
func allShapes(_ n: Int, offset: Int = 0) -> [[Int]] {
    guard n > 0 else { return [[]] }
    var shapes: [[Int]] = []
    for leftCount in 0..<n {
        let root = offset + leftCount
        for left in allShapes(leftCount, offset: offset) {
            for right in allShapes(n - 1 - leftCount, offset: root + 1) {
                shapes.append([root] + left + right)
            }
        }
    }
    return shapes
}
