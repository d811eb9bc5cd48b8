import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// Fast play: `operations` at `rate` a second, a second's worth a step.
    /// Each operation shows where it lands, at its moment of the second,
    /// without its walk: an insert's node grows in its place, a deleted
    /// key fades, a found key (a search, min or max) lights up, a
    /// traversal lights its keys in order; the tree glides to its new shape
    /// (rotations and recolourings included) over the second. The caption
    /// counts the operations done.
    ///
    /// Nodes are elements of their keys, so a key keeps its node whatever
    /// node of the model holds it after a delete.
    ///
    /// - Complexity: O(steps × the tree's size): the tree is laid out once
    ///   a step, not once an operation.
    mutating func playFast(_ operations: [BSTOperation], rate: Double) {
        let perStep = max(1, Int(rate.rounded(.down)))
        let length = Double(perStep) / rate
        let total = operations.count
        queue = []
        var lit = Set<Int>()
        let pace = rate == rate.rounded() ? String(Int(rate)) : String(format: "%.1f", rate)
        for start in stride(from: 0, to: total, by: perStep) {
            let batch = operations[start..<min(start + perStep, total)]
            let done = start + batch.count
            let caption = "\(done) of \(total) operations, \(pace) a second"
            step(caption, camera: .fit) { player, s in
                // A running count: shown when the one before has been read.
                s.tally = true
                // The model first: what each operation did, at its moment.
                var added = [(id: ElementID, key: Int, at: Double)]()
                var gone = [ElementID: Double]()
                var found = [(key: Int, at: Double)]()
                for (i, op) in batch.enumerated() {
                    let at = Double(i) / rate
                    switch op {
                    case .insert(let k):
                        guard !player.tree.contains(k) else { continue }
                        player.tree.insert(k, balancing: player.options.balancing, colors: &player.colors)
                        added.append((Self.keyElement(k), k, at))
                    case .delete(let k):
                        guard player.tree.remove(k, balancing: player.options.balancing, colors: &player.colors) != nil else { continue }
                        let id = Self.keyElement(k)
                        if let n = added.firstIndex(where: { $0.id == id }) { added.remove(at: n) } else { gone[id] = at }
                    case .search(let k):
                        if player.tree.contains(k) { found.append((k, at)) }
                    case .min, .max:
                        var node = player.tree.root, last: NodeID?
                        while let n = node {
                            last = n
                            node = player.tree.child(op == .min ? .left : .right, of: n)
                        }
                        if let last { found.append((player.tree.key(of: last), at)) }
                    case .traverse(let order):
                        // The keys in visiting order, spread over the
                        // operation's share of the second.
                        let visits = Self.order(order, of: player.tree)
                        for (j, n) in visits.enumerated() {
                            found.append((player.tree.key(of: n), at + Double(j) / Double(visits.count) / rate))
                        }
                    }
                }
                // Each node of the model is its key's element.
                player.elements = Dictionary(uniqueKeysWithValues: player.tree.preorder.map { ($0, Self.keyElement(player.tree.key(of: $0))) })
                let places = player.positions(of: player.tree)
                var timing = [ElementID: Animation]()
                let appear = Swift.min(0.3, length)
                for a in added {
                    timing[a.id] = .easeOut(duration: appear).delay(a.at)
                    timing[.edge(to: a.id)] = .easeOut(duration: appear).delay(a.at)
                }
                for (id, at) in gone { timing[id] = .easeIn(duration: appear).delay(at) }
                // A key lights up at its moment only when it stays put this
                // step and neither comes nor goes in it: a timing is the
                // whole of an element's change, and a node that moves must
                // glide with its edges.
                let settled = Set(added.map(\.id)).union(gone.keys)
                for f in found {
                    let id = Self.keyElement(f.key)
                    guard !settled.contains(id), let now = s.diagram.nodes[id]?.position, now == places[id] else { continue }
                    timing[id] = .easeOut(duration: Swift.min(0.2, length)).delay(f.at)
                }
                // The counter changes at the step's start, quickly, rather
                // than cross-fade over the whole step.
                timing["counter"] = .easeInOut(duration: Swift.min(0.25, length))
                let easing = player.options.easing.animation(duration: length)
                s.beat(easing, duration: length, timing: timing) { d in
                    for id in gone.keys.sorted() { d.nodes.remove(id) }
                    for a in added { d.nodes.insert(player.node(a.id, key: a.key, at: places[a.id]!, role: .new)) }
                    // The last step's new and found keys rest.
                    for k in lit.sorted() where d.nodes[Self.keyElement(k)] != nil && !added.contains(where: { $0.key == k }) {
                        d.nodes[Self.keyElement(k)]?.role = player.fastRole(of: k)
                    }
                    player.fastArrange(&d, places)
                    for f in found { d.nodes[Self.keyElement(f.key)]?.role = .found }
                    player.bottom.count(player.tree, into: &d)
                }
                lit = Set(added.map(\.key) + found.map(\.key))
            }
        }
        // Every key at rest before the final hold.
        if !lit.isEmpty {
            step(nil, camera: .keep) { player, s in
                s.beat(.easeInOut(duration: Self.unmark)) { d in
                    for k in lit.sorted() where d.nodes[Self.keyElement(k)] != nil {
                        d.nodes[Self.keyElement(k)]?.role = player.fastRole(of: k)
                    }
                }
            }
        }
    }

    /// A key's element in fast play.
    static func keyElement(_ key: Int) -> ElementID { ElementID("k", key) }

    /// The role a key's node rests in: its colour in a red-black tree.
    func fastRole(of key: Int) -> Role {
        guard options.balancing == .redBlack, let n = tree.search(key).found else { return .normal }
        return restingRole(of: n)
    }

    /// Moves the nodes to `places`, recolours a red-black tree, and makes
    /// the edges those of the tree.
    func fastArrange(_ d: inout Diagram, _ places: [ElementID: Point]) {
        for (id, p) in places.sorted(by: { $0.key < $1.key }) where d.nodes[id].map({ $0.position != p }) ?? false {
            d.nodes[id]?.position = p
        }
        if options.balancing == .redBlack {
            for n in tree.preorder {
                let id = Self.keyElement(tree.key(of: n))
                let role = restingRole(of: n)
                if let node = d.nodes[id], node.role != role, node.role != .new { d.nodes[id]?.role = role }
            }
        }
        let links = tree.preorder.compactMap { n -> TreeLink? in
            guard let parent = tree.parent(of: n) else { return nil }
            return TreeLink(parent: Self.keyElement(tree.key(of: parent)), child: Self.keyElement(tree.key(of: n)))
        }
        d.linkTree(links, swing: .slide)
    }
}
