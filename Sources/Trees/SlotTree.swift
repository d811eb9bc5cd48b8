/// The shape a tidy layout works on: nodes numbered level by level, left to
/// right, with empty child slots as nodes of their own.
///
/// Numbering by level makes each node's children contiguous, so a child's
/// place among its siblings is its distance from its parent's first child,
/// and the layout can walk the tree bottom up and top down with plain loops.
/// An empty slot takes room like a node but is not drawn: that is what puts
/// a lone left child to the left of its parent and a lone right child to the
/// right.
struct SlotTree {
    /// One node's links, in 32 bits each so that a million nodes stay
    /// compact in the cache.
    struct Node {
        var storedParent: Int32
        var storedFirstChild: Int32 = 0
        var storedChildCount: Int32 = 0
        var storedSource: Int32

        /// The parent's index; `-1` for the root, node 0.
        var parent: Int { Int(storedParent) }
        /// The first child's index; meaningless without children.
        var firstChild: Int { Int(storedFirstChild) }
        var childCount: Int { Int(storedChildCount) }
        /// The index the node came from in the caller's tree, or `-1` for an
        /// empty slot.
        var source: Int { Int(storedSource) }
    }

    var nodes: [Node] = []
    /// Where each level starts, then where the last one ends.
    var levelStarts: [Int] = []

    var count: Int { nodes.count }

    /// Numbers the nodes of a tree given by its root and a way to list each
    /// node's child slots (`-1` for an empty slot).
    init(root: Int, capacity: Int, children: (Int, inout [Int]) -> Void) {
        nodes.reserveCapacity(capacity)
        nodes.append(Node(storedParent: -1, storedSource: Int32(root)))
        levelStarts = [0]
        var levelEnd = 1
        var slots: [Int] = []
        var index = 0
        while index < nodes.count {
            if index == levelEnd {
                levelStarts.append(index)
                levelEnd = nodes.count
            }
            let source = nodes[index].source
            if source >= 0 {
                slots.removeAll(keepingCapacity: true)
                children(source, &slots)
                // 32-bit indices trap past 2³¹ − 1 nodes, far beyond memory.
                nodes[index].storedFirstChild = Int32(nodes.count)
                nodes[index].storedChildCount = Int32(slots.count)
                for slot in slots {
                    nodes.append(Node(storedParent: Int32(index), storedSource: Int32(slot)))
                }
            }
            index += 1
        }
        levelStarts.append(nodes.count)
    }
}

extension SlotTree {
    /// The shape of a binary search tree: a node with one child gets an empty
    /// slot on its other side; a leaf gets no slots.
    init<Key>(_ tree: BinarySearchTree<Key>) {
        let links = tree.links
        // A tree of n nodes has fewer than n empty slots under one-child nodes.
        self.init(root: tree.rootIndex, capacity: 2 * tree.count) { node, slots in
            let (left, right) = (links[node].left, links[node].right)
            if left >= 0 || right >= 0 {
                slots.append(left)
                slots.append(right)
            }
        }
    }
}
