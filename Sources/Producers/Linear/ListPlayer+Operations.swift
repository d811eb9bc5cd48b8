import Diagram
import Geometry
import Tween

extension ListPlayer {
    mutating func play(_ op: ListOperation) {
        opens = true
        switch op {
        case .insertHead(let v): insertHead(v, title: op.text)
        case .insertTail(let v): insertTail(v, title: op.text)
        case .insertAt(let i, let v): insertAt(i, v, title: op.text)
        case .delete(let v): delete(v, title: op.text)
        case .deleteAt(let i): deleteAt(i, title: op.text)
        case .deleteHead: deleteAt(0, title: op.text)
        case .deleteTail: deleteAt(max(nodes.count - 1, 0), title: op.text)
        case .search(let v): search(v, title: op.text)
        case .reverse: reverse(title: op.text)
        }
    }

    /// A step that only says why nothing happens.
    mutating func refuse(_ title: String, _ why: String) { say(title, why, note: nil) }

    var head: String { style.head }
    var tail: String { style.tail ?? "tail" }

    // MARK: Inserts

    /// A new first node: it waits under the head, its `next` takes the
    /// old head, the head swings to it, and it joins the row.
    mutating func insertHead(_ v: LinearValue, title: String, opening: String? = nil) {
        guard !nodes.isEmpty else { return insertIntoEmpty(v, title: title, opening: opening) }
        serial += 1
        let s = serial
        let old = nodes[0].serial
        let note = "A new node holding \(v) points to the old first node; then \(head) points to it. Nothing is walked: O(1)."
        step(title, note: note) { p, st in
            p.begin(&st, caption: opening ?? "a new node holds \(v)") { p, d in
                p.insertCells(s, v, at: -0.5, y: ListGeometry.belowY, role: .new, into: &d)
            }
            st.hold(Self.rest)
            p.nodes.insert((s, v), at: 0)
            let q = p
            st.beat(.easeInOut(duration: Self.move), caption: p.style.doubly ? "new.next = \(p.head); \(p.head).prev = new" : "new.next = \(p.head)") { d in
                q.setNext(s, to: old, role: .accent, in: &d)
                q.setPrev(old, to: s, role: .accent, in: &d)
            }
            st.hold(Self.rest)
            st.beat(.easeInOut(duration: Self.move), caption: p.style.circular ? "\(p.head) = new; the tail's next comes round to it" : "\(p.head) = new") { d in
                q.layVariables(&d)
                q.arrangeLoop(&d)
            }
            st.hold(Self.rest)
            p.end(&st)
        }
    }

    /// The first node of an empty list: head (and tail) point to it.
    mutating func insertIntoEmpty(_ v: LinearValue, title: String, opening: String? = nil) {
        serial += 1
        let s = serial
        step(title, note: "The list is empty: the new node holding \(v) becomes its only node.") { p, st in
            p.begin(&st, caption: opening ?? "a new node holds \(v)") { p, d in p.insertCells(s, v, at: 0, role: .new, into: &d) }
            st.hold(Self.rest)
            p.nodes = [(s, v)]
            let q = p
            let both = p.style.tail.map { "\(p.head) = \($0) = new" } ?? "\(p.head) = new"
            st.beat(.easeInOut(duration: Self.move), caption: "the list was empty: \(both)") { d in
                q.layVariables(&d)
                q.arrangeLoop(&d)
            }
            st.hold(Self.rest)
            p.end(&st)
        }
    }

    /// A new last node: beside the tail, the tail's `next` swings to it,
    /// and the tail moves on. Without a tail pointer the walk finds the
    /// last node first.
    mutating func insertTail(_ v: LinearValue, title: String, opening: String? = nil) {
        guard !nodes.isEmpty else { return insertIntoEmpty(v, title: title, opening: opening) }
        serial += 1
        let s = serial
        let keepsTail = style.tail != nil
        let note = keepsTail
            ? "The new node holding \(v) goes after the one \(tail) points to, and \(tail) moves to it: O(1), nothing walked."
            : "The walk finds the last node (its next is null); the new node holding \(v) goes after it: O(n)."
        step(title, note: note) { p, st in
            p.begin(&st, caption: opening ?? (keepsTail ? "a new node holds \(v)" : "walk to the last node"))
            if !keepsTail {
                let n = p.nodes.count
                p.walk("cur", to: n - 1, &st) { i in i == n - 1 ? "cur.next = ∅: cur is the last node" : "cur.next ≠ ∅: move on" }
            }
            let last = p.nodes[p.nodes.count - 1].serial
            let at = Double(p.nodes.count)
            let q0 = p
            st.beat(.easeOut(duration: Self.enter), caption: keepsTail ? nil : "a new node holds \(v)") { d in
                q0.insertCells(s, v, at: at, role: .new, into: &d)
            }
            st.hold(Self.rest)
            p.nodes.append((s, v))
            let q = p
            let owner = keepsTail ? p.tail : "cur"
            let link = p.style.doubly ? "\(owner).next = new; new.prev = \(owner)" : "\(owner).next = new"
            st.beat(.easeInOut(duration: Self.move), caption: p.style.circular ? "\(link); new.next = \(p.head), closing the circle" : link) { d in
                q.setNext(last, to: s, role: .accent, in: &d)
                q.setPrev(s, to: last, role: .accent, in: &d)
                q.arrangeLoop(&d)
            }
            st.hold(Self.rest)
            if keepsTail {
                st.beat(.easeInOut(duration: Self.move), caption: "\(p.tail) = new") { d in q.layVariables(&d) }
                st.hold(Self.rest)
            }
            p.end(&st)
        }
    }

    /// A node at place `index`: the walk stops at the node before it, the
    /// new node waits under the gap, takes that node's `next`, and the
    /// node's `next` swings to it.
    mutating func insertAt(_ index: Int, _ v: LinearValue, title: String) {
        if index == 0 { return insertHead(v, title: title) }
        if index == nodes.count { return insertTail(v, title: title) }
        guard index < nodes.count else {
            return refuse(title, "index \(index) is past the end of a list of length \(nodes.count): nothing is inserted")
        }
        serial += 1
        let s = serial
        let note = "Walk to the node before index \(index), point the new node at its successor, then point it at the new node: "
            + "O(index) to walk, O(1) to link."
        step(title, note: note) { p, st in
            p.begin(&st, caption: "walk to index \(index - 1), the node before the gap")
            p.walk("cur", to: index - 1, &st) { i in i == index - 1 ? "cur is at index \(i): the new node goes after it" : "cur is at index \(i)" }
            let before = p.nodes[index - 1].serial, after = p.nodes[index].serial
            let q0 = p
            st.beat(.easeOut(duration: Self.enter), caption: "a new node holds \(v)") { d in
                q0.insertCells(s, v, at: Double(index) - 0.5, y: ListGeometry.belowY, role: .new, into: &d)
            }
            st.hold(Self.rest)
            p.nodes.insert((s, v), at: index)
            let q = p
            st.beat(.easeInOut(duration: Self.move), caption: p.style.doubly ? "new.next = cur.next; new.prev = cur" : "new.next = cur.next") { d in
                q.setNext(s, to: after, role: .accent, in: &d)
                q.setPrev(s, to: before, role: .accent, in: &d)
            }
            st.hold(Self.rest)
            st.beat(.easeInOut(duration: Self.move), caption: p.style.doubly ? "cur.next = new; new.next.prev = new" : "cur.next = new: the node is spliced in") { d in
                q.setNext(before, to: s, role: .accent, in: &d)
                q.setPrev(after, to: s, role: .accent, in: &d)
            }
            st.hold(Self.rest)
            p.end(&st)
        }
    }

    // MARK: Deletes

    /// The first node holding `v` goes: the walk compares each value.
    mutating func delete(_ v: LinearValue, title: String) {
        guard !nodes.isEmpty else { return refuse(title, "the list is empty: nothing to delete") }
        let found = nodes.firstIndex { $0.value == v }
        let note = found.map { "Walk until a node holds \(v) (index \($0)), then unlink it: its predecessor points past it." }
            ?? "The walk compares every node with \(v) and reaches the end: \(v) is not in the list, and nothing changes."
        step(title, note: note) { p, st in
            p.begin(&st, caption: "delete \(v): walk from \(p.head), comparing")
            let values = p.nodes.map(\.value)
            let trailing = p.style.doubly ? nil : "prev"
            p.walk("cur", to: found ?? values.count - 1, trailing: trailing, &st) { i in
                values[i] == v ? "cur holds \(v): found at index \(i)" : "\(values[i]) ≠ \(v): move on"
            }
            if let found {
                p.unlink(at: found, &st)
            } else {
                let q = p
                st.beat(.easeInOut(duration: Self.move), caption: p.style.circular ? "back round to \(p.head): \(v) is not in the list" : "the end of the list: \(v) is not in it") { d in
                    q.setRole(q.nodes[q.nodes.count - 1].serial, .visited, in: &d)
                }
                st.hold(Self.rest)
            }
            p.end(&st)
        }
    }

    /// The node at place `index` goes.
    mutating func deleteAt(_ index: Int, title: String, opening: String? = nil, empty: String = "the list is empty: nothing to delete") {
        guard !nodes.isEmpty else { return refuse(title, empty) }
        guard index < nodes.count else {
            return refuse(title, "index \(index) is past the end of a list of length \(nodes.count): nothing is deleted")
        }
        let value = nodes[index].value
        let direct = index == 0 || (index == nodes.count - 1 && style.doubly && style.tail != nil)
        let note = index == 0 ? "The first node goes: \(head) points past it. O(1)."
            : direct ? "The last node goes: \(tail).prev finds its predecessor at once. O(1)."
            : "Walk to index \(index) (keeping the node before it), then unlink it: O(index)."
        step(title, note: note) { p, st in
            p.begin(&st, caption: opening ?? (index == 0 ? "delete the first node, \(value)" : "delete index \(index)"))
            if direct {
                p.point("cur", at: p.nodes[index].serial)
                let q = p
                st.beat(.easeInOut(duration: Self.move), caption: index == 0 ? "cur = \(p.head)" : "cur = \(p.tail)") { d in
                    q.layVariables(&d)
                    q.setRole(q.nodes[index].serial, .new, in: &d)
                }
                st.hold(Self.rest)
            } else {
                p.walk("cur", to: index, trailing: p.style.doubly ? nil : "prev", &st) { i in
                    i == index ? "cur is at index \(i), holding \(value)" : "cur is at index \(i)"
                }
            }
            p.unlink(at: index, &st)
            p.end(&st)
        }
    }

    /// Unlinks the node at place `index` (marked, `cur` on it): its
    /// predecessor's `next` (or the head) swings past it, a doubly linked
    /// successor's `prev` back past it, the tail moves back if it was the
    /// last; then it drops out of the row and goes.
    mutating func unlink(at index: Int, _ st: inout StepBuilder) {
        let gone = nodes[index].serial
        let before = index > 0 ? nodes[index - 1].serial : nil
        let after = index + 1 < nodes.count ? nodes[index + 1].serial : nil
        let q0 = self
        st.beat(.easeInOut(duration: 0.4)) { d in q0.setRole(gone, .found, in: &d) }
        nodes.remove(at: index)
        let wasLast = after == nil
        let q = self
        var words: [String] = []
        let alone = before == nil && after == nil
        words.append(alone ? "\(head) = ∅" : before == nil ? "\(head) = cur.next" : style.doubly ? "cur.prev.next = cur.next" : "prev.next = cur.next")
        if style.doubly, after != nil { words.append("cur.next.prev = cur.prev") }
        if wasLast, let tail = style.tail { words.append("\(tail) = \(before == nil ? "∅" : style.doubly ? "cur.prev" : "prev")") }
        // The way round follows a new head or tail.
        if style.circular, !alone, before == nil || wasLast { words.append("\(tail).next = \(head)") }
        st.beat(.easeInOut(duration: Self.move), caption: words.joined(separator: "; ")) { d in
            if let before { q.setNext(before, to: after, role: .accent, skipping: after != nil, in: &d) }
            if let after { q.setPrev(after, to: before, role: .accent, skipping: before != nil, in: &d) }
            q.layVariables(&d)
            q.arrangeLoop(&d)
        }
        st.hold(Self.rest)
        walkers.removeAll { $0.name == "cur" }
        let q2 = self
        let at = Double(index)
        st.beat(.easeIn(duration: Self.move)) { d in
            q2.place(gone, at: at, y: ListGeometry.belowY, in: &d)
            q2.layVariables(&d)
        }
        st.beat(.easeIn(duration: 0.4), caption: "the node is unlinked and freed") { d in
            for id in q2.cells(gone) { d.nodes.remove(id) }
            q2.count(&d)
        }
        st.hold(Self.rest * 0.5)
    }

    // MARK: Search

    mutating func search(_ v: LinearValue, title: String) {
        guard !nodes.isEmpty else { return refuse(title, "the list is empty: \(v) is not in it") }
        let found = nodes.firstIndex { $0.value == v }
        let note = found.map { "Follow next pointers from \(head), comparing each value: \(v) is at index \($0)." }
            ?? "Every node is compared and the walk falls off the end: \(v) is not in the list."
        step(title, note: note) { p, st in
            p.begin(&st, caption: "search \(v): walk from \(p.head)")
            let values = p.nodes.map(\.value)
            p.walk("cur", to: found ?? values.count - 1, &st) { i in
                values[i] == v ? "\(v) found at index \(i)" : "\(values[i]) ≠ \(v): cur = cur.next"
            }
            let q = p
            if let found {
                st.beat(.easeInOut(duration: 0.4), caption: "found \(v) at index \(found), after \(found + 1) comparison\(found == 0 ? "" : "s")") { d in q.setRole(q.nodes[found].serial, .found, in: &d) }
                st.hold(Self.rest)
            } else {
                let round = p.style.circular
                p.point("cur", at: round ? p.nodes[0].serial : nil, nullAt: Double(p.nodes.count))
                let q2 = p
                let why = round ? "cur is back at \(p.head)" : "cur = ∅"
                st.beat(.easeInOut(duration: Self.move), caption: "\(why): \(v) is not in the list (\(values.count) comparison\(values.count == 1 ? "" : "s"))") { d in
                    q2.layVariables(&d)
                    q2.setRole(q2.nodes[q2.nodes.count - 1].serial, .visited, in: &d)
                }
                st.hold(Self.rest)
            }
            p.end(&st)
        }
    }

    // MARK: Reverse

    /// Reversal in place: `prev`, `cur` and `next` walk the list, and at
    /// each node its `next` swings back to `prev` (a doubly linked node's
    /// two pointers trade). Then the head takes the old last node, and the
    /// row is redrawn in the new order.
    mutating func reverse(title: String) {
        guard nodes.count > 1 else {
            return refuse(title, nodes.isEmpty ? "the list is empty: nothing to reverse" : "one node is its own reverse: nothing changes")
        }
        let note = "Three pointers walk the list: next saves cur's successor, cur.next turns round to prev, and prev and cur "
            + "move on. Each pointer is changed once: O(n), no extra memory."
        step(title, note: note) { p, st in
            p.begin(&st, caption: p.style.circular ? "reverse: open the circle, then turn every pointer round" : "reverse: turn every next pointer round")
            if p.style.circular {
                let q = p
                st.beat(.easeInOut(duration: Self.move)) { d in
                    d.edges.remove(Self.loopNext)
                    d.edges.remove(Self.loopPrev)
                    q.setRole(q.nodes[0].serial, .normal, in: &d)
                }
            }
            let order = p.nodes.map(\.serial)
            p.point("prev", at: nil, nullAt: -1)
            p.point("cur", at: order[0])
            let q0 = p
            st.beat(.easeInOut(duration: Self.move), caption: "prev = ∅, cur = \(p.head)") { d in q0.layVariables(&d) }
            st.hold(Self.rest)
            for (i, s) in order.enumerated() {
                let nextNode = i + 1 < order.count ? order[i + 1] : nil
                let prevNode = i > 0 ? order[i - 1] : nil
                p.point("next", at: nextNode, nullAt: Double(order.count))
                let q1 = p
                st.beat(.easeInOut(duration: Self.move), caption: "next = cur.next") { d in
                    q1.layVariables(&d)
                    q1.setRole(s, .new, in: &d)
                }
                st.hold(Self.rest * 0.6)
                st.beat(.easeInOut(duration: Self.move), caption: p.style.doubly ? "cur.next = prev; cur.prev = next" : "cur.next = prev: the pointer turns round") { d in
                    q1.setNext(s, to: prevNode, role: .accent, in: &d)
                    q1.setPrev(s, to: nextNode, role: .accent, in: &d)
                }
                st.hold(Self.rest)
                p.point("prev", at: s)
                p.point("cur", at: nextNode, nullAt: Double(order.count))
                // At the end next has done its work: cur = ∅ stands alone.
                if nextNode == nil { p.walkers.removeAll { $0.name == "next" } }
                let q2 = p
                st.beat(.easeInOut(duration: Self.move), caption: nextNode == nil ? "prev = cur; cur = next = ∅: every pointer is turned" : "prev = cur; cur = next") { d in
                    q2.layVariables(&d)
                    q2.setRole(s, .visited, in: &d)
                }
                st.hold(Self.rest * 0.6)
            }
            p.walkers = []
            p.nodes.reverse()
            // The head takes the old last node where it stands (its arrow
            // bowed over the row), the tail the old first.
            let q3 = p
            let tail = p.style.tail.map { "; \($0) = the old \(p.head)" } ?? ""
            st.beat(.easeInOut(duration: Self.move), caption: "\(p.head) = prev\(tail): the list is reversed") { d in
                q3.layVariables(&d)
                d.edges[Self.pointer(q3.head)]?.route = .bent(0.12)
            }
            st.hold(Self.rest * 1.5)
            // Redrawn in the new order, first node on the left: every node
            // would cross the others on its way, so the row fades out and
            // back in rather than moving.
            let cells = order.flatMap { p.cells($0) }
            let edges = order.flatMap { [Self.nextEdge($0), Self.prevEdge($0)] } + [Self.pointer(p.head)] + (p.style.tail.map { [Self.pointer($0)] } ?? [])
            st.beat(.easeIn(duration: 0.4), caption: p.style.circular ? "redrawn in the new order, and the circle closes again" : "redrawn in the new order") { d in
                for id in cells { d.nodes[id]?.opacity = 0 }
                for id in edges { d.edges[id]?.opacity = 0 }
                if let tail = q3.style.tail { d.nodes[Self.variable(tail)]?.opacity = 0 }
            }
            st.beat(.linear(duration: 0)) { d in
                q3.arrange(&d, roles: true)
                d.edges[Self.pointer(q3.head)]?.route = .straight
                for id in [Self.loopNext, Self.loopPrev] { d.edges[id]?.opacity = 0 }
            }
            st.beat(.easeOut(duration: 0.5)) { d in
                for id in cells { d.nodes[id]?.opacity = 1 }
                for id in edges { d.edges[id]?.opacity = 1 }
                for id in [Self.loopNext, Self.loopPrev] { d.edges[id]?.opacity = 1 }
                if let tail = q3.style.tail { d.nodes[Self.variable(tail)]?.opacity = 1 }
            }
            st.hold(Self.rest)
            p.end(&st)
        }
    }

    mutating func finish(hold: Double) {
        let texts = nodes.map(\.value.text)
        // A long list in brief: the caption has one line.
        let values = texts.count <= 8 ? texts.joined(separator: " → ")
            : (texts.prefix(3) + ["…"] + texts.suffix(2)).joined(separator: " → ") + " (length \(texts.count))"
        let caption = nodes.isEmpty ? "the list is empty" : "\(head) → \(values)\(style.circular ? " → (back to \(head))" : "")"
        step(caption, note: "The finished list, in order from \(head).") { p, st in
            let q = p
            st.beat(.easeInOut(duration: 0.4)) { d in q.arrange(&d) }
            st.hold(hold)
        }
    }
}
