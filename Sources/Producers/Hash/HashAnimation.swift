import Diagram

/// The script of a hashing lecture: inserts, searches and deletes in a
/// table with separate chaining or open addressing (linear, quadratic or
/// double hashing, tombstones for deletes), every hash and probe captioned
/// with its arithmetic, and rehashing into a larger table when the load
/// factor passes its maximum.
///
///     let program = try HashOperation.parse("insert 20 42 9 31; delete 20; search 31")
///     var options = HashOptions()
///     options.probing = .linear
///     let script = try HashAnimation(program: program, options: options, labels: LabelFit(font: font)).script
public struct HashAnimation: Sendable {
    public let script: Script

    /// The most cells a table may have with `--fit all`; without it, as
    /// many as read in one row.
    public static let sizeLimit = 37

    public init(program: [(HashOperation, OperationSource)], options: HashOptions, labels: LabelFit) throws(LinearOperationError) {
        let values = program.map { op, _ in
            switch op {
            case .insert(let v), .search(let v), .delete(let v): v
            }
        }
        let limit = HashPlayer.readable(values: values, options: options, labels: labels, limit: Self.sizeLimit)
        let (peak, deepest) = try Self.extent(program, options: options, limit: limit)
        var player = HashPlayer(
            options: options, operations: program.map(\.0.text), values: values, peakSize: peak, deepest: deepest, stage: options.stage,
            labels: labels)
        for (op, _) in program { player.play(op) }
        player.finish(hold: options.finalHold)
        script = player.builder.script
    }

    /// The largest the table grows and its longest chain, found by playing
    /// the program on a ``HashModel`` under the player's rules.
    /// - Throws: ``LinearOperationError/tooManyCells(_:count:limit:what:)``
    ///   past what reads, and ``LinearOperationError/unhashable(_:key:size:)``
    ///   when a rehash finds no cell for a key.
    static func extent(_ program: [(HashOperation, OperationSource)], options: HashOptions, limit: Int) throws(LinearOperationError) -> (Int, Int) {
        var model = HashModel(options: options)
        let most = options.stage.fitsAll ? nil : Self.sizeLimit
        guard model.size <= limit else { throw .tooWide(flag: "--table-size", count: model.size, limit: limit, most: most) }
        for (op, source) in program {
            switch op {
            case .insert(let v):
                guard model.insert(v) else { continue }
                while model.overloaded {
                    if let lost = model.rehash() { throw .unhashable(source, key: lost.text, size: model.size) }
                    guard model.size <= limit else { throw .tooManyCells(source, count: model.size, limit: limit, what: "table", most: most) }
                }
            case .delete(let v): model.delete(v)
            case .search: break
            }
        }
        return (model.largest, model.deepest)
    }

    public static func estimate(program: [(HashOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 3 * Double(program.count), changes: 60 * sizeLimit * program.count)
    }
}
