import Diagram
import Geometry
import Tween

/// Writes a sort's script from its recorded run: each item is a bar whose
/// id it keeps wherever the algorithm moves it, so a swap is two bars
/// trading places and a write is a bar coming up from the auxiliary row.
struct SortPlayer: StepPlayer {
    let run: SortRun
    let options: SortOptions
    let geometry: SortGeometry
    let bottom: OperationBand
    var builder: ScriptBuilder
    /// The bar at each index of the array; nil while merge sort has its
    /// item in the auxiliary row.
    var slots: [ElementID?]
    /// The bar at each index of the auxiliary row.
    var aux: [ElementID?]
    var values: [ElementID: Int] = [:]
    /// Where each bar is: its index, in the array or the auxiliary row.
    var places: [ElementID: (index: Int, aux: Bool)] = [:]
    var sorted = Set<ElementID>()
    var pivot: ElementID? {
        didSet { dirty.formUnion([oldValue, pivot].compactMap { $0 }) }
    }
    var range: ClosedRange<Int>? {
        didSet { noteRangeChange(from: oldValue) }
    }
    /// Quick sort: where the partition's `i` and `j` are, and what it
    /// knows of its part (drawn only with the working, see
    /// ``SortGeometry/working``).
    var markers: [SortMarker: Int] = [:]
    var regions: PartitionRegions?
    /// The bars whose place or role may have changed since a beat last drew
    /// them: a beat draws only these (and the marked ones), so it costs the
    /// same in an array of ten or of a thousand.
    var dirty = Set<ElementID>()
    /// The bars the last beat marked.
    var lastMarked = Set<ElementID>()
    var comparisons = 0
    var swaps = 0
    /// The operations played fast and the seconds their beats took: a beat
    /// waits for its longest move, so far moves play fewer a second.
    var fastPlayed = (operations: 0, seconds: 0.0)
    /// Operations a second, when played fast; nil: one by one.
    let rate: Double?

    // Paces, in seconds at speed 1, of the one-by-one play.
    static let mark = 0.25
    static let rest = 0.55
    static let move = 0.6
    static let unmark = 0.25
    static let between = 0.35
    /// A marker gliding to its new place.
    static let glide = 0.3

    init(run: SortRun, options: SortOptions, labels: LabelFit) {
        self.run = run
        self.options = options
        bottom = OperationBand(stage: options.stage, labels: labels)
        let rate = options.opsPerSecond
            ?? (run.values.count <= SortAnimation.stepByStepLimit ? nil : SortAnimation.defaultOpsPerSecond)
        self.rate = rate
        // Quick sort played one operation at a time shows its working.
        let legend = run.algorithm == .quick && rate == nil ? Self.legend(run.partition) : []
        geometry = SortGeometry(
            values: run.values, aux: run.algorithm == .merge, bracket: [.merge, .quick].contains(run.algorithm),
            stage: options.stage, legend: legend, labels: labels)
        builder = ScriptBuilder(
            camera: CameraOptions(maxUnit: 10, padding: 0.02, animation: .easeInOut(duration: 0.6), bottomBand: OperationBand.band),
            palette: .sorting)
        let ids = run.values.indices.map { ElementID("bar", $0) }
        slots = ids
        aux = Array(repeating: nil, count: ids.count)
        for (i, (id, v)) in zip(ids, run.values).enumerated() {
            values[id] = v
            places[id] = (i, false)
        }
    }

    /// The legend of a partition's working: every colour it shows, named.
    static func legend(_ partition: QuickPartition) -> [SortLegendEntry] {
        [
            SortLegendEntry(key: "le", role: .regionLow, name: "≤ pivot"),
            partition == .hoare
                ? SortLegendEntry(key: "ge", role: .regionHighOrEqual, name: "≥ pivot")
                : SortLegendEntry(key: "gt", role: .regionHigh, name: "> pivot"),
            SortLegendEntry(key: "unseen", role: .regionUnseen, name: "unseen"),
            SortLegendEntry(key: "pivot", role: .pivot, name: "pivot"),
            SortLegendEntry(key: "compare", role: .compare, name: "compared"),
            SortLegendEntry(key: "sorted", role: .sorted, name: "in final place"),
            SortLegendEntry(key: "muted", role: .muted, name: "outside the part"),
        ]
    }

    // MARK: Drawing

    static let rangeID: ElementID = "range"

    /// The role of bar `id` at index `i` (of the array or the auxiliary
    /// row) now, `compare` when it is one of `marked`.
    func role(of id: ElementID, at i: Int, marked: Set<ElementID>) -> Role {
        if marked.contains(id) { return .compare }
        if sorted.contains(id) { return .sorted }
        if id == pivot { return .pivot }
        if let range, !range.contains(i) { return .muted }
        return .normal
    }

    /// The bar of item `id` at index `i` of the array (or of the auxiliary
    /// row), with its role.
    func bar(_ id: ElementID, at i: Int, aux: Bool, marked: Set<ElementID>) -> Bar {
        var b = geometry.bar(id, value: values[id]!, slot: i, aux: aux, role: role(of: id, at: i, marked: marked))
        // With a partition's working, the items outside the part fade,
        // those in their final places too.
        if geometry.working, let range, !range.contains(i), b.role == .sorted { b.opacity = Self.faded }
        return b
    }

    /// The opacity of an item in its final place outside the part being
    /// partitioned (the others there are greyed).
    static let faded = 0.45

    /// Every bar where the state has it, with its role; the range bracket;
    /// the counters.
    func draw(into d: inout Diagram, marked: Set<ElementID> = []) {
        for (i, slot) in slots.enumerated() {
            guard let id = slot else { continue }
            geometry.words.insert(bar(id, at: i, aux: false, marked: marked), into: &d)
        }
        for (i, slot) in aux.enumerated() {
            guard let id = slot else { continue }
            geometry.words.insert(bar(id, at: i, aux: true, marked: marked), into: &d)
        }
        if geometry.working {
            for k in slots.indices { d.texts.insert(geometry.index(k)) }
            let legend = geometry.legendElements()
            for b in legend.bars { d.bars.insert(b) }
            for t in legend.texts { d.texts.insert(t) }
        }
        drawFurniture(into: &d)
    }

    /// The range bracket and the counters.
    func drawFurniture(into d: inout Diagram) {
        if let range {
            d.bars.insert(geometry.bracket(Self.rangeID, over: range))
        } else {
            d.bars.remove(Self.rangeID)
        }
        d.texts.insert(bottom.text("comparisons", "comparisons \(comparisons)", x: bottom.margin, role: .muted))
        bottom.count("\(run.algorithm.writes ? "writes" : "swaps") \(swaps)", into: &d)
        if geometry.working { drawWorking(into: &d) }
    }

    static let regionIDs: [ElementID] = ["region:le", "region:gt", "region:ge", "region:unseen"]

    /// The partition's `i` and `j` under the indices (side by side when at
    /// one place) and its regions behind the bars, as they are now.
    func drawWorking(into d: inout Diagram) {
        let together = markers[.i] != nil && markers[.i] == markers[.j]
        for name in SortMarker.allCases {
            let letter = name.rawValue
            if let k = markers[name] {
                let shift = together ? (name == .i ? -1 : 1) * geometry.markerShift : 0
                for t in geometry.marker(letter, at: k, shift: shift) { d.texts.insert(t) }
            } else {
                d.texts.remove(ElementID("marker:\(letter)"))
                d.texts.remove(ElementID("marker:\(letter):arrow"))
            }
        }
        guard let regions else {
            for id in Self.regionIDs { d.bars.remove(id) }
            return
        }
        let hoare = run.partition == .hoare
        d.bars.insert(geometry.region("region:le", role: .regionLow, places: regions.low))
        d.bars.insert(
            geometry.region(hoare ? "region:ge" : "region:gt", role: hoare ? .regionHighOrEqual : .regionHigh, places: regions.high))
        d.bars.insert(geometry.region("region:unseen", role: .regionUnseen, places: regions.unseen))
    }

    /// A beat that draws the state: the bars that move go along arcs (one
    /// over, one under, for two trading places) at a pace no faster than
    /// ``SortGeometry/duration(ofMove:)`` allows, and no shorter than
    /// `least` seconds. Only the bars that may have changed are drawn
    /// again (see ``dirty``); the others stand as they are.
    /// Draws what changed since the last beat in one beat of at least
    /// `least` seconds, longer where a move needs it; how long it lasts.
    @discardableResult
    mutating func drawBeat(_ s: inout StepBuilder, least: Double, marked: Set<ElementID> = [], caption: String? = nil) -> Double {
        let ids = dirty.union(lastMarked).union(marked).sorted()
        dirty = []
        lastMarked = marked
        let redrawn = ids.compactMap { id in places[id].map { bar(id, at: $0.index, aux: $0.aux, marked: marked) } }
        let bracket = range.map { geometry.bracket(Self.rangeID, over: $0) }
        var paths: [ElementID: MotionPath] = [:]
        var longest = 0.0
        for b in redrawn + [bracket].compactMap({ $0 }) {
            guard let old = s.diagram.bars[b.id] else { continue }
            if b.kind == "bar", old.frame.minY == b.frame.minY, old.frame.minX != b.frame.minX { paths[b.id] = .arc(bend: 0.22) }
            let (dx, dy) = (b.frame.minX - old.frame.minX, b.frame.minY - old.frame.minY)
            longest = max(longest, (dx * dx + dy * dy).squareRoot())
        }
        let duration = max(least, geometry.duration(ofMove: longest))
        let counters: [ElementID: Animation] = ["comparisons": .linear(duration: 0), "counter": .linear(duration: 0)]
        let player = self
        s.beat(options.easing.animation(duration: duration), caption: caption, timing: counters, paths: paths) { d in
            for b in redrawn { player.geometry.words.insert(b, into: &d) }
            player.drawFurniture(into: &d)
        }
        return duration
    }

    /// Puts bar `id` at index `i` of the array (or of the auxiliary row).
    mutating func place(_ id: ElementID?, at i: Int, aux: Bool) {
        guard let id else { return }
        places[id] = (i, aux)
        dirty.insert(id)
    }

    mutating func swapSlots(_ a: Int, _ b: Int) {
        slots.swapAt(a, b)
        place(slots[a], at: a, aux: false)
        place(slots[b], at: b, aux: false)
    }

    /// Merge sort writes the item at `from` of the auxiliary row to `to`.
    mutating func write(from: Int, to: Int) {
        slots[to] = aux[from]
        aux[from] = nil
        place(slots[to], at: to, aux: false)
    }

    /// Merge sort copies `lo...hi` to the auxiliary row.
    mutating func copyToAux(_ lo: Int, _ hi: Int) {
        for k in lo...hi {
            (aux[k], slots[k]) = (slots[k], nil)
            place(aux[k], at: k, aux: true)
        }
    }

    mutating func markSorted(_ indices: [Int]) {
        for i in indices {
            guard let id = slots[i] else { continue }
            sorted.insert(id)
            dirty.insert(id)
        }
    }

    /// Marks the bars a new ``range`` greys or brings back: outside a range
    /// a bar is greyed, and with no range none is.
    mutating func noteRangeChange(from old: ClosedRange<Int>?) {
        let muted = { (r: ClosedRange<Int>?, i: Int) in r.map { !$0.contains(i) } ?? false }
        let indices: [Int] = if let old, let range { Array(old) + Array(range) } else { Array(slots.indices) }
        for i in indices where muted(old, i) != muted(range, i) {
            for id in [slots[i], aux[i]].compactMap({ $0 }) { dirty.insert(id) }
        }
    }

    // MARK: Playing

    mutating func play() {
        let n = run.values.count
        let first = n <= 16 ? run.values.map(String.init).joined(separator: " ") : "\(n) values"
        let title = run.algorithm.title
        step("\(title) of \(first)", note: "The array to sort, one bar per value.") { player, s in
            if player.options.code { s.code(player.run.pseudocode) }
            let p = player
            s.beat(.linear(duration: 0)) { d in
                d.reserved = [p.geometry.bounds]
                p.draw(into: &d)
            }
            s.hold(1.2)
        }
        var i = 0
        let events = run.events
        while i < events.count {
            var stage: SortPhase?
            var phaseLine: Int?
            if case .phase(let p) = events[i] {
                stage = p
                phaseLine = run.lines[i]
                i += 1
            }
            var j = i
            while j < events.count { if case .phase = events[j] { break }; j += 1 }
            let body = Array(events[i..<j])
            let lines = Array(run.lines[i..<j])
            i = j
            let caption = stage.map(self.caption(of:)) ?? "finishing"
            step(caption, note: note(for: stage)) { player, s in
                // Played fast, the phases' captions are a running account:
                // shown when the one before has been read.
                s.tally = player.rate != nil
                if player.options.code { s.line(phaseLine) }
                if player.rate == nil { player.playOneByOne(body, lines: lines, &s) } else { player.playFast(body, &s) }
            }
        }
        finish()
    }

    /// One event at a time: a comparison marks its pair and names its
    /// outcome, with a rest to read it; a swap or write follows at its own
    /// pace.
    mutating func playOneByOne(_ events: [SortEvent], lines: [Int?], _ s: inout StepBuilder) {
        var marked = Set<ElementID>()
        for (k, e) in events.enumerated() {
            let next = k + 1 < events.count ? events[k + 1] : nil
            // The event's line, from its first beat.
            if options.code, k < lines.count { s.line(lines[k]) }
            switch e {
            case .phase: break
            case .compare(let a, let b):
                comparisons += 1
                marked = comparedPair(a, b)
                let caption = run.algorithm == .quick
                    ? partitionCaption(a, b, line: k < lines.count ? lines[k] : nil) : compareCaption(a, b, then: next)
                drawBeat(&s, least: Self.mark, marked: marked, caption: caption)
                s.hold(Self.rest)
            case .compareAux(let a, let b):
                comparisons += 1
                marked = [aux[a]!, aux[b]!]
                drawBeat(&s, least: Self.mark, marked: marked, caption: compareCaption(aux: a, b))
                s.hold(Self.rest)
            case .swap(let a, let b):
                swaps += 1
                let caption = swapCaption(a, b)
                swapSlots(a, b)
                // Quick sort's pivot keeps its colour as it moves.
                marked = Set([slots[a]!, slots[b]!].filter { $0 != pivot })
                if caption != nil {
                    drawBeat(&s, least: Self.mark, marked: marked, caption: caption)
                    s.hold(Self.rest)
                }
                drawBeat(&s, least: Self.move, marked: marked)
                marked = []
                // A partition's regions that take the pair in unmark it.
                if case .regions? = next { continue }
                drawBeat(&s, least: Self.unmark)
            case .write(let from, let to):
                swaps += 1
                write(from: from, to: to)
                drawBeat(&s, least: Self.move, marked: marked)
                marked = []
            case .toAux(let lo, let hi):
                copyToAux(lo, hi)
                drawBeat(&s, least: Self.move, caption: "copy \(describe(aux[lo...hi].compactMap { $0 })) to the auxiliary row")
                s.hold(Self.between)
            case .range(let lo, let hi):
                range = lo...hi
                drawBeat(&s, least: Self.unmark)
            case .pivot(let p):
                pivot = slots[p]
                // Quick sort's step caption names its pivot.
                drawBeat(&s, least: Self.mark)
                s.hold(Self.rest)
            case .marker(let name, let k):
                let caption = markerCaption(name, k, then: next)
                markers[name] = k
                drawBeat(&s, least: Self.glide, marked: marked, caption: caption)
                if caption != nil { s.hold(Self.rest) }
            case .regions(let r):
                regions = r
                marked = []
                drawBeat(&s, least: Self.unmark)
            case .split(let q):
                drawBeat(&s, least: Self.mark, caption: splitCaption(q))
                s.hold(Self.rest)
            case .sorted(let indices):
                markSorted(indices)
                if case .write? = next { continue }
                drawBeat(&s, least: Self.unmark, marked: marked)
            }
        }
        s.conclude()
        pivot = nil
        drawBeat(&s, least: Self.unmark)
        s.hold(Self.between)
    }

    /// Many events to a beat at the operation rate: each beat takes the
    /// operations due in its time, and lasts as long as its longest move
    /// needs, so a bar never jumps.
    mutating func playFast(_ events: [SortEvent], _ s: inout StepBuilder) {
        guard let rate else { return }
        let least = 1 / rate
        var pending = 0
        var marked = Set<ElementID>()
        // Where each bar moved in this beat started it, and where it is now.
        var moved: [ElementID: (from: Point, to: Point)] = [:]
        func flush(_ s: inout StepBuilder) {
            guard pending > 0 else { return }
            fastPlayed.seconds += drawBeat(&s, least: Double(pending) * least, marked: marked)
            fastPlayed.operations += pending
            pending = 0
            moved = [:]
        }
        func move(_ id: ElementID?, to i: Int, aux: Bool, _ s: StepBuilder) {
            guard let id else { return }
            let to = geometry.bar(id, value: values[id]!, slot: i, aux: aux, role: .normal).frame.origin
            moved[id] = (moved[id]?.from ?? s.diagram.bars[id]?.frame.origin ?? to, to)
        }
        for e in events {
            switch e {
            case .phase: break
            case .compare(let a, let b):
                comparisons += 1
                pending += 1
                marked = comparedPair(a, b)
            case .compareAux(let a, let b):
                comparisons += 1
                pending += 1
                marked = [aux[a]!, aux[b]!]
            case .swap(let a, let b):
                swaps += 1
                pending += 1
                swapSlots(a, b)
                move(slots[a], to: a, aux: false, s)
                move(slots[b], to: b, aux: false, s)
            case .write(let from, let to):
                swaps += 1
                pending += 1
                write(from: from, to: to)
                move(slots[to], to: to, aux: false, s)
            case .toAux(let lo, let hi):
                flush(&s)
                copyToAux(lo, hi)
                drawBeat(&s, least: least)
            case .range(let lo, let hi):
                range = lo...hi
            case .pivot(let p):
                pivot = slots[p]
            case .sorted(let indices):
                markSorted(indices)
            case .marker, .regions, .split:
                // Played fast, a partition's working is not drawn.
                break
            }
            // A beat holds at least a tenth of a second of operations, and
            // more while its moves need longer than that.
            let due = Double(pending) * least
            if pending > 0, due >= 0.1 {
                let longest = moved.values.map { $0.from.distance(to: $0.to) }.max() ?? 0
                if due >= geometry.duration(ofMove: longest) { flush(&s) }
            }
        }
        flush(&s)
        pivot = nil
        drawBeat(&s, least: least)
    }

    /// The last step: every bar back to its colour, then a sweep from the
    /// left turns them green one after another.
    mutating func finish() {
        let n = run.values.count
        let result = run.result.map(String.init).joined(separator: " ")
        let words = n <= 16 ? "sorted: \(result)" : "sorted"
        let counts = "\(counted(comparisons, "comparison")), \(counted(swaps, run.algorithm.writes ? "write" : "swap"))"
        step(words, note: "\(run.algorithm.title) took \(counts).") { player, s in
            if player.options.code { s.line(nil) }
            player.range = nil
            player.pivot = nil
            player.dirty.formUnion(player.sorted)
            player.sorted = []
            player.drawBeat(&s, least: 0.3)
            let sweep = min(1.6, 0.12 * Double(n))
            var timing: [ElementID: Animation] = [:]
            for (i, id) in player.slots.enumerated() {
                guard let id else { continue }
                timing[id] = .easeOut(duration: 0.25).delay(sweep * Double(i) / Double(max(n, 1)))
                player.sorted.insert(id)
            }
            let p = player
            s.beat(.easeOut(duration: 0.25), caption: words, timing: timing) { d in p.draw(into: &d) }
            s.hold(p.options.finalHold)
        }
    }

    // MARK: Words

    /// A list of values as a caption writes it: all of a short list, else
    /// how many.
    func describe(_ ids: [ElementID]) -> String {
        ids.count <= 8 ? ids.map { String(values[$0]!) }.joined(separator: " ") : "\(ids.count) values"
    }

    func value(at i: Int) -> Int { values[slots[i]!]! }

    func caption(of phase: SortPhase) -> String {
        switch phase {
        case .pass(let k): return "pass \(k): bubble the largest left to the end"
        case .insert(let i): return "insert \(value(at: i)) into the sorted part on its left"
        case .select(let i): return "find the smallest from index \(i) and put it there"
        case .gap(let g): return "gap \(g): insertion sort of items \(g) apart"
        case .merge(let lo, let mid, let hi):
            let left = slots[lo...mid].compactMap { $0 }, right = slots[(mid + 1)...hi].compactMap { $0 }
            if left.count + right.count <= 8 { return "merge \(describe(left)) with \(describe(right))" }
            return "merge [\(lo)…\(mid)] with [\(mid + 1)…\(hi)]"
        case .partition(let lo, let hi):
            let p = run.partition == .hoare ? lo : hi
            return "partition A[\(lo)..\(hi)] around the pivot x = A[\(p)] = \(value(at: p))"
        case .buildHeap: return "build a max-heap: sift every parent down, from the last"
        case .extract(let round): return "round \(round): swap the largest, \(value(at: 0)), to the end of the heap"
        }
    }

    func note(for phase: SortPhase?) -> String? {
        switch phase {
        case .pass?: "Compare neighbours from the left and swap them when the left one is larger; the largest left ends up last."
        case .insert?: "Move the item left, one swap at a time, while its left neighbour is larger."
        case .select?: "Scan the rest for the smallest item, then swap it to the front of the rest."
        case .gap?: "An insertion sort of every item with the one this far to its left."
        case .merge?: "Copy both halves to the row below, then write the smaller front item back, again and again."
        case .partition?: run.partition == .hoare
            ? "j comes down past items > x and i up past items < x; the items they stop at are exchanged, until i and j meet."
            : "j scans the part; each item ≤ x moves i on and is exchanged to the end of the ≤ part; then x goes between the parts."
        case .buildHeap?: "Each parent moves down while a child is larger, from the last parent to the root."
        case .extract?: "The root is the largest: it goes to the end, and the item that took its place sifts down."
        case nil: nil
        }
    }

    /// The bars a comparison marks: both, but for quick sort's pivot, which
    /// keeps its own colour throughout its partition.
    func comparedPair(_ a: Int, _ b: Int) -> Set<ElementID> {
        Set([slots[a]!, slots[b]!].filter { $0 != pivot })
    }

    /// The caption of a swap whose pair is not the pair just compared, or
    /// whose reason the comparison did not say; nil when the comparison's
    /// caption said it.
    func swapCaption(_ a: Int, _ b: Int) -> String? {
        let (x, y) = (value(at: a), value(at: b))
        switch run.algorithm {
        case .quick where run.partition == .hoare:
            return "i < j: exchange A[\(a)] = \(x) with A[\(b)] = \(y)"
        case .quick:
            if slots[b] == pivot { return "the pivot \(y) goes between the parts, to index \(a): it is in its final place" }
            // The comparison's caption said it.
            return nil
        case .selection: return "swap the smallest, \(y), to the front of the rest"
        default: return nil
        }
    }

    /// The caption of the comparison of indices `a` and `b`, with its
    /// outcome, which is what the next event does.
    func compareCaption(_ a: Int, _ b: Int, then next: SortEvent?) -> String {
        let (x, y) = (value(at: a), value(at: b))
        let swapped: Bool = if case .swap(let i, let j)? = next { Set([i, j]) == Set([a, b]) } else { false }
        switch run.algorithm {
        case .selection:
            return x < y ? "compare \(x) with the smallest so far, \(y) → \(x) is smaller" : "compare \(x) with the smallest so far, \(y) → keep \(y)"
        case .heap:
            if a + 1 == b, a % 2 == 1 {
                return "compare the children \(x) and \(y) → \(max(x, y)) is larger"
            }
            return swapped ? "compare parent \(x) with child \(y) → smaller: swap" : "compare parent \(x) with child \(y) → in heap order"
        default:
            let (l, r) = a < b ? (x, y) : (y, x)
            return swapped ? "compare \(l) and \(r) → swap" : "compare \(l) and \(r) → in order"
        }
    }

    func compareCaption(aux a: Int, _ b: Int) -> String {
        let (x, y) = (values[aux[a]!]!, values[aux[b]!]!)
        return x < y ? "compare \(y) and \(x) → \(x) is smaller: write it" : "compare \(y) and \(x) → write \(y), the left one"
    }
}
