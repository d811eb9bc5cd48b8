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
        forEachPreorder { node, _ in order.append(NodeID(rawValue: node)) }
        return order
    }

    /// Every parent–child link, in preorder of the child.
    ///
    /// - Complexity: O(*n*).
    public var edges: [TreeEdge] {
        var edges: [TreeEdge] = []
        edges.reserveCapacity(Swift.max(count - 1, 0))
        forEachPreorder { node, parent in
            if parent >= 0 {
                edges.append(TreeEdge(parent: NodeID(rawValue: parent), child: NodeID(rawValue: node)))
            }
        }
        return edges
    }

    /// Calls `body` with each node index and its parent's (`-1` for the root),
    /// in preorder.
    func forEachPreorder(_ body: (_ node: Int, _ parent: Int) -> Void) {
        guard rootIndex >= 0 else { return }
        var stack = [rootIndex]
        while let node = stack.popLast() {
            body(node, links[node].parent)
            // Right first, so that the left subtree comes off the stack first.
            if links[node].right >= 0 { stack.append(links[node].right) }
            if links[node].left >= 0 { stack.append(links[node].left) }
        }
    }
}
