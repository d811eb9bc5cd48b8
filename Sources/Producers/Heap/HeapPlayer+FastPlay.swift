import Diagram
import Geometry
import Trees
import Tween

extension HeapPlayer {
    /// Fast play: `operations` at `rate` a second, a second's worth a step,
    /// as BST fast play does; a heapsort counts one operation a round. Each
    /// operation shows where it lands at its moment of the second (a new
    /// key grows in its place, an extracted or sorted root lights up and
    /// goes), and the items glide to their indices in both views once a
    /// step, every sift of the second at once.
    mutating func playFast(_ operations: [HeapOperation], rate: Double) {
        // Heapsort's rounds, each an operation of its own.
        enum Move { case op(HeapOperation), sortRound }
        var moves = [Move]()
        var size = 0
        for op in operations {
            switch op {
            case .insert: size += 1
            case .heapify(let keys): size += keys.count
            case .extract: size = max(size - 1, 0)
            case .heapsort:
                moves += Array(repeating: .sortRound, count: size)
                size = 0
                continue
            }
            moves.append(.op(op))
        }
        let perStep = max(1, Int(rate.rounded(.down)))
        let length = Double(perStep) / rate
        let total = moves.count
        let pace = rate == rate.rounded() ? String(Int(rate)) : String(format: "%.1f", rate)
        queue = []
        for start in stride(from: 0, to: total, by: perStep) {
            let batch = moves[start..<min(start + perStep, total)]
            let caption = "\(start + batch.count) of \(total) operations, \(pace) a second"
            step(caption) { player, s in
                // A running count: shown when the one before has been read.
                s.tally = true
                var added = [(item: HeapItem, at: Double)]()
                var lit = [(item: HeapItem, at: Double)]()
                var gone = [HeapItem: Double]()
                for (i, move) in batch.enumerated() {
                    let at = Double(i) / rate
                    switch move {
                    case .op(.insert(let k)): added.append((player.heap.insert(k).item, at))
                    case .op(.heapify(let keys)): added += player.heap.heapify(keys).items.map { ($0, at) }
                    case .op(.extract):
                        if let top = player.heap.extract()?.item { gone[top] = at }
                    case .op(.heapsort): break
                    case .sortRound:
                        if let top = player.heap.sortOne()?.item { lit.append((top, at)) }
                    }
                }
                // What the array holds now; sorted items stay in the row.
                let items = player.heap.items, count = player.heap.count
                let left = Set(player.drawn).subtracting(items)
                for item in left where gone[item] == nil { gone[item] = 0 }
                player.drawn = items
                player.drawnCount = count
                var timing = [ElementID: Animation]()
                let appear = Swift.min(0.3, length)
                for a in added {
                    for id in [Self.node(a.item), Self.box(a.item)] { timing[id] = .easeOut(duration: appear).delay(a.at) }
                    timing[.edge(to: Self.node(a.item))] = .easeOut(duration: appear).delay(a.at)
                }
                for (item, at) in gone {
                    for id in [Self.node(item), Self.box(item)] { timing[id] = .easeIn(duration: appear).delay(at) }
                }
                timing["counter"] = .easeInOut(duration: Swift.min(0.25, length))
                let p = player
                let new = Set(added.map(\.item))
                let first = p.isFirstStep
                s.beat(p.options.easing.animation(duration: length), duration: length, timing: timing) { d in
                    // The whole array's room from the start, so the camera
                    // holds still as the heap grows.
                    if first { d.reserved = [p.geometry.bounds] }
                    for item in gone.keys.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
                        d.nodes.remove(Self.node(item))
                        d.nodes.remove(Self.box(item))
                    }
                    d.texts.removeAll { t in t.id.name.hasPrefix("index") && Int(t.id.name.dropFirst(5)).map { $0 >= items.count } ?? false }
                    for (i, item) in items.enumerated() {
                        let role: Role = new.contains(item) ? .new : i >= count ? .sorted : .normal
                        let box = p.boxNode(item, at: i, role: role)
                        if d.nodes[box.id] == nil { d.nodes.insert(box) } else {
                            d.nodes[box.id]?.position = box.position
                            d.nodes[box.id]?.role = role
                        }
                        if d.texts[Self.index(i)] == nil { d.texts.insert(p.indexText(i)) }
                        let node = Self.node(item)
                        if i < count {
                            let tree = p.treeNode(item, at: i, role: role)
                            if d.nodes[node] == nil { d.nodes.insert(tree) } else {
                                d.nodes[node]?.position = tree.position
                                d.nodes[node]?.role = role
                            }
                        } else {
                            d.nodes.remove(node)
                        }
                    }
                    p.arrangeEdges(&d)
                    for l in lit { p.mark(l.item, .found, in: &d) }
                    p.count(&d)
                }
            }
        }
        // Every item at rest before the final step: the heap plain, the
        // sorted items green.
        step(nil, camera: .keep) { player, s in
            let p = player
            s.beat(.easeInOut(duration: Self.unmark)) { d in
                for (i, item) in p.drawn.enumerated() { p.mark(item, i < p.drawnCount ? .normal : .sorted, in: &d) }
            }
        }
    }
}
