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
    public let duration: Double
    /// Frames at `fps`, from t = 0 up to and including the first frame at or
    /// after `duration`.
    public let frameCount: Int

    var nodes: [NodeTrack] = []
    var edges: [EdgeTrack] = []
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
        var stroke: Track<Color>
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
        let firstCamera = frameGeometry.camera(fitting: positions, stage: World.stage(aboveRoot: nil))
        ringCenter = Track(.zero)
        camera = Track(firstCamera.animatableData)

        let pace = 1 / options.speed
        var t = 0.0
        for key in keys {
            let result = tree.insert(key)
            var next = layout.layout(tree)
            next.positions = World.rootCentred(next.positions, root: tree.root)
            t = addInsert(
                key: key, result: result, tree: tree, before: positions, after: next.positions,
                at: t, pace: pace)
            positions = next.positions
        }
        let finalHold = options.finalHoldDuration * pace
        if options.captions, !keys.isEmpty {
            let noun = keys.count == 1 ? "key" : "keys"
            captions.append((t, "\(keys.count) \(noun) inserted, height \(tree.height)"))
        }
        duration = t + finalHold
        frameCount = Int((duration * options.fps).rounded(.up)) + 1
    }

    /// Adds the four stages of one insert starting at `t0`; returns when the
    /// next insert starts.
    private mutating func addInsert(
        key: Int, result: InsertResult<Int>, tree: BinarySearchTree<Int>,
        before: [NodeID: Point], after: [NodeID: Point], at t0: Double, pace: Double
    ) -> Double {
        let theme = options.theme
        let stage = World.stage(aboveRoot: tree.root.flatMap { before[$0] })
        let id = result.id

        // 1. Enter: grow and fade in at the staging spot.
        let enter = options.enterDuration * pace
        var appear = Track(0.0)
        appear.animate(to: 1, with: .easeOut(duration: enter), at: t0)
        nodes.append(
            NodeTrack(id: id, key: key, birth: t0, center: Track(stage), appear: appear, stroke: Track(theme.accent)))
        caption("insert \(key)", at: t0)

        // 2. Search: the ring walks the path; the new node rides above it.
        let step = options.comparisonDuration * pace
        let slide = Animation.easeInOut(duration: step * 0.7)
        let searchStart = t0 + enter
        for (i, s) in result.path.enumerated() {
            let at = searchStart + Double(i) * step
            let p = before[s.node] ?? .zero
            if i == 0 {
                ringCenter.set(p, at: at)
                ringOpacity.animate(to: 1, with: .easeOut(duration: min(0.15 * pace, step)), at: at)
            } else {
                ringCenter.animate(to: p, with: slide, at: at)
                nodes[nodes.count - 1].center.animate(to: World.ride(above: p), with: slide, at: at)
                if let e = edgeIndex(child: s.node) {
                    edges[e].highlight.animate(to: 1, with: slide, at: at)
                }
            }
            let relation = s.direction == .left ? "<" : ">"
            let side = s.direction == .left ? "left" : "right"
            caption("\(key) \(relation) \(s.key) → \(side)", at: at)
        }
        if result.path.isEmpty {
            caption("empty tree: \(key) becomes the root", at: searchStart)
        }
        let search = Double(max(result.path.count, 1)) * step

        // 3. Settle: every node to its new place, the new edge grows, the
        // camera refits, the ring and the path fade.
        let settleStart = searchStart + search
        let settle = options.easing.animation(duration: options.settleDuration * pace)
        let fade = Animation.easeInOut(duration: options.settleDuration * pace)
        for i in nodes.indices {
            if let p = after[nodes[i].id] {
                nodes[i].center.animate(to: p, with: settle, at: settleStart)
            }
        }
        nodes[nodes.count - 1].stroke.animate(to: theme.nodeStroke, with: fade, at: settleStart)
        if let parent = result.path.last {
            var growth = Track(0.0)
            growth.animate(to: 1, with: settle, at: settleStart)
            edges.append(
                EdgeTrack(parent: parent.node, child: id, birth: settleStart, growth: growth, highlight: Track(0.0)))
            let side = parent.direction == .left ? "left" : "right"
            caption("\(key) becomes the \(side) child of \(parent.key)", at: settleStart)
        }
        for i in edges.indices where edges[i].highlight.value(at: settleStart) != 0 {
            edges[i].highlight.animate(to: 0, with: fade, at: settleStart)
        }
        if !result.path.isEmpty {
            ringOpacity.animate(to: 0, with: .easeOut(duration: fade.duration * 0.5), at: settleStart)
        }
        let target = frameGeometry.camera(fitting: after, stage: World.stage(aboveRoot: tree.root.flatMap { after[$0] }))
        camera.animate(to: target.animatableData, with: settle, at: settleStart)

        // 4. Hold.
        return settleStart + max(settle.totalDuration, fade.totalDuration) + options.holdDuration * pace
    }

    private func edgeIndex(child: NodeID) -> Int? {
        edges.firstIndex { $0.child == child }
    }

    private mutating func caption(_ text: String, at time: Double) {
        guard options.captions else { return }
        captions.append((time, text))
    }

    private static func duplicates(in keys: [Int]) -> [Int] {
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
    /// How far above a node its challenger rides during the search: clear of
    /// the ring, and of every node on the level above (those are at least
    /// half a unit to the side and 1.5 units up).
    static let rideHeight = 0.95

    static func ride(above p: Point) -> Point { Point(p.x, p.y - rideHeight) }

    /// Where a new key enters: above the root, or above the root's place in
    /// an empty tree.
    static func stage(aboveRoot root: Point?) -> Point { ride(above: root ?? .zero) }

    /// Shifts a layout so that the root is at x = 0: the root then stays put
    /// while the tree grows, and the camera pans only when it must.
    static func rootCentred(_ positions: [NodeID: Point], root: NodeID?) -> [NodeID: Point] {
        guard let root, let r = positions[root], r.x != 0 else { return positions }
        return positions.mapValues { Point($0.x - r.x, $0.y) }
    }
}
