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

    /// The largest the table grows and its longest chain, found by
    /// counting keys per cell as the program goes (a duplicate insert and
    /// a missing delete change nothing).
    static func extent(_ program: [(HashOperation, OperationSource)], options: HashOptions, limit: Int) throws(LinearOperationError) -> (Int, Int) {
        var size = options.size, deepest = 0
        var keys = [LinearValue]()
        let code = { (v: LinearValue) in v.key ?? options.stringHash.code(of: v.text) }
        func longest() -> Int {
            var chains = [Int: Int]()
            for k in keys { chains[options.hash.index(of: code(k), size: size) ?? 0, default: 0] += 1 }
            return chains.values.max() ?? 0
        }
        guard size <= limit else { throw .tooManyCells(program[0].1, count: size, limit: limit, what: "table") }
        for (op, source) in program {
            switch op {
            case .insert(let v):
                guard !keys.contains(v) else { continue }
                keys.append(v)
                deepest = max(deepest, longest())
                if let most = options.maxLoad, Double(keys.count) / Double(size) > most + 1e-9 {
                    size = HashPlayer.nextPrime(2 * size)
                    guard size <= limit else { throw .tooManyCells(source, count: size, limit: limit, what: "table") }
                    deepest = max(deepest, longest())
                }
            case .delete(let v): keys.removeAll { $0 == v }
            case .search: break
            }
        }
        return (size, deepest)
    }

    public static func estimate(program: [(HashOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 3 * Double(program.count), changes: 60 * sizeLimit * program.count)
    }
}
