/// A hash table's keys without their drawing, under the rules the
/// animation plays: chains with insertion at the head after a search, or
/// open addressing with tombstones, and rehashing into the next prime past
/// twice the size while the load is over its maximum. The command plays a
/// program on it first, to know how large the table grows.
struct HashModel {
    enum Cell: Equatable {
        case empty, key(LinearValue), tombstone
    }

    let options: HashOptions
    var size: Int
    var chains: [[LinearValue]]
    var cells: [Cell]
    var count = 0
    /// The longest chain there has been, the longest a rehash has made
    /// (the new table's, drawn under the old one), and the largest size.
    var deepest = 0
    var deepestRehashed = 0
    var largest: Int

    init(options: HashOptions) {
        self.options = options
        size = options.size
        largest = size
        chains = Array(repeating: [], count: size)
        cells = Array(repeating: .empty, count: size)
    }

    var chaining: Bool { options.probing == nil }

    func code(_ v: LinearValue) -> Int { v.key ?? options.stringHash.code(of: v.text) }

    /// Whether the load is over its maximum.
    var overloaded: Bool { options.maxLoad.map { Double(count) / Double(size) > $0 + 1e-9 } ?? false }

    /// The cell an insert of `v` goes to in `cells` of `m`, or nil: a key
    /// already there, no free cell in reach, or a hash that is undefined.
    func freeCell(for v: LinearValue, in cells: [Cell], size m: Int) -> Int? {
        guard let home = options.hash.index(of: code(v), size: m) else { return nil }
        var free: Int?
        for i in 0..<m {
            guard let at = options.probe(code(v), home: home, attempt: i, size: m) else { break }
            switch cells[at] {
            case .key(let other) where other == v: return nil
            case .key: continue
            case .tombstone: if free == nil { free = at }
            case .empty: return free ?? at
            }
        }
        return free
    }

    /// Adds `v`; false when it is not added (there already, no cell).
    mutating func insert(_ v: LinearValue) -> Bool {
        if chaining {
            guard let h = options.hash.index(of: code(v), size: size), !chains[h].contains(v) else { return false }
            chains[h].insert(v, at: 0)
            deepest = max(deepest, chains[h].count)
        } else {
            guard let at = freeCell(for: v, in: cells, size: size) else { return false }
            cells[at] = .key(v)
        }
        count += 1
        return true
    }

    mutating func delete(_ v: LinearValue) {
        guard let h = options.hash.index(of: code(v), size: size) else { return }
        if chaining {
            guard let i = chains[h].firstIndex(of: v) else { return }
            chains[h].remove(at: i)
            count -= 1
            return
        }
        for i in 0..<size {
            guard let at = options.probe(code(v), home: h, attempt: i, size: size) else { return }
            if cells[at] == .empty { return }
            if cells[at] == .key(v) {
                cells[at] = .tombstone
                count -= 1
                return
            }
        }
    }

    /// Moves every key, in the order of the old cells (a chain from its
    /// head), into a table of the next prime past twice the size; the key
    /// that finds no cell there, if one does not.
    mutating func rehash() -> LinearValue? {
        let m = HashPlayer.nextPrime(2 * size)
        let keys: [LinearValue] = chaining ? chains.flatMap { $0 } : cells.compactMap { if case .key(let v) = $0 { v } else { nil } }
        size = m
        largest = max(largest, m)
        chains = Array(repeating: [], count: m)
        cells = Array(repeating: .empty, count: m)
        for v in keys {
            if chaining {
                guard let h = options.hash.index(of: code(v), size: m) else { return v }
                chains[h].insert(v, at: 0)
                deepest = max(deepest, chains[h].count)
                deepestRehashed = max(deepestRehashed, chains[h].count)
            } else {
                guard let at = freeCell(for: v, in: cells, size: m) else { return v }
                cells[at] = .key(v)
            }
        }
        return nil
    }
}
