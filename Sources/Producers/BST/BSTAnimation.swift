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
        // Fast play lays the tree out once a step, a second's operations.
        let every = options.opsPerSecond.map { max(1, Int($0.rounded(.down))) } ?? 1
        let shape = try BSTShape(program: program, layout: options.layout, balancing: options.balancing, measuringEvery: every)
        operations = program.map(\.0)
        var options = options
        let codeDropped = options.code && options.opsPerSecond != nil
        // Fast play shows where each operation lands, not its lines.
        if options.code, options.opsPerSecond == nil {
            var room = BSTCode.room(options, operations: operations)
            let size = BSTPlayer.labelSize(operations, labels: labels)
            room?.drawing = BSTPlayer.codeDrawing(
                shape: shape, stage: options.stage, beside: CallStack.room(operations, labels: labels, labelSize: size))
            options.stage.code = room
        } else {
            options.code = false
        }
        self.options = options
        var player = BSTPlayer(operations: operations, shape: shape, options: options, labels: labels)
        if let rate = options.opsPerSecond {
            player.playFast(operations, rate: rate)
        } else {
            for (i, op) in operations.enumerated() {
                player.isLast = i == operations.count - 1
                player.builder.operation = i
                player.play(op, index: i)
            }
        }
        player.finish()
        if codeDropped { player.builder.note("--code: operations played several a step (fast play) show no pseudocode") }
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
    /// In fast play (`opsPerSecond`), the operations' seconds at that rate,
    /// and a change for each node and edge the tree has at each step's
    /// end (the step may move every one) and three for each operation.
    ///
    /// - Complexity: O(operations × the tree's height).
    public static func estimate(
        program: [(BSTOperation, OperationSource)], balancing: Balancing, finalHold: Double = 3, opsPerSecond: Double? = nil
    ) -> ScriptEstimate {
        if let rate = opsPerSecond { return fastEstimate(program: program, rate: rate, finalHold: finalHold) }
        var tree = BinarySearchTree<Int>()
        var colors = RedBlackColors()
        var stops = 0, seconds = finalHold, moved = 0
        for (op, _) in program {
            switch op {
            case .insert(let k):
                seconds += 1.8
                guard !tree.contains(k) else { continue }
                let added = tree.insert(k, balancing: balancing, colors: &colors)
                // An AVL tree walks back up the path.
                stops += added.path.count * (balancing == .avl ? 2 : 1)
            case .delete(let k):
                seconds += 0.4
                let path = tree.search(k).path.count
                stops += path
                guard tree.remove(k, balancing: balancing, colors: &colors) != nil else { continue }
                // An AVL tree walks back up from the lowest node that
                // changed: at least the path's length, less the node that
                // went.
                if balancing == .avl { stops += max(path - 1, 0) }
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

    /// Fast play's estimate: the tree's size replayed by keys alone (a
    /// balanced tree holds the same keys).
    static func fastEstimate(program: [(BSTOperation, OperationSource)], rate: Double, finalHold: Double) -> ScriptEstimate {
        let perStep = max(1, Int(rate.rounded(.down)))
        var keys = Set<Int>(), changes = 0
        for (i, (op, _)) in program.enumerated() {
            switch op {
            case .insert(let k): keys.insert(k)
            case .delete(let k): keys.remove(k)
            case .traverse: changes += keys.count
            case .search, .min, .max: break
            }
            changes += 3
            if (i + 1) % perStep == 0 || i == program.count - 1 { changes += 2 * keys.count }
        }
        return ScriptEstimate(seconds: Double(program.count) / rate + 0.4 + finalHold, changes: changes)
    }

    /// The fast-play rate a program gets when none is asked for: none
    /// (one operation at a time, with its walk) while that lasts at most
    /// ``Pace/longest`` played at `speed`; else as many a second as
    /// play the whole program in about ``Pace/fastPlaySeconds``, and at least
    /// one.
    public static func fastPlay(
        for program: [(BSTOperation, OperationSource)], balancing: Balancing, finalHold: Double = 3, speed: Double = 1
    ) -> Double? {
        Pace.fastPlayRate(
            operations: program.count, seconds: estimate(program: program, balancing: balancing, finalHold: finalHold).seconds, speed: speed)
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
    /// Fast play: operations a second, each shown where it lands without
    /// its walk (see ``BSTAnimation/fastPlay(for:balancing:finalHold:)``);
    /// nil plays them one by one.
    public var opsPerSecond: Double?
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()
    /// Shows the operations' pseudocode beside the tree, the line running
    /// highlighted (`--code`).
    public var code = false

    public init() {}
}

/// What the whole program does to the tree, worked out before any step is
/// written: the tallest and widest the tree gets (so one spacing serves
/// every step), and that every insert is of a new key.
struct BSTShape {
    var levels = 1
    var width = 0.0

    /// The shape of `program`'s trees, measured after every `every`
    /// operations (and the last): fast play draws the tree once a step of
    /// that many, so measuring it after each would cost the square of the
    /// program.
    init(
        program: [(BSTOperation, OperationSource)], layout kind: TreeLayoutKind, balancing: Balancing, measuringEvery every: Int = 1
    ) throws(BSTOperationError) {
        var tree = BinarySearchTree<Int>()
        var colors = RedBlackColors()
        let tidy = kind.layout(levelGap: 1, siblingGap: 1)
        let stepByStep = every == 1
        for (index, (op, source)) in program.enumerated() {
            switch op {
            case .insert(let k):
                guard !tree.contains(k) else { throw .duplicate(source, key: k) }
                let added = tree.insert(k)
                // The tree before the walk back up is drawn too.
                if balancing != .none, stepByStep { measure(tree, tidy) }
                if balancing == .avl { _ = tree.rebalanceAVL(from: tree.parent(of: added.id)) }
                if balancing == .redBlack {
                    colors.set(added.id, .red)
                    _ = tree.fixInsert(from: added.id, colors: &colors)
                }
            case .delete(let k):
                let removed = tree.remove(k)
                if let removed, balancing != .none {
                    if stepByStep { measure(tree, tidy) }
                    if balancing == .avl { _ = tree.rebalanceAVL(from: removed.lowestChanged) }
                    if balancing == .redBlack, let extra = colors.account(for: removed) {
                        _ = tree.fixRemoval(at: extra.node, under: extra.parent, colors: &colors)
                    }
                }
            case .search(let k):
                // A missed search shows where the key would go (fast play
                // draws no ghost).
                if stepByStep {
                    var probe = tree
                    probe.insert(k)
                    measure(probe, tidy)
                }
            case .min, .max, .traverse:
                break
            }
            if stepByStep || (index + 1) % every == 0 || index == program.count - 1 { measure(tree, tidy) }
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
