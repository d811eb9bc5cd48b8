import Diagram
import Geometry
import Raster
import Trees
import Tween

/// Writes a BST animation's script, operation by operation: the tree as it
/// stands, where each node is, and the texts along the bottom of the frame.
struct BSTPlayer: StepPlayer {
    let options: BSTOptions
    let geometry: BSTGeometry
    let layout: any TreeLayout
    let labels: LabelFit
    /// One label size for every key of the animation: a tree whose labels
    /// share a size reads as one, and no label changes as others come.
    let labelSize: Double
    /// The label size of the token that rides down with a key being
    /// inserted, before its scale.
    let tokenLabelSize: Double
    /// The width of a recursive walk's call stack (``CallStack``), in
    /// layout units with the gap before it; 0 for a program without one.
    let callStackRoom: Double
    var tree = BinarySearchTree<Int>()
    var builder: ScriptBuilder
    /// Each node's element: a node keeps its element when a deletion gives
    /// its key to another node's place (see ``delete(_:)``).
    var elements: [NodeID: ElementID] = [:]
    var nextElement = 0
    /// What the last delete took out, for the walk back up after it.
    var lastRemoval: RemoveResult<Int>?
    /// A red-black tree's colours.
    var colors = RedBlackColors()
    /// Where the last delete left an extra black, if a black node left.
    var extraBlack: (node: NodeID?, parent: NodeID?)?
    /// The empty place drawn while it carries the extra black.
    var doubleBlack: (parent: NodeID, side: Direction)?
    /// The operations still to come, each shown along the bottom.
    var queue: [(id: ElementID, text: String)]
    /// Whether the operation being played is the last: its answer (a
    /// traversal's row, a found key, a min or max) then stays on screen
    /// through the final hold instead of being tidied away.
    var isLast = false
    /// The last operation's answer, as its caption said it, when it left
    /// one on screen.
    var answer: String?
    let bottom: OperationBand

    // Paces, in seconds at speed 1.
    static let enter = 0.5
    static let makeRoom = 0.8
    static let move = 0.5
    static let rest = 0.6
    static let drop = 0.8
    static let mark = 0.8
    static let unmark = 0.4
    static let between = 0.6

    init(operations: [BSTOperation], shape: BSTShape, options: BSTOptions, labels: LabelFit) {
        self.options = options
        self.labels = labels
        bottom = OperationBand(stage: options.stage, labels: labels)
        // The viewport's height in layout units at which labels come out
        // 24 px on a 720p frame (scaled with the frame): what a tall tree
        // packs into.
        labelSize = Self.labelSize(operations, labels: labels)
        callStackRoom = options.opsPerSecond == nil ? CallStack.room(operations, labels: labels, labelSize: labelSize) : 0
        geometry = Self.geometry(shape: shape, stage: options.stage, fillsHeight: options.opsPerSecond != nil, beside: callStackRoom)
        layout = options.layout.layout(levelGap: geometry.levelGap, siblingGap: 1)
        // The riding token's key: a node's label size, in units of the
        // token's scale. It may spill a little past the small token, as a
        // tag on it; at the token's own scale it would fall under the
        // legibility floor on any tree of a dozen keys.
        tokenLabelSize = labelSize * BSTGeometry.tokenLabel / BSTGeometry.tokenScale
        builder = ScriptBuilder(camera: Self.camera, palette: .redBlack)
        builder.codeDrawing(options.stage.code?.drawing)
        queue = operations.enumerated().map { (ElementID("queue", $0.offset), $0.element.text) }
    }

    /// The size of every key's label: one for the animation, from every key
    /// shown in a node (inserted ones, and searched ones in a ghost).
    static func labelSize(_ operations: [BSTOperation], labels: LabelFit) -> Double {
        let keys = operations.compactMap { op -> Int? in
            switch op {
            case .insert(let k), .search(let k): k
            default: nil
            }
        }
        return labels.commonSize(for: keys.map(KeyLabel.text), inCircleOfRadius: BSTGeometry.radius, largest: 1.0)
    }

    static let camera = CameraOptions(
        maxUnit: 0.085 / BSTGeometry.radius, padding: 0.05, animation: .easeInOut(duration: 0.7),
        bottomBand: OperationBand.band)

    /// The geometry of trees of `shape` on `stage`: levels packed so that
    /// labels come out 24 px on a 720p frame (scaled with the frame) in
    /// the viewport's height, spread to its shape.
    static func geometry(shape: BSTShape, stage: Stage, fillsHeight: Bool = false, beside: Double = 0) -> BSTGeometry {
        let viewport = stage.viewport(bottomBand: OperationBand.band).size
        let label = max(24, stage.legible * 1.2)
        return BSTGeometry(
            levels: shape.levels, width: shape.width, aspect: viewport.width / viewport.height,
            unitsHigh: viewport.height * BSTGeometry.radius / label, fillsHeight: fillsHeight,
            least: stage.code == nil ? BSTGeometry.leastSpread : BSTGeometry.leastBesideCode, beside: beside)
    }

    /// The drawing the code panel stands beside: the tallest and widest
    /// tree as the stage without the panel lays it out, at its least
    /// spread (a narrower room spreads it less, down to that).
    static func codeDrawing(shape: BSTShape, stage: Stage, beside: Double = 0) -> CodeRoom.Drawing {
        var bare = stage
        bare.code = nil
        var size = geometry(shape: shape, stage: bare, beside: beside).extent(levels: shape.levels, width: shape.width, beside: beside)
        size.width = BSTGeometry.leastBesideCode * shape.width + 2 * (BSTGeometry.radius + BSTGeometry.margin) + beside
        return CodeRoom.Drawing(region: size, camera: camera)
    }

    // MARK: Elements

    mutating func element(for node: NodeID) -> ElementID {
        if let e = elements[node] { return e }
        let e = ElementID("n", nextElement)
        nextElement += 1
        elements[node] = e
        return e
    }

    func node(_ id: ElementID, key: Int, at p: Point, role: Role = .normal, scale: Double = 1) -> Node {
        var n = Node.circle(
            id, at: p, radius: BSTGeometry.radius, label: KeyLabel.text(key), labelSize: labelSize, role: role, key: key)
        n.scale = scale
        return n
    }

    /// Where each node of the tree is, by element.
    func positions(of tree: BinarySearchTree<Int>) -> [ElementID: Point] {
        var out = [ElementID: Point]()
        for (n, p) in geometry.positions(of: tree, layout: layout) {
            // Every node of the tree got an element when it was inserted.
            out[elements[n]!] = p
        }
        return out
    }

    /// Moves every node of `d` to `places`, and makes the edges those of
    /// the tree between nodes on stage: an edge whose child has a new
    /// parent swings over, as `swing` says.
    func arrange(_ d: inout Diagram, _ places: [ElementID: Point], swing: EdgeSwing = .slide) {
        // Only the nodes that move are touched: the beat then costs what
        // moves, not the whole tree.
        let moving = places.filter { id, p in d.nodes[id].map { $0.position != p } ?? false }
        for (id, p) in moving.sorted(by: { $0.key < $1.key }) { d.nodes[id]?.position = p }
        let links = tree.preorder.compactMap { n -> TreeLink? in
            guard let parent = tree.parent(of: n), let child = elements[n], let from = elements[parent] else { return nil }
            return TreeLink(parent: from, child: child)
        }
        // The empty places a red-black deletion draws hang from the tree
        // too, after its own edges.
        d.linkTree(links + arrangeEmptyPlaces(&d, places), swing: swing)
    }

    /// The tree's nodes as obstacles for the riding token.
    func obstacles(_ places: [ElementID: Point], except: ElementID? = nil) -> [Point] {
        places.sorted(by: { $0.key < $1.key }).filter { $0.key != except }.map(\.value)
    }

    // MARK: Operations

    mutating func play(_ op: BSTOperation, index: Int) {
        switch op {
        case .insert(let k):
            insert(k)
            if let added = tree.search(k).found {
                switch options.balancing {
                case .avl: rebalance(from: tree.parent(of: added), after: "insert \(KeyLabel.text(k))")
                case .redBlack: fixAfterInsert(added, key: k)
                case .none: break
                }
            }
        case .search(let k): search(k)
        case .delete(let k):
            lastRemoval = nil
            delete(k)
            if let removed = lastRemoval {
                switch options.balancing {
                case .avl: rebalance(from: removed.lowestChanged, after: "delete \(KeyLabel.text(k))")
                case .redBlack: fixAfterRemoval(k)
                case .none: break
                }
            }
        case .min: extreme(.left)
        case .max: extreme(.right)
        case .traverse(let order): traverse(order)
        }
    }

    /// The timing of a beat that pops the queue: the operation starting
    /// fades at once, and the rest slide over once it has gone, so no two
    /// overlap.
    var queueTiming: [ElementID: Animation] { bottom.timing(popping: queue) }

    /// Takes the operation now starting off the queue along the bottom
    /// (the rest slide over). The counter changes where the tree does.
    mutating func popQueue(_ d: inout Diagram) {
        if !queue.isEmpty { queue.removeFirst() }
        bottom.lay(queue, into: &d)
    }

    /// Ends an operation: a pause before the next one.
    func rest(_ s: inout StepBuilder) {
        s.hold(Self.between)
    }

    mutating func finish() {
        let size = tree.count
        let caption = size == 0 ? "the tree is empty" : "size \(size), height \(tree.height - 1)"
        let hold = options.finalHold
        let places = positions(of: tree)
        let note = "The finished tree: \(counted(size, "key")), height \(max(tree.height - 1, 0)) (edges on the longest path)."
        // The last answer stays, with its caption, through the hold: the
        // poster frame shows what the animation found.
        if let answer {
            step(answer, note: note, camera: .keep) { _, s in s.hold(hold) }
            return
        }
        step(caption, note: note, camera: .refit) { player, s in
            // As long as the camera's last fit, so the hold is still.
            s.beat(.easeInOut(duration: 0.7)) { d in
                player.arrange(&d, places)
                d.marks.removeAll { _ in true }
                player.restRoles(&d)
                d.edges.update { $0.role = .normal }
            }
            s.hold(hold)
        }
    }
}

extension OperationBand {
    /// The counter: size and height, in edges as CLRS and VisuAlgo count it.
    func count(_ tree: BinarySearchTree<Int>, into d: inout Diagram) {
        count(tree.isEmpty ? "empty tree" : "size \(tree.count) · height \(tree.height - 1)", into: &d)
    }
}
