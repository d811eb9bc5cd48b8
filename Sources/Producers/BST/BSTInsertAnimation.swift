import Diagram
import Geometry
import Trees
import Tween

/// The script of inserting keys into a binary search tree, one step an
/// insert, on the structure-neutral core: the producer replays the inserts
/// on a ``BinarySearchTree``, lays each version out, and says what changes
/// beat by beat; the timeline animates it by node identity.
///
/// Each insert plays in four stages: the new key enters above the root, a
/// ring walks the comparison path with the new key riding beside it, the
/// tree makes room and the key drops into its slot as its edge grows, then
/// a hold.
///
///     let script = try BSTInsertAnimation(keys: [50, 17, 72], options: .init(), labels: LabelFit(font: font)).script
public struct BSTInsertAnimation: Sendable {
    public let keys: [Int]
    public let options: BSTOptions
    public private(set) var script: Script

    /// The insert animation of `keys`, in order.
    /// - Throws: ``BSTError/duplicateKeys(_:)`` when a key repeats.
    public init(keys: [Int], options: BSTOptions, labels: LabelFit) throws(BSTError) {
        let duplicates = BSTError.duplicates(in: keys)
        guard duplicates.isEmpty else { throw .duplicateKeys(duplicates) }
        self.keys = keys
        self.options = options
        var player = InsertPlayer(options: options, labels: labels, keys: keys)
        for (i, key) in keys.enumerated() {
            player.insert(key, next: i + 1 < keys.count ? keys[i + 1] : nil)
        }
        player.finish()
        script = player.builder.script
    }
}

/// How a BST animation moves, apart from its keys.
public struct BSTOptions: Sendable {
    public var layout: TreeLayoutKind = .tidy
    public var easing: Easing = .easeInOut
    // Stage lengths in seconds at speed 1.
    public var enterDuration = 0.3
    public var comparisonDuration = 0.35
    public var settleDuration = 0.6
    public var holdDuration = 0.25
    public var finalHoldDuration = 1.0

    public init() {}
}

/// The state of a BST animation while its script is written.
struct InsertPlayer {
    let options: BSTOptions
    let layout: any TreeLayout
    var tree = BinarySearchTree<Int>()
    var builder = ScriptBuilder(camera: CameraOptions(maxUnit: 0.055 / World.nodeRadius, padding: 0.2))
    /// Where each node is now.
    var positions: [NodeID: Point] = [:]

    /// One label size for every key of the animation: a tree whose labels
    /// share a size reads as one, and no label changes size as others come.
    let labelSize: Double

    init(options: BSTOptions, labels: LabelFit, keys: [Int]) {
        self.options = options
        labelSize = labels.commonSize(for: keys.map(World.label), inCircleOfRadius: World.nodeRadius)
        layout = options.layout.layout(levelGap: World.levelGap, siblingGap: World.siblingGap)
    }

    func node(_ id: NodeID, key: Int, at p: Point, role: Role = .normal) -> Node {
        let label = World.label(key)
        return .circle(
            World.id(id), at: p, radius: World.nodeRadius, label: label,
            labelSize: labelSize, role: role, key: key)
    }

    mutating func insert(_ key: Int, next: Int?) {
        let result = tree.insert(key)
        var after = layout.layout(tree).positions
        after = World.rootCentred(after, root: tree.root)
        let before = positions
        let stage = World.stage(aboveRoot: result.path.first.flatMap { before[$0.node] })
        let id = World.id(result.id)
        let o = options
        let step = o.comparisonDuration

        var script = builder
        script.step("insert \(key)", note: Self.note(key: key, result: result)) { s in
            // 1. Enter: grow and fade in at the staging spot; the camera
            // keeps room there.
            s.beat(.easeOut(duration: o.enterDuration)) { d in
                d.nodes.insert(node(result.id, key: key, at: stage, role: .new))
            }

            // 2. Search: the ring walks the path; the new key rides beside
            // it, down alongside each edge on the side the last decision
            // took (where the next node lies), then over to the side of the
            // next decision.
            let slide = Animation.easeInOut(duration: step * 0.7)
            for (i, p) in result.path.enumerated() {
                // The path runs through nodes of the tree before the insert,
                // all of which the last layout placed.
                let at = before[p.node]!
                let relation = p.direction == .left ? "<" : ">"
                let caption = "\(key) \(relation) \(p.key) → \(p.direction == .left ? "left" : "right")"
                if i == 0 {
                    s.beat(.easeInOut(duration: step * 0.3), duration: step, caption: caption,
                           timing: ["ring": .easeOut(duration: min(0.15, step))]) { d in
                        d.marks.insert(.ring("ring", on: World.id(p.node)))
                        d.nodes[id]?.position = World.ride(beside: at, on: p.direction)
                    }
                    continue
                }
                s.beat(.easeInOut(duration: step * 0.45), duration: step * 0.45, caption: caption,
                       timing: ["ring": slide, .edge(to: World.id(p.node)): slide]) { d in
                    d.marks["ring"]?.placement = .on(World.id(p.node))
                    d.edges[.edge(to: World.id(p.node))]?.role = .accent
                    d.nodes[id]?.position = World.ride(beside: at, on: result.path[i - 1].direction)
                }
                s.beat(.easeInOut(duration: step * 0.3), duration: step * 0.55) { d in
                    d.nodes[id]?.position = World.ride(beside: at, on: p.direction)
                }
            }
            if result.path.isEmpty {
                s.hold(step, caption: "empty tree: \(key) becomes the root")
            }

            // 3. Settle: the tree makes room (every node to its new place,
            // the new key keeping beside its parent-to-be), then the key
            // drops into its slot as its edge grows to meet it; the ring and
            // the lit path fade.
            let length = o.settleDuration
            let makeRoom = o.easing.animation(duration: 0.55 * length)
            let fade = Animation.easeInOut(duration: length)
            let lit = result.path.dropFirst().map { ElementID.edge(to: World.id($0.node)) }
            var timing = Dictionary(uniqueKeysWithValues: lit.map { ($0, fade) })
            timing["ring"] = .easeOut(duration: 0.5 * length * 0.5)
            // The layout places every node of the tree, the new one too.
            let slot = after[result.id]!
            if let parent = result.path.last {
                let caption = "\(key) becomes the \(parent.direction == .left ? "left" : "right") child of \(parent.key)"
                s.beat(makeRoom, duration: 0.5 * length, caption: caption, timing: timing) { d in
                    for (n, p) in after.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where n != result.id { d.nodes[World.id(n)]?.position = p }
                    d.nodes[id]?.position = World.ride(beside: after[parent.node]!, on: parent.direction)
                    d.marks.remove("ring")
                    for e in lit { d.edges[e]?.role = .normal }
                }
                s.beat(o.easing.animation(duration: 0.5 * length)) { d in
                    d.nodes[id]?.position = slot
                    d.nodes[id]?.role = .normal
                    d.edges.insert(.tree(from: World.id(parent.node), to: id))
                }
            } else {
                s.beat(o.easing.animation(duration: length)) { d in
                    d.nodes[id]?.position = slot
                    d.nodes[id]?.role = .normal
                }
            }

            // 4. Hold.
            s.hold(o.holdDuration)
        }
        builder = script
        positions = after
    }

    mutating func finish() {
        guard !tree.isEmpty else { return }
        let n = tree.count
        let hold = options.finalHoldDuration
        builder.step("\(n) \(n == 1 ? "key" : "keys") inserted, height \(tree.height)", camera: .keep) { s in
            s.hold(hold)
        }
    }

    /// What a presenter might say over the insert of `key`.
    static func note(key: Int, result: InsertResult<Int>) -> String {
        guard let parent = result.path.last else { return "The tree is empty, so \(key) becomes the root." }
        let walk = result.path.map { "\(key) \($0.direction == .left ? "<" : ">") \($0.key)" }.joined(separator: ", ")
        return "Compare \(key) with each node from the root: \(walk). It goes in as the \(parent.direction == .left ? "left" : "right") child of \(parent.key)."
    }
}

/// The world's proportions, in layout units where adjacent nodes on a level
/// are at least one unit apart.
enum World {
    static let siblingGap = 1.0
    static let levelGap = 1.5
    static let nodeRadius = 0.34
    /// Where a new key rides beside the node it is compared with: to the
    /// side the search takes, 0.85 up. That clears the ring, the node's
    /// neighbours on its level (at least a unit to the side) and the level
    /// above (1.5 up).
    static let rideOffset = Vector(0.75, -0.85)
    /// How far above the root a new key enters.
    static let stageHeight = 0.95

    static func id(_ node: NodeID) -> ElementID { ElementID("n", node.rawValue) }

    static func label(_ key: Int) -> String { String(key) }

    static func ride(beside p: Point, on direction: Direction) -> Point {
        Point(p.x + (direction == .left ? -rideOffset.dx : rideOffset.dx), p.y + rideOffset.dy)
    }

    /// Where a new key enters: above the root, or above the root's place in
    /// an empty tree.
    static func stage(aboveRoot root: Point?) -> Point {
        let r = root ?? .zero
        return Point(r.x, r.y - stageHeight)
    }

    /// Shifts a layout so that the root is at x = 0: the root then stays put
    /// while the tree grows, and the camera pans only when it must.
    static func rootCentred(_ positions: [NodeID: Point], root: NodeID?) -> [NodeID: Point] {
        guard let root, let r = positions[root], r.x != 0 else { return positions }
        return positions.mapValues { Point($0.x - r.x, $0.y) }
    }
}
