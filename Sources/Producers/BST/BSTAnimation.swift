import Diagram
import Geometry
import Trees
import Tween

/// The script of a BST lecture: inserts, searches, deletes, min and max,
/// and the four traversals, one step an operation, at a pace a teacher can
/// talk over. The producer replays the operations on a
/// ``BinarySearchTree``, lays each version out, and says what changes beat
/// by beat; the timeline animates it by node identity.
///
///     let program = try BSTOperation.parse("insert 50 17 72 12; search 23; delete 17; inorder")
///     let script = try BSTAnimation(program: program, options: BSTOptions(), labels: LabelFit(font: font)).script
public struct BSTAnimation: Sendable {
    public let operations: [BSTOperation]
    public let options: BSTOptions
    public let script: Script

    /// The animation of `program`, in order.
    /// - Throws: ``BSTOperationError/duplicate(_:key:)`` when an insert
    ///   names a key the tree holds at that point.
    public init(program: [(BSTOperation, OperationSource)], options: BSTOptions, labels: LabelFit) throws(BSTOperationError) {
        let shape = try BSTShape(program: program, layout: options.layout, balancing: options.balancing)
        operations = program.map(\.0)
        self.options = options
        var player = BSTPlayer(operations: operations, shape: shape, options: options, labels: labels)
        for (i, op) in operations.enumerated() {
            player.isLast = i == operations.count - 1
            player.play(op, index: i)
        }
        player.finish()
        script = player.builder.script
    }

    /// The animation of inserting `keys` in order.
    public init(inserting keys: [Int], options: BSTOptions, labels: LabelFit) throws(BSTOperationError) {
        let program = keys.enumerated().map { i, k in
            (BSTOperation.insert(k), OperationSource(index: i + 1, text: "insert \(KeyLabel.text(k))"))
        }
        try self.init(program: program, options: options, labels: labels)
    }
}

extension BSTAnimation {
    /// The script `program` would make, estimated by replaying it on the
    /// tree alone (no layout, no drawing): each node the ring rests on
    /// takes at least 0.9 s (going down to a key, back up an AVL tree, or
    /// visiting in a traversal), an insert at least 1.8 s and any other
    /// operation 0.4 s; a change for each ring stop and its three
    /// companions (the edge lit, the token, the caption's beat), and one
    /// for each node every operation may move.
    ///
    /// - Complexity: O(operations × the tree's height).
    public static func estimate(program: [(BSTOperation, OperationSource)], balancing: Balancing, finalHold: Double = 3) -> ScriptEstimate {
        var tree = BinarySearchTree<Int>()
        var colors = RedBlackColors()
        var stops = 0, seconds = finalHold, moved = 0
        for (op, _) in program {
            switch op {
            case .insert(let k):
                seconds += 1.8
                guard !tree.contains(k) else { continue }
                let added = tree.insert(k)
                stops += added.path.count
                switch balancing {
                case .avl:
                    stops += added.path.count
                    _ = tree.rebalanceAVL(from: tree.parent(of: added.id))
                case .redBlack:
                    colors.set(added.id, .red)
                    _ = tree.fixInsert(from: added.id, colors: &colors)
                case .none:
                    break
                }
            case .delete(let k):
                seconds += 0.4
                let path = tree.search(k).path.count
                stops += path
                guard let removed = tree.remove(k) else { continue }
                switch balancing {
                case .avl:
                    // Back up from the lowest node that changed: at least
                    // the path's length, less the node that went.
                    stops += max(path - 1, 0)
                    _ = tree.rebalanceAVL(from: removed.lowestChanged)
                case .redBlack:
                    if let extra = colors.account(for: removed) {
                        _ = tree.fixRemoval(at: extra.node, under: extra.parent, colors: &colors)
                    }
                case .none:
                    break
                }
            case .search(let k):
                seconds += 0.4
                stops += tree.search(k).path.count
            case .min, .max:
                seconds += 0.4
                var node = tree.root
                while let n = node {
                    stops += 1
                    node = tree.child(op == .min ? .left : .right, of: n)
                }
            case .traverse:
                seconds += 0.4
                stops += tree.count
            }
            moved += tree.count
        }
        return ScriptEstimate(seconds: seconds + 0.9 * Double(stops), changes: 4 * stops + moved)
    }
}

/// How a BST animation moves and is framed, apart from its operations.
public struct BSTOptions: Sendable {
    public var layout: TreeLayoutKind = .tidy
    public var easing: Easing = .easeInOut
    /// Which neighbour replaces a deleted node with two children.
    public var replacement: Replacement = .successor
    /// What keeps the tree balanced: nothing (a plain BST), AVL rotations
    /// or the red-black fix-ups after each insert and delete.
    public var balancing: Balancing = .none
    /// In a red-black tree, draws every empty place (a nil leaf) as a small
    /// black square.
    public var showNil = false
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()

    public init() {}
}

/// What the whole program does to the tree, worked out before any step is
/// written: the tallest and widest the tree gets (so one spacing serves
/// every step), and that every insert is of a new key.
struct BSTShape {
    var levels = 1
    var width = 0.0

    init(program: [(BSTOperation, OperationSource)], layout kind: TreeLayoutKind, balancing: Balancing) throws(BSTOperationError) {
        var tree = BinarySearchTree<Int>()
        var colors = RedBlackColors()
        let tidy = kind.layout(levelGap: 1, siblingGap: 1)
        for (op, source) in program {
            switch op {
            case .insert(let k):
                guard !tree.contains(k) else { throw .duplicate(source, key: k) }
                let added = tree.insert(k)
                // The tree before the walk back up is drawn too.
                if balancing != .none { measure(tree, tidy) }
                if balancing == .avl { _ = tree.rebalanceAVL(from: tree.parent(of: added.id)) }
                if balancing == .redBlack {
                    colors.set(added.id, .red)
                    _ = tree.fixInsert(from: added.id, colors: &colors)
                }
            case .delete(let k):
                let removed = tree.remove(k)
                if let removed, balancing != .none {
                    measure(tree, tidy)
                    if balancing == .avl { _ = tree.rebalanceAVL(from: removed.lowestChanged) }
                    if balancing == .redBlack, let extra = colors.account(for: removed) {
                        _ = tree.fixRemoval(at: extra.node, under: extra.parent, colors: &colors)
                    }
                }
            case .search(let k):
                // A missed search shows where the key would go.
                var probe = tree
                probe.insert(k)
                measure(probe, tidy)
            case .min, .max, .traverse:
                break
            }
            measure(tree, tidy)
        }
    }

    mutating func measure(_ tree: BinarySearchTree<Int>, _ tidy: any TreeLayout) {
        levels = max(levels, tree.height)
        if let b = tidy.layout(tree).bounds { width = max(width, b.width) }
    }
}

/// What keeps a search tree balanced as keys come and go.
public enum Balancing: String, Sendable, CaseIterable {
    /// Nothing: a plain binary search tree.
    case none
    /// AVL: after each insert and delete, the walk back up rotates any node
    /// whose subtrees differ in height by two.
    case avl
    /// Red-black (CLRS): nodes coloured red or black, recoloured and
    /// rotated after each insert and delete to keep the colour rules.
    case redBlack = "red-black"
}
