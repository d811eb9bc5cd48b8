import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// The ring walks `path` from the root, resting on each node with the
    /// decision in the caption, the edges it takes lit.
    mutating func walk(_ s: inout StepBuilder, _ path: [(node: NodeID, caption: String)], lines: [Int?] = []) {
        for (i, step) in path.enumerated() {
            if i < lines.count { lineWithCaption(&s, lines[i]) }
            // Every node of the tree has an element.
            walkRing(&s, to: elements[step.node]!, first: i == 0, caption: step.caption)
            s.hold(Self.rest)
        }
    }

    /// Puts the tree back at rest: the ring and any ghost gone, edges unlit,
    /// every node in its place with its plain role.
    func settle(_ s: inout StepBuilder, duration: Double = 0.6) {
        let places = positions(of: tree)
        s.beat(options.easing.animation(duration: duration)) { d in
            d.marks.remove("ring")
            d.nodes.remove("ghost")
            self.arrange(&d, places)
            self.restRoles(&d)
            d.edges.update { $0.role = .normal }
        }
    }

    /// The captions of a search for `key` along `path`.
    static func comparisons(_ key: Int, _ path: [PathStep<Int>]) -> [(node: NodeID, caption: String)] {
        path.map { step in
            let rel = step.direction == .left ? "<" : ">"
            return (step.node, "\(KeyLabel.text(key)) \(rel) \(KeyLabel.text(step.key)) → \(step.direction == .left ? "left" : "right")")
        }
    }

    /// Search: a hit ends on the node with an emphasis; a miss ends at the
    /// empty slot where the key would go, marked with a ghost.
    mutating func search(_ key: Int) {
        let label = KeyLabel.text(key)
        step("search \(label)", note: "Compare \(label) with each node from the root, left when smaller, right when greater.") { player, s in
            player.code(&s, BSTCode.search, line: BSTCode.Search.start)
            s.beat(.easeInOut(duration: 0.4), timing: player.queueTiming) { d in player.popQueue(&d) }
            let found = player.find(&s, key, verb: "search")
            if found, player.isLast {
                player.answer = "found \(label)"
                return
            }
            if found { player.settle(&s, duration: 0.5) }
            player.rest(&s)
        }
    }

    /// The walk to `key`: on a hit, the found node is emphasised and left
    /// marked (true is returned); on a miss the tree makes room for a ghost
    /// where the key would go, then settles back.
    @discardableResult
    mutating func find(_ s: inout StepBuilder, _ key: Int, verb: String) -> Bool {
        let label = KeyLabel.text(key)
        // A delete shows its first line while it searches.
        let searching = verb != "delete"
        guard !tree.isEmpty else {
            line(&s, searching ? BSTCode.Search.done : BSTCode.Delete.missing)
            s.hold(1.2, caption: "the tree is empty: \(label) is not in it")
            return false
        }
        let (found, path) = tree.search(key)
        walk(&s, Self.comparisons(key, path), lines: path.map { step in
            searching ? step.direction == .left ? BSTCode.Search.left : BSTCode.Search.right : BSTCode.Delete.search
        })
        if let found {
            lineWithCaption(&s, searching ? BSTCode.Search.done : BSTCode.Delete.search)
            let id = elements[found]!  // Every node of the tree has an element.
            walkRing(&s, to: id, first: path.isEmpty, caption: "found \(label)")
            s.beat(.easeInOut(duration: 0.4)) { d in d.nodes[id]?.role = .found }
            s.emphasise(id)
            s.hold(Self.rest)
            s.conclude()
            return true
        }
        // A miss: the tree makes room for the key as an insert would, the
        // ghost shows the slot, hung from its would-be parent by a ghost
        // edge (the tidy layout may put it far from that parent), and the
        // ring ends on it.
        var probe = tree
        let slotNode = probe.insert(key).id
        var shadow = self
        let ghostElement = shadow.element(for: slotNode)
        shadow.tree = probe
        let room = shadow.positions(of: probe)
        let slot = room[ghostElement]!  // The layout places every node.
        let last = path[path.count - 1]
        let side = last.direction == .left ? "left" : "right"
        s.beat(options.easing.animation(duration: Self.makeRoom)) { d in
            for (id, p) in room where id != ghostElement { d.nodes[id]?.position = p }
            var ghost = self.node("ghost", key: key, at: slot, role: .ghost)
            ghost.label = label
            d.nodes.insert(ghost)
            // Every node of the tree has an element.
            d.edges.insert(.tree(from: self.elements[last.node]!, to: "ghost", role: .ghost))
        }
        line(&s, searching ? BSTCode.Search.done : BSTCode.Delete.missing)
        s.beat(.easeInOut(duration: Self.move), caption: "\(label) is not in the tree: it would be the \(side) child of \(KeyLabel.text(last.key))") { d in
            d.marks["ring"]?.placement = .on("ghost")
        }
        s.hold(1.2, caption: verb == "delete" ? "\(label) is not in the tree: nothing to delete" : nil)
        s.conclude()
        settle(&s)
        return false
    }

    /// Min or max: the ring goes left (right) from the root while it can.
    mutating func extreme(_ side: Direction) {
        let name = side == .left ? "min" : "max"
        step(name, note: "The \(side == .left ? "smallest" : "greatest") key is the \(side == .left ? "leftmost" : "rightmost") node: keep going \(side == .left ? "left" : "right") from the root.") { player, s in
            player.code(&s, BSTCode.extreme(side), line: BSTCode.Extreme.start)
            s.beat(.easeInOut(duration: 0.4), timing: player.queueTiming) { d in player.popQueue(&d) }
            guard var n = player.tree.root else {
                s.hold(1.2, caption: "the tree is empty: it has no \(name)")
                return
            }
            var path = [(node: NodeID, caption: String)]()
            while let next = player.tree.child(side, of: n) {
                path.append((n, "\(KeyLabel.text(player.tree.key(of: n))) has a \(side == .left ? "left" : "right") child → go \(side == .left ? "left" : "right")"))
                n = next
            }
            player.walk(&s, path, lines: path.map { _ in BSTCode.Extreme.step })
            let id = player.elements[n]!  // Every node of the tree has an element.
            let key = KeyLabel.text(player.tree.key(of: n))
            player.lineWithCaption(&s, BSTCode.Extreme.done)
            player.walkRing(&s, to: id, first: path.isEmpty, caption: "\(name) is \(key): it has no \(side == .left ? "left" : "right") child")
            s.beat(.easeInOut(duration: 0.4)) { d in d.nodes[id]?.role = .found }
            s.emphasise(id)
            s.hold(Self.rest)
            s.conclude()
            if player.isLast {
                player.answer = "\(name) is \(key)"
                return
            }
            player.settle(&s, duration: 0.5)
            player.rest(&s)
        }
    }
}
