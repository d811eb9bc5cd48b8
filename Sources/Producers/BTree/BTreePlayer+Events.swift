import Diagram
import Geometry
import Trees
import Tween

extension BTreePlayer {
    /// Plays one operation: the model's events, in order. The walk down
    /// from the root is the operation's first step; each change of shape
    /// (a split, a borrow, a merge) is a step of its own, so a deck pauses
    /// on each.
    mutating func play(_ op: BTreeOperation, events: [BTreeStep]) {
        var i = 0
        var opened = false
        while i < events.count {
            var walk = [BTreeStep]()
            while i < events.count, case .visit = events[i].event {
                walk.append(events[i])
                i += 1
            }
            if !opened || !walk.isEmpty {
                let first = !opened
                opened = true
                // A walk to a predecessor (or successor) says so at its end.
                var replacing: (old: Int, new: Int, successor: Bool)?
                if i < events.count, case .replaced(_, _, let old, let new, _, let why) = events[i].event {
                    replacing = (old, new, why == .successor)
                }
                step(first ? op.text : nil) { p, s in
                    if first { p.begin(&s, caption: op.text) }
                    for (j, v) in walk.enumerated() { p.visit(v, op: op, replacing: j == walk.count - 1 ? replacing : nil, &s) }
                }
                // The walk down begins the operation; what follows (a split,
                // a borrow, a merge) is a phase of it, in its slide of a deck.
                builder.phases = true
            }
            if i < events.count {
                let e = events[i]
                i += 1
                show(e, op: op)
            }
        }
        step(nil) { p, s in
            s.conclude()
            let q = p
            s.beat(.easeInOut(duration: 0.4)) { d in
                d.marks.remove(Self.ring)
                q.draw(BTreePose(q.tree), into: &d)
                q.counter(&d)
                d.edges.update { if $0.role == .accent { $0.role = .normal } }
            }
            s.hold(0.3)
        }
        builder.phases = false
    }

    /// The first beat of an operation: the queue moves on (the first
    /// operation says the rule first: which convention the captions count
    /// by).
    mutating func begin(_ s: inout StepBuilder, caption: String) {
        let p = self
        let band = bottom
        band.open(&s, queue: &queue, pops: true, first: isFirstStep, caption: caption, title: isFirstStep ? title : nil, enter: 0.4, hold: 0.6) { d in
            p.counter(&d)
        }
    }

    mutating func stepWritten() { isFirstStep = false }

    // MARK: The walk

    /// The ring comes to the node, and the caption says which way `k`
    /// goes: the keys either side of its gap light up.
    func visit(_ v: BTreeStep, op: BTreeOperation, replacing: (old: Int, new: Int, successor: Bool)? = nil, _ s: inout StepBuilder) {
        guard case .visit(let id, let k, let child) = v.event else { return }
        let n = v.tree[id]
        let separator = v.tree.isPlus && !n.isLeaf
        var lit = [ElementID]()
        let words: String
        if let c = child {
            let (le, lt) = v.tree.isPlus ? ("≤", "<") : ("<", "<")
            if c == 0 {
                words = "\(KeyLabel.text(k)) < \(KeyLabel.text(n.keys[0])): down left of \(KeyLabel.text(n.keys[0]))"
                lit = [Self.key(n.keys[0], separator: separator)]
            } else if c == n.keys.count {
                let last = n.keys[c - 1]
                words = "\(KeyLabel.text(k)) \(k == last ? "≥" : ">") \(KeyLabel.text(last)): down right of \(KeyLabel.text(last))"
                lit = [Self.key(last, separator: separator)]
            } else {
                let (a, b) = (n.keys[c - 1], n.keys[c])
                words = "\(KeyLabel.text(a)) \(k == a ? le : lt) \(KeyLabel.text(k)) < \(KeyLabel.text(b)): down between them"
                lit = [Self.key(a, separator: separator), Self.key(b, separator: separator)]
            }
        } else if let r = replacing, let i = n.keys.firstIndex(of: r.new) {
            words = r.successor
                ? "the smallest key right of \(KeyLabel.text(r.old)) is \(KeyLabel.text(r.new)), its successor"
                : "the largest key left of \(KeyLabel.text(r.old)) is \(KeyLabel.text(r.new)), its predecessor"
            lit = [Self.key(n.keys[i], separator: separator)]
        } else if let i = n.keys.firstIndex(of: k), n.isLeaf || !v.tree.isPlus {
            words = "\(KeyLabel.text(k)) is in this node"
            lit = [Self.key(n.keys[i], separator: separator)]
        } else if case .insert = op {
            words = n.keys.isEmpty ? "a leaf" : "a leaf: \(KeyLabel.text(k)) goes here"
        } else {
            words = "a leaf, and \(KeyLabel.text(k)) is not in it"
        }
        let frame = Self.frame(id)
        let isFirst = s.diagram.marks[Self.ring] == nil
        let parentEdge = ElementID.edge(to: frame)
        // The caption comes as the ring arrives: it speaks of this node.
        s.moveRing(Self.ring, to: frame, move: .easeInOut(duration: isFirst ? 0.3 : 0.6), caption: words, lighting: isFirst ? nil : parentEdge, rest: Self.read) { d in
            if isFirst { d.marks.insert(.ring(Self.ring, on: frame)) }
            d.nodes.update { n in
                if n.role == .visited { n.role = .normal }
            }
            for id in lit { d.nodes[id]?.role = .visited }
        }
    }

    // MARK: Changes of shape

    /// One event that changes the tree (or ends the search), as a step of
    /// one or more phases.
    mutating func show(_ e: BTreeStep, op: BTreeOperation) {
        let before = tree
        let t = e.tree
        tree = t
        let key = { (k: Int) in KeyLabel.text(k) }
        switch e.event {
        case .visit:
            break
        case .found(let id, let i, let k):
            let separator = t.isPlus && !t[id].isLeaf
            event("found \(key(k))", [Phase(BTreePose(t), roles: [Self.key(t[id].keys[i], separator: separator): .found])])
        case .missing(_, let k):
            event("\(key(k)) is not in the tree", [Phase(BTreePose(t))])
        case .duplicate(_, _, let k):
            event("\(key(k)) is already in the tree: nothing changes", [Phase(BTreePose(t))])
        case .placed(let id, let i, let k):
            if t.nodes.count == 1, t[id].keys.count == 1 {
                event("\(key(k)) is the first key: the root", [Phase(BTreePose(t), roles: [Self.key(k, separator: false): .new])])
                break
            }
            var words = "\(key(k)) goes into the leaf"
            var roles: [ElementID: Role] = [Self.key(k, separator: false): .new]
            if t[id].keys.count > t.maxKeys {
                words += ": \(t[id].keys.count) keys, one more than \(bound) allows"
                roles[Self.frame(id)] = .overfull
            }
            // The leaf makes room, then the key takes it.
            var room = BTreePose(t)
            room.empty(id, slot: i)
            event(words, [Phase(room, duration: 0.5), Phase(BTreePose(t), roles: roles, duration: 0.5)])
        case .split(let id, _, let parent, let median, let newRoot, let copied):
            let i = t[parent].keys.firstIndex(of: median) ?? 0
            let m = before[id].keys.firstIndex(of: median) ?? 0
            let overfull: [ElementID: Role] = before[id].keys.count > before.maxKeys ? [Self.frame(id): .overfull] : [:]
            // The median lifts out of the node (a B+ leaf's copy appears
            // over it) ...
            var lift = BTreePose(before)
            if !copied { lift.empty(id, slot: m) }
            lift.floating = [.init(key: median, separator: t.isPlus, node: id, slot: m, side: .over)]
            // ... the node divides while it waits under its place in the
            // parent ...
            var divide = BTreePose(t)
            divide.empty(parent, slot: i)
            divide.floating = [.init(key: median, separator: t.isPlus, node: parent, slot: i, side: .under)]
            // ... and it rises into its place.
            let parentOverfull = t[parent].keys.count > t.maxKeys
            let full: String = if case .minimumDegree(let d) = t.rule {
                "full (2t − 1 = \(2 * d - 1) keys): split it before going down, at its median \(key(median))"
            } else {
                "split at the median \(key(median))"
            }
            let rise = copied ? "the copy of \(key(median)) goes up to separate the leaves"
                : newRoot ? "\(key(median)) rises into a new root: the tree grows a level"
                : "\(key(median)) rises into the parent"
            event(full + (copied ? ": \(key(median)) is copied up" : ""), [
                Phase(lift, roles: overfull, duration: 0.5),
                Phase(divide, caption: copied ? "the leaf divides; the right half keeps \(key(median))" : "the node divides in two", duration: 0.8),
                Phase(BTreePose(t), roles: parentOverfull ? [Self.frame(parent): .overfull] : [:],
                      caption: rise + (parentOverfull ? ", which now holds one key too many" : ""), duration: 0.6),
            ])
        case .announce(let c, let id, let k):
            // The child about to be made fuller is lit; an internal node
            // holding the key is not short of anything.
            let roles: [ElementID: Role] = c == .borrow || c == .mergeDown ? [Self.frame(id): .short] : [:]
            event(announcement(c, node: id, key: k, in: before), [Phase(BTreePose(before), roles: roles)])
        case .removed(let id, let k, let why):
            var words = why == .leaf && isCLRS ? "case 1: \(key(k)) is in a leaf: take it out" : "take \(key(k)) out of the leaf"
            var roles: [ElementID: Role] = [:]
            if shortNote(id, in: t, words: &words, subject: "it") { roles[Self.frame(id)] = .short }
            // The key goes, then the leaf closes up.
            var gone = BTreePose(before)
            if let i = before[id].keys.firstIndex(of: k) { gone.empty(id, slot: i) }
            event(words, [Phase(gone, duration: 0.5), Phase(BTreePose(t), roles: roles, duration: 0.5)])
        case .replaced(let id, let i, let old, let new, let from, let why):
            let which = why == .successor ? "successor" : "predecessor"
            let prefix = isCLRS ? "" : "\(key(old)) is in an internal node: "
            // The key goes; its replacement flies up from its leaf along
            // the edge of the subtree, everything else still; the leaf
            // closes up.
            var gone = BTreePose(before)
            gone.empty(id, slot: i)
            var flown = gone
            let from0 = before[from].keys.firstIndex(of: new) ?? 0
            flown.empty(from, slot: from0)
            flown.nodes[id]?.slots[i] = new
            let path = flight(from: from0, of: from, to: i, of: id, right: why != .successor, in: flown)
            var words = "\(key(new)) moves up from its leaf"
            let roles: [ElementID: Role] = [Self.key(new, separator: false): .new]
            var shortRoles = roles
            if shortNote(from, in: t, words: &words, subject: "the leaf") { shortRoles[Self.frame(from)] = .short }
            event(prefix + "\(key(old)) goes; its \(which) \(key(new)) will take its place", [
                Phase(gone, duration: 0.5),
                Phase(flown, roles: roles, caption: "\(key(new)) moves up from its leaf", paths: [Self.key(new, separator: false): path], duration: 1.2),
                Phase(BTreePose(t), roles: shortRoles, caption: words == "\(key(new)) moves up from its leaf" ? nil : words, duration: 0.5),
            ])
        case .merge(let p, let index, let left, _, let separator, let dropped, _):
            var words = dropped ? "one leaf holds both, still linked" : "one node holds them all"
            var roles: [ElementID: Role] = [:]
            if shortNote(p, in: t, words: &words, subject: "the parent") { roles[Self.frame(p)] = .short }
            var down = BTreePose(before)
            down.empty(p, slot: index)
            if dropped {
                event("merge the two leaves: the separator \(key(separator)) between them goes", [
                    Phase(down, duration: 0.5), Phase(BTreePose(t), roles: roles, caption: words, duration: 0.8),
                ])
                break
            }
            let sep = t.isPlus
            down.floating = [.init(key: separator, separator: sep, node: p, slot: index, side: .under)]
            // The separator comes down between the two; they close up
            // under it, leaving its place; it drops in.
            let at = before[left].keys.count
            var closed = BTreePose(t)
            closed.empty(left, slot: at)
            closed.floating = [.init(key: separator, separator: sep, node: left, slot: at, side: .over)]
            event("merge: \(key(separator)) comes down between the two nodes", [
                Phase(down, roles: [Self.key(separator, separator: sep): .new], duration: 0.5),
                Phase(closed, roles: [Self.key(separator, separator: sep): .new], duration: 0.8),
                Phase(BTreePose(t), roles: roles, caption: words, duration: 0.4),
            ])
        case .borrow(let p, let child, let sibling, let fromLeft, let moved, let separator, let risen, _):
            let side = fromLeft ? "left" : "right"
            let c = t[p].children[child]
            let sepIndex = fromLeft ? child - 1 : child
            if t.isPlus && t[c].isLeaf {
                // The key comes across; the old separator goes and a copy
                // of the right leaf's new first key takes its place.
                var across = BTreePose(t)
                across.nodes[p]?.slots[sepIndex] = separator
                var copy = BTreePose(t)
                copy.empty(p, slot: sepIndex)
                let rightLeaf = fromLeft ? c : sibling
                copy.floating = [.init(key: risen, separator: true, node: rightLeaf, slot: 0, side: .over)]
                var under = copy
                under.floating = [.init(key: risen, separator: true, node: p, slot: sepIndex, side: .under)]
                event("borrow from the \(side) sibling: \(key(moved)) moves across", [
                    Phase(across, roles: [Self.key(moved, separator: false): .new], duration: 0.8),
                    Phase(copy, caption: "the separator becomes \(key(risen)), the right leaf's first key", duration: 0.5),
                    Phase(under, duration: 0.5),
                    Phase(BTreePose(t), duration: 0.4),
                ])
                break
            }
            let sep = t.isPlus
            let childSlot = fromLeft ? 0 : t[c].keys.count - 1
            let movedSlot = fromLeft ? before[sibling].keys.count - 1 : 0
            // The separator comes down and across into the child, which
            // makes room for it; the sibling's key goes up into its place.
            var out = BTreePose(before)
            out.empty(p, slot: sepIndex)
            out.floating = [.init(key: separator, separator: sep, node: p, slot: sepIndex, side: .under)]
            var room = BTreePose(t)
            room.empty(p, slot: sepIndex)
            room.empty(c, slot: childSlot)
            room.floating = [.init(key: separator, separator: sep, node: c, slot: childSlot, side: .over)]
            if fromLeft { room.insert(moved, into: sibling, at: movedSlot) } else { room.insert(moved, into: sibling, at: 0, shiftFrom: 0) }
            var landed = room
            landed.floating = []
            landed.nodes[c]?.slots[childSlot] = separator
            var lifted = landed
            lifted.empty(sibling, slot: movedSlot)
            lifted.floating = [.init(key: moved, separator: sep, node: sibling, slot: movedSlot, side: .over)]
            var across = BTreePose(t)
            across.empty(p, slot: sepIndex)
            across.floating = [.init(key: moved, separator: sep, node: p, slot: sepIndex, side: .under)]
            let lit: [ElementID: Role] = [Self.key(separator, separator: sep): .new]
            event("borrow from the \(side) sibling: \(key(separator)) comes down from the parent", [
                Phase(out, roles: lit, duration: 0.5),
                Phase(room, roles: lit, duration: 0.7),
                Phase(landed, roles: lit, duration: 0.4),
                Phase(lifted, roles: [Self.key(moved, separator: sep): .new], caption: "and \(key(moved)) goes up in its place", duration: 0.4),
                Phase(across, roles: [Self.key(moved, separator: sep): .new], duration: 0.6),
                Phase(BTreePose(t), roles: [Self.key(moved, separator: sep): .new], duration: 0.4),
            ])
        case .shrink(_, let newRoot):
            event(newRoot == nil ? "the tree is empty" : "the root has no keys left: its child is the root, and the tree is a level shorter", [Phase(BTreePose(t))])
        }
    }

    var isCLRS: Bool {
        if case .minimumDegree = options.rule { return true }
        return false
    }

    /// How the caption names the bound a node breaks.
    var bound: String {
        switch options.rule {
        case .order(let m): "order \(m)"
        case .minimumDegree: "2t − 1"
        }
    }

    /// Adds to `words` that node `id` holds too few keys, if it does.
    func shortNote(_ id: NodeID, in t: BTree, words: inout String, subject: String) -> Bool {
        guard id != t.root, let n = t.nodes[id] else { return false }
        let least = t.isPlus && n.isLeaf ? t.minLeafKeys : t.minKeys
        guard n.keys.count < least else { return false }
        words += "; \(subject) holds \(n.keys.count), under the \(least) it needs"
        return true
    }

    /// What a CLRS deletion says before it makes room or picks a case.
    func announcement(_ c: BTreeCase, node id: NodeID, key k: Int, in t: BTree) -> String {
        let least = t.minKeys
        switch c {
        case .predecessor:
            return "case 2a: the child left of \(KeyLabel.text(k)) holds at least t = \(least + 1) keys: \(KeyLabel.text(k))'s predecessor replaces it"
        case .successor:
            return "case 2b: the child right of \(KeyLabel.text(k)) holds at least t = \(least + 1) keys: \(KeyLabel.text(k))'s successor replaces it"
        case .mergeAround:
            return "case 2c: both children round \(KeyLabel.text(k)) hold t − 1 = \(least): merge them with \(KeyLabel.text(k))"
        case .borrow:
            return "case 3a: the child to go into holds t − 1 = \(least) key\(least == 1 ? "" : "s"), a sibling more: borrow one through the parent"
        case .mergeDown:
            return "case 3b: the child to go into and its siblings hold t − 1 = \(least): merge it with a sibling"
        default:
            return ""
        }
    }

    // MARK: Beats

    /// One moment of an event: the drawing moves to `pose` in `duration`
    /// seconds, keys in flight along `paths` (the points between their
    /// ends); a phase with a caption of its own holds it long enough to
    /// be read.
    struct Phase {
        var pose: BTreePose
        var roles: [ElementID: Role] = [:]
        var caption: String?
        var paths: [ElementID: [Point]] = [:]
        var duration = BTreePlayer.move

        init(_ pose: BTreePose, roles: [ElementID: Role] = [:], caption: String? = nil, paths: [ElementID: [Point]] = [:], duration: Double = BTreePlayer.move) {
            self.pose = pose
            self.roles = roles
            self.caption = caption
            self.paths = paths
            self.duration = duration
        }
    }

    /// A step captioned `words` that plays `phases` in turn.
    mutating func event(_ words: String, _ phases: [Phase]) {
        step(words) { p, s in
            let q = p
            // How long the caption showing has shown.
            var shown = 0.0
            for (i, phase) in phases.enumerated() {
                let caption = i == 0 ? words : phase.caption
                if caption != nil { shown = 0 }
                s.beat(.easeInOut(duration: phase.duration), caption: caption, paths: phase.paths.mapValues { .via($0) }) { d in
                    q.draw(phase.pose, roles: phase.roles, into: &d)
                    q.counter(&d, pose: phase.pose)
                }
                shown += phase.duration
                // A caption stays long enough to be read before the next
                // replaces it; the last state stays to be seen.
                if i == phases.count - 1 {
                    s.hold(max(0.6, Self.read - shown))
                } else if phases[i + 1].caption != nil, shown < Self.read {
                    s.hold(Self.read - shown)
                    shown = Self.read
                }
            }
        }
    }

    mutating func finish(hold: Double) {
        let n = tree.keys.count
        step("\(n) key\(n == 1 ? "" : "s"), \(Self.heightText(tree))", note: "The finished tree.") { p, s in
            let q = p
            s.beat(.easeInOut(duration: 0.4)) { d in
                d.marks.remove(Self.ring)
                q.draw(BTreePose(q.tree), into: &d)
                q.counter(&d)
            }
            s.hold(hold)
        }
    }
}
