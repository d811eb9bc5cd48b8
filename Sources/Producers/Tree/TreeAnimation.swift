import Diagram
import Geometry
import Raster
import Trees
import Tween

/// How a user's tree is drawn and revealed.
public struct TreeOptions: Sendable {
    /// How a single tree (or the first version) appears.
    public enum Reveal: String, Sendable, CaseIterable {
        /// One step a depth: the root, then its children, and so on.
        case levels
        /// One node after another in depth-first order, in one step.
        case dfs
        /// All at once.
        case none
    }

    /// The node shape: `auto` gives a short label a circle and a longer one
    /// a rounded box sized to its text.
    public enum Shape: String, Sendable, CaseIterable {
        case auto, circle, box
    }

    public var reveal = Reveal.levels
    public var shape = Shape.auto
    /// Which way the tree grows; nil: down, or right when the largest
    /// version drawn down would have labels too small to read and right
    /// draws it larger (a broad, shallow outline grows right).
    public var direction: SizedTidyLayout.Direction?
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()
    public var easing: Easing = .easeInOut
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    /// Labels longer than this many characters are broken into lines
    /// (``LabelFit/wrap(_:columns:)``); nil: as written.
    public var wrap: Int?
    /// The key of a node of the last version to ring once every version
    /// has been shown.
    public var highlight: String?
    /// Keys of nodes of the last version that one ring visits in turn,
    /// resting on each, after every version (and any highlight).
    public var tour: [String] = []
    /// Whether a tree whose levels reveal would tour for over three
    /// minutes is summarised to fit them: the depths nearest the root, the
    /// rest folded into "+K more" leaves (fewer children a node, too, when
    /// that is not enough), with a note saying so. False tours every node,
    /// as does a highlight or a tour (whose nodes must stay drawn).
    public var summarise = true

    public init() {}
}

/// The script of a user's tree: revealed, then animated from each version
/// to the next by node identity — a node whose key is in both glides to its
/// new place (a moved subtree travels whole, its edge swinging to the new
/// parent), a new one enters, a gone one exits.
///
///     let versions = [Tree(TreeItem(key: "a", label: "a"), children: [Tree(TreeItem(key: "a/b", label: "b"))])]
///     let script = TreeAnimation(versions: versions, options: TreeOptions(), labels: LabelFit(font: font)).script
public struct TreeAnimation: Sendable {
    public let script: Script

    /// Node sizes in layout units: a circle's diameter and a box's height.
    static let diameter = 0.8
    static let labelSize = 0.3
    /// A box is its label's height and a little: dense outlines stay
    /// readable (34 leaves in a column of a 720p frame at 16 px).
    static let boxHeight = 0.52
    static let padding = 0.16
    static let cornerRadius = 0.14
    static let levelGap = 0.55
    static let siblingGap = 0.16

    /// - Precondition: `options.highlight` and `options.tour` are keys of
    ///   nodes of the last version.
    public init(versions: [Tree<TreeItem>], options: TreeOptions, labels: LabelFit) {
        // Captions name nodes as written; nodes show their labels wrapped.
        let written = versions.last
        let wrapped = options.wrap.map { columns in
            versions.map { $0.map { TreeItem(key: $0.key, label: LabelFit.wrap($0.label, columns: columns), roof: $0.roof, hidden: $0.hidden) } }
        } ?? versions
        var builder = ScriptBuilder()
        let (versions, summary) = Self.summary(of: wrapped, options: options, labels: labels, camera: builder.script.camera)
        if let summary { builder.note(summary) }
        // A key may be a path of labels as long as the tree is deep: each
        // node's element gets a short id of its own instead, in the order
        // the versions bring the keys.
        var ids = [String: ElementID]()
        for version in versions {
            for entry in Self.flattened(version) where ids[entry.item.key] == nil {
                ids[entry.item.key] = ElementID("node", ids.count)
            }
        }
        let id = { (key: String) -> ElementID in
            // Every key of every version has an id.
            ids[key]!
        }
        let look = Look(versions: versions, options: options, labels: labels)
        let (shapeOf, diameter, sizeOf, direction, layout) = (look.circled, look.diameter, look.size, look.direction, look.layout)
        let node = { (item: TreeItem, at: Point) -> Node in
            let element = id(item.key)
            if shapeOf(item) {
                return .circle(element, at: at, radius: diameter / 2, label: item.label, labelSize: Self.labelSize)
            }
            return .box(
                element, at: at, size: sizeOf(item), cornerRadius: Self.cornerRadius, label: item.label,
                labelSize: Self.labelSize)
        }
        for (v, version) in versions.enumerated() {
            let places = layout.positions(of: version, size: sizeOf)
            let nodes = Self.flattened(version)
            let points = Self.flattened(places).map(\.item)
            if v == 0 {
                let sight = Sight(stage: options.stage, camera: builder.script.camera, smallest: Self.labelSize)
                Self.reveal(nodes, points, options: options, sight: sight, direction: direction, node: node, id: id, into: &builder)
            } else {
                let caption = "version \(v + 1) of \(versions.count)"
                builder.step(caption, note: Self.changes(from: versions[v - 1], to: version)) { s in
                    s.beat(options.easing.animation(duration: 1.0)) { d in
                        let keep = Set(nodes.filter { !$0.item.hidden }.map { id($0.item.key) })
                        d.nodes.removeAll { !keep.contains($0.id) }
                        for (i, entry) in nodes.enumerated() where !entry.item.hidden {
                            let element = id(entry.item.key)
                            if d.nodes[element] != nil {
                                let fresh = node(entry.item, points[i])
                                d.nodes[element]?.position = fresh.position
                                d.nodes[element]?.size = fresh.size
                                d.nodes[element]?.cornerRadius = fresh.cornerRadius
                                d.nodes[element]?.label = fresh.label
                                d.nodes[element]?.labelSize = fresh.labelSize
                            } else {
                                d.nodes.insert(node(entry.item, points[i]))
                            }
                        }
                        // An edge is its child's: a moved node keeps its
                        // edge, which swings to the new parent.
                        // By the children's keys: the order new edges are drawn in.
                        var parents = [String: String]()
                        for entry in nodes {
                            if let parent = entry.parent, !nodes[parent].item.hidden { parents[entry.item.key] = nodes[parent].item.key }
                        }
                        let roofs = Set(nodes.filter(\.item.roof).map { id($0.item.key) })
                        d.linkTree(parents.sorted(by: { $0.key < $1.key }).map { TreeLink(parent: id($0.value), child: id($0.key)) }) { link in
                            var edge = Edge.tree(from: link.parent, to: link.child)
                            if roofs.contains(link.child) { edge.route = .roof }
                            return edge
                        }
                    }
                    s.hold(1.2)
                }
            }
        }
        if let written { Self.point(at: written, options: options, id: id, into: &builder) }
        // The camera stays where the last step left it: after a tour, on a
        // view that reads.
        builder.step(nil, camera: .keep) { s in s.hold(options.finalHold) }
        script = builder.script
    }

    /// How the nodes of some versions are drawn: circles or boxes, their
    /// sizes, and the layout, which way it grows.
    struct Look {
        let shape: TreeOptions.Shape
        let labels: LabelFit
        let diameter: Double
        let direction: SizedTidyLayout.Direction
        let layout: SizedTidyLayout

        init(versions: [Tree<TreeItem>], options: TreeOptions, labels: LabelFit) {
            shape = options.shape
            self.labels = labels
            // Every label at one size, so the tree reads as one; circles are
            // as large as the widest label drawn in one needs (--shape circle
            // with long labels gives larger circles, not smaller text; a
            // label of several lines needs its block's diagonal).
            let circled = versions.flatMap { TreeAnimation.flattened($0).map(\.item) }
                .filter { !$0.hidden && Self.circled($0, shape: options.shape, labels: labels) }.map(\.label)
            let widest = circled.map { label in
                let width = labels.width(of: label) * TreeAnimation.labelSize, lines = LabelFit.lineCount(of: label)
                if lines == 1 { return width / 0.72 }
                let height = (Double(lines - 1) * Font.lineSpacing + 1) * TreeAnimation.labelSize
                return (width * width + height * height).squareRoot() / 0.9
            }.max() ?? 0
            diameter = max(TreeAnimation.diameter, widest)
            let (diameter, shape) = (diameter, options.shape)
            direction = options.direction ?? TreeAnimation.direction(
                for: versions.max { $0.count < $1.count },
                size: { Self.size($0, shape: shape, diameter: diameter, labels: labels) },
                on: options.stage.viewport(bottomBand: 0).size)
            layout = SizedTidyLayout(levelGap: TreeAnimation.levelGap, siblingGap: TreeAnimation.siblingGap, direction: direction)
        }

        /// Whether `item` is drawn in a circle. Text under a roof is a
        /// box: the triangle stands on its top.
        static func circled(_ item: TreeItem, shape: TreeOptions.Shape, labels: LabelFit) -> Bool {
            if item.roof { return false }
            switch shape {
            case .circle: return true
            case .box: return false
            case .auto:
                return LabelFit.lineCount(of: item.label) == 1 && labels.width(of: item.label) * TreeAnimation.labelSize <= TreeAnimation.diameter * 0.72
            }
        }

        static func size(_ item: TreeItem, shape: TreeOptions.Shape, diameter: Double, labels: LabelFit) -> Size {
            if item.hidden { return Size(width: 0.01, height: 0.01) }
            return circled(item, shape: shape, labels: labels)
                ? Size(width: diameter, height: diameter)
                : labels.boxSize(for: item.label, size: TreeAnimation.labelSize, padding: TreeAnimation.padding, height: TreeAnimation.boxHeight)
        }

        func circled(_ item: TreeItem) -> Bool { Self.circled(item, shape: shape, labels: labels) }
        func size(_ item: TreeItem) -> Size { Self.size(item, shape: shape, diameter: diameter, labels: labels) }

        /// The views a levels reveal of `tree` takes to tour it legibly
        /// (0 when it reads whole), and about how long they play at speed 1
        /// (each view's move, rest and caption read).
        func tourLength(of tree: Tree<TreeItem>, sight: Sight) -> (views: Int, seconds: Double) {
            let places = layout.positions(of: tree, size: size)
            let nodes = TreeAnimation.flattened(tree)
            let points = TreeAnimation.flattened(places).map(\.item)
            let frames = nodes.indices.map { i in
                let s = size(nodes[i].item)
                return Rect(x: points[i].x - s.width / 2, y: points[i].y - s.height / 2, width: s.width, height: s.height)
            }
            let shown = nodes.indices.filter { !nodes[$0].item.hidden }
            let whole = shown.dropFirst().reduce(shown.first.map { frames[$0] } ?? Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union(frames[$1]) }
            guard sight.tours(whole) else { return (0, 1.3 * Double(Set(shown.map { nodes[$0].depth }).count)) }
            let tour = TreeAnimation.tour(nodes, points, frames: frames, shown: shown, sight: sight, direction: direction)
            var views = 0, seconds = 0.0
            for (level, count, runs) in tour {
                for r in runs.indices {
                    views += 1
                    let caption = "depth \(level): \(count) nodes, \(r + 1) of \(runs.count)"
                    seconds += TreeAnimation.cameraMove + max(1.3, Timeline.readingTime(of: caption))
                }
            }
            return (views, seconds)
        }
    }

    /// The longest a tour plays when it is summarised to fit the three
    /// minutes a default may last: the rest is the whole tree's view, the
    /// way back to the root and the final hold.
    static let tourBudget = 140.0

    /// `versions` summarised so that a levels reveal of the last tours in
    /// ``tourBudget`` (``TreeOptions/summarise``): the most depths that
    /// fit, then, when even one is too many, the most children a node that
    /// fit; and the note that says so. As given, and nil, when the tour
    /// fits or is not played.
    static func summary(
        of versions: [Tree<TreeItem>], options: TreeOptions, labels: LabelFit, camera: CameraOptions
    ) -> (versions: [Tree<TreeItem>], note: String?) {
        // A ring's nodes must stay drawn: a tree rung is toured whole.
        guard options.summarise, options.reveal == .levels, !options.stage.fitsAll, options.highlight == nil, options.tour.isEmpty,
            let last = versions.last
        else { return (versions, nil) }
        let sight = Sight(stage: options.stage, camera: camera, smallest: labelSize)
        // A forest's depths count from its trees' roots, under the hidden
        // node that holds them.
        let hidden = last.value.hidden ? 1 : 0
        let summarised = { (depth: Int?, children: Int?) in
            versions.map { $0.summarised(collapseBelow: depth.map { $0 + hidden }, maxChildren: children) }
        }
        let seconds = { (depth: Int?, children: Int?) -> Double in
            let trees = summarised(depth, children)
            return Look(versions: trees, options: options, labels: labels).tourLength(of: trees[trees.count - 1], sight: sight).seconds
        }
        guard seconds(nil, nil) > tourBudget else { return (versions, nil) }
        let nodes = flattened(last)
        let deepest = (nodes.map(\.depth).max() ?? 0) - hidden
        let widest = nodes.indices.reduce(into: [Int: Int]()) { counts, i in
            if let p = nodes[i].parent { counts[p, default: 0] += 1 }
        }.values.max() ?? 1
        /// The largest of `range` for which `fits` holds, if any (`fits`
        /// holds up to some value and not past it).
        func largest(_ range: ClosedRange<Int>, _ fits: (Int) -> Bool) -> Int? {
            guard fits(range.lowerBound) else { return nil }
            var (low, high) = (range.lowerBound, range.upperBound)
            while low < high {
                let mid = (low + high + 1) / 2
                if fits(mid) { low = mid } else { high = mid - 1 }
            }
            return low
        }
        var choice: (depth: Int, children: Int?) = (1, 1)
        if deepest > 1, let d = largest(1...deepest - 1, { seconds($0, nil) <= tourBudget }) {
            choice = (d, nil)
        } else {
            for depth in [2, 1] where depth <= max(deepest, 1) {
                if let m = largest(1...max(widest, 1), { seconds(depth, $0) <= tourBudget }) {
                    choice = (depth, m)
                    break
                }
            }
        }
        let trees = summarised(choice.depth, choice.children)
        let kept = flattened(trees[trees.count - 1]).filter { !$0.item.hidden && !$0.item.key.hasPrefix("\u{1}more") }.count
        let total = nodes.count - hidden
        var what = "depths 0 to \(choice.depth)"
        if let m = choice.children { what += ", at most \(m) children a node" }
        let note = "\(total) nodes would take over 3 minutes to tour legibly: the tour shows a summary, \(what) (\(kept) nodes, "
            + "the rest folded into \"+K more\" leaves); --full-tour shows every node, --collapse-below and --max-children choose the summary"
        return (trees, note)
    }

    /// How long the camera takes to go from one view to the next.
    static let cameraMove = 0.7

    static let highlightRing = ElementID("ring:highlight")
    static let tourRing = ElementID("ring:tour")

    /// The highlight, then the tour, on the last version: a ring fades in
    /// on the highlighted node and stays; the tour's ring (standing further
    /// off, so the two nest on one node) comes to each stop in its own step
    /// and rests there, captioned with the node's label.
    static func point(
        at last: Tree<TreeItem>, options: TreeOptions, id: (String) -> ElementID, into builder: inout ScriptBuilder
    ) {
        let labels = Dictionary(flattened(last).map { ($0.item.key, $0.item.label) }, uniquingKeysWith: { a, _ in a })
        let caption = { (key: String) -> String in
            guard let label = labels[key] else { preconditionFailure("no node \(key) in the last version") }
            return label.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
        }
        if let key = options.highlight {
            builder.step(caption(key)) { s in
                s.beat(.easeOut(duration: 0.3)) { d in d.marks.insert(.ring(highlightRing, on: id(key))) }
                s.hold(1.2)
            }
        }
        // Each stop's caption comes as the ring arrives; the one before
        // stays while it travels.
        var shown = options.highlight.map(caption)
        for (i, key) in options.tour.enumerated() {
            let note = "stop \(i + 1) of \(options.tour.count)"
            builder.step(caption(key), note: note) { s in
                if i == 0 {
                    s.beat(.easeOut(duration: 0.3)) { d in
                        d.marks.insert(Mark(id: tourRing, placement: .on(id(key)), padding: 0.3))
                    }
                    s.hold(0.9, caption: caption(key))
                } else {
                    // The rest (and its caption) starts as the ring settles,
                    // so the caption comes with it, not after.
                    s.moveRing(
                        tourRing, to: id(key), move: options.easing.animation(duration: 0.7), caption: caption(key),
                        keeping: shown, rest: 0.9)
                }
            }
            shown = caption(key)
        }
    }

    /// Down, unless its labels would come out under the legibility floor
    /// (``Stage/legibleText``) in a viewport of `frame` stage units and the
    /// tree drawn to the right is larger.
    static func direction(
        for tree: Tree<TreeItem>?, size: (TreeItem) -> Size, on frame: Size
    ) -> SizedTidyLayout.Direction {
        guard let tree else { return .down }
        var scales = [Double]()
        for direction in [SizedTidyLayout.Direction.down, .right] {
            let bounds = SizedTidyLayout(levelGap: levelGap, siblingGap: siblingGap, direction: direction)
                .drawing(of: tree, size: size).bounds
            scales.append(min(frame.width / max(bounds.width, 1e-9), frame.height / max(bounds.height, 1e-9)))
        }
        // Trees grow down, as readers expect, while their labels read there.
        return scales[0] * labelSize >= Stage.legibleText || scales[1] <= scales[0] ? .down : .right
    }

    /// The nodes of `tree` in preorder, each with its parent's index, its
    /// depth and its preorder index; without recursion.
    static func flattened<V>(_ tree: Tree<V>) -> [(item: V, parent: Int?, depth: Int)] {
        var out = [(item: V, parent: Int?, depth: Int)]()
        var stack: [(Tree<V>, Int?, Int)] = [(tree, nil, 0)]
        while let (t, parent, depth) = stack.popLast() {
            let index = out.count
            out.append((t.value, parent, depth))
            for child in t.children.reversed() {
                if let child { stack.append((child, index, depth + 1)) }
            }
        }
        return out
    }

    /// The first version appears as `options.reveal` says.
    static func reveal(
        _ nodes: [(item: TreeItem, parent: Int?, depth: Int)], _ points: [Point], options: TreeOptions, sight: Sight,
        direction: SizedTidyLayout.Direction, node: @escaping (TreeItem, Point) -> Node, id: @escaping (String) -> ElementID,
        into builder: inout ScriptBuilder
    ) {
        let add = { (d: inout Diagram, i: Int) in
            guard !nodes[i].item.hidden else { return }
            d.nodes.insert(node(nodes[i].item, points[i]))
            if let parent = nodes[i].parent, !nodes[parent].item.hidden {
                var edge = Edge.tree(from: id(nodes[parent].item.key), to: id(nodes[i].item.key))
                if nodes[i].item.roof { edge.route = .roof }
                d.edges.insert(edge)
            }
        }
        // A forest's hidden root is laid out, not shown: it takes no room
        // in the frame, no view and no step.
        let forest = nodes.first?.item.hidden == true
        let shown = nodes.indices.filter { !nodes[$0].item.hidden }
        let count = shown.count
        let framesByIndex = nodes.indices.map { node(nodes[$0].item, points[$0]).frame }
        let frames = shown.map { framesByIndex[$0] }
        let whole = frames.dropFirst().reduce(frames.first ?? Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        let depthCaption = { (level: Int, count: Int) -> String in
            let depth = forest ? level - 1 : level
            if depth == 0 { return forest ? "the roots: \(count) trees" : "the root" }
            return "depth \(depth): \(count) node\(count == 1 ? "" : "s")"
        }
        if let warning = sight.forcedFit(whole, what: "\(count) nodes", touring: options.reveal == .levels, by: "--reveal \(options.reveal.rawValue)") {
            builder.note(warning)
        }
        // The tour, planned: each depth in runs the camera shows legibly
        // (taken in turn from either end, so the camera goes on from where
        // it is). One past an hour is not played: the tree is shown depth
        // by depth whole, its labels too small to read left out, and the
        // note says what summarises it.
        var tour: [(level: Int, count: Int, runs: [(items: [Int], region: Rect)])]?
        if options.reveal == .levels, sight.tours(whole) {
            tour = Self.tour(nodes, points, frames: framesByIndex, shown: shown, sight: sight, direction: direction)
            let views = tour!.reduce(0) { $0 + $1.runs.count }
            if views > Sight.mostViews {
                tour = nil
                builder.note(
                    "\(count) nodes would take \(views) views, over an hour, to tour legibly: the reveal shows them depth by depth, "
                        + "labels too small to read left out; --max-children N or --collapse-below DEPTH summarise the tree")
            }
        }
        switch options.reveal {
        case .none:
            builder.step("\(count) nodes", camera: .refit) { s in
                s.beat(.linear(duration: 0)) { d in for i in nodes.indices { add(&d, i) } }
                s.hold(1)
            }
        case .dfs:
            // Quick enough that a large tree still takes under half a minute.
            let each = max(0.04, min(0.4, 20 / Double(max(count, 1))))
            builder.step("depth first", camera: .refit) { s in
                for i in shown {
                    s.beat(.easeOut(duration: each)) { d in add(&d, i) }
                }
                s.hold(1)
            }
        case .levels where tour != nil:
            // A map of the whole tree in a corner while the camera is close.
            builder.overview(whole)
            // Too large to read at once: the runs of each depth, then the
            // whole tree.
            var views = 0
            for (level, count, runs) in tour! {
                views += runs.count
                for (r, run) in runs.enumerated() {
                    var caption = depthCaption(level, count)
                    if runs.count > 1 { caption += ", \(r + 1) of \(runs.count)" }
                    builder.step(caption, camera: .region(run.region)) { s in
                        s.beat(.easeOut(duration: 0.5)) { d in
                            for i in run.items { add(&d, i) }
                        }
                        s.hold(0.8)
                    }
                }
            }
            builder.step("the whole \(forest ? "forest" : "tree"): \(count) nodes", camera: .region(whole)) { s in s.hold(1.5) }
            // The last frame reads: a legible window on the root (a
            // forest's first), kept over the tree.
            let root = shown[0]
            builder.step(
                forest ? "around the first root" : "around the root", camera: .region(sight.window(on: points[root], over: whole))
            ) { s in s.hold(1.5) }
            let size = options.stage.pixelSize
            builder.note(
                "\(count) nodes are too many to label legibly in one \(Int(size.width))×\(Int(size.height)) frame: "
                    + "the reveal tours them, depth by depth, in \(views) views, shows the whole tree, then comes back to the root")
        case .levels:
            let levels = Dictionary(grouping: shown) { nodes[$0].depth }
            for level in levels.keys.sorted() {
                let count = levels[level]!.count
                let caption = depthCaption(level, count)
                builder.step(caption, camera: .refit) { s in
                    s.beat(.easeOut(duration: 0.5)) { d in
                        for i in levels[level]! { add(&d, i) }
                    }
                    s.hold(0.8)
                }
            }
        }
    }

    /// The tour of a tree too large to read at once: each depth in runs
    /// the camera shows legibly, taken in turn from either end (so the
    /// camera goes on from where it is).
    static func tour(
        _ nodes: [(item: TreeItem, parent: Int?, depth: Int)], _ points: [Point], frames: [Rect], shown: [Int], sight: Sight,
        direction: SizedTidyLayout.Direction
    ) -> [(level: Int, count: Int, runs: [(items: [Int], region: Rect)])] {
        let levels = Dictionary(grouping: shown) { nodes[$0].depth }
        return levels.keys.sorted().enumerated().map { k, level in
            let across = { (i: Int) in (direction == .down ? points[i].x : points[i].y) * (k.isMultiple(of: 2) ? 1 : -1) }
            return (level, levels[level]!.count, sight.runs(of: levels[level]!.sorted { across($0) < across($1) }) { frames[$0] })
        }
    }

    /// The speaker's note of a version step: what came, went and stayed.
    static func changes(from old: Tree<TreeItem>, to new: Tree<TreeItem>) -> String {
        let before = Set(flattened(old).map(\.item.key)), after = Set(flattened(new).map(\.item.key))
        let added = after.subtracting(before).count, removed = before.subtracting(after).count
        return "\(added) node\(added == 1 ? "" : "s") added, \(removed) removed, \(after.intersection(before).count) kept."
    }
}
