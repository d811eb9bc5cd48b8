import Diagram
import Geometry
import Tween

/// Writes the script of a stack or a queue kept in an array: a row of
/// cells with their indices, the values sitting in them, and the indices
/// the structure keeps (a stack's `top`; a queue's `front` and `rear`, a
/// circular buffer whose `rear` wraps round to 0) as markers pointing at
/// their cells. A full array doubles: a row twice as long appears under
/// it, every value travels down to its new cell, one at a time, and the
/// new row takes the old one's place.
struct ArrayPlayer: StepPlayer {
    enum Kind { case stack, queue }

    var builder: ScriptBuilder
    let kind: Kind
    let grows: Bool
    /// The cells' size and labels' size, in layout units.
    let cell: Size
    let labelSize: Double
    /// The array: its cells (each a value's serial and the value, or
    /// empty), and how many times it has been replaced (its cells' ids).
    var slots: [(serial: Int, value: LinearValue)?]
    var generation = 0
    var serial = 0
    /// A queue's first value and how many there are; a stack's values are
    /// `0..<count`.
    var front = 0
    var count = 0
    var isFirstStep = true
    /// Whether the next step starts an operation: it moves the queue of
    /// operations on.
    var opens = false
    var queue: [(id: ElementID, text: String)]
    let bottom: OperationBand
    let bounds: Rect
    /// The postfix expression being read, drawn under the array from
    /// `stripOrigin` (see ``ExpressionStrip``).
    var strip: ExpressionStrip?
    let stripOrigin: Point

    static let enter = 0.5
    static let move = 0.6
    static let rest = 0.7
    static let between = 0.6
    static let markerY = -1.6
    static let tier = 0.7
    /// Where a doubled array's row appears: under the indices.
    static let growY = 1.9
    static let markerHeight = 0.5

    init(
        kind: Kind, capacity: Int, grows: Bool, operations: [String], values: [LinearValue], peak: Int, stage: Stage, labels: LabelFit,
        expressions: [[String]] = []
    ) {
        self.kind = kind
        self.grows = grows
        labelSize = 0.3
        let widest = values.map { labels.width(of: $0.text) }.max() ?? 1
        cell = Size(width: max(0.72, widest * labelSize + 0.3), height: 0.7)
        slots = Array(repeating: nil, count: capacity)
        bottom = OperationBand(stage: stage, labels: labels)
        let array = Self.bounds(cell: cell, peak: peak, grows: grows && peak > capacity)
        let origin = Point(-cell.width / 2, array.maxY)
        stripOrigin = origin
        bounds = ExpressionStrip.room(for: expressions, values: values).map { room in
            array.union(Rect(x: origin.x, y: origin.y, width: room.width, height: room.height + 0.1))
        } ?? array
        builder = ScriptBuilder(camera: ListPlayer.camera, palette: .linear)
        queue = operations.enumerated().map { (ElementID("queue", $0.offset), $0.element) }
        let sight = Sight(stage: stage, camera: ListPlayer.camera, smallest: labelSize * 0.7)
        if stage.fitsAll, let warning = sight.forcedFit(bounds, what: "an array of \(counted(peak, "cell"))", touring: false, by: "--fit all", refused: true) {
            builder.note(warning)
        }
    }

    static func bounds(cell: Size, peak: Int, grows: Bool) -> Rect {
        let top = markerY - tier - markerHeight / 2 - 0.1
        let bottom = (grows ? growY : 0) + cell.height / 2 + 0.6
        return Rect(x: -cell.width / 2 - 0.8, y: top, width: Double(max(peak, 1)) * cell.width + 1.6, height: bottom - top)
    }

    /// The most cells a row may have and still read on `stage`.
    static func readable(values: [LinearValue], stage: Stage, labels: LabelFit, limit: Int) -> Int {
        if stage.fitsAll { return limit }
        let widest = values.map { labels.width(of: $0.text) }.max() ?? 1
        let cell = Size(width: max(0.72, widest * 0.3 + 0.3), height: 0.7)
        let sight = Sight(stage: stage, camera: ListPlayer.camera, smallest: 0.3 * 0.7)
        var n = limit
        while n > 1, !sight.reads(bounds(cell: cell, peak: n, grows: true)) { n -= 1 }
        return n
    }

    // MARK: Ids and elements

    var cells: Cells { Self.cells(generation, count: slots.count, cell: cell, labelSize: labelSize, y: 0) }

    static func cells(_ generation: Int, count: Int, cell: Size, labelSize: Double, y: Double) -> Cells {
        var cells = Cells("slot\(generation)", at: Point(0, y), count: count, size: cell, labelSize: labelSize)
        // The indices at 0.85 of the values: at the cells' 0.7 they came
        // out 18 px on a 720p frame for ten values, and a student reads
        // them (where the top is, where the front wraps to).
        cells.indexScale = 0.85
        return cells
    }

    static func item(_ s: Int) -> ElementID { ElementID("item:\(s)") }
    static func marker(_ name: String) -> ElementID { ElementID("var:\(name)") }
    static func pointer(_ name: String) -> ElementID { ElementID("ptr:\(name)") }

    func itemNode(_ s: Int, _ v: LinearValue, at p: Point, role: Role = .new) -> Node {
        var n = Node.box(Self.item(s), at: p, size: cell, cornerRadius: 0.04, label: v.text, labelSize: labelSize, role: role, key: v.key)
        n.layer = 1
        return n
    }

    /// Index `i` of the array, modulo its length.
    func wrap(_ i: Int) -> Int { ((i % slots.count) + slots.count) % slots.count }

    /// The queue's `rear`: the cell the next value goes in.
    var rear: Int { wrap(front + count) }

    /// A marker (`top`, `front`, `rear`) over cell `i`, pointing at it,
    /// `slot` of those over one cell side by side; `i` may be -1 (a
    /// stack's empty top).
    func setMarker(_ name: String, at i: Int, label: String? = nil, shift: Double = 0, y: Double = Self.markerY, in d: inout Diagram) {
        let width = markerWidth(label ?? name)
        let position = Point(Double(i) * cell.width + shift, y)
        let id = Self.marker(name)
        if var n = d.nodes[id] {
            n.position = position
            n.label = label ?? name
            n.size = Size(width: width, height: Self.markerHeight)
            d.nodes.insert(n)
        } else {
            d.nodes.insert(
                .box(id, at: position, size: Size(width: width, height: Self.markerHeight), cornerRadius: 0.1, label: label ?? name,
                     labelSize: labelSize * 0.9, role: .pointer))
        }
        if i >= 0, i < slots.count {
            let target = cells.id(i)
            if var e = d.edges[Self.pointer(name)] {
                e.to = target
                d.edges.insert(e)
            } else {
                d.edges.insert(Edge(id: Self.pointer(name), from: id, to: target, kind: "variable", role: .muted, entrance: .fade, arrows: .end))
            }
        } else {
            d.edges.remove(Self.pointer(name))
        }
    }

    func markerWidth(_ label: String) -> Double { max(0.9, Double(label.count) * labelSize * 0.62 + 0.3) }

    /// The markers where the structure's indices are.
    func layMarkers(_ d: inout Diagram) {
        switch kind {
        case .stack: setMarker("top", at: count - 1, label: count == 0 ? "top = −1" : "top", in: &d)
        case .queue:
            // Front a tier over rear, as markers are wider than cells; a
            // rear on front's cell steps right, clear of front's arrow.
            setMarker("front", at: front, y: Self.markerY - Self.tier, in: &d)
            setMarker("rear", at: rear, shift: front == rear ? markerWidth("rear") / 2 + 0.15 : 0, in: &d)
        }
    }

    /// Every value in its cell at rest, the markers, the counter.
    func arrange(_ d: inout Diagram) {
        for (i, slot) in slots.enumerated() {
            guard let slot else { continue }
            d.nodes[Self.item(slot.serial)]?.position = cells.centre(i)
            d.nodes[Self.item(slot.serial)]?.role = .normal
        }
        layMarkers(&d)
        counter(&d)
        ExpressionStrip.draw(strip, &d, at: stripOrigin)
    }

    func counter(_ d: inout Diagram) {
        bottom.count("size \(count) · capacity \(slots.count)", into: &d)
    }

    // MARK: Steps

    mutating func stepWritten() { isFirstStep = false }

    mutating func begin(_ s: inout StepBuilder, caption: String?, _ change: (ArrayPlayer, inout Diagram) -> Void = { _, _ in }) {
        let first = isFirstStep
        let pops = opens
        opens = false
        let p = self
        let band = bottom
        band.open(&s, queue: &queue, pops: pops, first: first, caption: caption, enter: Self.enter) { d in
            if first {
                d.reserved = [p.bounds]
                p.cells.insert(into: &d)
                for i in 0..<p.slots.count { d.nodes[p.cells.id(i)]?.role = .pointer }
                p.arrange(&d)
            }
            change(p, &d)
            ExpressionStrip.draw(p.strip, &d, at: p.stripOrigin)
        }
    }

    func end(_ s: inout StepBuilder) {
        s.conclude()
        let p = self
        s.beat(.easeInOut(duration: 0.4)) { d in p.arrange(&d) }
        s.hold(Self.between)
    }

    /// A step that only says something: why nothing happens, or what an
    /// application concludes.
    mutating func say(_ title: String, _ caption: String, note: String? = nil) {
        step(title, note: note ?? caption.prefix(1).uppercased() + caption.dropFirst() + ".") { p, s in
            p.begin(&s, caption: caption)
            s.hold(Self.rest * 2)
            p.end(&s)
        }
    }

    /// Puts `v` in cell `i`: it appears over the cell and drops in.
    mutating func put(_ v: LinearValue, at i: Int, _ s: inout StepBuilder, caption: String) {
        serial += 1
        let sv = serial
        let c = cells.centre(i)
        let p0 = self
        s.beat(.easeOut(duration: Self.enter)) { d in
            d.nodes.insert(p0.itemNode(sv, v, at: Point(c.x, c.y - 0.82)))
        }
        slots[i] = (sv, v)
        s.beat(.easeInOut(duration: Self.move), caption: caption) { d in d.nodes[Self.item(sv)]?.position = c }
        s.hold(Self.rest)
    }

    /// Takes the value out of cell `i`: it rises and goes.
    mutating func take(at i: Int, _ s: inout StepBuilder, caption: String) {
        guard let slot = slots[i] else { return }
        let c = cells.centre(i)
        s.beat(.easeInOut(duration: 0.4)) { d in d.nodes[Self.item(slot.serial)]?.role = .found }
        s.hold(Self.rest * 0.6, caption: caption)
        slots[i] = nil
        s.beat(.easeIn(duration: Self.move)) { d in d.nodes[Self.item(slot.serial)]?.position = Point(c.x, c.y - 0.82) }
        s.beat(.easeIn(duration: 0.3)) { d in d.nodes.remove(Self.item(slot.serial)) }
    }

    /// Makes room for one more: a full array doubles (or, fixed, the step
    /// overflows). Returns whether there is room.
    mutating func room(_ s: inout StepBuilder) -> Bool {
        guard count == slots.count else { return true }
        guard grows else { return false }
        double(&s)
        return true
    }

    /// A row twice as long appears under the full one; the values travel
    /// to it one at a time, in order from the first (a queue's front, so
    /// the buffer unwraps to start at 0); the old row goes and the new one
    /// rises into its place.
    mutating func double(_ s: inout StepBuilder) {
        let old = cells
        let capacity = slots.count
        let fresh = Self.cells(generation + 1, count: 2 * capacity, cell: cell, labelSize: labelSize, y: Self.growY)
        s.beat(.easeOut(duration: Self.enter), caption: "the array is full: a new array of \(2 * capacity) cells") { d in
            fresh.insert(into: &d)
            for i in 0..<fresh.count { d.nodes[fresh.id(i)]?.role = .pointer }
        }
        s.hold(Self.rest)
        let order = (0..<count).map { slots[wrap(front + $0)]! }
        // Quicker as the arrays grow, so that a copy of 32 takes no more
        // than a few seconds more than one of 4.
        let copy = max(0.25, Self.move * 4 / Double(max(count, 4)).squareRoot() / 2)
        for (k, item) in order.enumerated() {
            let from = wrap(front + k)
            // Down out of the row, across between the rows, down into the
            // new cell: over no other value.
            let (a, b) = (old.centre(from), fresh.centre(k))
            let mid = (a.y + b.y) / 2
            s.beat(
                .easeInOut(duration: max(copy + 0.15, 0.95)), caption: "copy \(item.value) to new[\(k)]\(from == k ? "" : " (it was at \(from))")",
                paths: [Self.item(item.serial): .via([Point(a.x, mid), Point(b.x, mid)])]
            ) { d in
                d.nodes[Self.item(item.serial)]?.position = b
            }
        }
        s.hold(Self.rest * 0.6)
        generation += 1
        slots = order.map { Optional($0) } + Array(repeating: nil, count: capacity)
        front = 0
        let p = self
        s.beat(.easeInOut(duration: Self.move), caption: "the old array is freed; the new one takes its place") { d in
            for i in 0..<capacity {
                d.nodes.remove(old.id(i))
                d.texts.remove(old.indexID(i))
            }
        }
        let risen = Self.cells(generation, count: 2 * capacity, cell: cell, labelSize: labelSize, y: 0)
        s.beat(.easeInOut(duration: Self.move)) { d in
            for i in 0..<risen.count { d.nodes[risen.id(i)]?.position = risen.centre(i) }
            for item in order { d.nodes[Self.item(item.serial)]?.position.y = 0 }
            p.arrange(&d)
        }
        s.hold(Self.rest * 0.6)
    }
}
