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
        let (peak, deepest, rehashDepth): (Int, Int, Int)
        do throws(LinearOperationError) {
            (peak, deepest, rehashDepth) = try Self.extent(program, options: options, limit: limit, labels: labels)
        } catch {
            let narrow = HashPlayer.readable(values: [], options: options, labels: labels, limit: Self.sizeLimit)
            throw error.blamingWidth(narrow: narrow, values: values, labels: labels)
        }
        if options.probing == nil, !options.stage.fitsAll {
            // The chains hang under the row: they must read too.
            let reads = Self.chainsRead(values: values, peak: peak, rehashDepth: rehashDepth, options: options, labels: labels)
            if !reads(deepest) {
                let most = (1..<deepest).last(where: reads) ?? 0
                throw .tooDeep(depth: deepest, limit: most)
            }
        }
        var player = HashPlayer(
            options: options, operations: program.map(\.0.text), values: values, peakSize: peak, deepest: deepest, rehashDepth: rehashDepth,
            stage: options.stage,
            labels: labels)
        for (i, (op, _)) in program.enumerated() {
            player.builder.operation = i
            player.play(op)
        }
        player.finish(hold: options.finalHold)
        script = player.builder.script
    }

    /// Whether chains of a depth read under a chaining table that grows to
    /// `peak` cells, holding `values`.
    static func chainsRead(values: [LinearValue], peak: Int, rehashDepth: Int, options: HashOptions, labels: LabelFit) -> (Int) -> Bool {
        let cell = HashPlayer.cell(values: values, probing: false, labels: labels)
        let sight = Sight(stage: options.stage, camera: ListPlayer.camera, smallest: HashPlayer.cellLabel * 0.7)
        return { depth in
            sight.reads(
                HashPlayer.bounds(
                    cell: cell, size: peak, deepest: depth, rehashDepth: min(rehashDepth, depth), chaining: true, rehashes: peak > options.size))
        }
    }

    /// A test for `count` random keys drawn one by one for a chaining
    /// table on `options.stage`: it takes a key unless inserting it would
    /// grow a chain past what reads under the table as wide as it will
    /// grow for `count` keys (so that a default run never refuses its own
    /// keys), and keeps the keys it took. Nil when every key is taken:
    /// open addressing, or `--fit all`. `widest` are keys as wide as any
    /// drawn (the range's ends), for the cells' width.
    public static func keyTest(options: HashOptions, count: Int, widest: [Int], labels: LabelFit) -> ((Int) -> Bool)? {
        guard options.probing == nil, !options.stage.fitsAll else { return nil }
        // The sizes the table has: it rehashes while its load is over the
        // maximum, whichever keys it holds.
        var sizes = [options.size]
        if let maxLoad = options.maxLoad {
            while Double(count) / Double(sizes.last!) > maxLoad + 1e-9, sizes.last! <= sizeLimit { sizes.append(HashPlayer.nextPrime(2 * sizes.last!)) }
        }
        // The deepest chain that reads under the widest table (a chain as
        // deep in the table a rehash draws under the old one).
        let reads = chainsRead(values: widest.map(LinearValue.init), peak: sizes.max()!, rehashDepth: .max, options: options, labels: labels)
        // A table too wide to read is the size's fault, said later, not a key's.
        guard reads(1) else { return nil }
        let deepest = (1...max(count, 1)).prefix(while: reads).last ?? 1
        // Each table's chains, by the cell they hang from: a key is taken
        // when no table's chain for it would pass the deepest (a table
        // before the last holds only some keys: this errs on the safe side).
        var chains = sizes.map { _ in [Int: Int]() }
        return { key in
            let cells = sizes.map { options.hash.index(of: key, size: $0) }
            for (t, cell) in cells.enumerated() {
                if let cell, chains[t][cell, default: 0] >= deepest { return false }
            }
            for (t, cell) in cells.enumerated() {
                if let cell { chains[t][cell, default: 0] += 1 }
            }
            return true
        }
    }

    /// The largest the table grows and its longest chain, found by playing
    /// the program on a ``HashModel`` under the player's rules.
    /// - Throws: ``LinearOperationError/tooManyCells(_:count:limit:what:)``
    ///   past what reads, and ``LinearOperationError/unhashable(_:key:size:)``
    ///   when a rehash finds no cell for a key.
    static func extent(
        _ program: [(HashOperation, OperationSource)], options: HashOptions, limit: Int, labels: LabelFit
    ) throws(LinearOperationError) -> (peak: Int, deepest: Int, rehashDepth: Int) {
        // Played once within the cap, for whether `--fit all` would draw
        // all it grows to: never past the cap, for the work of a rehash
        // grows with the table (a tiny --max-load would rehash without end).
        let peak = limit >= sizeLimit ? 0 : ((try? extent(program, options: options, limit: sizeLimit, labels: labels))?.0 ?? .max)
        var model = HashModel(options: options)
        let most = LinearCapacity.most(stage: options.stage, limit: limit, cap: Self.sizeLimit, peak: peak)
        guard model.size <= limit else { throw .tooWide(flag: "--table-size", count: model.size, limit: limit, most: most) }
        for (op, source) in program {
            switch op {
            case .insert(let v):
                guard model.insert(v) else { continue }
                while model.overloaded {
                    // The size is checked before the rehash that would make it.
                    let next = HashPlayer.nextPrime(2 * model.size)
                    guard next <= limit else {
                        // Keys that would fit at a full load are not at fault.
                        if let maxLoad = options.maxLoad, model.count <= limit {
                            throw .loadOutOfReach(source, maxLoad: maxLoad, keys: model.count, count: next, limit: limit, most: most)
                        }
                        throw .tooManyCells(source, count: next, limit: limit, what: "table", most: most)
                    }
                    if let lost = model.rehash() { throw .unhashable(source, key: lost.text, size: model.size) }
                }
            case .delete(let v): model.delete(v)
            case .search: break
            }
        }
        return (model.largest, model.deepest, model.deepestRehashed)
    }

    public static func estimate(program: [(HashOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 3 * Double(program.count), changes: 60 * sizeLimit * program.count)
    }
}
