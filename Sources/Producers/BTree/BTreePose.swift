import Trees

/// What a B-tree drawing shows at one moment: each node's slots (its keys,
/// and an empty slot where a key is about to arrive or has just left), its
/// children and the gap each hangs from, and keys between nodes on their
/// way. A ``BTree`` is a pose without empty slots; the moments between two
/// of its states are poses made from one of them.
struct BTreePose {
    struct Node {
        /// Each slot's key, nil for an empty slot.
        var slots: [Int?]
        /// The children in order, each with the gap between slots it
        /// hangs from: gap 0 is the node's left end, gap `slots.count` its
        /// right end.
        var children: [(id: NodeID, gap: Int)]
        var isLeaf: Bool { children.isEmpty }
    }

    /// A key out of any node, in the air over or under slot `slot` of
    /// `node`, halfway to the next level: a median rising, a separator
    /// coming down. Between two levels there are only pointers, so a key
    /// in the air passes no other key; it goes up or down into a slot
    /// straight, and across only between levels.
    struct Floating {
        enum Side { case over, under }
        var key: Int
        /// Whether it is a separator (a B+ tree's internal key).
        var separator: Bool
        var node: NodeID
        var slot: Int
        var side: Side
    }

    var nodes: [NodeID: Node] = [:]
    var root: NodeID?
    var floating: [Floating] = []
    var isPlus: Bool

    init(_ tree: BTree) {
        root = tree.root
        isPlus = tree.isPlus
        for (id, n) in tree.nodes {
            nodes[id] = Node(slots: n.keys, children: n.children.enumerated().map { ($0.element, $0.offset) })
        }
    }

    /// The number of levels drawn: from the root down its first children
    /// to a leaf (every leaf of a B-tree is as deep).
    var levels: Int {
        var level = 0
        var at = root
        while let id = at, let n = nodes[id] {
            level += 1
            at = n.children.first?.id
        }
        return level
    }

    /// Empties slot `i` of `node`: its key has gone, or is in the air.
    mutating func empty(_ node: NodeID, slot i: Int) {
        nodes[node]?.slots[i] = nil
    }

    /// Puts `key` into `node` at slot `i`; the children hanging from gap
    /// `shiftFrom` on move one gap right.
    mutating func insert(_ key: Int, into node: NodeID, at i: Int, shiftFrom: Int? = nil) {
        guard var n = nodes[node] else { return }
        n.slots.insert(key, at: i)
        if let shiftFrom {
            for j in n.children.indices where n.children[j].gap >= shiftFrom { n.children[j].gap += 1 }
        }
        nodes[node] = n
    }

    /// The nodes in preorder, the root first.
    var preorder: [NodeID] {
        guard let root else { return [] }
        var out = [NodeID](), stack = [root]
        while let id = stack.popLast() {
            out.append(id)
            stack += (nodes[id]?.children.map(\.id) ?? []).reversed()
        }
        return out
    }

    /// The leaves left to right.
    var leaves: [NodeID] { preorder.filter { nodes[$0]?.isLeaf ?? false } }
}
