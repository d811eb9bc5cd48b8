/// A binary search tree whose nodes keep their identity.
///
/// Every node gets a ``NodeID`` when it is inserted, in insertion order from
/// 0, and keeps it until it is removed; ids are never reused. That is what
/// lets an animation follow one node from a layout of the tree to the next.
///
/// Keys go left when smaller than a node's key and right when greater. A key
/// is never inserted twice: ``insert(_:)`` reports a key that is already
/// present and leaves the tree as it was, so the caller decides what a
/// duplicate means.
///
///     var tree = BinarySearchTree([50, 30, 70])
///     let result = tree.insert(60)
///     // result.path: 50 (went right), 70 (went left)
///
/// The tree is not balanced: inserting sorted keys makes a chain, and every
/// walk over the whole tree here is iterative, so chains of any length are
/// safe.
public struct BinarySearchTree<Key: Comparable> {
    /// Keys by raw id. A removed node's key stays in its slot, unreachable,
    /// so that ids can index these arrays directly.
    @usableFromInline var keys: [Key] = []
    @usableFromInline var links: [NodeLinks] = []
    @usableFromInline var rootIndex = -1

    @usableFromInline var nodeCount = 0

    /// An empty tree.
    public init() {}

    /// The tree made by inserting `keys` in order; a key seen before is
    /// skipped.
    ///
    /// - Complexity: O(*n* · *h*), *h* the height of the tree built.
    @inlinable
    public init<S: Sequence>(_ keys: S) where S.Element == Key {
        self.init()
        for key in keys {
            let place = descend(to: key, recordingPath: false)
            if place.found < 0 {
                attach(key, under: place.parent, on: place.direction)
            }
        }
    }

    /// The number of nodes in the tree.
    public var count: Int { nodeCount }

    /// The root's id, or `nil` when the tree is empty.
    public var root: NodeID? { rootIndex < 0 ? nil : NodeID(rawValue: rootIndex) }

    /// Whether the tree has no nodes.
    public var isEmpty: Bool { count == 0 }

    /// Whether `id` names a node now in the tree.
    public func contains(id: NodeID) -> Bool {
        links.indices.contains(id.rawValue) && links[id.rawValue].isLive
    }

    /// The key of node `id`.
    /// - Precondition: `id` names a node in the tree.
    public func key(of id: NodeID) -> Key {
        keys[index(of: id)]
    }

    /// The left child of node `id`, if it has one.
    /// - Precondition: `id` names a node in the tree.
    public func left(of id: NodeID) -> NodeID? {
        Self.node(links[index(of: id)].left)
    }

    /// The right child of node `id`, if it has one.
    /// - Precondition: `id` names a node in the tree.
    public func right(of id: NodeID) -> NodeID? {
        Self.node(links[index(of: id)].right)
    }

    /// The child of node `id` on side `direction`, if it has one.
    /// - Precondition: `id` names a node in the tree.
    public func child(_ direction: Direction, of id: NodeID) -> NodeID? {
        direction == .left ? left(of: id) : right(of: id)
    }

    /// The parent of node `id`; `nil` for the root.
    /// - Precondition: `id` names a node in the tree.
    public func parent(of id: NodeID) -> NodeID? {
        Self.node(links[index(of: id)].parent)
    }

    /// The number of edges from the root down to node `id`: 0 for the root.
    /// - Precondition: `id` names a node in the tree.
    /// - Complexity: O(depth).
    public func depth(of id: NodeID) -> Int {
        var depth = 0
        var current = links[index(of: id)].parent
        while current >= 0 {
            depth += 1
            current = links[current].parent
        }
        return depth
    }

    /// The number of nodes on the longest path from the root down to a leaf:
    /// 0 for an empty tree, 1 for a lone root.
    /// - Complexity: O(*n*).
    public var height: Int {
        guard rootIndex >= 0 else { return 0 }
        var height = 0
        var level = [rootIndex], next: [Int] = []
        while !level.isEmpty {
            height += 1
            for i in level {
                if links[i].left >= 0 { next.append(links[i].left) }
                if links[i].right >= 0 { next.append(links[i].right) }
            }
            swap(&level, &next)
            next.removeAll(keepingCapacity: true)
        }
        return height
    }

    /// Inserts `key` unless it is already present.
    ///
    /// The result's path lists every node the key was compared with on the
    /// way down, and the side the search went; for a new key its last step
    /// is the new node's parent. For a key already present the tree is left
    /// unchanged, the result's id is the node holding the key and the path
    /// ends just above that node.
    ///
    /// - Complexity: O(*h*), *h* the height of the tree.
    @inlinable @discardableResult
    public mutating func insert(_ key: Key) -> InsertResult<Key> {
        let place = descend(to: key, recordingPath: true)
        if place.found >= 0 {
            return InsertResult(id: NodeID(rawValue: place.found), path: place.path, alreadyPresent: true)
        }
        let id = attach(key, under: place.parent, on: place.direction)
        return InsertResult(id: id, path: place.path, alreadyPresent: false)
    }

    /// Whether some node holds `key`.
    /// - Complexity: O(*h*).
    @inlinable
    public func contains(_ key: Key) -> Bool {
        descend(to: key, recordingPath: false).found >= 0
    }

    /// The node holding `key`, if any, and the comparisons made on the way:
    /// every node met above it (or, when the key is absent, every node met
    /// before the search fell off the tree) with the side the search took.
    /// - Complexity: O(*h*).
    @inlinable
    public func search(_ key: Key) -> (found: NodeID?, path: [PathStep<Key>]) {
        let place = descend(to: key, recordingPath: true)
        return (Self.node(place.found), place.path)
    }

    /// Where a search for `key` ends: the node holding it (`found`), or else
    /// the node (`parent`, `-1` in an empty tree) and side under which it
    /// would be attached.
    @inlinable
    func descend(
        to key: Key, recordingPath: Bool
    ) -> (found: Int, parent: Int, direction: Direction, path: [PathStep<Key>]) {
        var path: [PathStep<Key>] = []
        var parent = -1, direction = Direction.left
        var current = rootIndex
        while current >= 0 {
            let nodeKey = keys[current]
            if key < nodeKey {
                direction = .left
            } else if nodeKey < key {
                direction = .right
            } else {
                return (current, parent, direction, path)
            }
            if recordingPath {
                path.append(PathStep(node: NodeID(rawValue: current), key: nodeKey, direction: direction))
            }
            parent = current
            current = direction == .left ? links[current].left : links[current].right
        }
        return (-1, parent, direction, path)
    }

    /// Adds a node for `key` as the `direction` child of `parent` (the root
    /// when `parent` is `-1`).
    @inlinable @discardableResult
    mutating func attach(_ key: Key, under parent: Int, on direction: Direction) -> NodeID {
        let index = keys.count
        // Links hold 32-bit ids: `NodeLinks` traps past 2³¹ − 1 nodes, far
        // beyond what memory holds.
        keys.append(key)
        links.append(NodeLinks(parent: parent))
        if parent < 0 {
            rootIndex = index
        } else if direction == .left {
            links[parent].left = index
        } else {
            links[parent].right = index
        }
        nodeCount += 1
        return NodeID(rawValue: index)
    }

    /// The array index of live node `id`.
    func index(of id: NodeID) -> Int {
        precondition(contains(id: id), "node \(id) is not in the tree")
        return id.rawValue
    }

    @inlinable
    static func node(_ index: Int) -> NodeID? {
        index < 0 ? nil : NodeID(rawValue: index)
    }
}

extension BinarySearchTree: Sendable where Key: Sendable {}

/// The links of one node of a ``BinarySearchTree``, by raw id; `-1` stands
/// for no node.
///
/// They are kept apart from the keys, outside the generic tree type and in
/// 32-bit fields, so that walks over the shape (layouts, traversals) never
/// touch a generic value and a million nodes' links fit in 16 MB.
@usableFromInline
struct NodeLinks: Equatable, Sendable {
    @usableFromInline var storedLeft: Int32
    @usableFromInline var storedRight: Int32
    @usableFromInline var storedParent: Int32
    @usableFromInline var isLive: Bool

    @inlinable
    init(left: Int = -1, right: Int = -1, parent: Int = -1, isLive: Bool = true) {
        storedLeft = Int32(left)
        storedRight = Int32(right)
        storedParent = Int32(parent)
        self.isLive = isLive
    }

    @inlinable var left: Int {
        get { Int(storedLeft) }
        set { storedLeft = Int32(newValue) }
    }

    @inlinable var right: Int {
        get { Int(storedRight) }
        set { storedRight = Int32(newValue) }
    }

    @inlinable var parent: Int {
        get { Int(storedParent) }
        set { storedParent = Int32(newValue) }
    }
}

/// Two trees are equal when they hold the same keys under the same ids in the
/// same shape, and will hand out the same id to the next insert.
extension BinarySearchTree: Equatable where Key: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.links == rhs.links, lhs.rootIndex == rhs.rootIndex else { return false }
        return lhs.links.indices.allSatisfy { !lhs.links[$0].isLive || lhs.keys[$0] == rhs.keys[$0] }
    }
}

/// What ``BinarySearchTree/insert(_:)`` did.
public struct InsertResult<Key> {
    /// The new node, or the node already holding the key.
    public var id: NodeID
    /// The comparisons made on the way down, root first.
    public var path: [PathStep<Key>]
    /// Whether the key was already in the tree, which was then left unchanged.
    public var alreadyPresent: Bool

    @inlinable
    public init(id: NodeID, path: [PathStep<Key>], alreadyPresent: Bool) {
        self.id = id
        self.path = path
        self.alreadyPresent = alreadyPresent
    }
}

extension InsertResult: Sendable where Key: Sendable {}
extension InsertResult: Equatable where Key: Equatable {}
