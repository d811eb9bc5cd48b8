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
    /// Each node's parent; `-1` for the root, node 0.
    var parent: [Int] = []
    /// The index of each node's first child; meaningless when it has none.
    var firstChild: [Int] = []
    var childCount: [Int] = []
    /// For each node, the index it came from in the caller's tree, or `-1`
    /// for an empty slot.
    var source: [Int] = []
    /// Where each level starts, then where the last one ends.
    var levelStarts: [Int] = []

    var count: Int { parent.count }

    /// Numbers the nodes of a tree given by its root and a way to list each
    /// node's child slots (`-1` for an empty slot).
    init(root: Int, capacity: Int, children: (Int, inout [Int]) -> Void) {
        parent.reserveCapacity(capacity)
        firstChild.reserveCapacity(capacity)
        childCount.reserveCapacity(capacity)
        source.reserveCapacity(capacity)
        append(source: root, parent: -1)
        levelStarts = [0]
        var levelEnd = 1
        var slots: [Int] = []
        var node = 0
        while node < count {
            if node == levelEnd {
                levelStarts.append(node)
                levelEnd = count
            }
            if source[node] >= 0 {
                slots.removeAll(keepingCapacity: true)
                children(source[node], &slots)
                firstChild[node] = count
                childCount[node] = slots.count
                for slot in slots {
                    append(source: slot, parent: node)
                }
            }
            node += 1
        }
        levelStarts.append(count)
    }

    private mutating func append(source node: Int, parent: Int) {
        self.parent.append(parent)
        firstChild.append(0)
        childCount.append(0)
        source.append(node)
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
