import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// A node's balance-factor badge: above it on the right, small, centred
    /// so that a changing value cross-fades in place.
    static func badge(of node: ElementID) -> ElementID { ElementID("bf:" + node.name) }

    /// How a balance factor is written on its badge: `+1`, `0`, `−1`.
    static func badgeText(_ balance: Int) -> String {
        balance > 0 ? "+\(balance)" : balance < 0 ? "\u{2212}\(-balance)" : "0"
    }

    /// A subtree's height as the captions write it, in edges as the
    /// counter and CLRS count it: a subtree of `nodes` levels has height
    /// `nodes − 1`, so a leaf's is 0 and an empty subtree's −1.
    static func heightText(_ nodes: Int) -> String {
        nodes == 0 ? "\u{2212}1" : "\(nodes - 1)"
    }

    /// The badge of `node` (its element `id`) showing `balance`: 0.85 of a
    /// node's label, which a tree of ten keys draws at 24 px or more on a
    /// 720p frame, so that the badge is 20 px or more (at 0.62 it was 15
    /// to 19). It stands over the node's shoulder away from its parent,
    /// the top left of a left child and the top right of any other node,
    /// so that the edge up to the parent does not run through it.
    func badge(_ id: ElementID, of node: NodeID, _ balance: Int, role: Role = .muted) -> TextElement {
        let r = BSTGeometry.radius
        let left = tree.parent(of: node).map { tree.left(of: $0) == node } ?? false
        return TextElement(
            id: Self.badge(of: id), text: Self.badgeText(balance),
            placement: .node(id, offset: Vector(r * (left ? -1.7 : 1.7), -r * 1.05)), size: labelSize * Self.badgeSize,
            alignment: .center, role: role)
    }

    /// A balance factor's size, as a fraction of a node's label.
    static let badgeSize = 0.85

    /// Every node's badge showing its true balance factor now, plain.
    func refreshBadges(_ d: inout Diagram) {
        for n in tree.preorder {
            guard let id = elements[n], d.nodes.contains(id) else { continue }
            d.texts.insert(badge(id, of: n, tree.balance(of: n)))
        }
    }

    /// The walk back up after an AVL insert or delete, from `start` to the
    /// root, as its own step: the ring climbs node by node, each badge
    /// showing the balance found there; a node at ±2 is marked, its case
    /// named, and the rotations glide the nodes to their new places, the
    /// edges that change parent swinging over.
    mutating func rebalance(from start: NodeID?, after operation: String) {
        guard let start else { return }
        var probe = tree
        let visits = probe.rebalanceAVL(from: start)
        let fixes = visits.compactMap { visit in visit.fix.map { Self.fixCaption($0, at: visit.node, in: tree) } }
        let note = fixes.isEmpty
            ? "Every node on the way up is within one of balance: no rotation. Heights count edges: a leaf's is 0, an empty subtree's −1."
            : fixes.joined(separator: "; ") + ". Heights count edges: a leaf's is 0, an empty subtree's −1."
        step("back up from \(operation): balance", note: note) { player, s in
            player.code(&s, BSTCode.avl, line: BSTCode.AVL.start)
            for (i, visit) in visits.enumerated() {
                player.lineWithCaption(&s, BSTCode.AVL.update)
                // Every node visited is in the tree and has an element.
                let id = player.elements[visit.node]!
                let key = KeyLabel.text(player.tree.key(of: visit.node))
                let left = Self.heightText(player.tree.height(of: player.tree.left(of: visit.node)))
                let right = Self.heightText(player.tree.height(of: player.tree.right(of: visit.node)))
                let found = "\(key): heights \(left) and \(right), balance \(Self.badgeText(visit.balance))"
                player.walkRing(&s, to: id, first: i == 0, lighting: false, caption: found)
                s.beat(.easeInOut(duration: 0.3)) { d in
                    d.texts.insert(player.badge(id, of: visit.node, visit.balance, role: visit.fix == nil ? .normal : .accent))
                }
                s.hold(Self.rest)
                guard let fix = visit.fix else {
                    player.line(&s, BSTCode.AVL.up)
                    s.beat(.easeInOut(duration: 0.2)) { d in d.texts[Self.badge(of: id)]?.role = .muted }
                    continue
                }
                player.line(&s, visit.balance > 0 ? BSTCode.AVL.leftHeavy : BSTCode.AVL.rightHeavy)
                let caption = Self.fixCaption(fix, at: visit.node, in: player.tree)
                s.beat(.easeInOut(duration: 0.4), caption: caption) { d in d.nodes[id]?.role = .visited }
                s.hold(Self.mark)
                for (k, rotation) in fix.rotations.enumerated() {
                    let inner = k == 0 && fix.rotations.count == 2
                    player.line(&s, visit.balance > 0
                        ? inner ? BSTCode.AVL.innerLeft : BSTCode.AVL.rotateRight
                        : inner ? BSTCode.AVL.innerRight : BSTCode.AVL.rotateLeft)
                    player.rotate(&s, rotation)
                }
                let top = KeyLabel.text(player.tree.key(of: fix.top))
                s.beat(.easeInOut(duration: 0.4), caption: "balanced: \(top) is this subtree's root now") { d in
                    d.nodes[id]?.role = player.restingRole(of: visit.node)
                    player.refreshBadges(&d)
                }
                s.hold(Self.mark)
            }
            s.conclude()
            s.beat(.easeInOut(duration: Self.unmark)) { d in
                d.marks.remove("ring")
                player.refreshBadges(&d)
            }
            player.rest(&s)
        }
    }

    /// `LL at 30: rotate right`, `LR at 30: rotate left at 10, then right at 30`.
    static func fixCaption(_ fix: AVLVisit.Fix, at node: NodeID, in tree: BinarySearchTree<Int>) -> String {
        let at = KeyLabel.text(tree.key(of: node))
        let word = { (r: Rotation) in r.direction == .left ? "left" : "right" }
        if fix.rotations.count == 1 { return "\(fix.kind.rawValue) at \(at): rotate \(word(fix.rotations[0]))" }
        let first = fix.rotations[0]
        return "\(fix.kind.rawValue) at \(at): rotate \(word(first)) at \(KeyLabel.text(tree.key(of: first.node))), then \(word(fix.rotations[1])) at \(at)"
    }

    /// One rotation as one motion: every node glides to its place in the
    /// rotated tree while the edges that change parent swing over; the
    /// node going down and the child coming up pass each other on arcs.
    mutating func rotate(_ s: inout StepBuilder, _ rotation: Rotation) {
        let down = elements[rotation.node]!  // Every node of the tree has an element.
        let upNode = tree.child(rotation.direction.opposite, of: rotation.node)!  // A rotation lifts a child.
        let up = elements[upNode]!
        tree.rotate(rotation.direction, at: rotation.node)
        let places = positions(of: tree)
        // Clockwise for a right rotation, as a teacher's hand turns it.
        let bend = rotation.direction == .right ? 0.3 : -0.3
        // A red-black tree's empty places hang from the two and ride along.
        var paths: [ElementID: MotionPath] = [down: .arc(bend: bend), up: .arc(bend: bend)]
        for id in [down, up] {
            for side in [Direction.left, .right] { paths[Self.emptyPlace(under: id, side)] = .arc(bend: bend) }
        }
        s.beat(options.easing.animation(duration: 1.0), paths: paths) { d in
            // The nodes ride arcs, so an edge changing parent is handed
            // over at its child rather than sliding through the air
            // between them.
            self.arrange(&d, places, swing: .handOver)
            // A rotation can change the height the counter shows; the two
            // nodes it turns change balance as they move, and their badges
            // with them (the ancestors' wait for the walk to reach them).
            self.bottom.count(self.tree, into: &d)
            if self.options.balancing == .avl {
                for (node, id) in [(rotation.node, down), (upNode, up)] {
                    d.texts.insert(self.badge(id, of: node, self.tree.balance(of: node)))
                }
            }
        }
        s.hold(0.3)
    }
}
