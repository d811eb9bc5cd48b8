import Diagram
import Geometry
import Trees

/// How a B-tree animation is built, apart from its operations.
public struct BTreeOptions: Sendable {
    /// Knuth's order (bottom-up) or CLRS's minimum degree (one pass down).
    public var rule = BTree.Rule.order(3)
    /// A B+ tree: keys in the leaves, linked; separators above.
    public var plus = false
    public var finalHold = 3.0
    public var stage = Stage()

    public init() {}
}

/// The script of a B-tree lecture: inserts whose splits push the median
/// up, deletes that borrow from a sibling or merge with one (CLRS's cases
/// named under `--min-degree`), searches walking each node's keys; or the
/// same of a B+ tree, whose leaves are linked and whose separators are
/// copies.
///
///     var options = BTreeOptions()
///     options.rule = .order(4)
///     let program = try BTreeOperation.parse("insert 10 20 30 40 50; delete 20")
///     let script = try BTreeAnimation(program: program, options: options, labels: LabelFit(font: font)).script
public struct BTreeAnimation: Sendable {
    public let script: Script

    /// The most keys a tree may hold, even with `--fit all`.
    public static let keyLimit = 150

    public init(program: [(BTreeOperation, OperationSource)], options: BTreeOptions, labels: LabelFit) throws(LinearOperationError) {
        var player = BTreePlayer(
            options: options, operations: program.map(\.0.text), keys: program.map(\.0.key), stage: options.stage, labels: labels)
        // The model plays first: every event and the tree after it, and
        // whether the widest tree reads on the frame.
        var model = BTree(rule: options.rule, plus: options.plus)
        var played = [[BTreeStep]]()
        let sight = Sight(stage: options.stage, camera: BTreePlayer.camera, smallest: BTreePlayer.labelSize)
        var widest = Rect(x: 0, y: 0, width: 0, height: 0)
        for (op, source) in program {
            switch op {
            case .insert(let k): model.insert(k)
            case .search(let k): model.search(k)
            case .delete(let k): model.delete(k)
            }
            let count = model.keys.count
            if count > Self.keyLimit { throw .tooLarge(source, count: count, limit: Self.keyLimit, most: nil) }
            for e in model.events {
                let b = player.bounds(BTreePose(e.tree))
                if b.width * b.height > widest.width * widest.height || b.width > widest.width { widest = b }
                if !options.stage.fitsAll, !sight.reads(b) { throw .tooBroad(source, count: count) }
            }
            played.append(model.events)
            model.events = []
        }
        if options.stage.fitsAll,
            let warning = sight.forcedFit(widest, what: "a tree this wide", touring: false, by: "--fit all", refused: true)
        {
            player.builder.note(warning)
        }
        for (i, ((op, _), events)) in zip(program, played).enumerated() {
            player.builder.operation = i
            player.play(op, events: events)
        }
        player.finish(hold: options.finalHold)
        script = player.builder.script
    }

    /// The work of `program`, for the check before anything is built: each
    /// operation moves at most what the tree holds then, which is at most
    /// the keys inserted so far.
    public static func estimate(program: [(BTreeOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        var inserted = 0, changes = 0
        for (op, _) in program {
            if case .insert = op { inserted += 1 }
            changes += 40 * (min(inserted, keyLimit) + 1)
        }
        return ScriptEstimate(seconds: finalHold + 8 * Double(program.count), changes: changes)
    }
}
