import Diagram
import Geometry
import Trees
import Tween

/// Writes a heap animation's script, operation by operation: each item is
/// a node in the tree and a box in the row under it, both placed by the
/// item's index, so a swap moves the two in both views at once.
struct HeapPlayer: StepPlayer {
    let options: HeapOptions
    let geometry: HeapGeometry
    /// One label size for every key, in nodes and boxes alike.
    let labelSize: Double
    var heap: BinaryHeap
    /// The array as the diagram shows it so far: the heap, then the
    /// sorted items; it catches up with `heap` comparison by comparison.
    var drawn: [HeapItem] = []
    var drawnCount = 0
    var builder: ScriptBuilder
    /// Whether no step has been written yet: the first shows all it brings
    /// at once. (A step's body plays on a player without the script.)
    var isFirstStep = true
    /// The lines of the sift in the listing shown (`--code`).
    var sift: HeapCode.Sift?
    /// The operations still to come, each shown along the bottom.
    var queue: [(id: ElementID, text: String)]
    let bottom: OperationBand

    // Paces, in seconds at speed 1.
    static let enter = 0.5
    static let mark = 0.4
    static let rest = 0.6
    static let swap = 0.7
    static let afterSwap = 0.3
    static let unmark = 0.4
    static let between = 0.6

    init(program: [HeapOperation], capacity: Int, options: HeapOptions, labels: LabelFit) {
        self.options = options
        heap = BinaryHeap(order: options.order)
        bottom = OperationBand(stage: options.stage, labels: labels)
        geometry = HeapGeometry(capacity: capacity, aspect: bottom.viewport.width / bottom.viewport.height)
        let keys = program.flatMap { op -> [Int] in
            switch op {
            case .insert(let k): [k]
            case .heapify(let keys): keys
            case .extract, .heapsort: []
            }
        }
        labelSize = labels.commonSize(for: keys.map(KeyLabel.text), inCircleOfRadius: HeapGeometry.radius, largest: 1.0)
        builder = ScriptBuilder(camera: Self.camera, palette: .sorting)
        builder.codeDrawing(options.stage.code?.drawing)
        queue = program.enumerated().map { (ElementID("queue", $0.offset), $0.element.text) }
    }

    static let camera = CameraOptions(
        maxUnit: 0.085 / HeapGeometry.radius, padding: 0.05, animation: .easeInOut(duration: 0.7),
        bottomBand: OperationBand.band)

    /// The drawing the code panel stands beside: the tree and the array
    /// of `capacity` items at their narrowest (a wider room spreads the
    /// tree to its shape).
    static func codeDrawing(capacity: Int) -> CodeRoom.Drawing {
        CodeRoom.Drawing(region: HeapGeometry(capacity: capacity, aspect: 0).bounds.size, camera: camera)
    }

    // MARK: Elements

    static func node(_ item: HeapItem) -> ElementID { ElementID("n", item.id.rawValue) }
    static func box(_ item: HeapItem) -> ElementID { ElementID("a", item.id.rawValue) }
    static func index(_ i: Int) -> ElementID { ElementID("index", i) }

    /// The tree node of `item` at index `i`.
    func treeNode(_ item: HeapItem, at i: Int, role: Role = .normal) -> Node {
        .circle(
            Self.node(item), at: geometry.node(i), radius: HeapGeometry.radius, label: KeyLabel.text(item.key),
            labelSize: labelSize, role: role, key: item.key)
    }

    /// The box of `item` at index `i` of the row.
    func boxNode(_ item: HeapItem, at i: Int, role: Role = .normal) -> Node {
        let side = HeapGeometry.box
        return .box(
            Self.box(item), at: geometry.box(i), size: Size(width: side, height: side), cornerRadius: side * 0.12,
            label: KeyLabel.text(item.key), labelSize: labelSize, role: role, key: item.key)
    }

    func indexText(_ i: Int) -> TextElement {
        TextElement(
            id: Self.index(i), text: String(i), placement: .world(geometry.index(i)), size: HeapGeometry.indexSize,
            role: .muted)
    }

    /// Gives `item` `role` in both views.
    func mark(_ item: HeapItem, _ role: Role, in d: inout Diagram) {
        d.nodes[Self.node(item)]?.role = role
        d.nodes[Self.box(item)]?.role = role
    }

    /// Makes the edges those of the heap as drawn, between nodes on stage:
    /// one into each index but the root, identified by the node it leads
    /// to, so an edge whose child moves up swings to its new parent, as
    /// `swing` says.
    func arrangeEdges(_ d: inout Diagram, swing: EdgeSwing = .slide) {
        let links = (1..<max(drawnCount, 1)).map { i in
            TreeLink(parent: Self.node(drawn[BinaryHeap.parent(of: i)]), child: Self.node(drawn[i]))
        }
        d.linkTree(links, swing: swing) { Edge(id: .edge(to: $0.child), from: $0.parent, to: $0.child, entrance: .fade) }
    }

    /// The counter: the heap's size, and how many are sorted after it.
    func count(_ d: inout Diagram) {
        let sorted = drawn.count - drawnCount
        let words = drawnCount == 0 && sorted == 0 ? "empty heap"
            : sorted == 0 ? "size \(drawnCount)" : "heap \(drawnCount) · sorted \(sorted)"
        bottom.count(words, into: &d)
    }

    // MARK: Steps

    /// Every step after the first starts with the queue moving on.
    mutating func stepWritten() { isFirstStep = false }

    /// The first beat of an operation: the queue moves on, and the items a
    /// heapsort left sorted in the array go when the array is to change;
    /// `change` adds what the operation brings. On the first step it is all
    /// there at once, so the first frame already shows it.
    mutating func begin(
        _ s: inout StepBuilder, dropSorted: Bool, appending added: [HeapItem] = [], caption: String? = nil,
        _ change: (HeapPlayer, inout Diagram) -> Void = { _, _ in }
    ) {
        let first = isFirstStep
        let leaving = dropSorted ? Array(drawn[drawnCount...]) : []
        if dropSorted { drawn.removeSubrange(drawnCount...) }
        let start = drawn.count
        drawn += added
        drawnCount += added.count
        if !queue.isEmpty { queue.removeFirst() }
        let player = self
        s.beat(first ? .linear(duration: 0) : .easeOut(duration: Self.enter), caption: caption, timing: first ? [:] : bottom.timing(popping: queue)) { d in
            if first { d.reserved = [player.geometry.bounds] }
            for item in leaving { d.nodes.remove(Self.box(item)) }
            d.texts.removeAll { t in t.id.name.hasPrefix("index") && Int(t.id.name.dropFirst(5)).map { $0 >= player.drawn.count } ?? false }
            for (offset, item) in added.enumerated() {
                let role: Role = added.count == 1 ? .new : .normal
                d.nodes.insert(player.treeNode(item, at: start + offset, role: role))
                d.nodes.insert(player.boxNode(item, at: start + offset, role: role))
                d.texts.insert(player.indexText(start + offset))
            }
            player.arrangeEdges(&d)
            player.bottom.lay(player.queue, into: &d)
            change(player, &d)
            player.count(&d)
        }
    }

    /// Ends an operation: the marks clear, then a pause before the next.
    func end(_ s: inout StepBuilder) {
        s.conclude()
        let player = self
        s.beat(.easeInOut(duration: Self.unmark)) { d in
            for item in player.drawn[..<player.drawnCount] { player.mark(item, .normal, in: &d) }
        }
        s.hold(Self.between)
    }

    mutating func play(_ op: HeapOperation) {
        switch op {
        case .insert(let k): insert(k)
        case .extract: extract()
        case .heapify(let keys): heapify(keys)
        case .heapsort: heapsort()
        }
    }

    /// Insert: the key takes the next free place, at the end of the row and
    /// of the deepest level, and sifts up.
    mutating func insert(_ key: Int) {
        let (item, events) = heap.insert(key)
        let label = KeyLabel.text(key)
        let at = drawnCount
        let note = "\(label) goes in at index \(at), the next free place, and swaps with its parent while it "
            + (options.order == .min ? "is smaller." : "is larger.")
        step("insert \(label)", note: note) { player, s in
            player.code(&s, HeapCode(order: player.options.order).insert, line: HeapCode.Insert.place, sift: HeapCode.insertSift)
            player.begin(
                &s, dropSorted: true, appending: [item],
                caption: at == 0 ? "the heap is empty: \(label) becomes the root" : "\(label) takes the next free place, index \(at)")
            s.hold(Self.rest)
            for event in events { player.play(event, &s) }
            if !events.isEmpty { s.hold(Self.rest, caption: player.settled(item, after: events)) }
            player.end(&s)
        }
    }

    /// Extract: the root comes out; the last leaf climbs to the root, its
    /// box going over the row to index 0, and sifts down. On an empty heap
    /// the step says so: nothing to take is a fact to show, not an error.
    mutating func extract() {
        let word = options.order == .min ? "min" : "max"
        guard let result = heap.extract() else {
            step("extract", note: "The heap is empty: there is nothing to extract.") { player, s in
                player.begin(&s, dropSorted: false, caption: "the heap is empty: nothing to extract")
                s.hold(Self.rest)
                player.end(&s)
            }
            return
        }
        let (top, moved, events) = result
        let label = KeyLabel.text(top.key)
        let note = "The \(word), \(label), is the root. The last item takes its place and sifts down."
        step("extract", note: note) { player, s in
            player.code(&s, HeapCode(order: player.options.order).extract, line: HeapCode.Extract.top, sift: HeapCode.extractSift)
            player.begin(&s, dropSorted: true, caption: "extract the \(word): the root, \(label)") { p, d in p.mark(top, .found, in: &d) }
            s.hold(Self.rest)
            player.drawn.removeFirst()
            player.drawnCount -= 1
            if let moved {
                // The last item's place in the drawn array is still the last.
                player.drawn.removeLast()
                player.drawn.insert(moved, at: 0)
            }
            let p = player
            s.beat(.easeIn(duration: Self.enter), caption: "\(label) leaves the heap") { d in
                d.nodes.remove(Self.node(top))
                d.nodes.remove(Self.box(top))
                if moved == nil { d.texts.remove(Self.index(0)) }
                p.count(&d)
            }
            if let moved {
                if p.options.code { s.line(HeapCode.Extract.last) }
                player.climb(moved, from: p.drawnCount, swappingWith: nil, &s)
                s.hold(Self.rest)
                for event in events { player.play(event, &s) }
                player.line(&s, HeapCode.Extract.done)
                s.hold(Self.rest, caption: player.settled(moved, after: events))
            } else {
                player.line(&s, HeapCode.Extract.done)
                s.hold(Self.rest, caption: "the heap is empty now")
            }
            player.end(&s)
        }
    }

    /// Heapify: the keys join the array as they are, a complete tree but
    /// not yet a heap; then each parent, from the last one back to the
    /// root, sifts down, a step each.
    mutating func heapify(_ keys: [Int]) {
        let (items, sifts) = heap.heapify(keys)
        let list = keys.map(KeyLabel.text).joined(separator: " ")
        let note = sifts.isEmpty ? "The keys go into the array as given; one key is a heap already."
            : "The keys go into the array as given. Every parent, from the last (index \(sifts[0].index)) back to the root, then sifts down: "
                + "below it is a heap already, so after the root's sift the whole tree is one."
        step("heapify \(list)", note: note) { player, s in
            player.code(&s, HeapCode(order: player.options.order).build, line: HeapCode.Build.size, sift: HeapCode.buildSift)
            player.begin(&s, dropSorted: true, appending: items, caption: "\(list) as given: a complete tree, not yet a heap")
            s.hold(Self.rest)
            if !sifts.isEmpty {
                player.line(&s, HeapCode.Build.loop)
                s.hold(Self.rest, caption: "sift down each parent, from index \(sifts[0].index) back to the root")
            }
            s.conclude()
            s.hold(Self.between)
        }
        for (i, events) in sifts {
            let item = drawn[i]
            let label = KeyLabel.text(item.key)
            step("heapify: sift down \(label) at index \(i)", note: "Below \(label) the subtrees are heaps; \(label) sifts down into place.") { player, s in
                let p = player
                player.line(&s, HeapCode.Build.start)
                s.beat(.easeInOut(duration: Self.mark), caption: "sift down \(label) from index \(i)") { d in p.mark(item, .new, in: &d) }
                s.hold(Self.rest)
                for event in events { player.play(event, &s) }
                s.hold(Self.rest, caption: player.settled(item, after: events))
                player.end(&s)
            }
        }
    }

    /// Heapsort: round after round the root trades places with the heap's
    /// last item and stays there, sorted, as the heap shrinks by one; the
    /// new root sifts down. A step each round.
    mutating func heapsort() {
        guard !heap.isEmpty else {
            step("heapsort", note: "The heap is empty: there is nothing to sort.") { player, s in
                player.begin(&s, dropSorted: false, caption: "the heap is empty: nothing to sort")
                s.hold(Self.rest)
                player.end(&s)
            }
            return
        }
        var isFirst = true
        while let result = heap.sortOne() {
            let (top, moved, events) = result
            let label = KeyLabel.text(top.key)
            let last = heap.count
            let lastLabel = KeyLabel.text(drawn[last].key)
            let note = "The root, \(label), is the \(options.order == .min ? "smallest" : "largest") left: it trades places with the last item of the heap, "
                + "index \(last), and stays there, sorted; the heap shrinks to \(last) and the new root sifts down."
            step("heapsort: \(label) to index \(last)", note: note) { player, s in
                let caption = moved == nil ? "\(label), the last of the heap, is sorted" : "swap the root \(label) with the last item, \(lastLabel)"
                if isFirst {
                    player.code(&s, HeapCode(order: player.options.order).heapsort, line: nil, sift: HeapCode.heapsortSift)
                }
                player.line(&s, HeapCode.Heapsort.exchange)
                let p = player
                if isFirst {
                    player.begin(&s, dropSorted: false, caption: caption) { p, d in
                        p.mark(top, .found, in: &d)
                        if let moved { p.mark(moved, .visited, in: &d) }
                    }
                } else {
                    s.beat(.easeInOut(duration: Self.mark), caption: caption) { d in
                        p.mark(top, .found, in: &d)
                        if let moved { p.mark(moved, .visited, in: &d) }
                    }
                }
                s.hold(Self.rest)
                player.drawnCount -= 1
                player.drawn.swapAt(0, last)
                if let moved {
                    player.climb(moved, from: last, swappingWith: top, &s)
                } else {
                    let q = player
                    s.beat(.easeInOut(duration: Self.enter)) { d in
                        d.nodes.remove(Self.node(top))
                        q.mark(top, .sorted, in: &d)
                        q.count(&d)
                    }
                }
                player.line(&s, HeapCode.Heapsort.shrink)
                s.hold(Self.rest * 2, caption: "\(label) is sorted; the heap shrinks to \(last)")
                if let moved {
                    for event in events { player.play(event, &s) }
                    s.hold(Self.rest, caption: player.settled(moved, after: events))
                }
                if moved == nil {
                    let order = player.drawn.map { KeyLabel.text($0.key) }.joined(separator: " ")
                    let way = player.options.order == .min ? "a min-heap sorts largest first" : "a max-heap sorts smallest first"
                    s.hold(Self.rest * 2, caption: "sorted: \(order) (\(way))")
                }
                player.end(&s)
            }
            isFirst = false
        }
    }

    /// The last leaf (at `from`) goes to the empty root: its node shrinks,
    /// climbs between the levels and grows there, while its box goes to
    /// index 0, under the row when it trades places with `top` (heapsort:
    /// the root's box goes over, to `from`, and is marked sorted) or over
    /// it alone (extract). `drawn` already has it at index 0.
    mutating func climb(_ item: HeapItem, from: Int, swappingWith top: HeapItem?, _ s: inout StepBuilder) {
        let p = self
        let node = Self.node(item), box = Self.box(item)
        let start = geometry.node(from)
        let climb = geometry.climb(from: from)
        let duration = geometry.duration(climb, from: start, to: geometry.node(0), base: Self.swap)
        let label = KeyLabel.text(item.key)
        s.beat(.easeInOut(duration: 0.3)) { d in
            d.nodes[node]?.scale = HeapGeometry.tokenScale
            d.edges.remove(.edge(to: node))
            if let top { d.nodes.remove(Self.node(top)) }
        }
        var paths: [ElementID: MotionPath] = [node: climb]
        if let top {
            let (over, under) = geometry.rowSwap(0, from)
            paths[Self.box(top)] = over
            paths[box] = under
        } else {
            paths[box] = geometry.rowMove(from, to: 0)
        }
        s.beat(options.easing.animation(duration: duration), caption: "the last item, \(label), goes to the root: index 0", paths: paths) { d in
            d.nodes[node]?.position = p.geometry.node(0)
            d.nodes[box]?.position = p.geometry.box(0)
            if let top { d.nodes[Self.box(top)]?.position = p.geometry.box(from) }
            // The row keeps an index only where it keeps a box.
            if top == nil { d.texts.remove(Self.index(from)) }
        }
        s.beat(.easeOut(duration: 0.3)) { d in
            d.nodes[node]?.scale = 1
            p.mark(item, .new, in: &d)
            if let top { d.nodes[Self.box(top)]?.role = .sorted }
            p.arrangeEdges(&d)
            p.count(&d)
        }
    }

    /// One comparison of a sift: the pair is marked in both views and the
    /// caption names the comparison and its outcome; on a swap the two
    /// nodes trade places along arcs in the tree while their boxes trade
    /// places in the row, one over, one under.
    mutating func play(_ event: HeapEvent, _ s: inout StepBuilder) {
        let (sifted, partners): (Int, [Int])
        switch event {
        case .up(let child, let parent, _): (sifted, partners) = (child, [parent])
        case .down(let parent, let children, _, _): (sifted, partners) = (parent, children)
        }
        let item = drawn[sifted]
        var others = partners.map { drawn[$0] }
        let p = self
        if case .down(_, let children, let chosen, _) = event, children.count == 2 {
            // Two children: first the larger (smaller) is chosen, the other
            // let go; then the parent is compared with it.
            let both = children.map { drawn[$0] }
            let picked = drawn[chosen]
            let min = options.order == .min
            let words = "\(min ? "smaller" : "larger") child of \(both.map { KeyLabel.text($0.key) }.joined(separator: " and ")): \(KeyLabel.text(picked.key))"
            s.beat(.easeInOut(duration: Self.mark), caption: words) { d in
                p.mark(item, .new, in: &d)
                for o in both { p.mark(o, .visited, in: &d) }
            }
            s.hold(Self.rest)
            s.beat(.easeInOut(duration: Self.unmark)) { d in
                for o in both where o != picked { p.mark(o, .normal, in: &d) }
            }
            others = [picked]
        }
        if let sift { line(&s, event.swapped ? sift.swap : sift.stay) }
        let marked = others
        s.beat(.easeInOut(duration: Self.mark), caption: caption(event)) { d in
            p.mark(item, .new, in: &d)
            for o in marked { p.mark(o, .visited, in: &d) }
        }
        s.hold(Self.rest)
        if let pair = event.swap {
            // `a` is the parent's index, `b` the child's.
            let (a, b) = pair
            let (upper, lower) = (drawn[a], drawn[b])
            let tree = geometry.treeSwap(parent: a, child: b)
            let (over, under) = geometry.rowSwap(b, a)
            let duration = geometry.duration(over, from: geometry.box(b), to: geometry.box(a), base: Self.swap)
            drawn.swapAt(a, b)
            let q = self
            let paths = [Self.node(lower): tree.up, Self.node(upper): tree.down, Self.box(lower): over, Self.box(upper): under]
            // The edges that change parent are handed over at their child,
            // as in a rotation: each part always points at a node, where
            // ends sliding between two crossing nodes would tangle.
            s.beat(options.easing.animation(duration: duration), paths: paths) { d in
                d.nodes[Self.node(lower)]?.position = q.geometry.node(a)
                d.nodes[Self.node(upper)]?.position = q.geometry.node(b)
                d.nodes[Self.box(lower)]?.position = q.geometry.box(a)
                d.nodes[Self.box(upper)]?.position = q.geometry.box(b)
                q.arrangeEdges(&d, swing: .handOver)
            }
            s.hold(Self.afterSwap)
        }
        s.beat(.easeInOut(duration: Self.unmark)) { d in
            for o in marked where o != item { p.mark(o, .normal, in: &d) }
        }
    }

    /// "3 < 7: swap", "9 > 4: swap", "8 ≥ 1: 8 stays"; a sift down
    /// from a node with one child names it ("only child 4; 9 > 4: swap"),
    /// one with two has said which it chose.
    func caption(_ event: HeapEvent) -> String {
        let min = options.order == .min
        let text = { (i: Int) in KeyLabel.text(self.drawn[i].key) }
        switch event {
        case .up(let child, let parent, let swapped):
            let (c, p) = (text(child), text(parent))
            if swapped { return "\(c) \(min ? "<" : ">") \(p): swap" }
            return "\(c) \(min ? "≥" : "≤") \(p): \(c) stays"
        case .down(let parent, let children, let chosen, let swapped):
            let (p, c) = (text(parent), text(chosen))
            let which = children.count == 1 ? "only child \(c); " : ""
            if swapped { return "\(which)\(p) \(min ? ">" : "<") \(c): swap" }
            return "\(which)\(p) \(min ? "≤" : "≥") \(c): \(p) stays"
        }
    }

    /// The caption once `item`'s sift, `events`, has ended: why it stops
    /// where it does. A sift up stops at the root or below a parent it
    /// did not pass; a sift down at a leaf or above children it did not
    /// pass.
    func settled(_ item: HeapItem, after events: [HeapEvent]) -> String {
        let label = KeyLabel.text(item.key)
        guard let i = drawn.firstIndex(of: item) else { return "\(label) is in place" }
        let leaf = 2 * i + 1 >= drawnCount
        switch events.last {
        case .up?: return i == 0 ? "\(label) is the root: the heap order holds" : "\(label) stays below its parent: the heap order holds"
        case .down(_, _, _, true)? where leaf: return "\(label) has reached a leaf: the heap order holds"
        case .down?: return "\(label) is in place: the heap order holds"
        case nil:
            return i == 0 ? "\(label) is the root: the heap order holds"
                : leaf ? "\(label) is a leaf: the heap order holds" : "\(label) is in place: the heap order holds"
        }
    }

    mutating func finish() {
        let sorted = drawn.count - drawnCount
        let caption = drawnCount > 0 ? "a \(options.order.rawValue)-heap of \(drawnCount): root \(KeyLabel.text(drawn[0].key))"
            : sorted > 0 ? "sorted: \(drawn.map { KeyLabel.text($0.key) }.joined(separator: " "))" : "the heap is empty"
        let hold = options.finalHold
        step(caption, note: "The finished array: every parent \(options.order == .min ? "≤" : "≥") its children.") { player, s in
            let p = player
            s.beat(.easeInOut(duration: Self.unmark)) { d in
                for item in p.drawn[..<p.drawnCount] { p.mark(item, .normal, in: &d) }
            }
            s.hold(hold)
        }
    }
}
