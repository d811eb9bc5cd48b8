import Diagram
import Geometry
import Trees
import Tween

extension TriePlayer {
    /// Plays one operation from the model's events: the walk down from
    /// the root is its first step, a new word's path grows in one step, and
    /// each other change is a step of its own.
    mutating func play(_ op: TrieOperation, events: [TrieStep]) {
        var i = 0
        var walk = [TrieStep]()
        while i < events.count, case .visit = events[i].event {
            walk.append(events[i])
            i += 1
        }
        step(op.text) { p, s in
            p.begin(&s, caption: op.text)
            for v in walk { p.visit(v, op: op, &s) }
        }
        while i < events.count {
            var added = [TrieStep]()
            while i < events.count, case .added = events[i].event {
                added.append(events[i])
                i += 1
            }
            if !added.isEmpty {
                grow(added, op: op)
                continue
            }
            show(events[i], op: op)
            i += 1
        }
        step(nil) { p, s in
            s.conclude()
            let q = p
            s.beat(.easeInOut(duration: 0.4)) { d in
                d.marks.remove(Self.ring)
                q.draw(q.trie, into: &d)
                q.counter(&d)
            }
            s.hold(0.3)
        }
    }

    mutating func stepWritten() { isFirstStep = false }

    /// The first beats of an operation: the queue moves on (the first
    /// operation shows the root and says how a word ends first).
    mutating func begin(_ s: inout StepBuilder, caption: String) {
        let kind = compressed ? "Radix tree: an edge carries its words' shared letters" : "Trie: an edge carries one letter"
        let p = self
        let band = bottom
        band.open(&s, queue: &queue, pops: true, first: isFirstStep, caption: caption, title: kind + "; green (•) ends a word", enter: 0.4, hold: 0.6) { d in
            p.draw(p.trie, into: &d)
            p.counter(&d)
        }
    }

    /// Quoted as a caption quotes a word: the empty prefix as ‘’.
    static func quote(_ w: String) -> String { "‘\(w)’" }

    /// The ring comes to the node, the edge into it lit, and the caption
    /// says how much of the word is matched.
    func visit(_ v: TrieStep, op: TrieOperation, _ s: inout StepBuilder) {
        guard case .visit(let n, let spelled) = v.event else { return }
        let word = Array(op.word)
        let matched = String(word[..<min(spelled, word.count)])
        let words = n == v.trie.root ? "start at the root" : "\(Self.quote(v.trie[n].label)) matches: \(Self.quote(matched)) so far"
        let id = Self.node(n)
        let isFirst = s.diagram.marks[Self.ring] == nil
        let edge = ElementID.edge(to: id)
        s.moveRing(Self.ring, to: id, move: .easeInOut(duration: isFirst ? 0.3 : 0.5), caption: words, lighting: edge, rest: Self.read) { d in
            if isFirst { d.marks.insert(.ring(Self.ring, on: id)) }
        }
    }

    /// A new word's path grows, a node at a time, each edge drawn out
    /// from its parent.
    mutating func grow(_ added: [TrieStep], op: TrieOperation) {
        guard let last = added.last else { return }
        trie = last.trie
        let labels = added.compactMap { step -> String? in
            guard case .added(let n) = step.event else { return nil }
            return step.trie[n].label
        }
        let words = "add " + labels.map(Self.quote).joined(separator: ", ")
        step(words) { p, s in
            for (i, a) in added.enumerated() {
                guard case .added(let n) = a.event else { continue }
                let q = p
                let t = a.trie
                s.beat(.easeInOut(duration: 0.5), caption: i == 0 ? words : nil) { d in
                    q.draw(t, roles: [n: .new], lit: q.path(to: n, in: t), into: &d)
                    d.marks[Self.ring]?.placement = .on(Self.node(n))
                }
                s.hold(i == added.count - 1 ? max(0.5, Self.read - 0.5 * Double(added.count)) : 0.15)
            }
        }
    }

    /// One event that changes the trie or ends the walk, as a step.
    mutating func show(_ e: TrieStep, op: TrieOperation) {
        let before = trie
        let t = e.trie
        trie = t
        let q = Self.quote
        switch e.event {
        case .visit, .added:
            break
        case .partway(let n, _, let along):
            let label = t[n].label
            event("\(q(String(label.prefix(along)))) matches the start of \(q(label))", t, lit: path(to: n, in: t))
        case .split(let n, let middle):
            // What hangs from the edge moves down a level, making room, and
            // the edge's letters go; the shared part's node grows there,
            // each part of the edge with its own letters.
            let words = "\(q(t[middle].label + t[n].label)) splits after \(q(t[middle].label)): the shared part gets a node of its own"
            step(words) { p, s in
                let me = p
                s.beat(.easeInOut(duration: Self.move), caption: words) { d in
                    me.draw(before, lit: me.path(to: n, in: before), layout: t, into: &d)
                }
                s.beat(.easeInOut(duration: 0.3)) { d in
                    me.draw(before, lit: me.path(to: n, in: before), layout: t, unlabelled: [n], into: &d)
                }
                s.beat(.easeInOut(duration: Self.move)) { d in
                    me.draw(t, roles: [middle: .new], lit: me.path(to: middle, in: t), into: &d)
                    d.marks[Self.ring]?.placement = .on(Self.node(middle))
                    me.counter(&d)
                }
                s.hold(Self.read)
            }
        case .marked(let n, let word):
            event("\(q(word)) ends here: the node is marked a word", t, roles: [n: .found], lit: path(to: n, in: t))
        case .duplicate(let n, let word):
            event("\(q(word)) is already in the trie: nothing changes", t, roles: [n: .found], lit: path(to: n, in: t))
        case .found(let n, let word):
            event("found \(q(word)): its last node is marked a word", t, roles: [n: .found], lit: path(to: n, in: t))
        case .missing(let n, let word, let spelled):
            let chars = Array(word)
            let words = if spelled >= chars.count {
                "\(q(word)) is only a prefix here, not a word: not in the trie"
            } else if spelled == 0 {
                "no edge starts with \(q(String(chars[0]))): \(q(word)) is not in the trie"
            } else {
                "no way on with \(q(String(chars[spelled]))) after \(q(String(chars[..<spelled]))): \(q(word)) is not in the trie"
            }
            event(words, t, lit: path(to: n, in: t))
        case .listed(let n, let prefix, let words):
            var roles = [NodeID: Role]()
            var lit = path(to: n, in: t)
            if !words.isEmpty {
                var stack = [n]
                while let m = stack.popLast() {
                    if t[m].isWord { roles[m] = .found }
                    for c in t[m].children {
                        lit.insert(c)
                        stack.append(c)
                    }
                }
            }
            let shown = words.prefix(6).map(q).joined(separator: ", ") + (words.count > 6 ? " and \(words.count - 6) more" : "")
            event(words.isEmpty ? "no word starts with \(q(prefix))" : "\(words.count) word\(words.count == 1 ? "" : "s") start\(words.count == 1 ? "s" : "") with \(q(prefix)): \(shown)", t, roles: roles, lit: lit)
        case .unmarked(let n, let word):
            event("\(q(word)) is found: its node is a word no longer", t, roles: [n: .visited], lit: path(to: n, in: t))
        case .pruned(let n, let parent):
            let words = "\(q(before[n].label)) leads to no word: it is pruned"
            step(words) { p, s in
                let me = p
                s.beat(.easeInOut(duration: 0.5), caption: words) { d in
                    d.marks[Self.ring]?.placement = .on(Self.node(parent))
                    me.draw(t, lit: me.path(to: parent, in: t), into: &d)
                    me.counter(&d)
                }
                s.hold(Self.read)
            }
        case .joined(let n, let into):
            event("\(q(before[n].label)) ends no word and has one child left: they merge into \(q(t[into].label))", t, roles: [into: .new], lit: path(to: into, in: t))
        }
    }

    /// A step captioned `words` that moves the drawing to `t`.
    mutating func event(_ words: String, _ t: Trie, roles: [NodeID: Role] = [:], lit: Set<NodeID> = [], ring: NodeID? = nil) {
        step(words) { p, s in
            let me = p
            s.beat(.easeInOut(duration: Self.move), caption: words) { d in
                me.draw(t, roles: roles, lit: lit, into: &d)
                if let ring { d.marks[Self.ring]?.placement = .on(Self.node(ring)) }
                me.counter(&d)
            }
            s.hold(Self.read)
        }
    }

    mutating func finish(hold: Double) {
        let n = trie.words.count
        step("\(n) word\(n == 1 ? "" : "s") in \(counted(trie.nodes.count, "node"))", note: "The finished trie.") { p, s in
            let q = p
            s.beat(.easeInOut(duration: 0.4)) { d in
                d.marks.remove(Self.ring)
                q.draw(q.trie, into: &d)
                q.counter(&d)
            }
            s.hold(hold)
        }
    }
}
