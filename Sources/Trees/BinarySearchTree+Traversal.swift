extension BinarySearchTree {
    /// The ids in key order.
    ///
    /// - Complexity: O(*n*), with an explicit stack rather than recursion.
    public var inorder: [NodeID] {
        var order: [NodeID] = []
        order.reserveCapacity(count)
        var stack: [Int] = []
        var current = rootIndex
        while current >= 0 || !stack.isEmpty {
            while current >= 0 {
                stack.append(current)
                current = links[current].left
            }
            let node = stack.removeLast()
            order.append(NodeID(rawValue: node))
            current = links[node].right
        }
        return order
    }

    /// The ids with every node before its subtrees, left subtree first.
    ///
    /// - Complexity: O(*n*).
    public var preorder: [NodeID] {
        var order: [NodeID] = []
        order.reserveCapacity(count)
        for node in preorderIndices {
            order.append(NodeID(rawValue: node))
        }
        return order
    }

    /// Every parent–child link, in preorder of the child.
    ///
    /// - Complexity: O(*n*).
    public var edges: [TreeEdge] {
        var edges: [TreeEdge] = []
        edges.reserveCapacity(Swift.max(count - 1, 0))
        for node in preorderIndices.dropFirst() {
            edges.append(TreeEdge(parent: NodeID(rawValue: links[node].parent), child: NodeID(rawValue: node)))
        }
        return edges
    }

    /// The node indices in preorder, walked with an explicit stack.
    var preorderIndices: PreorderIndices {
        PreorderIndices(links: links, root: rootIndex)
    }
}

/// The node indices of a ``BinarySearchTree`` in preorder, root first.
///
/// A sequence rather than a method taking a closure, so that loops over it
/// compile to plain code.
struct PreorderIndices: Sequence, IteratorProtocol {
    let links: [NodeLinks]
    var stack: [Int]

    init(links: [NodeLinks], root: Int) {
        self.links = links
        stack = root >= 0 ? [root] : []
    }

    mutating func next() -> Int? {
        guard let node = stack.popLast() else { return nil }
        // Right first, so that the left subtree comes off the stack first.
        if links[node].right >= 0 { stack.append(links[node].right) }
        if links[node].left >= 0 { stack.append(links[node].left) }
        return node
    }
}
