import Diagram
import Geometry
import Raster
import Tween

/// Writes a linked list's script, operation by operation: every node is a
/// row of cells (its value, a `next` pointer and, doubly linked, a `prev`
/// pointer) and every pointer an arrow from its cell to the node it points
/// to. An operation walks the list with a pointer variable, and changes
/// pointers one at a time: each swings from the node it pointed to onto
/// its new one, captioned with the assignment that does it.
///
/// A linked stack or queue is such a list, with its head called `top` or
/// `front` (and a queue's tail `rear`).
struct ListPlayer: StepPlayer {
    var builder: ScriptBuilder
    let geometry: ListGeometry
    let style: ListStyle
    /// The nodes in list order: each its serial (its elements' ids) and
    /// value.
    var nodes: [(serial: Int, value: LinearValue)] = []
    var serial = 0
    /// The pointers walking the list in the operation under way, in the
    /// order they came: each at a node, or null standing at a place.
    var walkers: [(name: String, serial: Int?, nullAt: Double)] = []
    var isFirstStep = true
    /// Whether the next step starts an operation: it moves the queue of
    /// operations on (a stack's postfix evaluation is many steps).
    var opens = false
    /// The operations still to come, shown along the bottom.
    var queue: [(id: ElementID, text: String)]
    let bottom: OperationBand
    let bounds: Rect
    /// A stack's postfix expression being read, drawn under the list from
    /// `stripOrigin` (see ``ExpressionStrip``).
    var strip: ExpressionStrip?
    let stripOrigin: Point

    // Paces, in seconds at speed 1.
    static let enter = 0.5
    static let move = 0.6
    static let rest = 0.7
    static let between = 0.6

    init(
        style: ListStyle, operations: [String], values: [LinearValue], capacity: Int, stage: Stage, labels: LabelFit,
        expressions: [[String]] = []
    ) {
        self.style = style
        bottom = OperationBand(stage: stage, labels: labels)
        geometry = Self.geometry(style: style, values: values, capacity: capacity, labels: labels)
        let list = geometry.bounds(headWidth: geometry.variableWidths[style.head] ?? 1, circular: style.circular)
        let origin = Point(list.minX, list.maxY)
        stripOrigin = origin
        bounds = ExpressionStrip.room(for: expressions, values: values).map { room in
            list.union(Rect(x: origin.x, y: origin.y, width: room.width, height: room.height + 0.1))
        } ?? list
        builder = ScriptBuilder(camera: Self.camera, palette: .linear)
        queue = operations.enumerated().map { (ElementID("queue", $0.offset), $0.element) }
        let sight = Sight(stage: stage, camera: Self.camera, smallest: geometry.labelSize)
        if stage.fitsAll, let warning = sight.forcedFit(bounds, what: "a list of \(capacity) nodes", touring: false, by: "--fit all", refused: true) {
            builder.note(warning)
        }
    }

    static let camera = CameraOptions(maxUnit: 0.2, padding: 0.3, animation: .easeInOut(duration: 0.7), bottomBand: OperationBand.band)

    static func geometry(style: ListStyle, values: [LinearValue], capacity: Int, labels: LabelFit) -> ListGeometry {
        let labelSize = 0.36
        let widest = values.map { labels.width(of: $0.text) }.max() ?? 1
        var widths = [String: Double](), plain = [String: Double]()
        for name in style.variableNames {
            widths[name] = max(0.7, labels.width(of: name + " = ∅") * labelSize + 0.24)
            plain[name] = max(0.7, labels.width(of: name) * labelSize + 0.24)
        }
        return ListGeometry(
            valueWidth: max(0.7, widest * labelSize + 0.26), labelSize: labelSize, doubly: style.doubly, variableWidths: widths,
            plainWidths: plain, capacity: capacity)
    }

    /// The most nodes whose row reads whole on `stage` (at least 4; with
    /// `--fit all`, ``ListAnimation/capacityLimit``).
    static func readable(style: ListStyle, values: [LinearValue], stage: Stage, labels: LabelFit) -> Int {
        if stage.fitsAll { return ListAnimation.capacityLimit }
        var n = ListAnimation.capacityLimit
        while n > 1 {
            let g = geometry(style: style, values: values, capacity: n, labels: labels)
            let sight = Sight(stage: stage, camera: camera, smallest: g.labelSize)
            if sight.reads(g.bounds(headWidth: g.variableWidths[style.head] ?? 1, circular: style.circular)) { break }
            n -= 1
        }
        return n
    }

    // MARK: Ids

    static func value(_ s: Int) -> ElementID { ElementID("list:\(s).val") }
    static func nextCell(_ s: Int) -> ElementID { ElementID("list:\(s).next") }
    static func prevCell(_ s: Int) -> ElementID { ElementID("list:\(s).prev") }
    static func nextEdge(_ s: Int) -> ElementID { ElementID("next:\(s)") }
    static func prevEdge(_ s: Int) -> ElementID { ElementID("prev:\(s)") }
    static func variable(_ name: String) -> ElementID { ElementID("var:\(name)") }
    static func pointer(_ name: String) -> ElementID { ElementID("ptr:\(name)") }
    static let loopNext: ElementID = "loop:next"
    static let loopPrev: ElementID = "loop:prev"

    /// A node's cells, left to right.
    func cells(_ s: Int) -> [ElementID] {
        style.doubly ? [Self.prevCell(s), Self.value(s), Self.nextCell(s)] : [Self.value(s), Self.nextCell(s)]
    }

    /// The cell an arrow into node `s` ends on: its first.
    func entry(_ s: Int) -> ElementID { style.doubly ? Self.prevCell(s) : Self.value(s) }

    // MARK: Elements

    /// Node `s` with `value` at place `i` (a fraction between two places)
    /// on the line at `y`.
    func insertCells(_ s: Int, _ value: LinearValue, at i: Double, y: Double = 0, role: Role = .normal, into d: inout Diagram) {
        let h = ListGeometry.cellHeight, size = geometry.labelSize
        let w = ListGeometry.pointerWidth
        let positions = (value: geometry.value(i, y: y), next: geometry.next(i, y: y), prev: geometry.prev(i, y: y))
        for (id, at, width, label, key) in [
            (Self.value(s), positions.value, geometry.valueWidth, value.text, value.key),
            (Self.nextCell(s), positions.next, w, "∅", nil),
        ] + (style.doubly ? [(Self.prevCell(s), positions.prev, w, "∅", nil)] : []) {
            if var n = d.nodes[id] {
                n.position = at
                n.role = role
                d.nodes.insert(n)
            } else {
                d.nodes.insert(
                    .box(id, at: at, size: Size(width: width, height: h), cornerRadius: 0.05, label: label, labelSize: size, role: role, key: key))
            }
        }
    }

    /// Moves node `s`'s cells to place `i` on the line at `y`.
    func place(_ s: Int, at i: Double, y: Double = 0, in d: inout Diagram) {
        d.nodes[Self.value(s)]?.position = geometry.value(i, y: y)
        d.nodes[Self.nextCell(s)]?.position = geometry.next(i, y: y)
        if style.doubly { d.nodes[Self.prevCell(s)]?.position = geometry.prev(i, y: y) }
    }

    func setRole(_ s: Int, _ role: Role, in d: inout Diagram) {
        for id in cells(s) { d.nodes[id]?.role = role }
    }

    /// Node `s`'s `next` pointer: to node `t`'s first cell, or null.
    func setNext(_ s: Int, to t: Int?, role: Role = .normal, skipping: Bool = false, in d: inout Diagram) {
        setPointer(.next, of: s, to: t, role: role, skipping: skipping, in: &d)
    }

    /// Node `s`'s `prev` pointer: to node `t`'s last cell, or null.
    func setPrev(_ s: Int, to t: Int?, role: Role = .normal, skipping: Bool = false, in d: inout Diagram) {
        guard style.doubly else { return }
        setPointer(.prev, of: s, to: t, role: role, skipping: skipping, in: &d)
    }

    enum Pointer { case next, prev }

    /// Node `s`'s pointer `which`: its cell shows • or ∅, and its arrow
    /// runs to `t` (a `next` into its first cell, a `prev` into its last);
    /// `skipping` a node on its way (a bypass, the node still drawn), it
    /// bows wide over it.
    func setPointer(_ which: Pointer, of s: Int, to t: Int?, role: Role, skipping: Bool = false, in d: inout Diagram) {
        let (cell, id) = which == .next ? (Self.nextCell(s), Self.nextEdge(s)) : (Self.prevCell(s), Self.prevEdge(s))
        d.nodes[cell]?.label = t == nil ? "∅" : "•"
        guard let t else {
            d.edges.remove(id)
            return
        }
        let target = which == .next ? entry(t) : Self.nextCell(t)
        let route = skipping ? .bent(0.28) : route(which, from: s, to: t)
        if var e = d.edges[id] {
            e.to = target
            e.role = role
            e.route = route
            d.edges.insert(e)
        } else {
            d.edges.insert(Edge(id: id, from: cell, to: target, route: route, kind: which == .next ? "next" : "prev", role: role, arrows: .end))
        }
    }

    /// A pointer bows to its left: between neighbours a `next` runs
    /// straight (doubly linked, a little over, as the `prev` under it);
    /// one that skips a node (a bypass) bows wide, and one pointing the
    /// other way (a reversal under way) bows wide to the other side, so
    /// that it passes clear of its own node's cells and of the others.
    func route(_ which: Pointer, from s: Int, to t: Int) -> EdgeRoute {
        let near = style.doubly ? EdgeRoute.bent(0.12) : .straight
        guard let i = nodes.firstIndex(where: { $0.serial == s }), let j = nodes.firstIndex(where: { $0.serial == t }) else { return near }
        let step = which == .next ? j - i : i - j
        return step == 1 ? near : .bent(step > 0 ? 0.28 : -0.28)
    }

    /// Variable `name` (`head`, `cur`…) pointing at node `s`, or null.
    /// The head stands left of the list; others over place `at` (the
    /// node's, or where a null one stands), `slot` of those that share it.
    func setVariable(_ name: String, to s: Int?, x: Double, y: Double = ListGeometry.aboveY, in d: inout Diagram) {
        let width = width(of: name, null: s == nil)
        let id = Self.variable(name)
        let position = name == style.head ? geometry.head(width: width) : Point(x, y)
        let label = s == nil ? "\(name) = ∅" : name
        if var n = d.nodes[id] {
            n.position = position
            n.label = label
            n.size.width = width
            d.nodes.insert(n)
        } else {
            d.nodes.insert(
                .box(
                    id, at: position, size: Size(width: width, height: ListGeometry.variableHeight), cornerRadius: 0.1, label: label,
                    labelSize: geometry.labelSize, role: .pointer))
        }
        guard let s else {
            d.edges.remove(Self.pointer(name))
            return
        }
        let target = name == style.head ? entry(s) : Self.value(s)
        if var e = d.edges[Self.pointer(name)] {
            e.to = target
            d.edges.insert(e)
        } else {
            d.edges.insert(Edge(id: Self.pointer(name), from: id, to: target, kind: "variable", role: .muted, entrance: .fade, arrows: .end))
        }
    }

    /// The width of variable `name`'s box: as wide as its label, `name` or
    /// `name = ∅`; the head's always the wider, as it stays put.
    func width(of name: String, null: Bool) -> Double {
        (null || name == style.head ? geometry.variableWidths[name] : geometry.plainWidths[name]) ?? 1
    }

    /// The head, the tail and the walking pointers where they point: the
    /// tail over its node, the walkers a tier higher, so that neither
    /// crowds the other on a short pitch; a tail sharing its node with a
    /// walker steps right, clear of the walker's arrow.
    func layVariables(_ d: inout Diagram) {
        setVariable(style.head, to: nodes.first?.serial, x: 0, in: &d)
        let drawn = d
        let x = { (s: Int?, nullAt: Double) in s.flatMap { drawn.nodes[Self.value($0)]?.position.x } ?? self.geometry.value(nullAt).x }
        let walkerXs = walkers.map { x($0.serial, $0.nullAt) }
        // Walkers at one node (cur catching up with next) stand side by
        // side, in the order they came.
        for (k, w) in walkers.enumerated() {
            let sharing = walkerXs.indices.filter { abs(walkerXs[$0] - walkerXs[k]) < 0.01 }
            let widths = sharing.map { width(of: walkers[$0].name, null: walkers[$0].serial == nil) + 0.1 }
            let left = walkerXs[k] - widths.reduce(0, +) / 2
            let place = sharing.firstIndex(of: k) ?? 0
            let x = left + widths[..<place].reduce(0, +) + widths[place] / 2
            setVariable(w.name, to: w.serial, x: x, y: ListGeometry.walkerY, in: &d)
        }
        if let tail = style.tail {
            let tx = x(nodes.last?.serial, 0)
            let shared = walkerXs.contains { abs($0 - tx) < 0.01 }
            setVariable(tail, to: nodes.last?.serial, x: tx + (shared ? width(of: tail, null: nodes.isEmpty) / 2 + 0.15 : 0), in: &d)
        }
        for name in style.walkerNames where !walkers.contains(where: { $0.name == name }) { d.nodes.remove(Self.variable(name)) }
    }

    /// Points walker `name` at node `s` (nil: null, standing at place
    /// `nullAt`); `layVariables` then draws it.
    mutating func point(_ name: String, at s: Int?, nullAt: Double = -1) {
        if let k = walkers.firstIndex(where: { $0.name == name }) {
            walkers[k] = (name, s, nullAt)
        } else {
            walkers.append((name, s, nullAt))
        }
    }

    /// Every node in its place, every pointer as the list has it, the
    /// head and tail pointing at the ends, and the counter.
    func arrange(_ d: inout Diagram, roles: Bool = true) {
        for (i, n) in nodes.enumerated() {
            place(n.serial, at: Double(i), in: &d)
            if roles { setRole(n.serial, .normal, in: &d) }
            setNext(n.serial, to: i + 1 < nodes.count ? nodes[i + 1].serial : nil, in: &d)
            setPrev(n.serial, to: i > 0 ? nodes[i - 1].serial : nil, in: &d)
        }
        arrangeLoop(&d)
        layVariables(&d)
        count(&d)
        ExpressionStrip.draw(strip, &d, at: stripOrigin)
    }

    /// A circular list's ways back: from the tail's `next` under the list
    /// to the head, and (doubly) from the head's `prev` to the tail.
    func arrangeLoop(_ d: inout Diagram) {
        guard style.circular, let first = nodes.first, let last = nodes.last else {
            d.edges.remove(Self.loopNext)
            d.edges.remove(Self.loopPrev)
            return
        }
        d.nodes[Self.nextCell(last.serial)]?.label = "•"
        upsert(Edge(id: Self.loopNext, from: Self.nextCell(last.serial), to: Self.value(first.serial), route: .under(depth: ListGeometry.loopDepth), kind: "next", arrows: .end), in: &d)
        if style.doubly {
            d.nodes[Self.prevCell(first.serial)]?.label = "•"
            upsert(Edge(id: Self.loopPrev, from: Self.prevCell(first.serial), to: Self.value(last.serial), route: .under(depth: ListGeometry.secondLoopDepth), kind: "prev", arrows: .end), in: &d)
        }
    }

    /// Puts `e`, keeping an edge of its id's entrance (its ends then swing).
    func upsert(_ e: Edge, in d: inout Diagram) {
        if var old = d.edges[e.id] {
            old.from = e.from
            old.to = e.to
            old.route = e.route
            old.role = e.role
            d.edges.insert(old)
        } else {
            d.edges.insert(e)
        }
    }

    func count(_ d: inout Diagram) {
        bottom.count(nodes.isEmpty ? "empty" : "length \(nodes.count)", into: &d)
    }

    // MARK: Steps

    mutating func stepWritten() { isFirstStep = false }

    /// The first beat of an operation: the queue moves on (on the first
    /// step, everything is there at once).
    mutating func begin(_ s: inout StepBuilder, caption: String?, _ change: (ListPlayer, inout Diagram) -> Void = { _, _ in }) {
        let first = isFirstStep
        let pops = opens
        opens = false
        let p = self
        let band = bottom
        band.open(&s, queue: &queue, pops: pops, first: first, caption: caption, enter: Self.enter) { d in
            if first {
                d.reserved = [p.bounds]
                p.arrange(&d)
            }
            change(p, &d)
            ExpressionStrip.draw(p.strip, &d, at: p.stripOrigin)
        }
    }

    /// Ends an operation: variables of the walk go, every node back to
    /// rest, a pause.
    mutating func end(_ s: inout StepBuilder) {
        s.conclude()
        walkers = []
        let p = self
        s.beat(.easeInOut(duration: Self.move)) { d in p.arrange(&d) }
        s.hold(Self.between)
    }

    /// `name` walks from the head to place `target`, a beat a node, with
    /// `trailing` one node behind: `caption(i)` shows as it reaches place
    /// `i`.
    mutating func walk(_ name: String, to target: Int, trailing: String? = nil, _ s: inout StepBuilder, caption: (Int) -> String) {
        guard !nodes.isEmpty, target >= 0 else { return }
        for i in 0...min(target, nodes.count - 1) {
            point(name, at: nodes[i].serial)
            if let trailing { point(trailing, at: i > 0 ? nodes[i - 1].serial : nil, nullAt: -1) }
            let p = self
            s.beat(.easeInOut(duration: i == 0 ? 0.4 : Self.move)) { d in
                p.layVariables(&d)
                if i > 0 { p.setRole(p.nodes[i - 1].serial, .visited, in: &d) }
                p.setRole(p.nodes[i].serial, .new, in: &d)
            }
            s.hold(0.95, caption: caption(i))
        }
    }
}

/// What a linked list is and what its pointers are called.
struct ListStyle: Sendable {
    var doubly = false
    var circular = false
    /// The name of the pointer to the first node: `head`, a stack's
    /// `top`, a queue's `front`.
    var head = "head"
    /// The name of the pointer to the last node, if the list keeps one.
    var tail: String? = "tail"
    /// Pointers that walk the list in an operation.
    var walkerNames = ["cur", "prev", "next"]

    var variableNames: [String] { [head] + (tail.map { [$0] } ?? []) + walkerNames }
}

extension Role {
    /// A pointer variable's box: `head`, `cur`.
    static let pointer: Role = "pointer"
}

extension Palette {
    /// Lists, stacks, queues and hash tables: pointer variables in a quiet
    /// box of their own.
    static let linear = Palette(
        light: RoleColors(nodes: [
            .pointer: NodeStyle(fill: Color(hex: 0xF1F3F5), stroke: Color(hex: 0x868E96), label: Color(hex: 0x343A40)),
            .tombstone: NodeStyle(fill: Color(hex: 0xF8F9FA), stroke: Color(hex: 0xADB5BD), label: Color(hex: 0x868E96)),
        ]),
        dark: RoleColors(nodes: [
            .pointer: NodeStyle(fill: Color(hex: 0x25262B), stroke: Color(hex: 0x909296), label: Color(hex: 0xDEE2E6)),
            .tombstone: NodeStyle(fill: Color(hex: 0x1A1B1E), stroke: Color(hex: 0x5C5F66), label: Color(hex: 0x909296)),
        ]),
        highContrast: RoleColors(nodes: [
            .pointer: NodeStyle(fill: Color(hex: 0xE9ECEF), stroke: .black, label: .black),
            .tombstone: NodeStyle(fill: Color(hex: 0xE9ECEF), stroke: Color(hex: 0x555555), label: Color(hex: 0x222222)),
        ]))
}

extension Role {
    /// An open-addressing slot whose key was deleted: probes go on past it.
    static let tombstone: Role = "tombstone"
}
