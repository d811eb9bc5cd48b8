/// A rooted tree with any number of ordered children per node, generic over
/// the value each node carries.
///
/// A child slot may be empty (`nil`): the slot still holds its place, so a
/// layout can tell the lone left child of a binary node (`[child, nil]`)
/// from a lone right child (`[nil, child]`). A node without children has an
/// empty `children` array.
///
///     let tree = Tree("+", children: [Tree("1"), Tree("2")])
///     let lengths = tree.map(\.count)
///
/// `map`, `count` and the conversion from ``BinarySearchTree`` walk the tree
/// with explicit stacks, but a nested value is still released one level at a
/// time, so keep chains of many thousands of nodes in a `BinarySearchTree`,
/// whose layouts never build a `Tree`.
public struct Tree<Value> {
    /// What this node carries.
    public var value: Value
    /// The child slots, in order; `nil` marks an empty slot.
    public var children: [Tree<Value>?]

    public init(_ value: Value, children: [Tree<Value>?] = []) {
        self.value = value
        self.children = children
    }

    /// The number of nodes (empty slots are not nodes).
    /// - Complexity: O(*n*).
    public var count: Int {
        var count = 0
        var stack = [self]
        while let tree = stack.popLast() {
            count += 1
            stack.append(contentsOf: tree.children.lazy.compactMap { $0 })
        }
        return count
    }

    /// Every node's value in preorder (a node, then its children's
    /// subtrees left to right), walked without recursion.
    public var preorder: [Value] { flattened().map(\.value) }

    /// The same tree, with `transform` applied to every value; empty slots
    /// stay where they are. Values are transformed in preorder.
    /// - Complexity: O(*n*).
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Tree<T> {
        let nodes = flattened()
        var values: [T] = []
        values.reserveCapacity(nodes.count)
        for node in nodes {
            values.append(try transform(node.value))
        }
        return Tree<T>.assemble(nodes.map(\.slots), values)
    }

    /// The nodes in preorder, each with its value and, per child slot, the
    /// preorder index of the child or `nil` for an empty slot.
    func flattened() -> [(value: Value, slots: [Int?])] {
        var nodes: [(value: Value, slots: [Int?])] = []
        // Each entry: a subtree still to visit, and where its parent wants
        // to hear of its index.
        var stack: [(tree: Tree, parent: Int, slot: Int)] = [(self, -1, 0)]
        while let (tree, parent, slot) = stack.popLast() {
            let index = nodes.count
            if parent >= 0 { nodes[parent].slots[slot] = index }
            nodes.append((tree.value, Array(repeating: nil, count: tree.children.count)))
            for (slot, child) in tree.children.enumerated().reversed() {
                if let child { stack.append((child, index, slot)) }
            }
        }
        return nodes
    }

    /// Builds a tree from nodes in preorder, bottom up, from each node's
    /// child slots and its value.
    static func assemble(_ slots: [[Int?]], _ values: [Value]) -> Tree {
        var built: [Tree?] = Array(repeating: nil, count: values.count)
        for index in values.indices.reversed() {
            var children: [Tree?] = []
            children.reserveCapacity(slots[index].count)
            for slot in slots[index] {
                if let child = slot {
                    children.append(built[child])
                    // Each subtree has one parent; dropping it here keeps
                    // the move from copying.
                    built[child] = nil
                } else {
                    children.append(nil)
                }
            }
            built[index] = Tree(values[index], children: children)
        }
        // Preorder puts the root at index 0, and it is never taken as a child.
        return built[0]!
    }
}

extension Tree: Sendable where Value: Sendable {}
extension Tree: Equatable where Value: Equatable {}
extension Tree: Hashable where Value: Hashable {}

extension BinarySearchTree {
    /// The tree's shape as a ``Tree`` of node ids: a node with one child
    /// gets two slots, the missing side `nil`; a leaf gets no slots. `nil`
    /// for an empty tree.
    /// - Complexity: O(*n*).
    public var tree: Tree<NodeID>? {
        guard rootIndex >= 0 else { return nil }
        var slots: [[Int?]] = []
        var values: [NodeID] = []
        var position: [Int: Int] = [:]
        for node in preorderIndices {
            position[node] = values.count
            values.append(NodeID(rawValue: node))
            slots.append([])
        }
        for (index, id) in values.enumerated() {
            let (left, right) = (links[id.rawValue].left, links[id.rawValue].right)
            if left >= 0 || right >= 0 {
                slots[index] = [position[left], position[right]]
            }
        }
        return Tree<NodeID>.assemble(slots, values)
    }
}
