import Diagram
import Geometry
import Tween

extension HashPlayer {
    mutating func play(_ op: HashOperation) {
        opens = true
        switch op {
        case .insert(let v): insert(v)
        case .search(let v): search(v, title: op.text)
        case .delete(let v): delete(v, title: op.text)
        }
    }

    /// A step that only says `caption`.
    mutating func say(_ title: String, _ caption: String) {
        step(title, note: caption.prefix(1).uppercased() + caption.dropFirst() + ".") { p, s in
            p.begin(&s, caption: caption)
            s.hold(Self.rest * 2)
            p.end(&s)
        }
    }

    /// The key appears over its home cell with the ring on the cell, the
    /// hash in the caption.
    mutating func arrive(_ v: LinearValue, home: (index: Int, words: String), _ s: inout StepBuilder) -> Int {
        serial += 1
        let sv = serial
        let c = cells.centre(home.index)
        let p = self
        s.beat(.easeOut(duration: Self.enter), caption: home.words) { d in
            d.nodes.insert(p.keyNode(sv, v, at: Point(c.x, Self.rideY)))
            d.marks.insert(.ring(Self.ring, on: p.cells.id(home.index)))
        }
        s.hold(Self.rest)
        return sv
    }

    /// The ring (and, riding over the row, the key `rider`) moves to
    /// cell `i` (open addressing) or a chain's key.
    func ringTo(_ target: ElementID, rider: (id: ElementID, x: Double)?, caption: String, _ s: inout StepBuilder) {
        s.beat(.easeInOut(duration: Self.move), caption: caption) { d in
            d.marks[Self.ring]?.placement = .on(target)
            if let rider { d.nodes[rider.id]?.position = Point(rider.x, Self.rideY) }
        }
        s.hold(Self.rest)
    }

    // MARK: Insert

    mutating func insert(_ v: LinearValue) {
        guard let h = home(v, size: size) else { return say("insert \(v)", "h(\(v)) divides by zero or overflows: \(v) cannot be hashed") }
        let before = count
        if chaining { insertChained(v, h) } else { insertProbing(v, h) }
        // Only an insert that adds a key rehashes, as often as it takes
        // to bring the load under the limit (the command has checked, on a
        // HashModel, that every key finds a cell).
        while count > before, let limit = options.maxLoad, load > limit + 1e-9 { rehash(limit: limit) }
    }

    /// Chaining: the bucket's chain is searched for the key; a new key
    /// goes in at the chain's head, the chain moving down to make room.
    mutating func insertChained(_ v: LinearValue, _ h: (index: Int, words: String)) {
        let i = h.index
        let chain = buckets[i]
        let found = chain.firstIndex { $0.value == v }
        let note = found != nil ? "\(v) hashes to bucket \(i), and its chain already holds it: nothing changes."
            : "\(v) hashes to bucket \(i). Its chain is searched (a key is stored once), then \(v) goes in at the chain's head: O(1 + chain length)."
        step("insert \(v)", note: note) { p, s in
            p.begin(&s, caption: "insert \(v)")
            let sv = p.arrive(v, home: h, &s)
            for item in chain.prefix(found.map { $0 + 1 } ?? chain.count) {
                p.ringTo(Self.key(item.serial), rider: nil, caption: item.value == v ? "\(v) is already in bucket \(i): nothing changes" : "\(item.value) ≠ \(v)", &s)
            }
            if found != nil {
                s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
                p.end(&s)
                return
            }
            p.buckets[i].insert((sv, v), at: 0)
            p.count += 1
            let q = p
            s.beat(.easeInOut(duration: Self.move), caption: chain.isEmpty ? "bucket \(i) is empty: \(v) starts its chain" : "\(v) goes in at the head of bucket \(i)'s chain") { d in
                d.marks.remove(Self.ring)
                for (j, item) in q.buckets[i].enumerated() { d.nodes[Self.key(item.serial)]?.position = q.chainPoint(i, j) }
                q.linkChain(i, in: &d)
                q.counter(&d)
            }
            s.hold(Self.rest)
            p.end(&s)
        }
    }

    /// Open addressing: the key rides over the row as the ring probes;
    /// a tombstone is passed (the first kept for the key), an empty cell
    /// ends the probe, and the key drops into the first free cell.
    mutating func insertProbing(_ v: LinearValue, _ h: (index: Int, words: String)) {
        let path = probePath(v, home: h.index, size: size)
        let note = "\(v) hashes to cell \(h.index); \(options.probing!.rawValue) probing tries cell after cell until it meets \(v) or an empty cell."
        step("insert \(v)", note: note) { p, s in
            p.begin(&s, caption: "insert \(v)")
            let sv = p.arrive(v, home: h, &s)
            var firstFree: Int?
            var metEmpty = false
            for (n, (at, words)) in path.enumerated() {
                if n > 0 {
                    p.ringTo(p.cells.id(at), rider: (Self.key(sv), p.cells.centre(at).x), caption: "probe \(n): \(words)", &s)
                }
                switch p.slots[at] {
                case .key(_, let other) where other == v:
                    s.hold(Self.rest, caption: "cell \(at) holds \(v) already: nothing changes")
                    s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
                    p.end(&s)
                    return
                case .key(_, let other):
                    s.hold(Self.read, caption: "cell \(at) is taken by \(other): a collision")
                case .tombstone:
                    if firstFree == nil { firstFree = at }
                    s.hold(Self.read * 1.5, caption: "cell \(at) is a tombstone: \(v) may go here, but the probe goes on in case \(v) is further")
                case .empty:
                    if let tomb = firstFree {
                        // The probe stops here: had the key been in the
                        // table, it would have been met before an empty cell.
                        s.hold(Self.read * 1.5, caption: "cell \(at) is empty: \(v) is not in the table, so it takes the first tombstone passed, cell \(tomb)")
                    } else {
                        firstFree = at
                    }
                }
                if case .empty = p.slots[at] {
                    metEmpty = true
                    break
                }
            }
            if let tomb = firstFree, !metEmpty {
                s.hold(Self.read * 1.5, caption: "no empty cell after \(path.count) probes: \(v) is not in the table, so it takes the first tombstone passed, cell \(tomb)")
            }
            guard let target = firstFree else {
                let why = p.probe(v, home: h.index, attempt: path.count, size: p.size) == nil && path.count < p.size
                    ? "h₂(\(v)) divides by zero at m = \(p.size): no probe past cell \(h.index), and \(v) cannot go in"
                    : p.options.probing == .quadratic
                        ? "no free cell after \(path.count) probes: quadratic probing reaches only some cells, and \(v) cannot go in"
                        : "no free cell after \(path.count) probes: \(v) cannot go in"
                s.hold(Self.rest * 2, caption: why)
                s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
                p.end(&s)
                return
            }
            var tomb: Int?
            if case .tombstone(let t) = p.slots[target] { tomb = t }
            p.slots[target] = .key(serial: sv, value: v)
            p.count += 1
            let q = p
            let c = q.cells.centre(target)
            s.beat(.easeInOut(duration: Self.move), caption: tomb == nil ? "cell \(target) is empty: \(v) goes in" : "\(v) goes in the tombstone's cell, \(target)",
                   paths: [Self.key(sv): .via([Point(c.x, Self.rideY)])]) { d in
                if let tomb { d.nodes.remove(Self.key(tomb)) }
                d.marks.remove(Self.ring)
                d.nodes[Self.key(sv)]?.position = c
                q.counter(&d)
            }
            s.hold(Self.rest)
            p.end(&s)
        }
    }

    /// The cells a probe for `v` visits, with their captions: from its
    /// home until an empty cell (included), at most `size` of them.
    func probePath(_ v: LinearValue, home: Int, size m: Int) -> [(Int, String)] {
        var out = [(Int, String)]()
        for attempt in 0..<m {
            guard let (at, words) = probe(v, home: home, attempt: attempt, size: m) else { break }
            out.append((at, words))
            if case .empty = slots[at] { break }
            if case .key(_, let other) = slots[at], other == v { break }
        }
        return out
    }

    // MARK: Search and delete

    mutating func search(_ v: LinearValue, title: String) {
        guard let h = home(v, size: size) else { return say(title, "h(\(v)) divides by zero or overflows: \(v) cannot be hashed") }
        find(v, h, title: title, deleting: false)
    }

    mutating func delete(_ v: LinearValue, title: String) {
        guard let h = home(v, size: size) else { return say(title, "h(\(v)) divides by zero or overflows: \(v) cannot be hashed") }
        find(v, h, title: title, deleting: true)
    }

    /// A search, and with `deleting` a delete: chaining walks the bucket's
    /// chain; open addressing probes past tombstones until the key or an
    /// empty cell. A deleted key leaves its chain (which closes up), or
    /// leaves a tombstone in its cell so that later probes go on past it.
    mutating func find(_ v: LinearValue, _ h: (index: Int, words: String), title: String, deleting: Bool) {
        let note = chaining ? "\(v) hashes to bucket \(h.index); its chain is walked key by key."
            : "\(v) hashes to cell \(h.index); probes go on past taken cells and tombstones until \(v) or an empty cell."
            + (deleting ? " A deleted key leaves a tombstone, so that probes for keys placed after it still go on past it." : "")
        step(title, note: note) { p, s in
            p.begin(&s, caption: title)
            p.serial += 1
            let sv = p.serial
            let c = p.cells.centre(h.index)
            let q0 = p
            s.beat(.easeOut(duration: Self.enter), caption: h.words) { d in
                var n = q0.keyNode(sv, v, at: Point(c.x, Self.rideY))
                n.role = .visited
                d.nodes.insert(n)
                d.marks.insert(.ring(Self.ring, on: q0.cells.id(h.index)))
            }
            s.hold(Self.rest)
            if p.chaining {
                let chain = p.buckets[h.index]
                let found = chain.firstIndex { $0.value == v }
                for item in chain.prefix(found.map { $0 + 1 } ?? chain.count) {
                    p.ringTo(Self.key(item.serial), rider: nil, caption: item.value == v ? "found \(v) in bucket \(h.index)" : "\(item.value) ≠ \(v)", &s)
                }
                guard let found else {
                    s.hold(Self.rest, caption: chain.isEmpty ? "bucket \(h.index) is empty: \(v) is not in the table" : "the end of the chain: \(v) is not in the table")
                    s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
                    p.end(&s)
                    return
                }
                let gone = chain[found].serial
                s.beat(.easeInOut(duration: 0.4)) { d in d.nodes[Self.key(gone)]?.role = .found }
                if deleting {
                    p.buckets[h.index].remove(at: found)
                    p.count -= 1
                    let q = p
                    s.beat(.easeInOut(duration: Self.move), caption: found == 0 ? "bucket \(h.index) points past \(v)" : "the key before points past \(v)") { d in
                        d.marks.remove(Self.ring)
                        d.nodes.remove(Self.key(sv))
                        if let next = q.buckets[h.index].indices.contains(found) ? q.buckets[h.index][found].serial : nil {
                            d.edges[Self.link(next)]?.from = found == 0 ? q.cells.id(h.index) : Self.key(q.buckets[h.index][found - 1].serial)
                        }
                        d.edges.remove(Self.link(gone))
                        d.nodes[q.cells.id(h.index)]?.label = q.buckets[h.index].isEmpty ? "∅" : "•"
                    }
                    s.beat(.easeIn(duration: 0.4)) { d in
                        d.nodes.remove(Self.key(gone))
                        q.counter(&d)
                    }
                    s.hold(Self.rest * 0.5, caption: "\(v) is deleted; the chain closes up")
                } else {
                    s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
                    s.hold(Self.rest)
                }
                p.end(&s)
                return
            }
            let path = p.probePath(v, home: h.index, size: p.size)
            for (n, (at, words)) in path.enumerated() {
                if n > 0 { p.ringTo(p.cells.id(at), rider: (Self.key(sv), p.cells.centre(at).x), caption: "probe \(n): \(words)", &s) }
                switch p.slots[at] {
                case .key(let ks, let other) where other == v:
                    s.beat(.easeInOut(duration: 0.4), caption: "found \(v) in cell \(at)") { d in d.nodes[Self.key(ks)]?.role = .found }
                    s.hold(Self.rest)
                    if deleting {
                        p.slots[at] = .tombstone(serial: ks)
                        p.count -= 1
                        let q = p
                        s.beat(.easeInOut(duration: Self.move), caption: "\(v) is deleted: a tombstone (DEL) keeps the cell marked") { d in
                            d.nodes.remove(Self.key(sv))
                            d.nodes[Self.key(ks)]?.label = "DEL"
                            d.nodes[Self.key(ks)]?.labelSize = Self.cellLabel * 0.7
                            d.nodes[Self.key(ks)]?.key = nil
                            d.nodes[Self.key(ks)]?.role = .tombstone
                            d.marks.remove(Self.ring)
                            q.counter(&d)
                        }
                        s.hold(Self.rest)
                    } else {
                        s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
                    }
                    p.end(&s)
                    return
                case .key(_, let other):
                    s.hold(Self.read, caption: "cell \(at) holds \(other), not \(v)")
                case .tombstone:
                    s.hold(Self.read, caption: "cell \(at) is a tombstone: the probe goes on")
                case .empty:
                    s.hold(Self.rest, caption: "cell \(at) is empty: \(v) is not in the table")
                }
            }
            if let last = path.last, case .empty = p.slots[last.0] {} else {
                s.hold(Self.rest, caption: "every probe tried: \(v) is not in the table")
            }
            s.beat(.easeIn(duration: 0.4)) { d in d.nodes.remove(Self.key(sv)) }
            p.end(&s)
        }
    }

    // MARK: Rehash

    /// The table is too full: a new one of the next prime past twice the
    /// size appears under it, and every key, in the order of the old
    /// cells, travels to its cell of the new table (chaining: the head of
    /// its new bucket's chain; open addressing: its first free probe). The
    /// old table goes and the new one rises into its place.
    mutating func rehash(limit: Double) {
        let m = Self.nextPrime(2 * size)
        let loadText = Self.decimal(load)
        let note = "The load factor \(loadText) is over \(Self.decimal(limit)): a table of \(m) (the next prime past twice \(size)) takes every key, "
            + "each hashed again for the new size. Doubling keeps inserts O(1) on average."
        step("rehash into \(m) cells", note: note) { p, s in
            p.begin(&s, caption: "load \(loadText) > \(Self.decimal(limit)): rehash into a table of \(m)")
            let y = Self.newRowY(deepest: p.deepest, chaining: p.chaining)
            let fresh = p.table(p.generation + 1, count: m, y: y)
            let old = p.cells
            let oldKeys: [(serial: Int, value: LinearValue)] = p.chaining ? p.buckets.flatMap { $0 }
                : p.slots.compactMap { if case .key(let sv, let v) = $0 { return (sv, v) } else { return nil } }
            let tombs: [Int] = p.slots.compactMap { if case .tombstone(let t) = $0 { return t } else { return nil } }
            let q0 = p
            s.beat(.easeOut(duration: Self.enter)) { d in
                fresh.insert(labels: Array(repeating: q0.chaining ? "∅" : "", count: m), into: &d)
                for i in 0..<m { d.nodes[fresh.id(i)]?.role = .pointer }
                for t in tombs { d.nodes.remove(Self.key(t)) }
                // The old chains fade back, so that a key on its way reads
                // over them.
                if q0.chaining {
                    for item in oldKeys { d.nodes[Self.key(item.serial)]?.opacity = 0.3 }
                    for i in 0..<q0.size { d.nodes[old.id(i)]?.opacity = 0.3 }
                    for item in oldKeys { d.edges.remove(Self.link(item.serial)) }
                }
            }
            s.hold(Self.rest)
            var newBuckets = [[(serial: Int, value: LinearValue)]](repeating: [], count: m)
            var newSlots = [Slot](repeating: .empty, count: m)
            let copy = max(0.35, Self.move * 2 / Double(max(oldKeys.count, 1)).squareRoot())
            for item in oldKeys {
                let k = p.code(item.value)
                guard let i = p.options.hash.index(of: k, size: m) else { continue }
                let from = s.diagram.nodes[Self.key(item.serial)]?.position ?? .zero
                if p.chaining {
                    newBuckets[i].insert(item, at: 0)
                    let chain = newBuckets[i]
                    let q = p
                    let top = Point(fresh.centre(i).x, y - 0.9)
                    s.beat(.easeOut(duration: 0.25), caption: "h(\(item.value)) mod \(m) = \(i)") { d in
                        d.nodes[Self.key(item.serial)]?.opacity = 1
                    }
                    s.beat(.easeInOut(duration: copy + 0.2), paths: [Self.key(item.serial): .via([top])]) { d in
                        for (j, c) in chain.enumerated() { d.nodes[Self.key(c.serial)]?.position = q.chainPoint(i, j, table: fresh) }
                    }
                    s.beat(.easeOut(duration: 0.3)) { d in
                        d.nodes[fresh.id(i)]?.label = "•"
                        for (j, c) in chain.enumerated() {
                            let from = j == 0 ? fresh.id(i) : Self.key(chain[j - 1].serial)
                            if var e = d.edges[Self.link(c.serial)] {
                                e.from = from
                                d.edges.insert(e)
                            } else {
                                d.edges.insert(Edge(id: Self.link(c.serial), from: from, to: Self.key(c.serial), kind: "chain", entrance: .fade, arrows: .end))
                            }
                        }
                    }
                } else {
                    // Every cell is free of tombstones and of this key: the
                    // first empty one on its probe.
                    let options = p.options
                    let free = (0..<m).compactMap { options.probe(k, home: i, attempt: $0, size: m) }.first { newSlots[$0] == .empty }
                    guard let at = free else { continue }
                    let words = "h(\(item.value)) mod \(m) = \(i)" + (at == i ? "" : ", taken: probe to \(at)")
                    newSlots[at] = .key(serial: item.serial, value: item.value)
                    let target = fresh.centre(at)
                    let mid = (y - 0.0) / 2
                    s.beat(.easeInOut(duration: max(copy + 0.2, 0.95)), caption: words,
                           paths: [Self.key(item.serial): .via([Point(from.x, mid), Point(target.x, mid)])]) { d in
                        d.nodes[Self.key(item.serial)]?.position = target
                    }
                }
            }
            s.hold(Self.rest * 0.6)
            p.generation += 1
            p.size = m
            if p.chaining { p.buckets = newBuckets } else { p.slots = newSlots }
            let q = p
            s.beat(.easeInOut(duration: Self.move), caption: "the old table is freed; the new one takes its place") { d in
                for i in 0..<old.count {
                    d.nodes.remove(old.id(i))
                    d.texts.remove(old.indexID(i))
                }
            }
            let risen = q.cells
            s.beat(.easeInOut(duration: Self.move)) { d in
                for i in 0..<m { d.nodes[risen.id(i)]?.position = risen.centre(i) }
                q.arrange(&d)
            }
            s.hold(Self.rest * 0.6)
        }
    }

    static func nextPrime(_ n: Int) -> Int {
        var p = max(n, 2)
        while (2..<p).contains(where: { p % $0 == 0 && $0 * $0 <= p }) { p += 1 }
        return p
    }

    mutating func finish(hold: Double) {
        let caption = "\(count) key\(count == 1 ? "" : "s") in \(counted(size, "cell")): load \(Self.decimal(load))"
        step(caption, note: "The finished table.") { p, s in
            let q = p
            s.beat(.easeInOut(duration: 0.4)) { d in q.arrange(&d) }
            s.hold(hold)
        }
    }
}
