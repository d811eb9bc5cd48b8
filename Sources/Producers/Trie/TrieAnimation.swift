import Diagram
import Geometry
import Trees

/// How a trie animation is built, apart from its operations.
public struct TrieOptions: Sendable {
    /// A radix tree: edges carry the letters their words share.
    public var compressed = false
    public var finalHold = 3.0
    public var stage = Stage()

    public init() {}
}

/// The script of a trie lecture: words inserted a letter an edge, searched,
/// listed by prefix and deleted with their dead branches pruned; or the
/// same of a radix tree, whose edges split where a new word leaves them.
///
///     var options = TrieOptions()
///     options.compressed = true
///     let program = try TrieOperation.parse("insert team tea ten; prefix te; delete tea")
///     let script = try TrieAnimation(program: program, options: options, labels: LabelFit(font: font)).script
public struct TrieAnimation: Sendable {
    public let script: Script

    /// The most nodes a trie may have, even with `--fit all`.
    public static let nodeLimit = 200

    public init(program: [(TrieOperation, OperationSource)], options: TrieOptions, labels: LabelFit) throws(LinearOperationError) {
        var player = TriePlayer(compressed: options.compressed, operations: program.map(\.0.text), stage: options.stage, labels: labels)
        // The model plays first: every event and the trie after it, and
        // whether the widest trie reads on the frame.
        var model = Trie(compressed: options.compressed)
        var played = [[TrieStep]]()
        let sight = Sight(stage: options.stage, camera: TriePlayer.camera, smallest: TriePlayer.labelSize)
        var widest = Rect(x: 0, y: 0, width: 0, height: 0)
        for (op, source) in program {
            switch op {
            case .insert(let w): model.insert(w)
            case .search(let w): model.search(w)
            case .delete(let w): model.delete(w)
            case .prefix(let w): model.prefix(w)
            }
            if model.nodes.count > Self.nodeLimit { throw .tooLarge(source, count: model.nodes.count, limit: Self.nodeLimit, most: nil) }
            let b = player.place(model).bounds
            if b.width > widest.width || b.height > widest.height { widest = widest.union(b) }
            if !options.stage.fitsAll, !sight.reads(b) {
                // Too deep (a long word) or too wide (many branches): each
                // has its own remedy.
                if !sight.reads(Rect(x: 0, y: 0, width: 1, height: b.height)) {
                    let most = (1..<model.height).last { depth in
                        sight.reads(Rect(x: 0, y: 0, width: 1, height: Double(depth) * TriePlayer.levelStep + 2 * TriePlayer.radius))
                    } ?? 1
                    throw .tooDeepTrie(source, depth: model.height, limit: most, compressed: options.compressed)
                }
                throw .tooBroadTrie(source, count: model.words.count)
            }
            played.append(model.events)
            model.events = []
        }
        if options.stage.fitsAll,
            let warning = sight.forcedFit(widest, what: "a trie this large", touring: false, by: "--fit all", refused: true)
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
    /// operation moves at most what the trie holds then, which is at most
    /// the characters inserted so far.
    public static func estimate(program: [(TrieOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        var inserted = 0, changes = 0
        for (op, _) in program {
            if case .insert(let w) = op { inserted += w.count }
            changes += 40 * (min(inserted, nodeLimit) + 1)
        }
        return ScriptEstimate(seconds: finalHold + 12 * Double(program.count), changes: changes)
    }
}
