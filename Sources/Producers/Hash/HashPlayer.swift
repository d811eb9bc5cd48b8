import Diagram
import Geometry
import Tween

/// Writes a hash table's script: the table is a row of cells with their
/// indices. With separate chaining each cell is a bucket whose chain of
/// keys hangs under it, linked by arrows; with open addressing the keys sit
/// in the cells, a ring probes cell after cell with the key riding over it,
/// and a deleted key leaves a tombstone. Every hash and every probe is
/// captioned with its arithmetic, and an insert that takes the load factor
/// past its maximum rehashes into a table about twice the size, every key
/// travelling to its new cell one at a time.
struct HashPlayer: StepPlayer {
    enum Slot: Equatable {
        case empty
        case key(serial: Int, value: LinearValue)
        case tombstone(serial: Int)
    }

    var builder: ScriptBuilder
    let options: HashOptions
    let cell: Size
    let labelSize = 0.3
    /// Chaining: each bucket's keys, first to last.
    var buckets: [[(serial: Int, value: LinearValue)]] = []
    /// Open addressing: each cell.
    var slots: [Slot] = []
    var size: Int
    var count = 0
    var generation = 0
    var serial = 0
    var isFirstStep = true
    /// Whether the next step starts an operation (it moves the queue on).
    var opens = false
    var queue: [(id: ElementID, text: String)]
    let bottom: OperationBand
    /// The deepest chain the run grows, for the room under the row.
    let deepest: Int
    let bounds: Rect

    static let enter = 0.5
    static let move = 0.6
    static let rest = 0.7
    /// The least a caption of its own stays: a line read from the back
    /// of a room.
    static let read = 1.0
    static let between = 0.6
    static let chainTop = 1.0
    static let chainStep = 0.85
    static let rideY = -1.1

    var chaining: Bool { options.probing == nil }

    init(
        options: HashOptions, operations: [String], values: [LinearValue], peakSize: Int, deepest: Int, rehashDepth: Int, stage: Stage,
        labels: LabelFit
    ) {
        self.options = options
        size = options.size
        cell = Self.cell(values: values, probing: options.probing != nil, labels: labels)
        self.deepest = deepest
        var bottom = OperationBand(stage: stage, labels: labels)
        // The widest counter the table writes, so the queue stops short of it.
        let limit = options.maxLoad.map { " (max \(Self.decimal($0)))" } ?? ""
        bottom.counterRoom = "n = \(max(peakSize, 10)) · m = \(max(peakSize, 10)) · load 0.88\(limit)"
        self.bottom = bottom
        bounds = Self.bounds(
            cell: cell, size: peakSize, deepest: deepest, rehashDepth: rehashDepth, chaining: options.probing == nil, rehashes: peakSize > options.size)
        builder = ScriptBuilder(camera: ListPlayer.camera, palette: .linear)
        queue = operations.enumerated().map { (ElementID("queue", $0.offset), $0.element) }
        if chaining { buckets = Array(repeating: [], count: size) } else { slots = Array(repeating: .empty, count: size) }
        let sight = Sight(stage: stage, camera: ListPlayer.camera, smallest: Self.cellLabel * 0.7)
        if stage.fitsAll, let warning = sight.forcedFit(bounds, what: "a table of \(peakSize) cells", touring: false, by: "--fit all", refused: true) {
            builder.note(warning)
        }
    }

    /// A cell as wide as the widest key, and a tombstone's DEL (written
    /// as small as an index).
    static func cell(values: [LinearValue], probing: Bool, labels: LabelFit) -> Size {
        let widest = values.map { labels.width(of: $0.text) * 0.3 }.max() ?? 0.3
        let tombstone = probing ? labels.width(of: "DEL") * cellLabel * 0.7 : 0
        return Size(width: max(0.72, widest + 0.3, tombstone + 0.2), height: 0.7)
    }

    /// The size of the cells' own labels (• and ∅) and, at 0.7 of it,
    /// their indices: an index stays legible down to where a key does.
    static let cellLabel = 0.34

    /// The most cells a table's row may have and still read on `stage`.
    static func readable(values: [LinearValue], options: HashOptions, labels: LabelFit, limit: Int) -> Int {
        if options.stage.fitsAll { return limit }
        let cell = cell(values: values, probing: options.probing != nil, labels: labels)
        let sight = Sight(stage: options.stage, camera: ListPlayer.camera, smallest: cellLabel * 0.7)
        var n = limit
        while n > 1, !sight.reads(bounds(cell: cell, size: n, deepest: 1, chaining: options.probing == nil, rehashes: false)) { n -= 1 }
        return n
    }

    /// How far under the row a new table appears: under the chains.
    static func newRowY(deepest: Int, chaining: Bool) -> Double {
        chaining ? chainTop + Double(max(deepest, 1)) * chainStep + 0.45 : 1.7
    }

    static func bounds(cell: Size, size: Int, deepest: Int, rehashDepth: Int = 1, chaining: Bool, rehashes: Bool) -> Rect {
        let top = rideY - cell.height / 2 - 0.1
        let chains = { (depth: Int) in chaining ? chainTop + Double(max(depth, 1)) * chainStep : cell.height }
        // A rehash's new table stands under the chains, its own (shorter)
        // chains under it.
        let bottom = (rehashes ? newRowY(deepest: deepest, chaining: chaining) + chains(rehashDepth) : chains(deepest)) + 0.3
        return Rect(x: -cell.width / 2 - 0.4, y: top, width: Double(size) * cell.width + 0.8, height: bottom - top)
    }

    // MARK: Ids and elements

    func table(_ generation: Int, count: Int, y: Double = 0) -> Cells {
        var cells = Cells("table\(generation)", at: Point(0, y), count: count, size: cell, labelSize: Self.cellLabel)
        // Chains hang under the cells: their indices stand over them.
        cells.indexAbove = chaining
        // An index is what a student reads a probe or a chain by: nearly
        // as large as the keys (the table is planned, as before, for
        // keys that read with indices at 0.7 of them).
        cells.indexScale = 0.95
        return cells
    }

    var cells: Cells { table(generation, count: size) }

    static func key(_ s: Int) -> ElementID { ElementID("key:\(s)") }
    static func link(_ s: Int) -> ElementID { ElementID("link:\(s)") }
    static let ring: ElementID = "probe"

    func keyNode(_ s: Int, _ v: LinearValue, at p: Point, role: Role = .new) -> Node {
        var n = Node.box(Self.key(s), at: p, size: Size(width: chaining ? cell.width * 0.84 : cell.width, height: chaining ? 0.62 : cell.height), cornerRadius: 0.05,
                         label: v.text, labelSize: labelSize, role: role, key: v.key)
        n.layer = 1
        return n
    }

    /// Where key `j` of bucket `i`'s chain stands.
    func chainPoint(_ i: Int, _ j: Int, table t: Cells? = nil) -> Point {
        let c = (t ?? cells).centre(i)
        return Point(c.x, c.y + Self.chainTop + Double(j) * Self.chainStep)
    }

    /// Bucket `i`'s arrows: from the cell to its first key, and from each
    /// key to the next; the cell shows • or ∅.
    func linkChain(_ i: Int, table t: Cells? = nil, in d: inout Diagram) {
        let t = t ?? cells
        let chain = buckets[i]
        d.nodes[t.id(i)]?.label = chain.isEmpty ? "∅" : "•"
        for (j, item) in chain.enumerated() {
            let from = j == 0 ? t.id(i) : Self.key(chain[j - 1].serial)
            let e = Edge(id: Self.link(item.serial), from: from, to: Self.key(item.serial), kind: "chain", arrows: .end)
            if var old = d.edges[e.id] {
                old.from = from
                d.edges.insert(old)
            } else {
                d.edges.insert(e)
            }
        }
    }

    /// Every key at rest in its place, every chain linked, the counter.
    func arrange(_ d: inout Diagram) {
        if chaining {
            for (i, chain) in buckets.enumerated() {
                for (j, item) in chain.enumerated() {
                    d.nodes[Self.key(item.serial)]?.position = chainPoint(i, j)
                    d.nodes[Self.key(item.serial)]?.role = .normal
                }
                linkChain(i, in: &d)
            }
        } else {
            for (i, slot) in slots.enumerated() {
                switch slot {
                case .key(let s, _):
                    d.nodes[Self.key(s)]?.position = cells.centre(i)
                    d.nodes[Self.key(s)]?.role = .normal
                case .tombstone(let s):
                    d.nodes[Self.key(s)]?.position = cells.centre(i)
                    d.nodes[Self.key(s)]?.role = .tombstone
                case .empty: break
                }
            }
        }
        d.marks.remove(Self.ring)
        counter(&d)
    }

    var load: Double { Double(count) / Double(size) }

    func counter(_ d: inout Diagram) {
        let limit = options.maxLoad.map { " (max \(Self.decimal($0)))" } ?? ""
        bottom.count("n = \(count) · m = \(size) · load \(Self.decimal(load))\(limit)", into: &d)
    }

    /// At most two decimals, no trailing zeros: 0.75, 1.2, 1.
    static func decimal(_ x: Double) -> String {
        var s = String(format: "%.2f", x)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    // MARK: Hashing

    /// The number a key hashes as: itself, or a word's code.
    func code(_ v: LinearValue) -> Int { v.key ?? options.stringHash.code(of: v.text) }

    /// The home cell of `v` in a table of `m`, and its caption:
    /// `h(42) = 42 mod 11 = 9`, `h(cat) = 99+97+116 = 312 mod 11 = 4`.
    func home(_ v: LinearValue, size m: Int) -> (index: Int, words: String)? {
        let k = code(v)
        guard let h = options.hash.value(of: k, size: m), let i = options.hash.index(of: k, size: m) else { return nil }
        let codeWords = v.key == nil ? "\(options.stringHash.working(of: v.text)) = \(k)" : nil
        if options.hash == .division {
            return (i, codeWords.map { "h(\(v)) = \($0), mod \(m) = \(i)" } ?? "h(\(v)) = \(v) mod \(m) = \(i)")
        }
        let tail = h == i ? "\(h)" : "\(h), mod \(m) = \(i)"
        return (i, codeWords.map { "h(\(v)): \($0), h = \(tail)" } ?? "h(\(v)) = \(tail)")
    }

    /// Double hashing's step for `v`, worked out: `h₂(25) = 1 + (25 mod 10)
    /// = 6`; a step of 0 taken as 1, as the probes take it.
    func secondWorking(_ v: LinearValue, size m: Int) -> String {
        let k = code(v), h2 = options.secondHash
        guard let value = h2.value(of: k, size: m), let index = h2.index(of: k, size: m) else { return "h₂(\(v)) undefined" }
        let working = h2.working(of: k, size: m)
        var words = "h₂(\(v)) = \(working)"
        if working != "\(value)" { words += " = \(value)" }
        if value != index { words += ", mod \(m) = \(index)" }
        return index == 0 ? words + ", taken as 1" : words
    }

    /// Probe `attempt` (from 0) of a key whose home is `start`, and how the
    /// caption writes it.
    func probe(_ v: LinearValue, home start: Int, attempt i: Int, size m: Int) -> (index: Int, words: String)? {
        guard let at = options.probe(code(v), home: start, attempt: i, size: m) else { return nil }
        switch options.probing ?? .linear {
        case .linear: return (at, "(\(start) + \(i)) mod \(m) = \(at)")
        case .quadratic: return (at, "(\(start) + \(i)²) mod \(m) = \(at)")
        case .double:
            let step = options.step(code(v), size: m) ?? 1
            let why = i != 1 ? "" : ", with \(secondWorking(v, size: m))"
            return (at, "(\(start) + \(i)·\(step)) mod \(m) = \(at)\(why)")
        }
    }

    // MARK: Steps

    mutating func stepWritten() { isFirstStep = false }

    mutating func begin(_ s: inout StepBuilder, caption: String?) {
        let first = isFirstStep
        // A rehash is a step of the insert before it: the queue stays.
        let pops = opens
        opens = false
        let p = self
        let band = bottom
        band.open(&s, queue: &queue, pops: pops, first: first, caption: caption, enter: Self.enter) { d in
            if first {
                d.reserved = [p.bounds]
                p.cells.insert(labels: Array(repeating: p.chaining ? "∅" : "", count: p.size), into: &d)
                for i in 0..<p.size { d.nodes[p.cells.id(i)]?.role = .pointer }
            }
            p.counter(&d)
        }
    }

    func end(_ s: inout StepBuilder) {
        s.conclude()
        let p = self
        s.beat(.easeInOut(duration: 0.4)) { d in p.arrange(&d) }
        s.hold(Self.between)
    }
}
