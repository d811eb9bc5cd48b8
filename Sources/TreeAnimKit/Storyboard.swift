import Geometry
import Raster
import Trees
import Tween

/// The whole animation of a sequence of BST inserts as data: tracks of
/// animatable values, from which ``scene(at:)`` computes any frame alone.
///
/// Each insert plays in four stages: the new key enters above the root, a
/// ring walks the comparison path with the new node riding above it, every
/// node settles into the new layout while the camera refits, then a hold.
///
///     let board = try Storyboard(keys: [50, 17, 72], options: .init())
///     let last = board.scene(at: board.frameCount - 1)
public struct Storyboard: Sendable {
    public let keys: [Int]
    public let options: StoryboardOptions
    /// Seconds from the first frame to the end of the final hold.
    public private(set) var duration = 0.0
    /// Frames at `fps`, from t = 0 up to and including the first frame at or
    /// after `duration`.
    public var frameCount: Int { Int((duration * options.fps).rounded(.up)) + 1 }

    var nodes: [NodeTrack] = []
    var edges: [EdgeTrack] = []
    /// Each edge's index in `edges`, by its child: a node has one parent.
    var edgeToChild: [NodeID: Int] = [:]
    var ringCenter: Track<Point>
    var ringOpacity = Track(0.0)
    var camera: Track<AnimatablePair<Point, Double>>
    /// Caption changes in time order: the caption from each time on.
    var captions: [(time: Double, text: String?)] = []
    let frameGeometry: FrameGeometry

    struct NodeTrack: Sendable {
        var id: NodeID
        var key: Int
        var birth: Double
        var center: Track<Point>
        var appear: Track<Double>
        /// The outline colour, tweened as colours animate: premultiplied.
        var stroke: Track<Color.AnimatableData>
    }

    struct EdgeTrack: Sendable {
        var parent: NodeID
        var child: NodeID
        var birth: Double
        var growth: Track<Double>
        var highlight: Track<Double>
    }

    /// Builds the storyboard of inserting `keys` in order.
    /// - Throws: ``TreeAnimError/duplicateKeys(_:)`` when a key repeats.
    public init(keys: [Int], options: StoryboardOptions) throws(TreeAnimError) {
        let duplicates = Storyboard.duplicates(in: keys)
        guard duplicates.isEmpty else { throw .duplicateKeys(duplicates) }
        self.keys = keys
        self.options = options
        frameGeometry = FrameGeometry(options: options)

        let layout: any TreeLayout = switch options.layout {
        case .tidy: TidyLayout(levelGap: World.levelGap, siblingGap: World.siblingGap)
        case .inorder: InorderLayout(levelGap: World.levelGap, siblingGap: World.siblingGap)
        }
        var tree = BinarySearchTree<Int>()
        var positions = [NodeID: Point]()
        ringCenter = Track(.zero)
        let first = frameGeometry.camera(fitting: positions, extras: World.waypoints(of: keys.first, in: tree, at: positions))
        camera = Track(first.animatableData)

        let pace = 1 / options.speed
        var t = 0.0
        for (i, key) in keys.enumerated() {
            let result = tree.insert(key)
            var next = layout.layout(tree)
            next.positions = World.rootCentred(next.positions, root: tree.root)
            // The camera fits the new tree and where the next key will go.
            let nextKey = i + 1 < keys.count ? keys[i + 1] : nil
            let view = frameGeometry.camera(
                fitting: next.positions, extras: World.waypoints(of: nextKey, in: tree, at: next.positions))
            t = addInsert(key: key, result: result, before: positions, after: next.positions, camera: view, at: t, pace: pace)
            positions = next.positions
        }
        let finalHold = options.finalHoldDuration * pace
        if !keys.isEmpty {
            caption("\(keys.count) \(keys.count == 1 ? "key" : "keys") inserted, height \(tree.height)", at: t)
        }
        duration = t + finalHold
    }

    /// Adds the four stages of one insert starting at `t0`; returns when the
    /// next insert starts.
    private mutating func addInsert(
        key: Int, result: InsertResult<Int>, before: [NodeID: Point], after: [NodeID: Point],
        camera view: Camera, at t0: Double, pace: Double
    ) -> Double {
        let theme = options.theme
        let stage = World.stage(aboveRoot: result.path.first.flatMap { before[$0.node] })
        let id = result.id

        // 1. Enter: grow and fade in at the staging spot.
        let enter = options.enterDuration * pace
        var appear = Track(0.0)
        appear.animate(to: 1, with: .easeOut(duration: enter), at: t0)
        nodes.append(
            NodeTrack(id: id, key: key, birth: t0, center: Track(stage), appear: appear, stroke: Track(theme.accent.animatableData)))
        caption("insert \(key)", at: t0)

        // 2. Search: the ring walks the path; the new node rides beside it,
        // on the side the search takes.
        let step = options.comparisonDuration * pace
        let slide = Animation.easeInOut(duration: step * 0.7)
        let searchStart = t0 + enter
        var side = Direction.left
        for (i, s) in result.path.enumerated() {
            let at = searchStart + Double(i) * step
            let p = before[s.node] ?? .zero
            if i == 0 {
                ringCenter.set(p, at: at)
                ringOpacity.animate(to: 1, with: .easeOut(duration: min(0.15 * pace, step)), at: at)
            } else {
                ringCenter.animate(to: p, with: slide, at: at)
                if let e = edgeToChild[s.node] {
                    edges[e].highlight.animate(to: 1, with: slide, at: at)
                }
                // Down alongside the edge on its outer side (the side the
                // last decision took, which is where this node lies)...
                rider.center.animate(to: World.ride(beside: p, on: side), with: .easeInOut(duration: step * 0.45), at: at)
            }
            // ...then over to the side of this decision, above the ring.
            if i == 0 || s.direction != side {
                let swap = i == 0 ? at : at + step * 0.45
                rider.center.animate(to: World.ride(beside: p, on: s.direction), with: .easeInOut(duration: step * 0.3), at: swap)
            }
            side = s.direction
            let relation = s.direction == .left ? "<" : ">"
            let sideName = s.direction == .left ? "left" : "right"
            caption("\(key) \(relation) \(s.key) → \(sideName)", at: at)
        }
        if result.path.isEmpty {
            caption("empty tree: \(key) becomes the root", at: searchStart)
        }
        let search = Double(max(result.path.count, 1)) * step

        // 3. Settle: the tree makes room (every node to its new place, the
        // rider keeping beside the node it was last compared with), then the
        // rider drops into its slot as the new edge grows to meet it. The
        // camera refits over both, and the ring and the path fade.
        let settleStart = searchStart + search
        let length = options.settleDuration * pace
        let makeRoom = options.easing.animation(duration: 0.55 * length)
        let fade = Animation.easeInOut(duration: length)
        for i in nodes.indices.dropLast() {
            if let p = after[nodes[i].id] {
                nodes[i].center.animate(to: p, with: makeRoom, at: settleStart)
            }
        }
        let slot = after[id] ?? .zero
        let dropStart: Double
        if let parent = result.path.last, let p = after[parent.node] {
            rider.center.animate(to: World.ride(beside: p, on: side), with: makeRoom, at: settleStart)
            dropStart = settleStart + 0.5 * length
        } else {
            dropStart = settleStart
        }
        let drop = options.easing.animation(duration: settleStart + length - dropStart)
        rider.center.animate(to: slot, with: drop, at: dropStart)
        let settled = max(settleStart + makeRoom.totalDuration, dropStart + drop.totalDuration)
        if let parent = result.path.last {
            var growth = Track(0.0)
            growth.animate(to: 1, with: drop, at: dropStart)
            edgeToChild[id] = edges.count
            edges.append(
                EdgeTrack(parent: parent.node, child: id, birth: dropStart, growth: growth, highlight: Track(0.0)))
            caption("\(key) becomes the \(side == .left ? "left" : "right") child of \(parent.key)", at: settleStart)
        }
        rider.stroke.animate(to: theme.nodeStroke.animatableData, with: fade, at: settleStart)
        for i in edges.indices where edges[i].highlight.value(at: settleStart) != 0 {
            edges[i].highlight.animate(to: 0, with: fade, at: settleStart)
        }
        if !result.path.isEmpty {
            ringOpacity.animate(to: 0, with: .easeOut(duration: fade.duration * 0.5), at: settleStart)
        }
        camera.animate(to: view.animatableData, with: options.easing.animation(duration: length), at: settleStart)

        // 4. Hold.
        return max(settled, settleStart + fade.totalDuration) + options.holdDuration * pace
    }

    /// The node being inserted: always the last one added.
    private var rider: NodeTrack {
        get { nodes[nodes.count - 1] }
        set { nodes[nodes.count - 1] = newValue }
    }

    private mutating func caption(_ text: String, at time: Double) {
        guard options.captions else { return }
        captions.append((time, text))
    }

    /// The keys that occur more than once in `keys`, each once, in the
    /// order of their second occurrence.
    public static func duplicates(in keys: [Int]) -> [Int] {
        var seen = Set<Int>(), reported = Set<Int>(), result = [Int]()
        for k in keys where !seen.insert(k).inserted && reported.insert(k).inserted {
            result.append(k)
        }
        return result
    }
}

/// The world's proportions, in layout units where adjacent nodes on a level
/// are at least one unit apart.
enum World {
    static let siblingGap = 1.0
    static let levelGap = 1.5
    static let nodeRadius = 0.34
    static let ringScale = 1.3
    /// Where a new key rides beside the node it is compared with: to the
    /// side the search takes, 0.85 up. That clears the ring (0.48 from the
    /// node's centre), the node's neighbours on its level (at least a unit
    /// to the side) and the level above (1.5 up), so the rider never covers
    /// another node while it waits.
    static let rideOffset = Vector(0.75, -0.85)
    /// How far above the root a new key enters.
    static let stageHeight = 0.95

    static func ride(beside p: Point, on direction: Direction) -> Point {
        Point(p.x + (direction == .left ? -rideOffset.dx : rideOffset.dx), p.y + rideOffset.dy)
    }

    /// Where a new key enters: above the root, or above the root's place in
    /// an empty tree.
    static func stage(aboveRoot root: Point?) -> Point {
        let r = root ?? .zero
        return Point(r.x, r.y - stageHeight)
    }

    /// Every place the insert of `key` will show in `tree` laid out at
    /// `positions` before the tree changes: the staging spot and the spots
    /// beside the nodes on its search path.
    static func waypoints(of key: Int?, in tree: BinarySearchTree<Int>, at positions: [NodeID: Point]) -> [Point] {
        let stage = stage(aboveRoot: tree.root.flatMap { positions[$0] })
        guard let key else { return [stage] }
        return [stage] + tree.search(key).path.compactMap { s in positions[s.node].map { ride(beside: $0, on: s.direction) } }
    }

    /// Shifts a layout so that the root is at x = 0: the root then stays put
    /// while the tree grows, and the camera pans only when it must.
    static func rootCentred(_ positions: [NodeID: Point], root: NodeID?) -> [NodeID: Point] {
        guard let root, let r = positions[root], r.x != 0 else { return positions }
        return positions.mapValues { Point($0.x - r.x, $0.y) }
    }
}
