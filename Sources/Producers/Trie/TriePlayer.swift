import Diagram
import Geometry
import Raster
import Trees
import Tween

/// Writes a trie's script from the events of its model: each node a small
/// circle, each edge carrying its letter (a radix tree's, its letters),
/// laid out by the sized tidy layout with room for the widest label; a node
/// that ends a word is green and marked. A walk lights the edges it
/// follows, a new word grows its path a node at a time, a deletion prunes
/// what leads to no word, and a radix tree's edge splits where a word
/// leaves it.
struct TriePlayer: StepPlayer {
    var builder: ScriptBuilder
    let compressed: Bool
    let labels: LabelFit
    var trie: Trie
    var isFirstStep = true
    var queue: [(id: ElementID, text: String)]
    var bottom: OperationBand

    static let radius = 0.3
    static let labelSize = 0.36
    static let levelGap = 0.8
    /// From one level's centres to the next.
    static let levelStep = 2 * radius + levelGap
    static let siblingGap = 0.35
    static let move = 0.6
    static let read = 1.0
    static let ring: ElementID = "walk"
    static let camera = CameraOptions(maxUnit: 0.16, padding: 0.3, animation: .easeInOut(duration: 0.7), bottomBand: OperationBand.band)

    init(compressed: Bool, operations: [String], stage: Stage, labels: LabelFit) {
        self.compressed = compressed
        self.labels = labels
        trie = Trie(compressed: compressed)
        bottom = OperationBand(stage: stage, labels: labels)
        bottom.counterRoom = "words 1000 · nodes 10000 · height 99"
        builder = ScriptBuilder(camera: Self.camera, palette: .trie)
        queue = operations.enumerated().map { (ElementID("queue", $0.offset), $0.element) }
    }

    static func node(_ n: NodeID) -> ElementID { ElementID("trie:\(n.rawValue)") }

    // MARK: Layout

    /// Where along its edge a letter stands: nearer the child than the
    /// parent, where sibling edges have spread apart.
    static let labelAt = 0.58

    /// How wide a node's place on its level is: its circle, or room for
    /// the label of the edge into it where it stands on the edge, so the
    /// labels of sibling edges, which converge on their parent, stay apart.
    func width(of n: NodeID, in t: Trie) -> Double {
        max(2 * Self.radius, (labels.width(of: t[n].label) * Self.labelSize + 0.15) / Self.labelAt)
    }

    func place(_ t: Trie) -> (centres: [NodeID: Point], bounds: Rect) {
        func build(_ id: NodeID) -> Tree<NodeID> { Tree(id, children: t[id].children.map { build($0) }) }
        let shape = build(t.root)
        let drawing = SizedTidyLayout(levelGap: Self.levelGap, siblingGap: Self.siblingGap)
            .drawing(of: shape) { Size(width: width(of: $0, in: t), height: 2 * Self.radius) }
        var out = [NodeID: Point]()
        for (id, p) in zip(shape.preorder, drawing.positions.preorder) { out[id] = p }
        return (out, drawing.bounds)
    }

    // MARK: Drawing

    /// Makes `d` show `t`: every node where the layout puts it, every edge
    /// with its label; what `t` no longer has goes. `roles` recolours
    /// nodes, `lit` edges (by their child).
    /// `layout`, when given, places the nodes instead of `t`: the places
    /// they are about to take; the edges into `unlabelled` go without
    /// their letters.
    func draw(
        _ t: Trie, roles: [NodeID: Role] = [:], lit: Set<NodeID> = [], layout: Trie? = nil, unlabelled: Set<NodeID> = [], into d: inout Diagram
    ) {
        let (centres, _) = place(layout ?? t)
        var wanted = Set<ElementID>()
        var links = [TreeLink]()
        var stack = [t.root]
        while let n = stack.popLast() {
            let id = Self.node(n)
            wanted.insert(id)
            let p = centres[n] ?? .zero
            let role = roles[n] ?? (t[n].isWord ? .word : .normal)
            let label = t[n].isWord ? "•" : ""
            if var node = d.nodes[id] {
                (node.position, node.role, node.label) = (p, role, label)
                d.nodes.insert(node)
            } else {
                d.nodes.insert(.circle(id, at: p, radius: Self.radius, label: label, labelSize: Self.labelSize, role: role))
            }
            for c in t[n].children { links.append(TreeLink(parent: id, child: Self.node(c))) }
            stack += t[n].children.reversed()
        }
        d.nodes.removeAll { $0.id.name.hasPrefix("trie:") && !wanted.contains($0.id) }
        d.linkTree(links) { link in
            Edge.tree(from: link.parent, to: link.child)
        }
        // Labels and lights, by the child each edge leads to.
        var stack2 = [t.root]
        while let n = stack2.popLast() {
            for c in t[n].children {
                let eid = ElementID.edge(to: Self.node(c))
                if var e = d.edges[eid] {
                    let role: Role = lit.contains(c) ? .accent : .normal
                    let label = unlabelled.contains(c) ? "" : t[c].label
                    if e.label != label || e.labelSize != Self.labelSize || e.role != role || e.labelAt != Self.labelAt {
                        (e.label, e.labelSize, e.role, e.labelAt) = (label, Self.labelSize, role, Self.labelAt)
                        d.edges.insert(e)
                    }
                }
            }
            stack2 += t[n].children
        }
    }

    func counter(_ d: inout Diagram) {
        bottom.count("words \(trie.words.count) · nodes \(trie.nodes.count) · height \(trie.height)", into: &d)
    }

    /// The edges from the root to `n`, by the child each leads to.
    func path(to n: NodeID, in t: Trie) -> Set<NodeID> {
        var out = Set<NodeID>()
        var at = n
        while let p = t.parents[at] {
            out.insert(at)
            at = p
        }
        return out
    }
}

extension Role {
    /// A trie node that ends a word.
    static let word: Role = "word"
}

extension Palette {
    /// Tries: a node that ends a word is green.
    static let trie = Palette(
        light: RoleColors(nodes: [
            .word: NodeStyle(fill: Color(hex: 0x2F9E44), stroke: Color(hex: 0x2B8A3E), label: Color(hex: 0x212529)),
        ]),
        dark: RoleColors(nodes: [
            .word: NodeStyle(fill: Color(hex: 0x087F5B), stroke: Color(hex: 0x8CE99A), label: Color(hex: 0xEBFBEE)),
        ]),
        highContrast: RoleColors(nodes: [
            .word: NodeStyle(fill: Color(hex: 0x003D1F), stroke: .black, label: .white),
        ]))
}
