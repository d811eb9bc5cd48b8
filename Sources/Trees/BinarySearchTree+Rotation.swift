extension BinarySearchTree {
    /// Rotates the tree at node `id`: rotating left, its right child `y`
    /// takes its place and `id` becomes `y`'s left child, `y`'s old left
    /// subtree becoming `id`'s right one; rotating right is the mirror.
    /// Every node keeps its id and key and the in-order sequence of keys is
    /// unchanged; only three links change hands.
    ///
    ///     var tree = BinarySearchTree([10, 20, 30])   // a chain to the right
    ///     tree.rotate(.left, at: tree.root!)          // 20 is the root now
    ///
    /// - Returns: the node that took `id`'s place.
    /// - Precondition: `id` has a child on the side the rotation lifts (the
    ///   right one for a left rotation).
    /// - Complexity: O(1).
    @discardableResult
    public mutating func rotate(_ direction: Direction, at id: NodeID) -> NodeID {
        let x = index(of: id)
        let up: Direction = direction == .left ? .right : .left
        let y = links[x].child(up)
        precondition(y >= 0, "rotating \(direction) at \(id) needs a \(up) child")
        let inner = links[y].child(direction)
        let parent = links[x].parent
        // y's inner subtree crosses over to x.
        links[x].setChild(up, inner)
        if inner >= 0 { links[inner].parent = x }
        // y takes x's place under x's parent.
        links[y].parent = parent
        if parent < 0 {
            rootIndex = y
        } else if links[parent].left == x {
            links[parent].left = y
        } else {
            links[parent].right = y
        }
        // x goes down under y.
        links[y].setChild(direction, x)
        links[x].parent = y
        return NodeID(rawValue: y)
    }

    /// The height of the subtree under `id` in nodes (a leaf's is 1), or 0
    /// for no node; walked without recursion.
    /// - Complexity: O(size of the subtree).
    public func height(of id: NodeID?) -> Int {
        guard let id else { return 0 }
        var deepest = 0
        var stack = [(index(of: id), 1)]
        while let (node, depth) = stack.popLast() {
            deepest = Swift.max(deepest, depth)
            if links[node].left >= 0 { stack.append((links[node].left, depth + 1)) }
            if links[node].right >= 0 { stack.append((links[node].right, depth + 1)) }
        }
        return deepest
    }

    /// Node `id`'s balance factor: the height of its left subtree less that
    /// of its right (CLRS's and VisuAlgo's sign: positive leans left).
    public func balance(of id: NodeID) -> Int {
        height(of: left(of: id)) - height(of: right(of: id))
    }
}
