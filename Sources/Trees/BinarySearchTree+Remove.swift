extension BinarySearchTree {
    /// Removes the node holding `key`, if any, and tells what moved.
    ///
    /// The three classic cases:
    /// - a leaf is simply taken away;
    /// - a node with one child is replaced by that child, which moves up
    ///   with its whole subtree;
    /// - a node with two children is replaced by its in-order successor (the
    ///   leftmost node of its right subtree), or with `.predecessor` by its
    ///   in-order predecessor (the rightmost of its left subtree). That
    ///   *node* moves, id and all, into the removed node's place and takes
    ///   over its children; its own child, if any, moves up into its old
    ///   place. Keys are never copied between nodes, so every surviving id
    ///   keeps its key.
    ///
    /// The removed node's id is retired for good: a later insert gets a new
    /// one.
    ///
    ///     var tree = BinarySearchTree([50, 30, 70, 60, 80])
    ///     let result = tree.remove(50)
    ///     // result.kind: .twoChildren(replacement: id of 60, …, orphan: nil)
    ///     // 60 is now the root, with children 30 and 70.
    ///
    /// - Returns: what happened, or `nil` when no node holds `key` (the tree
    ///   is then unchanged).
    /// - Complexity: O(*h*).
    @discardableResult
    public mutating func remove(_ key: Key, replacingWith side: Replacement = .successor) -> RemoveResult<Key>? {
        let place = descend(to: key, recordingPath: true)
        let node = place.found
        guard node >= 0 else { return nil }
        let (left, right) = (links[node].left, links[node].right)
        let kind: RemoveResult<Key>.Kind
        switch (left >= 0, right >= 0) {
        case (false, false):
            replace(node, with: -1)
            kind = .leaf
        case (true, false), (false, true):
            let child = Swift.max(left, right)
            replace(node, with: child)
            kind = .oneChild(NodeID(rawValue: child))
        case (true, true):
            // The successor is found by going right once, then left to the
            // end; the predecessor the other way round.
            let (first, then): (Direction, Direction) = side == .successor ? (.right, .left) : (.left, .right)
            var search = [PathStep(node: NodeID(rawValue: node), key: keys[node], direction: first)]
            var replacement = first == .right ? right : left
            while links[replacement].child(then) >= 0 {
                search.append(PathStep(node: NodeID(rawValue: replacement), key: keys[replacement], direction: then))
                replacement = links[replacement].child(then)
            }
            let orphan = links[replacement].child(first)
            let near = first == .right ? right : left
            if replacement != near {
                // Lift the replacement out of its place first, then give it
                // the removed node's subtree on the side it came from.
                replace(replacement, with: orphan)
                links[replacement].setChild(first, near)
                links[near].parent = replacement
            }
            let far = first == .right ? left : right
            links[replacement].setChild(then, far)
            links[far].parent = replacement
            replace(node, with: replacement)
            kind = .twoChildren(replacement: NodeID(rawValue: replacement), search: search, orphan: Self.node(orphan))
        }
        links[node] = NodeLinks(isLive: false)
        nodeCount -= 1
        return RemoveResult(id: NodeID(rawValue: node), key: keys[node], path: place.path, kind: kind)
    }

    /// Puts `replacement` (or nothing, for `-1`) where `node` hangs from its
    /// parent, or at the root.
    private mutating func replace(_ node: Int, with replacement: Int) {
        let parent = links[node].parent
        if parent < 0 {
            rootIndex = replacement
        } else if links[parent].left == node {
            links[parent].left = replacement
        } else {
            links[parent].right = replacement
        }
        if replacement >= 0 {
            links[replacement].parent = parent
        }
    }
}

/// What ``BinarySearchTree/remove(_:)`` did.
public struct RemoveResult<Key> {
    /// How the removed node's place was filled.
    public enum Kind {
        /// The node was a leaf; its place is empty now.
        case leaf
        /// The node's only child moved up into its place, with its subtree.
        case oneChild(NodeID)
        /// The in-order successor (or predecessor) node moved into the
        /// removed node's place. `search` is the search for it: the removed
        /// node (went right, for the successor), then each node passed going
        /// left, ending at the replacement's old parent. `orphan`, the
        /// replacement's former child, moved up into its old place.
        case twoChildren(replacement: NodeID, search: [PathStep<Key>], orphan: NodeID?)
    }

    /// The removed node's id, now retired.
    public var id: NodeID
    /// The removed key.
    public var key: Key
    /// The comparisons made on the way down to the removed node, root first.
    public var path: [PathStep<Key>]
    /// Which of the three cases it was, and what moved.
    public var kind: Kind

    public init(id: NodeID, key: Key, path: [PathStep<Key>], kind: Kind) {
        self.id = id
        self.key = key
        self.path = path
        self.kind = kind
    }
}

extension RemoveResult: Sendable where Key: Sendable {}
extension RemoveResult: Equatable where Key: Equatable {}
extension RemoveResult.Kind: Sendable where Key: Sendable {}
extension RemoveResult.Kind: Equatable where Key: Equatable {}

/// Which neighbour in key order takes the place of a removed node with two
/// children.
public enum Replacement: String, Sendable, CaseIterable {
    /// The smallest key greater than the removed one (CLRS's convention).
    case successor
    /// The greatest key smaller than the removed one.
    case predecessor
}

extension NodeLinks {
    /// The child on `side`, or -1.
    func child(_ side: Direction) -> Int { side == .left ? left : right }

    mutating func setChild(_ side: Direction, _ node: Int) {
        if side == .left { left = node } else { right = node }
    }
}
