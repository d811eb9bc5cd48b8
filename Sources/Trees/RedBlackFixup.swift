/// A red-black tree's node colours.
public enum RBColor: String, Sendable, Hashable {
    case red, black
}

/// One case of a red-black fix-up, as CLRS numbers them, with what it did:
/// the colours it changed, then the rotation it made, if any.
public struct RBFix: Sendable, Hashable {
    public enum Case: Sendable, Hashable {
        /// Insert, case 1: the uncle is red; parent and uncle turn black,
        /// the grandparent red, and the fix-up moves up to it.
        case uncleRed(uncle: NodeID)
        /// Insert, case 2: the uncle is black (or nil) and the node an
        /// inner grandchild; a rotation at the parent makes it outer.
        case innerChild(uncle: NodeID?)
        /// Insert, case 3: the uncle is black (or nil) and the node an
        /// outer grandchild; parent black, grandparent red, rotate there.
        case outerChild(uncle: NodeID?)
        /// Delete, case 1: the sibling is red; it turns black, the parent
        /// red, and a rotation at the parent gives a black sibling.
        case siblingRed(sibling: NodeID)
        /// Delete, case 2: the sibling and both its children are black; the
        /// sibling turns red and the extra black moves up to the parent.
        case nephewsBlack(sibling: NodeID)
        /// Delete, case 3: the sibling's far child is black, its near one
        /// red; they swap colours by a rotation at the sibling.
        case nearNephewRed(sibling: NodeID, nephew: NodeID)
        /// Delete, case 4: the sibling's far child is red; a rotation at the
        /// parent and three recolourings end the fix-up.
        case farNephewRed(sibling: NodeID, nephew: NodeID)
        /// The end of either fix-up: a red node carrying the extra black, or
        /// a red root, is coloured black.
        case colourBlack

        /// The CLRS case number (0 for ``colourBlack``).
        public var number: Int {
            switch self {
            case .uncleRed, .siblingRed: 1
            case .innerChild, .nephewsBlack: 2
            case .outerChild, .nearNephewRed: 3
            case .farNephewRed: 4
            case .colourBlack: 0
            }
        }
    }

    public struct Recolour: Sendable, Hashable {
        public var node: NodeID
        public var color: RBColor
    }

    public var `case`: Case
    /// The node the fix-up is at (CLRS's z or x); nil for a removed black
    /// leaf's empty place, which hangs under `parent`.
    public var node: NodeID?
    /// `node`'s parent when the case began.
    public var parent: NodeID?
    public var recolours: [Recolour]
    public var rotation: Rotation?
}

/// The colours of a red-black tree, by node, beside the tree that holds its
/// keys: the rules (CLRS 13.1) are that the root is black, a red node has no
/// red child, and every path from a node down to an empty place passes the
/// same number of black nodes.
public struct RedBlackColors: Sendable, Hashable {
    public private(set) var colors: [NodeID: RBColor] = [:]

    public init() {}

    /// A node's colour; an empty place (nil) is black.
    public func color(of node: NodeID?) -> RBColor {
        node.flatMap { colors[$0] } ?? .black
    }

    public mutating func set(_ node: NodeID, _ color: RBColor) { colors[node] = color }

    public mutating func forget(_ node: NodeID) { colors[node] = nil }

    /// CLRS's bookkeeping of a removal from the tree: the removed node's
    /// colour is forgotten, and a successor (predecessor) moving into its
    /// place takes its colour, so what leaves the tree is the colour of the
    /// node that left its own place.
    ///
    /// - Returns: where the extra black is when a black node left — the
    ///   node that took its place, or an empty place under `parent` — for
    ///   ``BinarySearchTree/fixRemoval(at:under:colors:)``; nil when a red
    ///   one did and the rules still hold.
    public mutating func account<Key>(for removed: RemoveResult<Key>) -> (node: NodeID?, parent: NodeID?)? {
        let gone = color(of: removed.id)
        forget(removed.id)
        let x: NodeID?
        let missing: RBColor
        switch removed.kind {
        case .leaf:
            (x, missing) = (nil, gone)
        case .oneChild(let child):
            (x, missing) = (child, gone)
        case .twoChildren(let replacement, _, let orphan):
            missing = color(of: replacement)
            set(replacement, gone)
            x = orphan
        }
        return missing == .black ? (x, removed.lowestChanged) : nil
    }
}

extension BinarySearchTree {
    /// Inserts `key` as a red node and restores the red-black rules with
    /// CLRS's RB-INSERT-FIXUP, telling each case it met in order.
    ///
    ///     var tree = BinarySearchTree<Int>(), colors = RedBlackColors()
    ///     for k in [10, 20, 30] { tree.insertRedBlack(k, colors: &colors) }
    ///     // the third insert: case 3, rotate left at 10; 20 is the root
    ///
    /// - Complexity: O(log *n*) on a red-black tree.
    @discardableResult
    public mutating func insertRedBlack(_ key: Key, colors: inout RedBlackColors) -> (added: InsertResult<Key>, fixes: [RBFix]) {
        let added = insert(key)
        guard !added.alreadyPresent else { return (added, []) }
        colors.set(added.id, .red)
        return (added, fixInsert(from: added.id, colors: &colors))
    }

    /// RB-INSERT-FIXUP from the red node `start`.
    public mutating func fixInsert(from start: NodeID, colors: inout RedBlackColors) -> [RBFix] {
        var fixes = [RBFix]()
        var z = start
        while let p = parent(of: z), colors.color(of: p) == .red, let g = parent(of: p) {
            // The parent is red, so not the root: the grandparent exists.
            let side: Direction = left(of: g) == p ? .left : .right
            let uncle = child(side.opposite, of: g)
            if colors.color(of: uncle) == .red, let uncle {
                let recolours = [RBFix.Recolour(node: p, color: .black), .init(node: uncle, color: .black), .init(node: g, color: .red)]
                for r in recolours { colors.set(r.node, r.color) }
                fixes.append(RBFix(case: .uncleRed(uncle: uncle), node: z, parent: p, recolours: recolours, rotation: nil))
                z = g
                continue
            }
            var parentNow = p
            if child(side.opposite, of: p) == z {
                let rotation = Rotation(side, at: p)
                rotate(side, at: p)
                fixes.append(RBFix(case: .innerChild(uncle: uncle), node: z, parent: p, recolours: [], rotation: rotation))
                // The old parent is now the outer grandchild.
                parentNow = z
                z = p
            }
            let recolours = [RBFix.Recolour(node: parentNow, color: .black), .init(node: g, color: .red)]
            for r in recolours { colors.set(r.node, r.color) }
            let rotation = Rotation(side.opposite, at: g)
            rotate(side.opposite, at: g)
            fixes.append(RBFix(case: .outerChild(uncle: uncle), node: z, parent: parentNow, recolours: recolours, rotation: rotation))
        }
        if let r = root, colors.color(of: r) == .red {
            colors.set(r, .black)
            fixes.append(RBFix(case: .colourBlack, node: r, parent: nil, recolours: [.init(node: r, color: .black)], rotation: nil))
        }
        return fixes
    }

    /// Removes `key` as CLRS's RB-DELETE does (a node with two children
    /// gives its place to its successor, which takes its colour) and, when
    /// a black node left the tree, restores the rules with RB-DELETE-FIXUP.
    ///
    /// - Returns: what the removal did and each case met, or nil when no
    ///   node holds `key`.
    public mutating func removeRedBlack(
        _ key: Key, colors: inout RedBlackColors, replacingWith side: Replacement = .successor
    ) -> (removed: RemoveResult<Key>, fixes: [RBFix])? {
        guard let removed = remove(key, replacingWith: side) else { return nil }
        guard let extra = colors.account(for: removed) else { return (removed, []) }
        return (removed, fixRemoval(at: extra.node, under: extra.parent, colors: &colors))
    }

    /// RB-DELETE-FIXUP at `x` (or the empty place under `parent` that a
    /// black node left), which carries an extra black.
    public mutating func fixRemoval(at start: NodeID?, under parent: NodeID?, colors: inout RedBlackColors) -> [RBFix] {
        var fixes = [RBFix]()
        var x = start
        var xParent = start.flatMap { self.parent(of: $0) } ?? parent
        while x != root, colors.color(of: x) == .black, let p = xParent {
            // An empty place's side is the one without a child: its sibling
            // is there (the black heights say so).
            let side: Direction = x != nil ? (left(of: p) == x ? .left : .right) : (left(of: p) == nil ? .left : .right)
            // The extra black below p means its other side has black height
            // of at least one: the sibling exists.
            guard var w = child(side.opposite, of: p) else { break }
            if colors.color(of: w) == .red {
                let recolours = [RBFix.Recolour(node: w, color: .black), .init(node: p, color: .red)]
                for r in recolours { colors.set(r.node, r.color) }
                rotate(side, at: p)
                fixes.append(RBFix(case: .siblingRed(sibling: w), node: x, parent: p, recolours: recolours, rotation: Rotation(side, at: p)))
                // A black child of the red sibling is the new sibling.
                guard let next = child(side.opposite, of: p) else { break }
                w = next
            }
            let near = child(side, of: w), far = child(side.opposite, of: w)
            if colors.color(of: near) == .black, colors.color(of: far) == .black {
                colors.set(w, .red)
                fixes.append(RBFix(case: .nephewsBlack(sibling: w), node: x, parent: p, recolours: [.init(node: w, color: .red)], rotation: nil))
                x = p
                xParent = self.parent(of: p)
                continue
            }
            if colors.color(of: far) == .black, let near {
                let recolours = [RBFix.Recolour(node: near, color: .black), .init(node: w, color: .red)]
                for r in recolours { colors.set(r.node, r.color) }
                rotate(side.opposite, at: w)
                fixes.append(RBFix(
                    case: .nearNephewRed(sibling: w, nephew: near), node: x, parent: p, recolours: recolours,
                    rotation: Rotation(side.opposite, at: w)))
                w = near
            }
            // The far child is red now.
            let farNow = child(side.opposite, of: w)
            var recolours = [RBFix.Recolour(node: w, color: colors.color(of: p)), .init(node: p, color: .black)]
            if let farNow { recolours.append(.init(node: farNow, color: .black)) }
            for r in recolours { colors.set(r.node, r.color) }
            rotate(side, at: p)
            fixes.append(RBFix(
                case: .farNephewRed(sibling: w, nephew: farNow ?? w), node: x, parent: p, recolours: recolours,
                rotation: Rotation(side, at: p)))
            x = root
            xParent = nil
        }
        if let x, colors.color(of: x) == .red {
            colors.set(x, .black)
            fixes.append(RBFix(case: .colourBlack, node: x, parent: self.parent(of: x), recolours: [.init(node: x, color: .black)], rotation: nil))
        }
        return fixes
    }

    /// Whether the tree and `colors` keep the red-black rules: a black
    /// root, no red node with a red child, and one black height on every
    /// path down to an empty place.
    public func isRedBlack(_ colors: RedBlackColors) -> Bool {
        guard let root else { return true }
        guard colors.color(of: root) == .black else { return false }
        // The black height under a node, or -1 where a rule is broken.
        func blackHeight(_ n: NodeID?) -> Int {
            guard let n else { return 1 }
            let l = blackHeight(left(of: n)), r = blackHeight(right(of: n))
            if l < 0 || l != r { return -1 }
            if colors.color(of: n) == .red,
                colors.color(of: left(of: n)) == .red || colors.color(of: right(of: n)) == .red {
                return -1
            }
            return l + (colors.color(of: n) == .black ? 1 : 0)
        }
        return blackHeight(root) > 0
    }
}
