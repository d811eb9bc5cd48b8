import Diagram
import Geometry
import Raster
import Trees
import Tween

/// Writes a B-tree's script from the events of its model: each node is a
/// tray of key cells, laid out by the sized tidy layout, each child pointer
/// leaving from the gap between two keys (or an end) of its parent. Keys
/// are nodes of their own, so a median rises into its parent, a separator
/// comes down into a merge and a borrowed key moves through the parent.
/// A B+ tree's internal keys are separators (`sep:`) apart from the keys
/// in its leaves (`key:`), and its leaves are linked left to right.
struct BTreePlayer: StepPlayer {
    var builder: ScriptBuilder
    let options: BTreeOptions
    let cell: Size
    /// The tree as last drawn.
    var tree: BTree
    var isFirstStep = true
    var queue: [(id: ElementID, text: String)]
    var bottom: OperationBand

    static let labelSize = 0.34
    /// The tray's margin round its cells.
    static let pad = 0.07
    static let levelGap = 1.15
    static let camera = CameraOptions(maxUnit: 0.2, padding: 0.3, animation: .easeInOut(duration: 0.7), bottomBand: OperationBand.band)

    static let move = 0.8
    /// The least a caption of its own stays on screen.
    static let read = 1.0
    static let ring: ElementID = "walk"

    init(options: BTreeOptions, operations: [String], keys: [Int], stage: Stage, labels: LabelFit) {
        self.options = options
        cell = Self.cell(keys: keys, labels: labels)
        tree = BTree(rule: options.rule, plus: options.plus)
        bottom = OperationBand(stage: stage, labels: labels)
        bottom.counterRoom = "n = 150 · height 9 · " + Self.rule(options.rule)
        builder = ScriptBuilder(camera: Self.camera, palette: .btree)
        queue = operations.enumerated().map { (ElementID("queue", $0.offset), $0.element) }
    }

    /// A cell as wide as the widest key.
    static func cell(keys: [Int], labels: LabelFit) -> Size {
        let widest = keys.map { labels.width(of: KeyLabel.text($0)) * labelSize }.max() ?? 0.3
        return Size(width: max(0.78, widest + 0.3), height: 0.72)
    }

    /// Wide enough for a key in flight to pass between two nodes of a
    /// level (their trays' margins aside), and for a B+ tree's leaf links
    /// to show.
    var siblingGap: Double { max(options.plus ? 0.9 : 0.55, cell.width - 2 * Self.pad + 0.04) }

    // MARK: Ids

    static func frame(_ n: NodeID) -> ElementID { ElementID("bnode:\(n.rawValue)") }
    static func key(_ k: Int, separator: Bool) -> ElementID { ElementID((separator ? "sep:" : "key:") + String(k)) }
    static func link(_ n: NodeID) -> ElementID { ElementID("leaf:\(n.rawValue)") }

    // MARK: Layout

    /// Where each node of `pose` stands, and its size.
    struct Placed {
        var centre: [NodeID: Point] = [:]
        var size: [NodeID: Size] = [:]
        var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    }

    func size(slots: Int) -> Size {
        Size(width: Double(max(slots, 1)) * cell.width + 2 * Self.pad, height: cell.height + 2 * Self.pad)
    }

    func place(_ pose: BTreePose) -> Placed {
        guard let root = pose.root else { return Placed() }
        func build(_ id: NodeID) -> Tree<NodeID> {
            Tree(id, children: (pose.nodes[id]?.children ?? []).map { build($0.id) })
        }
        let shape = build(root)
        let drawing = SizedTidyLayout(levelGap: Self.levelGap, siblingGap: siblingGap)
            .drawing(of: shape) { size(slots: pose.nodes[$0]?.slots.count ?? 1) }
        var out = Placed()
        for (id, p) in zip(shape.preorder, drawing.positions.preorder) {
            out.centre[id] = p
            out.size[id] = size(slots: pose.nodes[id]?.slots.count ?? 1)
        }
        out.bounds = drawing.bounds
        return out
    }

    /// The centre of slot `i` of a node at `centre` with `count` slots.
    func slotCentre(_ i: Int, of count: Int, at centre: Point) -> Point {
        let left = centre.x - Double(max(count, 1)) * cell.width / 2
        return Point(left + (Double(i) + 0.5) * cell.width, centre.y)
    }

    /// Where a floating key stands: over or under its slot, halfway to the
    /// next level.
    func spot(_ f: BTreePose.Floating, in pose: BTreePose, placed: Placed) -> Point {
        spot(node: f.node, slot: f.slot, side: f.side, in: pose, placed: placed)
    }

    func spot(node: NodeID, slot: Int, side: BTreePose.Floating.Side, in pose: BTreePose, placed: Placed) -> Point {
        let c = placed.centre[node] ?? .zero
        let at = slotCentre(slot, of: pose.nodes[node]?.slots.count ?? 1, at: c)
        return Point(at.x, c.y + (side == .under ? 1 : -1) * halfLevel)
    }

    /// Half the distance between two levels' centres.
    var halfLevel: Double { (cell.height + 2 * Self.pad + Self.levelGap) / 2 }

    /// Where slot `slot` of `node` is in `pose`.
    func slot(_ slot: Int, of node: NodeID, in pose: BTreePose, placed: Placed) -> Point {
        slotCentre(slot, of: pose.nodes[node]?.slots.count ?? 1, at: placed.centre[node] ?? .zero)
    }

    /// The way a key flies from slot `from` of leaf `leaf` up to slot
    /// `to` of `target`, an ancestor: up out of the leaf, then up the side
    /// of each node between (right of them for a predecessor, which comes
    /// up the right edge of its subtree; left for a successor), across
    /// between levels, and up into its slot. The points between the ends.
    func flight(from: Int, of leaf: NodeID, to: Int, of target: NodeID, right: Bool, in pose: BTreePose) -> [Point] {
        let placed = place(pose)
        var chain = [NodeID]()
        var at = leaf
        while let parent = pose.nodes.first(where: { $0.value.children.contains { $0.id == at } })?.key, parent != target {
            chain.append(parent)
            at = parent
        }
        let start = self.slot(from, of: leaf, in: pose, placed: placed)
        var points = [Point(start.x, start.y - halfLevel)]
        for n in chain {
            guard let c = placed.centre[n], let size = placed.size[n] else { continue }
            let x = right ? c.x + size.width / 2 + siblingGap / 2 : c.x - size.width / 2 - siblingGap / 2
            points += [Point(x, c.y + halfLevel), Point(x, c.y - halfLevel)]
        }
        let end = self.slot(to, of: target, in: pose, placed: placed)
        points.append(Point(end.x, end.y + halfLevel))
        return points
    }

    // MARK: Drawing

    /// Makes `d` show `pose`: every tray, key and pointer where the pose
    /// puts it; what the pose no longer has goes. `roles` recolours keys
    /// and trays by element.
    func draw(_ pose: BTreePose, roles: [ElementID: Role] = [:], into d: inout Diagram) {
        let placed = place(pose)
        var wanted = Set<ElementID>()
        for id in pose.preorder {
            guard let n = pose.nodes[id], let c = placed.centre[id], let size = placed.size[id] else { continue }
            let fid = Self.frame(id)
            wanted.insert(fid)
            let role = roles[fid] ?? .tray
            if var f = d.nodes[fid] {
                (f.position, f.size, f.role) = (c, size, role)
                d.nodes.insert(f)
            } else {
                // A tray fades in and out where it stands: grown from a
                // point, it would leave its keys outside it for a while.
                var f = Node.box(fid, at: c, size: size, cornerRadius: 0.12, label: "", labelSize: Self.labelSize, role: role)
                f.transition = .opacity
                d.nodes.insert(f)
            }
            let separator = pose.isPlus && !n.isLeaf
            for (i, k) in n.slots.enumerated() {
                guard let k else { continue }
                let kid = Self.key(k, separator: separator)
                wanted.insert(kid)
                put(kid, key: k, at: slotCentre(i, of: n.slots.count, at: c), role: roles[kid] ?? .normal, in: &d)
            }
        }
        for f in pose.floating {
            let kid = Self.key(f.key, separator: f.separator)
            wanted.insert(kid)
            put(kid, key: f.key, at: spot(f, in: pose, placed: placed), role: roles[kid] ?? .new, in: &d)
        }
        // Child pointers, from their gaps; a B+ tree's leaf links.
        var edges = Set<ElementID>()
        for id in pose.preorder {
            guard let n = pose.nodes[id] else { continue }
            let count = Double(max(n.slots.count, 1))
            for (child, gap) in n.children {
                let eid = ElementID.edge(to: Self.frame(child))
                edges.insert(eid)
                // Gap `gap` is that far along the cells, from the tray's
                // centre, as a fraction of the tray's width.
                let width = placed.size[id]?.width ?? 1
                let anchor = Vector(dx: (Double(gap) - count / 2) * cell.width / width, dy: 0.5)
                if var e = d.edges[eid] {
                    if e.from != Self.frame(id) || e.fromAnchor != anchor {
                        (e.from, e.fromAnchor) = (Self.frame(id), anchor)
                        d.edges.insert(e)
                    }
                } else {
                    d.edges.insert(Edge(id: eid, from: Self.frame(id), to: Self.frame(child), fromAnchor: anchor))
                }
            }
        }
        if pose.isPlus {
            let leaves = pose.leaves
            for (a, b) in zip(leaves, leaves.dropFirst()) {
                let eid = Self.link(a)
                edges.insert(eid)
                if var e = d.edges[eid] {
                    if e.to != Self.frame(b) {
                        e.to = Self.frame(b)
                        d.edges.insert(e)
                    }
                } else {
                    d.edges.insert(Edge(id: eid, from: Self.frame(a), to: Self.frame(b), route: .side, kind: "next", arrows: .end))
                }
            }
        }
        d.edges.removeAll { !edges.contains($0.id) && ($0.kind == "tree" || $0.kind == "next") }
        d.nodes.removeAll { n in
            let name = n.id.name
            return (name.hasPrefix("bnode:") || name.hasPrefix("key:") || name.hasPrefix("sep:")) && !wanted.contains(n.id)
        }
    }

    func put(_ id: ElementID, key k: Int, at p: Point, role: Role, in d: inout Diagram) {
        if var n = d.nodes[id] {
            (n.position, n.role) = (p, role)
            d.nodes.insert(n)
        } else {
            var n = Node.box(id, at: p, size: cell, cornerRadius: 0, label: KeyLabel.text(k), labelSize: Self.labelSize, role: role, key: k)
            n.layer = 1
            d.nodes.insert(n)
        }
    }

    /// The bounds of `pose`'s drawing.
    func bounds(_ pose: BTreePose) -> Rect { place(pose).bounds }

    // MARK: Counter

    /// The rule, as the counter names it: `order 3`, `t = 2`.
    static func rule(_ rule: BTree.Rule) -> String {
        switch rule {
        case .order(let m): "order \(m)"
        case .minimumDegree(let t): "t = \(t)"
        }
    }

    /// What the first caption says of the rule: which convention the
    /// captions use, and the bounds it puts on a node.
    var title: String {
        let kind = tree.isPlus ? "B+ tree" : "B-tree"
        switch options.rule {
        case .order(let m):
            let leaves = tree.isPlus ? ", a leaf \(tree.minLeafKeys) to \(tree.maxKeys)" : ""
            return "\(kind) of order \(m): up to \(m) children, \(tree.minKeys) to \(tree.maxKeys) keys a node\(leaves) (the root from 1)"
        case .minimumDegree(let t):
            return "\(kind) of minimum degree t = \(t) (CLRS): t − 1 = \(t - 1) to 2t − 1 = \(2 * t - 1) keys a node (the root from 1)"
        }
    }

    /// The tree's height as the counter and the last step say it, in
    /// edges from the root to a leaf as CLRS counts a B-tree's (and as
    /// the search trees' counters do): a lone root is height 0.
    static func heightText(_ tree: BTree) -> String { heightText(levels: tree.height) }

    static func heightText(levels: Int) -> String { levels == 0 ? "empty" : "height \(levels - 1)" }

    /// The counter; with `pose`, the height is the drawing's, so a split
    /// that grows the tree a level counts it when the new root appears,
    /// not from the split's first moment.
    func counter(_ d: inout Diagram, pose: BTreePose? = nil) {
        let height = pose.map { Self.heightText(levels: $0.levels) } ?? Self.heightText(tree)
        bottom.count("n = \(tree.keys.count) · \(height) · \(Self.rule(options.rule))", into: &d)
    }
}

extension Role {
    /// A B-tree node's tray, holding its key cells.
    static let tray: Role = "tray"
    /// A node holding one key too many, about to split.
    static let overfull: Role = "overfull"
    /// A node holding too few keys, about to borrow or merge.
    static let short: Role = "short"
}

extension Palette {
    /// B-trees: quiet trays, red for a node too full, amber for one too
    /// empty.
    static let btree = Palette(
        light: RoleColors(nodes: [
            .tray: NodeStyle(fill: Color(hex: 0xF1F3F5), stroke: Color(hex: 0x868E96), label: Color(hex: 0x343A40)),
            .overfull: NodeStyle(fill: Color(hex: 0xFFA8A8), stroke: Color(hex: 0xE03131), label: Color(hex: 0x343A40)),
            .short: NodeStyle(fill: Color(hex: 0xFFF3BF), stroke: Color(hex: 0xF08C00), label: Color(hex: 0x343A40)),
        ]),
        dark: RoleColors(nodes: [
            .tray: NodeStyle(fill: Color(hex: 0x25262B), stroke: Color(hex: 0x909296), label: Color(hex: 0xDEE2E6)),
            .overfull: NodeStyle(fill: Color(hex: 0x5C1A1A), stroke: Color(hex: 0xFF8787), label: Color(hex: 0xDEE2E6)),
            .short: NodeStyle(fill: Color(hex: 0x5C4813), stroke: Color(hex: 0xFFC078), label: Color(hex: 0xDEE2E6)),
        ]),
        highContrast: RoleColors(nodes: [
            .tray: NodeStyle(fill: Color(hex: 0xE9ECEF), stroke: .black, label: .black),
            .overfull: NodeStyle(fill: Color(hex: 0xFF8787), stroke: .black, label: .black),
            .short: NodeStyle(fill: Color(hex: 0xFFD43B), stroke: .black, label: .black),
        ]))
}
