import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// Delete, in its three cases: a leaf fades out; a node with one child
    /// fades out and the child's subtree moves up; a node with two children
    /// gets the key of its successor (or predecessor), found by the ring,
    /// which travels up into its place, and the successor's old node goes.
    mutating func delete(_ key: Int) {
        let label = KeyLabel.text(key)
        step("delete \(label)", note: "Find \(label) first; how it goes depends on how many children it has.") { player, s in
            player.code(&s, BSTCode.delete(player.options.replacement), line: BSTCode.Delete.search)
            s.beat(.easeInOut(duration: 0.4), timing: player.queueTiming) { d in player.popQueue(&d) }
            guard player.find(&s, key, verb: "delete") else {
                player.rest(&s)
                return
            }
            player.remove(&s, key)
            player.rest(&s)
            // The tree has settled without the key: the step's point is its
            // end, not the moment `find` found the key.
            s.conclude()
        }
    }

    /// Takes `key`, found and marked, out of the tree.
    mutating func remove(_ s: inout StepBuilder, _ key: Int) {
        let label = KeyLabel.text(key)
        let n = tree.search(key).found!  // `find` found it.
        let id = elements[n]!  // Every node of the tree has an element.
        let kids = (tree.left(of: n), tree.right(of: n))
        // The model's two-child removal moves the replacement node into the
        // removed node's place; the slide shows the textbook's way, the
        // replacement's key moving up into the node, so that node keeps its
        // element and the replacement's element goes.
        let before = tree
        guard let result = tree.remove(key, replacingWith: options.replacement) else { return }
        lastRemoval = result
        if options.balancing == .redBlack { extraBlack = colors.account(for: result) }
        switch result.kind {
        case .leaf:
            line(&s, BSTCode.Delete.leaf)
            s.hold(0.2, caption: "\(label) is a leaf: remove it")
            line(&s, BSTCode.Delete.removeLeaf)
            elements[n] = nil
            leave(&s, id)
        case .oneChild(let child):
            let c = KeyLabel.text(tree.key(of: child))
            line(&s, BSTCode.Delete.oneChild)
            s.hold(0.2, caption: "\(label) has one child, \(c): \(c)'s subtree moves up into its place")
            line(&s, BSTCode.Delete.lift)
            elements[n] = nil
            leave(&s, id)
        case .twoChildren(let replacement, let search, _):
            let successor = options.replacement == .successor
            let word = successor ? "successor" : "predecessor"
            let r = KeyLabel.text(tree.key(of: replacement))
            line(&s, BSTCode.Delete.two)
            s.hold(Self.rest, caption: "\(label) has two children: its \(word) is the \(successor ? "leftmost" : "rightmost") node of its \(successor ? "right" : "left") subtree")
            // The ring's search for the replacement: one step to the side,
            // then to the other side to the end.
            let far = successor ? kids.1 : kids.0
            // Each step down the inner side says why at the node it leaves
            // (70 has a left child → go left); the walk's end says why it
            // stops.
            let inner = successor ? "left" : "right"
            var walk = [(node: NodeID, why: String?, caption: String?)]()
            var stops = search.dropFirst().map(\.node) + [replacement]
            if stops.first != far, let far { stops.insert(far, at: 0) }
            for (i, stop) in stops.enumerated() {
                let k = KeyLabel.text(tree.key(of: stop))
                let why = i == 0 ? nil : "\(KeyLabel.text(tree.key(of: stops[i - 1]))) has a \(inner) child → go \(inner)"
                let caption = i == 0 && stop == replacement
                    ? "go \(successor ? "right" : "left") once, to \(k): it has no \(inner) child, so the \(word) is \(k)"
                    : i == 0 ? "go \(successor ? "right" : "left") once, to \(k)"
                    : stop == replacement ? "\(k) has no \(inner) child: the \(word) is \(k)"
                    : nil
                walk.append((stop, why, caption))
            }
            // The replacement's element is its old node; the removed node's
            // element takes its key.
            let old = elements[replacement]!  // Every node of the tree has an element.
            for (stop, why, caption) in walk {
                if let why { s.hold(Self.rest, caption: why) }
                walkRing(&s, to: stop == replacement ? old : elements[stop]!, first: false, caption: caption)
                s.hold(Self.rest)
            }
            let rKey = tree.key(of: replacement)
            let places = (from: s.diagram.nodes[old]?.position ?? .zero, to: s.diagram.nodes[id]?.position ?? .zero)
            s.beat(.linear(duration: 0)) { d in
                d.texts.insert(
                    TextElement(id: "moving-key", text: r, placement: .world(places.from), size: self.labelSize, role: .accent))
            }
            line(&s, BSTCode.Delete.copy)
            s.beat(.easeInOut(duration: 0.9), caption: "\(r)'s key moves up into \(label)'s place",
                   paths: ["moving-key": .arc(bend: successor ? 0.25 : -0.25)]) { d in
                d.texts["moving-key"]?.placement = .world(places.to)
            }
            s.beat(.easeInOut(duration: 0.4)) { d in
                d.texts.remove("moving-key")
                d.nodes[id]?.label = r
                d.nodes[id]?.key = rKey
                d.nodes[id]?.role = self.restingRole(of: replacement)
            }
            line(&s, BSTCode.Delete.removeOld)
            // The replacement has no child on the near side; a child on the
            // far side takes its old place.
            let orphan = successor ? before.right(of: replacement) : before.left(of: replacement)
            s.hold(0.2, caption: orphan.map {
                "then \(r)'s old node is removed: its \(successor ? "right" : "left") child, \(KeyLabel.text(before.key(of: $0))), moves up into its place"
            } ?? "then \(r)'s old node is removed")
            elements[n] = nil
            elements[replacement] = id
            leave(&s, old)
        }
    }

    /// `id` fades out, then the rest of the tree settles into its new
    /// layout: a child's subtree moves up only once the node above it has
    /// gone, so the two never overlap.
    func leave(_ s: inout StepBuilder, _ id: ElementID) {
        let places = positions(of: tree)
        let gone = Animation.easeOut(duration: 0.5)
        let settle = options.easing.animation(duration: 0.9).delay(0.45)
        // The node, its ring and the edge into it go together; an edge that
        // hung from it swings to its new parent while it fades, so no edge
        // ever hangs from nothing.
        var timing: [ElementID: Animation] = [id: gone, "ring": gone, .edge(to: id): gone]
        for e in s.diagram.edges.ids where e != .edge(to: id) { timing[e] = .easeInOut(duration: 0.45) }
        s.beat(settle, timing: timing) { d in
            d.nodes.remove(id)
            d.marks.remove("ring")
            self.arrange(&d, places)
            self.restRoles(&d)
            d.edges.update { $0.role = .normal }
            self.bottom.count(self.tree, into: &d)
        }
    }
}
