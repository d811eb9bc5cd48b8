import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// A traversal. A recursive one (inorder, preorder, postorder) is
    /// played as the recursion runs: the ring goes down an edge with each
    /// call and back up it with each return, and a call stack stands beside
    /// the tree, a frame for each call level with the level of its node,
    /// the running call lit; with `--code` the line making each call is
    /// lit, a call on NIL included. A level-order walk has no recursion:
    /// the ring goes from node to node in the queue's order. Each visited
    /// key joins a row under the tree.
    mutating func traverse(_ order: Traversal) {
        let visits = Self.order(order, of: tree)
        step(order.rawValue, note: "\(order.rawValue.capitalized): \(order.rule).") { player, s in
            let code = BSTCode.traversal(order)
            player.code(&s, code.listing, line: 0)
            s.beat(.easeInOut(duration: 0.4), timing: player.queueTiming) { d in player.popQueue(&d) }
            guard !visits.isEmpty else {
                s.hold(1.2, caption: "the tree is empty: nothing to visit")
                return
            }
            s.hold(1.0, caption: "\(order.rawValue): \(order.rule)")
            let row = player.row(count: visits.count)
            if let calls = code.calls {
                player.recurse(order, lines: (calls.left, code.visit, calls.right), row: row, &s)
            } else {
                for (i, n) in visits.enumerated() {
                    player.line(&s, nil)
                    player.walkRing(&s, to: player.elements[n]!, first: i == 0, lighting: false)
                    player.visit(n, index: i, row: row, line: code.visit, &s)
                }
            }
            let all = visits.map { KeyLabel.text(player.tree.key(of: $0)) }.joined(separator: " ")
            s.hold(1.5, caption: "\(order.rawValue): \(all)")
            s.conclude()
            if player.isLast {
                player.answer = "\(order.rawValue): \(all)"
                return
            }
            s.beat(.easeInOut(duration: 0.5)) { d in
                d.texts.removeAll { $0.id.name.hasPrefix("visit") }
                d.marks.remove("ring")
                player.restRoles(&d)
            }
            player.rest(&s)
        }
    }

    /// Visits node `n`, the `index`th: lit, its key written into the row.
    func visit(_ n: NodeID, index i: Int, row: [Point], line: Int, _ s: inout StepBuilder) {
        let id = elements[n]!  // Every node of the tree has an element.
        let key = KeyLabel.text(tree.key(of: n))
        lineWithCaption(&s, line)
        s.beat(.easeOut(duration: 0.3), caption: "visit \(key)") { d in
            d.nodes[id]?.role = .visited
            d.texts.insert(TextElement(id: ElementID("visit", i), text: key, placement: .world(row[i]), size: labelSize))
        }
        s.hold(Self.rest - 0.3)
    }

    /// What a recursive walk does, in order.
    enum WalkEvent: Equatable {
        /// A call on `node`, made by line `line` of the caller (nil: the
        /// first call).
        case call(NodeID, line: Int?)
        /// A call on NIL, made by line `line`: it returns at once.
        case none(line: Int)
        case visit(NodeID)
        /// The call on a child returns to the call on `node`, at the line
        /// `line` that made it.
        case back(to: NodeID, line: Int)
    }

    /// The events of a recursive walk of `tree` from the root, whose
    /// listing makes the left call, the visit and the right call at
    /// `lines` (``BSTCode/traversal(_:)``), in the order of those lines;
    /// kept on a stack of its own, as deep as the tree, not on the machine's.
    static func walk(lines: (left: Int, visit: Int, right: Int), of tree: BinarySearchTree<Int>) -> [WalkEvent] {
        guard let root = tree.root else { return [] }
        let (left, visit, right) = lines
        enum Task { case enter(NodeID, line: Int?), child(NodeID?, line: Int), visit(NodeID), back(NodeID, line: Int) }
        var out = [WalkEvent](), tasks = [Task.enter(root, line: nil)]
        while let task = tasks.popLast() {
            switch task {
            case .enter(let n, let line):
                out.append(.call(n, line: line))
                // In the order the listing runs, pushed last first.
                var body: [(Int, Task)] = [
                    (left, .child(tree.left(of: n), line: left)), (visit, .visit(n)), (right, .child(tree.right(of: n), line: right)),
                ]
                body.sort { $0.0 < $1.0 }
                tasks += body.map(\.1).reversed()
            case .child(let c?, let line):
                if let parent = tree.parent(of: c) { tasks.append(.back(parent, line: line)) }
                tasks.append(.enter(c, line: line))
            case .child(nil, let line): out.append(.none(line: line))
            case .visit(let n): out.append(.visit(n))
            case .back(let n, let line): out.append(.back(to: n, line: line))
            }
        }
        return out
    }

    /// Plays the recursive walk: calls down the edges, returns up them, the
    /// call stack beside the tree.
    mutating func recurse(_ order: Traversal, lines: (left: Int, visit: Int, right: Int), row: [Point], _ s: inout StepBuilder) {
        let stack = CallStack(player: self, order: order)
        var frames = [NodeID](), visited = 0
        for event in Self.walk(lines: lines, of: tree) {
            switch event {
            case .call(let n, let line):
                // The line making the call is lit with its caption.
                lineWithCaption(&s, line ?? 0)
                frames.append(n)
                let now = frames
                let caption = "call \(stack.name(n))"
                if frames.count == 1 {
                    s.beat(.easeOut(duration: 0.3), caption: caption) { d in
                        d.marks.insert(.ring("ring", on: self.elements[n]!))
                        stack.draw(now, &d)
                    }
                } else {
                    s.moveRing("ring", to: elements[n]!, move: .easeInOut(duration: Self.move), caption: caption) { d in stack.draw(now, &d) }
                }
            case .none(let line):
                // A call on NIL returns at once: lit only when the code shows,
                // without a caption, for as long as a line takes to see.
                guard options.code else { continue }
                self.line(&s, line)
                s.hold(0.5)
            case .visit(let n):
                visit(n, index: visited, row: row, line: lines.visit, &s)
                visited += 1
            case .back(let n, let line):
                frames.removeLast()
                let now = frames
                lineWithCaption(&s, line)
                s.moveRing("ring", to: elements[n]!, move: .easeInOut(duration: Self.move), caption: "back in \(stack.name(n))") { d in
                    stack.draw(now, &d)
                }
            }
        }
        // The first call returns: the stack empties.
        s.beat(.easeInOut(duration: 0.4)) { d in stack.draw([], &d) }
    }
    /// The places of `count` visited keys: rows of at most twelve, centred
    /// under the tree.
    func row(count: Int) -> [Point] {
        let places = positions(of: tree).values
        let minX = places.map(\.x).min() ?? 0, maxX = places.map(\.x).max() ?? 0
        let bottom = (places.map(\.y).max() ?? 0) + BSTGeometry.radius + 0.9 * labelSize + 0.4
        let pitch = max(labels.width(of: "\u{2212}88") * labelSize + 0.3, 2 * BSTGeometry.radius)
        let perRow = 12
        return (0..<count).map { i in
            let r = i / perRow, inRow = min(perRow, count - r * perRow)
            let x0 = (minX + maxX) / 2 - Double(inRow - 1) * pitch / 2
            return Point(x0 + Double(i % perRow) * pitch, bottom + Double(r) * 1.4 * labelSize)
        }
    }

    /// The nodes of `tree` in `order`.
    static func order(_ order: Traversal, of tree: BinarySearchTree<Int>) -> [NodeID] {
        switch order {
        case .inorder: return tree.inorder
        case .preorder: return tree.preorder
        case .postorder:
            // Reversed "node, right, left" preorder.
            var out = [NodeID](), stack = tree.root.map { [$0] } ?? []
            while let n = stack.popLast() {
                out.append(n)
                if let l = tree.left(of: n) { stack.append(l) }
                if let r = tree.right(of: n) { stack.append(r) }
            }
            return out.reversed()
        case .levelorder:
            var out = [NodeID](), level = tree.root.map { [$0] } ?? []
            while !level.isEmpty {
                out += level
                level = level.flatMap { [tree.left(of: $0), tree.right(of: $0)].compactMap { $0 } }
            }
            return out
        }
    }
}

/// The call stack a recursive walk draws beside the tree: a frame for each
/// call (`inorder(30)`), each at the height of its node's level, the newest
/// at the bottom and lit, under a heading.
struct CallStack {
    let order: Traversal
    let keys: [NodeID: Int]
    let places: [NodeID: Point]
    let left: Double
    let size: Size
    let labelSize: Double

    static let heading = ElementID("call:heading")
    static func frame(_ depth: Int) -> ElementID { ElementID("call:\(depth)") }

    /// The gap between the tree and the stack, in layout units.
    static let gap = 0.6

    /// The room the call stacks of `operations`' recursive walks take
    /// beside the tree, the gap before them included: as wide as the
    /// widest frame any could draw, `postorder(−88)`; 0 without one.
    static func room(_ operations: [BSTOperation], labels: LabelFit, labelSize: Double) -> Double {
        var orders = Set<String>(), widestKey = 0.0
        for op in operations {
            switch op {
            case .traverse(let order) where order != .levelorder: orders.insert(order.rawValue)
            case .insert(let k): widestKey = max(widestKey, labels.width(of: KeyLabel.text(k)))
            default: break
            }
        }
        guard let widestCall = orders.map({ labels.width(of: "\($0)()") }).max() else { return 0 }
        return (widestCall + widestKey) * labelSize + 0.3 + gap
    }

    init(player: BSTPlayer, order: Traversal) {
        self.order = order
        let tree = player.tree
        var keys = [NodeID: Int](), places = [NodeID: Point]()
        let at = player.positions(of: tree)
        for n in tree.preorder {
            keys[n] = tree.key(of: n)
            places[n] = at[player.elements[n]!]
        }
        self.keys = keys
        self.places = places
        labelSize = player.labelSize
        // As wide as the room the tree left for it: the widest frame of
        // the program's walks.
        size = Size(width: player.callStackRoom - Self.gap, height: min(2 * BSTGeometry.radius, player.geometry.levelGap * 0.85))
        left = (places.values.map(\.x).max() ?? 0) + BSTGeometry.radius + Self.gap
    }

    /// How a caption and a frame name the call on `n`: `inorder(30)`.
    func name(_ n: NodeID) -> String { "\(order.rawValue)(\(KeyLabel.text(keys[n] ?? 0)))" }

    /// Draws the frames of the calls on `calls`, the first the outermost,
    /// in place of those drawn before.
    func draw(_ calls: [NodeID], _ d: inout Diagram) {
        for (depth, n) in calls.enumerated() {
            let p = Point(left + size.width / 2, places[n]?.y ?? 0)
            d.nodes.insert(.box(Self.frame(depth), at: p, size: size, cornerRadius: 0.08, label: name(n), labelSize: labelSize,
                                role: depth == calls.count - 1 ? .new : .normal))
        }
        let drawn = Set((0..<calls.count).map(Self.frame))
        d.nodes.removeAll { $0.id.name.hasPrefix("call:") && !drawn.contains($0.id) }
        if calls.isEmpty {
            d.texts.remove(Self.heading)
        } else if d.texts[Self.heading] == nil, let top = places.values.map(\.y).min() {
            d.texts.insert(TextElement(id: Self.heading, text: "call stack", placement: .world(Point(left + size.width / 2, top - size.height * 0.5 - labelSize)),
                                       size: labelSize * 0.85, role: .muted))
        }
    }
}
