/// A B-tree of distinct integer keys, or a B+ tree, that records what each
/// operation does as ``BTreeEvent``s, each with the tree as it stands after
/// it, for an animation to play.
///
/// Two rules are kept, as the two families of textbooks teach them:
/// - ``Rule/order(_:)``, Knuth's order *m*: a node has at most *m*
///   children and *m* − 1 keys, and every node but the root at least
///   ⌈*m*/2⌉ − 1 keys. Inserts and deletes work bottom-up: a key goes into
///   its leaf and a node that overflows splits, its median rising; a node
///   that underflows borrows from a sibling or merges with one, and the
///   parent may underflow in turn. Any order from 3 works.
/// - ``Rule/minimumDegree(_:)``, CLRS's minimum degree *t*: between *t* − 1
///   and 2*t* − 1 keys. Inserts split every full node on the way down
///   (B-TREE-INSERT), deletes make every node they enter hold *t* keys
///   first (B-TREE-DELETE, its cases 1, 2a, 2b, 2c, 3a and 3b), so each is
///   one pass down.
///
/// A B+ tree (``isPlus``, bottom-up only) keeps every key in its leaves;
/// internal nodes hold separators, copies of keys that guide a search: a key
/// `k` goes down to the right of a separator equal to it. A leaf that splits
/// copies its right half's first key up; a separator whose key was deleted
/// may stay as a guide. Leaves are linked left to right.
///
/// Node ids are handed out from 0 and never reused; a node keeps its id
/// while it stands (the left half of a split, the left node of a merge).
///
///     var tree = BTree(rule: .order(3))
///     for k in [10, 20, 30] { tree.insert(k) }   // 30 splits the leaf: 20 rises
///     tree.events.last   // .split(...)
public struct BTree: Sendable, Equatable {
    /// How full a node may be, and so which algorithms run.
    public enum Rule: Sendable, Hashable {
        /// Knuth's order: at most this many children.
        case order(Int)
        /// CLRS's minimum degree *t*.
        case minimumDegree(Int)
    }

    /// One node: its keys in order and, unless it is a leaf, one more
    /// child than keys.
    public struct Node: Sendable, Equatable {
        public var keys: [Int]
        public var children: [NodeID]
        public var isLeaf: Bool { children.isEmpty }
    }

    public let rule: Rule
    public let isPlus: Bool
    public private(set) var nodes: [NodeID: Node] = [:]
    public private(set) var root: NodeID?
    private var nextID = 0
    /// What the operations so far did, each with the tree after it.
    public var events: [BTreeStep] = []

    /// - Precondition: an order of at least 3 or a minimum degree of at
    ///   least 2; a B+ tree takes an order.
    public init(rule: Rule, plus: Bool = false) {
        switch rule {
        case .order(let m): precondition(m >= 3, "a B-tree's order is at least 3")
        case .minimumDegree(let t): precondition(t >= 2 && !plus, "a minimum degree is at least 2, of a B-tree")
        }
        self.rule = rule
        isPlus = plus
    }

    /// The most keys a node holds.
    public var maxKeys: Int {
        switch rule {
        case .order(let m): m - 1
        case .minimumDegree(let t): 2 * t - 1
        }
    }

    /// The fewest keys a node other than the root holds (a B+ tree's
    /// leaves: ``minLeafKeys``).
    public var minKeys: Int {
        switch rule {
        case .order(let m): (m + 1) / 2 - 1
        case .minimumDegree(let t): t - 1
        }
    }

    /// The fewest keys a B+ tree's leaf other than the root holds: half of
    /// the most, rounded up, so that an overflowing leaf splits into two
    /// and two leaves that underflow together merge into one.
    public var minLeafKeys: Int { isPlus ? maxKeys / 2 + maxKeys % 2 : minKeys }

    func fewest(_ n: Node) -> Int { isPlus && n.isLeaf ? minLeafKeys : minKeys }

    public subscript(id: NodeID) -> Node {
        // Every id an event or a caller holds names a node of the tree.
        nodes[id]!
    }

    /// Every key, in order (a B+ tree's: its leaves' keys).
    public var keys: [Int] {
        guard let root else { return [] }
        var out = [Int]()
        func walk(_ id: NodeID) {
            let n = self[id]
            if n.isLeaf {
                out += n.keys
                return
            }
            for (i, c) in n.children.enumerated() {
                walk(c)
                if !isPlus, i < n.keys.count { out.append(n.keys[i]) }
            }
        }
        walk(root)
        return out
    }

    /// The parent of `id` and `id`'s place among its children.
    public func parent(of id: NodeID) -> (node: NodeID, index: Int)? {
        for (p, n) in nodes {
            if let i = n.children.firstIndex(of: id) { return (p, i) }
        }
        return nil
    }

    /// The leaves left to right: a B+ tree's linked list.
    public var leaves: [NodeID] {
        guard let root else { return [] }
        var out = [NodeID]()
        var stack = [root]
        while let id = stack.popLast() {
            let n = self[id]
            if n.isLeaf { out.append(id) } else { stack += n.children.reversed() }
        }
        return out
    }

    /// The number of levels.
    public var height: Int {
        guard var id = root else { return 0 }
        var h = 1
        while let c = self[id].children.first {
            id = c
            h += 1
        }
        return h
    }

    public func contains(_ k: Int) -> Bool { keys.contains(k) }

    // MARK: Building blocks

    mutating func make(_ node: Node) -> NodeID {
        let id = NodeID(rawValue: nextID)
        nextID += 1
        nodes[id] = node
        return id
    }

    mutating func setRoot(_ id: NodeID?) { root = id }

    mutating func update(_ id: NodeID, _ change: (inout Node) -> Void) {
        change(&nodes[id]!)
    }

    mutating func remove(_ id: NodeID) { nodes[id] = nil }

    mutating func record(_ event: BTreeEvent) {
        var after = self
        after.events = []
        events.append(BTreeStep(event: event, tree: after))
    }

    /// Where `k` goes among `keys`: the first place whose key is not less
    /// (B-tree), or greater (B+ tree's separators: equal goes right).
    func place(of k: Int, in n: Node) -> Int {
        if isPlus && !n.isLeaf { return n.keys.firstIndex { $0 > k } ?? n.keys.count }
        return n.keys.firstIndex { $0 >= k } ?? n.keys.count
    }

    /// Walks from the root to where `k` is or would be, recording each
    /// node's visit. Returns the node and the index where `k` is, or the
    /// leaf it would go into and its place there.
    mutating func descend(to k: Int) -> (node: NodeID, index: Int, found: Bool)? {
        guard var id = root else { return nil }
        while true {
            let n = self[id]
            let i = place(of: k, in: n)
            let found = i < n.keys.count && n.keys[i] == k && (n.isLeaf || !isPlus)
            if found || n.isLeaf {
                record(.visit(id, key: k, child: nil))
                return (id, i, found)
            }
            record(.visit(id, key: k, child: i))
            id = n.children[i]
        }
    }

    /// Splits `id`, the child at `index` of its parent (none: the root,
    /// and a new root is made over it): the median rises into the parent
    /// and the right half becomes a new node after it. A B+ tree's leaf
    /// copies its right half's first key up instead, keeping it.
    mutating func split(_ id: NodeID) {
        let n = self[id]
        let copies = isPlus && n.isLeaf
        let m = n.keys.count / 2
        let median = n.keys[m]
        var left = n, right = Node(keys: Array(n.keys[(copies ? m : m + 1)...]), children: [])
        left.keys = Array(n.keys[..<m])
        if !n.isLeaf {
            left.children = Array(n.children[...m])
            right.children = Array(n.children[(m + 1)...])
        }
        nodes[id] = left
        let r = make(right)
        var newRoot = false
        let (p, i): (NodeID, Int)
        if let parent = parent(of: id) {
            (p, i) = parent
        } else {
            p = make(Node(keys: [], children: [id]))
            root = p
            i = 0
            newRoot = true
        }
        update(p) { parent in
            parent.keys.insert(median, at: i)
            parent.children.insert(r, at: i + 1)
        }
        record(.split(id, right: r, parent: p, median: median, newRoot: newRoot, copied: copies))
    }

    /// Merges the children `index` and `index + 1` of `p` into the first:
    /// the separator between them comes down between their keys (a B+
    /// tree's leaves drop it: it only guided).
    mutating func merge(_ p: NodeID, at index: Int, why: BTreeCase) {
        let pn = self[p]
        let (l, r) = (pn.children[index], pn.children[index + 1])
        let separator = pn.keys[index]
        let right = self[r]
        let drops = isPlus && right.isLeaf
        update(l) { left in
            left.keys += (drops ? [] : [separator]) + right.keys
            left.children += right.children
        }
        remove(r)
        update(p) { parent in
            parent.keys.remove(at: index)
            parent.children.remove(at: index + 1)
        }
        record(.merge(p, index: index, left: l, right: r, separator: separator, dropped: drops, why: why))
    }

    /// Moves one key into the child `index` of `p` from its sibling on
    /// `side`, through the parent: the separator comes down and the
    /// sibling's nearest key goes up (a B+ tree's leaf takes the sibling's
    /// key itself, and the separator becomes the right leaf's first key).
    mutating func borrow(_ p: NodeID, child index: Int, fromLeft: Bool, why: BTreeCase) {
        let pn = self[p]
        let c = pn.children[index]
        let s = pn.children[fromLeft ? index - 1 : index + 1]
        let sep = fromLeft ? index - 1 : index
        let old = pn.keys[sep]
        let leafPlus = isPlus && self[c].isLeaf
        var sibling = self[s], child = self[c]
        let moved = fromLeft ? sibling.keys.removeLast() : sibling.keys.removeFirst()
        let risen: Int
        if leafPlus {
            if fromLeft { child.keys.insert(moved, at: 0) } else { child.keys.append(moved) }
            risen = fromLeft ? child.keys[0] : sibling.keys[0]
        } else {
            if fromLeft { child.keys.insert(old, at: 0) } else { child.keys.append(old) }
            risen = moved
            if !sibling.isLeaf {
                let grandchild = fromLeft ? sibling.children.removeLast() : sibling.children.removeFirst()
                if fromLeft { child.children.insert(grandchild, at: 0) } else { child.children.append(grandchild) }
            }
        }
        nodes[s] = sibling
        nodes[c] = child
        update(p) { $0.keys[sep] = risen }
        record(.borrow(p, child: index, sibling: s, fromLeft: fromLeft, moved: moved, separator: old, risen: risen, why: why))
    }

    /// A root left without keys gives way to its only child, or the tree
    /// empties.
    mutating func shrinkRoot() {
        guard let r = root, self[r].keys.isEmpty else { return }
        let next = self[r].children.first
        remove(r)
        root = next
        record(.shrink(r, newRoot: next))
    }
}

/// One thing an operation on a ``BTree`` did.
public enum BTreeEvent: Sendable, Equatable {
    /// A search for `key` looked at `node`'s keys and went on to child
    /// `child`; nil: it stopped here (found it, or at a leaf).
    case visit(NodeID, key: Int, child: Int?)
    /// `key` was found at `index` of `node`.
    case found(NodeID, index: Int, key: Int)
    /// The search ended at a leaf without it.
    case missing(NodeID?, key: Int)
    /// An insert of a key the tree holds changed nothing.
    case duplicate(NodeID, index: Int, key: Int)
    /// `key` was put into leaf `node` at `index` (the first key of an
    /// empty tree makes its root). The leaf may now hold one too many.
    case placed(NodeID, index: Int, key: Int)
    /// `node` split: its median `median` rose into `parent` (a new root
    /// when `newRoot`) and its right half became `right`; `copied`: a B+
    /// tree's leaf copied the median up and kept it.
    case split(NodeID, right: NodeID, parent: NodeID, median: Int, newRoot: Bool, copied: Bool)
    /// A CLRS deletion is about to make sure the node it goes into holds
    /// *t* keys, or names the case it is in.
    case announce(BTreeCase, node: NodeID, key: Int)
    /// `key` was taken out of leaf `node`.
    case removed(NodeID, key: Int, why: BTreeCase)
    /// `old` at `index` of `node` was replaced by `new`, its predecessor
    /// or successor, which left leaf `from`.
    case replaced(NodeID, index: Int, old: Int, new: Int, from: NodeID, why: BTreeCase)
    /// Children `index` and `index + 1` of `parent` merged into `left`;
    /// `separator` came down between them (`dropped`: a B+ tree's leaves
    /// dropped it).
    case merge(NodeID, index: Int, left: NodeID, right: NodeID, separator: Int, dropped: Bool, why: BTreeCase)
    /// Child `child` of `parent` took a key from `sibling`: `separator`
    /// came down and `risen` took its place (a B+ leaf: `moved` came across
    /// and `risen`, the right leaf's new first key, became the separator).
    case borrow(NodeID, child: Int, sibling: NodeID, fromLeft: Bool, moved: Int, separator: Int, risen: Int, why: BTreeCase)
    /// The root was left without keys: `newRoot`, its only child, took its
    /// place (nil: the tree is empty).
    case shrink(NodeID, newRoot: NodeID?)
}

/// The cases of a deletion, by CLRS's numbers where CLRS has one.
public enum BTreeCase: String, Sendable, Hashable {
    /// The key is in a leaf: take it out.
    case leaf = "1"
    /// The key is in an internal node whose child before it holds *t*
    /// keys: its predecessor replaces it.
    case predecessor = "2a"
    /// … the child after it holds *t* keys: its successor replaces it.
    case successor = "2b"
    /// … both hold *t* − 1: they merge round it.
    case mergeAround = "2c"
    /// The child to go into holds *t* − 1 keys and a sibling more: it
    /// borrows one through the parent.
    case borrow = "3a"
    /// … both siblings hold *t* − 1: it merges with one.
    case mergeDown = "3b"
    /// Bottom-up: a node left short borrows from a sibling.
    case underflowBorrow = "borrow"
    /// Bottom-up: a node left short merges with a sibling.
    case underflowMerge = "merge"
    /// Bottom-up: a key of an internal node is replaced by its
    /// predecessor from a leaf, which is then taken out there.
    case internalKey = "internal"
}

/// An event and the tree just after it.
public struct BTreeStep: Sendable, Equatable {
    public var event: BTreeEvent
    public var tree: BTree
}
