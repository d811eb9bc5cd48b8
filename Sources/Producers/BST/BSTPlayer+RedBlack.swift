import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// A node's colour as its role.
    static func role(_ color: RBColor) -> Role { color == .red ? .red : .black }

    /// The role a node of the tree has at rest: its colour in a red-black
    /// tree, plain otherwise.
    func restingRole(of node: NodeID) -> Role {
        options.balancing == .redBlack ? Self.role(colors.color(of: node)) : .normal
    }

    /// Every node of the tree back in its resting role.
    func restRoles(_ d: inout Diagram) {
        for n in tree.preorder {
            if let id = elements[n] { d.nodes[id]?.role = restingRole(of: n) }
        }
    }

    // MARK: Empty places

    /// The element of the empty place on `side` of `parent`'s element.
    static func emptyPlace(under parent: ElementID, _ side: Direction) -> ElementID {
        ElementID("nil:" + parent.name + (side == .left ? ":L" : ":R"))
    }

    /// The empty places drawn: every one with `--show-nil`, else only the
    /// one carrying a removed black node's extra black.
    func emptyPlaces(_ d: Diagram) -> [(parent: ElementID, side: Direction)] {
        guard options.balancing == .redBlack else { return [] }
        var out = [(parent: ElementID, side: Direction)]()
        for n in tree.preorder {
            guard let id = elements[n], d.nodes.contains(id) else { continue }
            for side in [Direction.left, .right] where tree.child(side, of: n) == nil {
                if options.showNil || doubleBlack.map({ $0.parent == n && $0.side == side }) == true {
                    out.append((id, side))
                }
            }
        }
        return out
    }

    /// The side of an empty place's square.
    static let emptySquare = BSTGeometry.radius

    /// Draws the empty places `emptyPlaces` names as small black squares
    /// hanging under their node, a third of a column to the side: in key
    /// order no node stands between two keys' columns, and in a tidy
    /// layout two neighbours' squares keep apart.
    func arrangeEmptyPlaces(_ d: inout Diagram, _ places: [ElementID: Point]) -> [TreeLink] {
        var shown = Set<ElementID>()
        var links = [TreeLink]()
        for (parent, side) in emptyPlaces(d) {
            guard let p = places[parent] ?? d.nodes[parent]?.position else { continue }
            let id = Self.emptyPlace(under: parent, side)
            // A node's radius across (at 0.7 of it, it came out 21 px on
            // a 720p frame for CLRS's ten keys, and about 17 where a taller
            // tree's nodes are 48 px: too small to see as what a fix-up is
            // about), low enough to stand clear of its node.
            let square = Self.emptySquare
            let spot = Point(
                p.x + (side == .left ? -0.3 : 0.3) * geometry.spread,
                p.y + max(geometry.levelGap * 0.6, BSTGeometry.radius + 2 * BSTGeometry.margin + square / 2 + 0.1))
            if d.nodes.contains(id) {
                d.nodes[id]?.position = spot
            } else {
                d.nodes.insert(.box(id, at: spot, size: Size(width: square, height: square), cornerRadius: square * 0.12, label: "", labelSize: 0, role: .black))
            }
            shown.insert(id)
            links.append(TreeLink(parent: parent, child: id))
        }
        d.nodes.removeAll { $0.id.name.hasPrefix("nil:") && !shown.contains($0.id) }
        return links
    }

    // MARK: Fix-ups

    /// After an insert: the new red node checked against its parent, and
    /// each case of the fix-up, as its own step.
    mutating func fixAfterInsert(_ added: NodeID, key: Int) {
        var probe = tree, probeColors = colors
        let fixes = probe.fixInsert(from: added, colors: &probeColors)
        let k = KeyLabel.text(key)
        let start: String
        if let p = tree.parent(of: added) {
            let pk = KeyLabel.text(tree.key(of: p))
            start = colors.color(of: p) == .black
                ? "\(k) is red, its parent \(pk) is black: the rules hold"
                : "\(k) is red and so is its parent \(pk): a red node with a red child"
        } else {
            start = "\(k) is the root, and red"
        }
        playFixes(fixes, from: added, start: start, after: "insert \(k)", code: BSTCode.redBlackInsert)
    }

    /// After a delete: when a black node left, the extra black it leaves
    /// and each case of the fix-up, as its own step.
    mutating func fixAfterRemoval(_ key: Int) {
        let k = KeyLabel.text(key)
        guard let extra = extraBlack else {
            step("check colours after delete \(k)", note: "The node that left the tree was red: no path lost a black node.") { player, s in
                player.code(&s, BSTCode.redBlackDelete, line: nil)
                s.hold(1.2, caption: "a red node left the tree: the rules hold")
                player.rest(&s)
            }
            return
        }
        extraBlack = nil
        if extra.node == nil, let p = extra.parent {
            // A removed black leaf's empty place: drawn while it carries the extra black.
            doubleBlack = (p, tree.left(of: p) == nil ? .left : .right)
        }
        var probe = tree, probeColors = colors
        let fixes = probe.fixRemoval(at: extra.node, under: extra.parent, colors: &probeColors)
        let place = extra.node.map { KeyLabel.text(tree.key(of: $0)) } ?? "the empty place"
        let start = "a black node left: \(place) carries an extra black"
        playFixes(fixes, from: extra.node, start: start, after: "delete \(k)", code: BSTCode.redBlackDelete)
    }

    /// The fix-up's own step: a ring on the node it is at, each case named
    /// as the ring reaches its node, the recolourings as colour tweens and
    /// each rotation one glide.
    private mutating func playFixes(
        _ fixes: [RBFix], from start: NodeID?, start caption: String, after operation: String, code: CodeListing
    ) {
        let note = fixes.isEmpty
            ? "Nothing to fix."
            : fixes.map { Self.fixText($0, in: tree, colors: colors) }.joined(separator: "; ") + "."
        step("check colours after \(operation)", note: note) { player, s in
            let places = player.positions(of: player.tree)
            player.code(&s, code, line: code == BSTCode.redBlackInsert ? BSTCode.RBInsert.loop : BSTCode.RBDelete.loop)
            s.beat(.easeInOut(duration: 0.4)) { d in player.arrange(&d, places) }
            player.walkRing(&s, to: player.focus(start, under: player.doubleBlack?.parent), first: true, lighting: false, caption: caption)
            s.hold(Self.rest * 1.5)
            for fix in fixes {
                let text = Self.fixText(fix, in: player.tree, colors: player.colors)
                let at = player.focus(fix.node, under: fix.parent)
                if s.diagram.marks["ring"]?.placement != .on(at) {
                    player.walkRing(&s, to: at, first: false, lighting: false)
                }
                player.line(&s, Self.codeLine(of: fix, inserting: code == BSTCode.redBlackInsert))
                s.hold(0.2, caption: text)
                s.hold(Self.rest)
                if !fix.recolours.isEmpty {
                    s.beat(.easeInOut(duration: 0.7)) { d in
                        for r in fix.recolours {
                            player.colors.set(r.node, r.color)
                            if let id = player.elements[r.node] { d.nodes[id]?.role = Self.role(r.color) }
                        }
                    }
                    s.hold(Self.rest)
                }
                if let rotation = fix.rotation {
                    if case .innerChild = fix.case {} else if case .outerChild = fix.case { player.line(&s, BSTCode.RBInsert.rotate3) }
                    player.rotate(&s, rotation)
                    s.hold(Self.rest - 0.3)
                }
                if case .nephewsBlack = fix.case { player.doubleBlack = nil }
            }
            player.doubleBlack = nil
            if !fixes.isEmpty { s.hold(0.2, caption: "red-black again: black root, no red under red") }
            s.hold(Self.mark)
            s.conclude()
            let places2 = player.positions(of: player.tree)
            s.beat(.easeInOut(duration: Self.unmark)) { d in
                d.marks.remove("ring")
                player.arrange(&d, places2)
                player.restRoles(&d)
            }
            player.rest(&s)
        }
    }

    /// The line of the fix-up's listing that `fix` is.
    static func codeLine(of fix: RBFix, inserting: Bool) -> Int {
        switch fix.case {
        case .uncleRed: BSTCode.RBInsert.case1
        case .innerChild: BSTCode.RBInsert.case2
        case .outerChild: BSTCode.RBInsert.case3
        case .siblingRed: BSTCode.RBDelete.case1
        case .nephewsBlack: BSTCode.RBDelete.case2
        case .nearNephewRed: BSTCode.RBDelete.case3
        case .farNephewRed: BSTCode.RBDelete.case4
        // The last line of either listing colours a node black.
        case .colourBlack: inserting ? BSTCode.RBInsert.root : BSTCode.RBDelete.done
        }
    }

    /// The element a fix-up's ring sits on: the node, or the empty place
    /// under `parent` that carries the extra black.
    func focus(_ node: NodeID?, under parent: NodeID?) -> ElementID {
        if let node, let id = elements[node] { return id }
        // The extra black's empty place hangs under a node of the tree.
        let p = parent!
        let side: Direction = tree.left(of: p) == nil ? .left : .right
        return Self.emptyPlace(under: elements[p]!, side)
    }

    /// What a case is and does, for the caption, numbered as CLRS numbers
    /// them: `case 1: uncle 12 is red: recolour …`, `case 3: … rotate
    /// left at 40`.
    static func fixText(_ fix: RBFix, in tree: BinarySearchTree<Int>, colors: RedBlackColors) -> String {
        let key = { (n: NodeID?) in n.map { KeyLabel.text(tree.key(of: $0)) } ?? "nil" }
        let turn = { (r: Rotation?) in r.map { "rotate \($0.direction == .left ? "left" : "right") at \(key($0.node))" } ?? "" }
        let p = key(fix.parent)
        switch fix.case {
        case .uncleRed(let uncle):
            let g = key(fix.parent.flatMap { tree.parent(of: $0) })
            return "case 1: uncle \(key(uncle)) is red: recolour \(p) and \(key(uncle)) black, \(g) red"
        case .innerChild(let uncle):
            return "case 2: uncle \(key(uncle)) is black, \(key(fix.node)) an inner child: \(turn(fix.rotation))"
        case .outerChild(let uncle):
            let g = key(fix.rotation?.node)
            return "case 3: uncle \(key(uncle)) is black: \(p) black, \(g) red, \(turn(fix.rotation))"
        case .siblingRed(let w):
            return "case 1: sibling \(key(w)) is red: \(key(w)) black, \(p) red, \(turn(fix.rotation))"
        case .nephewsBlack(let w):
            return "case 2: sibling \(key(w)) has no red child: \(key(w)) red, the extra black moves up to \(p)"
        case .nearNephewRed(let w, let n):
            return "case 3: \(key(w))'s near child \(key(n)) is red: swap their colours, \(turn(fix.rotation))"
        case .farNephewRed(let w, let n):
            return "case 4: \(key(w))'s far child \(key(n)) is red: recolour, \(turn(fix.rotation)), done"
        case .colourBlack:
            return fix.node == tree.root ? "the root \(key(fix.node)) is red: colour it black" : "\(key(fix.node)) is red: colour it black, done"
        }
    }
}
