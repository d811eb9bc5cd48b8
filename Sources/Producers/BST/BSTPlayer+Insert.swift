import Diagram
import Geometry
import Trees
import Tween

extension BSTPlayer {
    /// Insert: the tree makes room and a ghost marks the empty slot the key
    /// is heading for; the key rides as a token beside the ring down the
    /// comparison path, on routes that keep clear of every node; it drops
    /// into the slot as its edge grows, and stays marked for a moment.
    mutating func insert(_ key: Int) {
        let result = tree.insert(key)
        if options.balancing == .redBlack { colors.set(result.id, .red) }
        let id = element(for: result.id)
        let after = positions(of: tree)
        let o = options
        let label = KeyLabel.text(key)
        let first = builder.script.steps.isEmpty

        guard let parent = result.path.last else {
            // The empty tree: the key becomes the root, at once on the first
            // frame of an animation, so the first frame is not blank.
            step("insert \(label)", note: "The tree is empty, so \(label) becomes the root.") { player, s in
                player.code(&s, BSTCode.insert, line: BSTCode.Insert.root)
                s.beat(first ? .linear(duration: 0) : .easeOut(duration: Self.enter), timing: first ? [:] : player.queueTiming) { d in
                    player.popQueue(&d)
                    d.nodes.insert(player.node(id, key: key, at: after[id]!, role: .new))
                    player.bottom.count(player.tree, into: &d)
                    if o.balancing == .avl { d.texts.insert(player.badge(id, of: result.id, 0)) }
                }
                s.hold(Self.mark, caption: "empty tree: \(label) becomes the root")
                s.conclude()
                s.beat(.easeInOut(duration: Self.unmark)) { d in d.nodes[id]?.role = player.restingRole(of: result.id) }
                player.rest(&s)
            }
            return
        }

        // The token's routes, planned against the tree after it made room:
        // while it rides, the ghost in the slot is in its way like a node;
        // when it lands, the slot is where it goes.
        let slot = after[id]!  // The layout places the new node.
        let landing = RoutePlanner(nodes: obstacles(after, except: id))
        let planner = RoutePlanner(nodes: landing.nodes + [slot])
        let places = result.path.map { after[elements[$0.node]!]! }  // Every node on the path is placed.
        let enterSpot = planner.spot(beside: places[0], side: result.path[0].direction)
            ?? Point(places[0].x, places[0].y - 1)
        let parentID = elements[parent.node]!
        let note = "Compare \(label) with each node from the root: "
            + result.path.map { "\(label) \($0.direction == .left ? "<" : ">") \(KeyLabel.text($0.key))" }.joined(separator: ", ")
            + ". It goes in as the \(parent.direction == .left ? "left" : "right") child of \(KeyLabel.text(parent.key))."
        step("insert \(label)", note: note) { player, s in
            // 1. The tree makes room; a ghost marks the slot; the key comes
            // in as a token beside the root.
            player.code(&s, BSTCode.insert, line: BSTCode.Insert.start)
            s.beat(o.easing.animation(duration: Self.makeRoom), timing: player.queueTiming) { d in
                player.popQueue(&d)
                player.arrange(&d, after)
            }
            // Once the tree has made room, the ghost shows the slot and the
            // key comes in.
            s.beat(.easeOut(duration: Self.enter)) { d in
                var ghost = player.node("ghost", key: key, at: slot, role: .ghost)
                ghost.label = ""
                d.nodes.insert(ghost)
                // The token is small, but its key reads: drawn at most of
                // a node's label size (under the floor it would be left
                // out), back to a node's size as it lands.
                var token = player.node(id, key: key, at: enterSpot, role: .new, scale: BSTGeometry.tokenScale)
                token.labelSize = player.tokenLabelSize
                d.nodes.insert(token)
            }
            // 2. The comparisons: the ring moves on, the token follows,
            // and the caption says the decision once the ring is there.
            var token = enterSpot
            for (i, step) in result.path.enumerated() {
                let at = places[i]
                let node = player.elements[step.node]!
                let caption = "\(label) \(step.direction == .left ? "<" : ">") \(KeyLabel.text(step.key)) → \(step.direction == .left ? "left" : "right")"
                // With no clear route the token fades out and back in
                // beside the node; nothing is ever crossed.
                let legs = i == 0 ? [] : planner.route(from: token, toRestBeside: at, side: step.direction)
                    ?? planner.spot(beside: at, side: step.direction).map { player.fade(&s, id, to: $0) }
                player.lineWithCaption(&s, step.direction == .left ? BSTCode.Insert.left : BSTCode.Insert.right)
                player.walkRing(&s, to: node, first: i == 0, token: (id, legs ?? []), caption: caption)
                if let end = legs?.last { token = end }
                s.hold(Self.rest)
            }
            // 3. The drop: the token lands in the slot and grows to a node
            // as its edge grows from the parent; the ghost goes, the ring
            // and the lit path fade.
            // With no clear way down, the token fades out and back in at
            // the slot's edge rather than pass over a node.
            let legs = landing.route(from: token, toLandAt: slot) ?? {
                s.beat(.easeIn(duration: 0.2)) { d in d.nodes[id]?.opacity = 0 }
                s.beat(.linear(duration: 0)) { d in
                    d.nodes.remove("ghost")
                    d.nodes[id]?.position = slot
                }
                s.beat(.easeOut(duration: 0.3)) { d in d.nodes[id]?.opacity = 1 }
                return [slot]
            }()
            player.line(&s, parent.direction == .left ? BSTCode.Insert.linkLeft : BSTCode.Insert.linkRight)
            let lit = result.path.dropFirst().map { ElementID.edge(to: player.elements[$0.node]!) }
            let side = parent.direction == .left ? "left" : "right"
            let fade = Animation.easeInOut(duration: 0.5)
            var timing = Dictionary(uniqueKeysWithValues: lit.map { ($0, fade) })
            timing["ring"] = fade
            // The ghost is gone before the token comes near: a place, not a
            // node, it must never be under the key.
            timing["ghost"] = .easeIn(duration: 0.15)
            // The token travels small to the slot's edge, then grows into
            // it: the route was planned clear for the small token.
            let lastStart = legs.count >= 2 ? legs[legs.count - 2] : s.diagram.nodes[id]?.position ?? token
            let gap = slot.distance(to: lastStart)
            let approach = gap > BSTGeometry.radius ? slot.interpolated(towards: lastStart, amount: BSTGeometry.radius / gap) : lastStart
            s.beat(
                .easeIn(duration: Self.drop * 0.7), caption: "\(label) becomes the \(side) child of \(KeyLabel.text(parent.key))",
                timing: timing, paths: [id: .via(Array(legs.dropLast()))]
            ) { d in
                d.marks.remove("ring")
                d.nodes.remove("ghost")
                for e in lit { d.edges[e]?.role = .normal }
                d.nodes[id]?.position = approach
            }
            s.beat(.easeOut(duration: Self.drop * 0.5)) { d in
                d.nodes[id]?.position = slot
                d.nodes[id]?.scale = 1
                d.nodes[id]?.labelSize = player.labelSize
                d.edges.insert(.tree(from: parentID, to: id))
                player.bottom.count(player.tree, into: &d)
                if o.balancing == .avl { d.texts.insert(player.badge(id, of: result.id, 0)) }
            }
            // 4. The new key stays marked for a moment, then a pause.
            s.hold(Self.mark)
            s.conclude()
            s.beat(.easeInOut(duration: Self.unmark)) { d in d.nodes[id]?.role = player.restingRole(of: result.id) }
            player.rest(&s)
        }
    }

    /// Fades `id` out, puts it at `spot` and fades it back in; the legs of
    /// the move that is left: the spot itself, where it already is.
    func fade(_ s: inout StepBuilder, _ id: ElementID, to spot: Point) -> [Point] {
        s.beat(.easeIn(duration: 0.2)) { d in d.nodes[id]?.opacity = 0 }
        s.beat(.linear(duration: 0)) { d in d.nodes[id]?.position = spot }
        s.beat(.easeOut(duration: 0.3)) { d in d.nodes[id]?.opacity = 1 }
        return [spot]
    }

    /// Moves the ring onto `node` (fading it in there when `first`), with the
    /// edge into the node lit, and the token along its legs, if any.
    /// `caption` shows as the ring comes in, nine tenths of the way: from
    /// the first frame the ring is at the node, the caption speaks of it.
    func walkRing(
        _ s: inout StepBuilder, to node: ElementID, first: Bool, token: (id: ElementID, legs: [Point])? = nil,
        lighting: Bool = true, caption: String? = nil
    ) {
        if first {
            s.beat(.easeOut(duration: 0.3), caption: caption) { d in d.marks.insert(.ring("ring", on: node)) }
            return
        }
        s.moveRing(
            "ring", to: node, move: .easeInOut(duration: Self.move), caption: caption,
            lighting: lighting ? .edge(to: node) : nil, rider: token.map { ($0.id, $0.legs) })
    }
}
