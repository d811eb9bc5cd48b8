/// The four shapes of an AVL imbalance, named by the two steps from the
/// unbalanced node towards its taller grandchild.
public enum AVLCase: String, Sendable, Hashable, CaseIterable {
    case leftLeft = "LL", leftRight = "LR", rightRight = "RR", rightLeft = "RL"
}

/// One rotation of a rebalancing: which way, at which node.
public struct Rotation: Sendable, Hashable {
    public var direction: Direction
    public var node: NodeID

    public init(_ direction: Direction, at node: NodeID) {
        self.direction = direction
        self.node = node
    }
}

/// What the walk back up after an AVL insert or delete found at one node:
/// its balance factor as the walk came to it, and, when that was ±2, the
/// case and the rotations that fixed it.
public struct AVLVisit: Sendable, Hashable {
    public var node: NodeID
    /// Left height less right height, before any rotation here.
    public var balance: Int
    public var fix: Fix?

    /// A rebalancing at the visited node.
    public struct Fix: Sendable, Hashable {
        public var kind: AVLCase
        /// One rotation for LL and RR, two for LR and RL, in order.
        public var rotations: [Rotation]
        /// The node in the visited node's place afterwards.
        public var top: NodeID
    }
}

extension BinarySearchTree {
    /// Walks from `start` up to the root, as AVL insertion and deletion do
    /// after the plain BST change: a node whose subtrees' heights differ by
    /// two is rotated back into balance (LL: rotate right at it; LR: rotate
    /// left at its left child, then right at it; RR and RL the mirrors, a
    /// child leaning neither way counting as the single-rotation case, as
    /// after a delete), and the walk goes on from the parent of the
    /// subtree's new top. Call it with the inserted node's parent, or with
    /// the parent of the node a delete took out of its place.
    ///
    ///     var tree = BinarySearchTree([30, 20])
    ///     let added = tree.insert(10)
    ///     let visits = tree.rebalanceAVL(from: tree.parent(of: added.id))
    ///     // visits[1].fix?.kind == .leftLeft: rotate right at 30
    ///
    /// - Complexity: O(*n*) a node, the heights being walked afresh: the
    ///   trees animated are small.
    public mutating func rebalanceAVL(from start: NodeID?) -> [AVLVisit] {
        var visits = [AVLVisit]()
        var current = start
        while let node = current {
            let balance = self.balance(of: node)
            var visit = AVLVisit(node: node, balance: balance, fix: nil)
            var top = node
            if abs(balance) > 1 {
                // The taller side, and which way its child leans.
                let side: Direction = balance > 0 ? .left : .right
                let other: Direction = side == .left ? .right : .left
                let child = self.child(side, of: node)!  // The taller side has a node.
                let lean = self.balance(of: child)
                let inner = side == .left ? lean < 0 : lean > 0
                var rotations = [Rotation]()
                if inner {
                    rotations.append(Rotation(side, at: child))
                    rotate(side, at: child)
                }
                rotations.append(Rotation(other, at: node))
                top = rotate(other, at: node)
                let kind: AVLCase = switch (side, inner) {
                case (.left, false): .leftLeft
                case (.left, true): .leftRight
                case (.right, false): .rightRight
                case (.right, true): .rightLeft
                }
                visit.fix = AVLVisit.Fix(kind: kind, rotations: rotations, top: top)
            }
            visits.append(visit)
            current = parent(of: top)
        }
        return visits
    }

    /// Whether every node's subtrees differ in height by at most one.
    public var isAVLBalanced: Bool {
        preorder.allSatisfy { abs(balance(of: $0)) <= 1 }
    }
}

extension RemoveResult {
    /// The lowest node whose subtree lost a node: where a walk back up
    /// after the removal starts. The removed node's parent, or, when a
    /// successor (predecessor) moved into its place, that node's old parent
    /// — or the moved node itself when it was the removed node's child.
    public var lowestChanged: NodeID? {
        switch kind {
        case .leaf, .oneChild: path.last?.node
        case .twoChildren(let replacement, let search, _): search.count > 1 ? search[search.count - 1].node : replacement
        }
    }
}
