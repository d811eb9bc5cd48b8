import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// A traversal: the ring visits the nodes in the order's turn, and each
    /// visited key joins a row under the tree.
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
            for (i, n) in visits.enumerated() {
                let id = player.elements[n]!  // Every node of the tree has an element.
                let key = KeyLabel.text(player.tree.key(of: n))
                player.line(&s, nil)
                player.walkRing(&s, to: id, first: i == 0, lighting: false)
                player.line(&s, code.visit)
                s.beat(.easeOut(duration: 0.3), caption: "visit \(key)") { d in
                    d.nodes[id]?.role = .visited
                    d.texts.insert(
                        TextElement(
                            id: ElementID("visit", i), text: key, placement: .world(row[i]), size: player.labelSize))
                }
                s.hold(Self.rest - 0.3)
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
