import Geometry
import Testing
import Trees

/// The laws every drawing by ``SizedTidyLayout`` keeps, checked on one tree
/// of node sizes and its drawing.
///
/// Each law returns what it found wrong instead of recording it, so that a
/// test can also show a law catching a broken drawing; ``check(_:)``
/// records everything, prefixed with `label` to name the tree.
///
/// The checks are loops over the trees in preorder, where a subtree is a
/// run of consecutive nodes, so that a chain of 100,000 nodes is checked as
/// easily as a bush. The two laws that compare subtrees,
/// ``drawsEqualSubtreesAlike()`` and ``packsSubtreesTight()``, cost the sum
/// of the subtree sizes, O(n × depth); the others O(n log n).
struct SizedLayoutLaws {
    let layout: SizedTidyLayout
    let label: String
    /// The sizes, in preorder.
    let nodes: FlatTree<Size>
    /// The drawing's centres, by the same preorder indices.
    let centres: [Point]
    let bounds: Rect
    /// Per node, the number of nodes in its subtree, itself included.
    let subtreeSizes: [Int]
    /// How the drawing's tree differs in shape from the tree of sizes.
    private var shapeProblems: [String] = []

    init(_ sizes: Tree<Size>, _ drawing: SizedTidyLayout.Drawing, layout: SizedTidyLayout, label: String) {
        self.init(sizes, positions: drawing.positions, bounds: drawing.bounds, layout: layout, label: label)
    }

    init(_ sizes: Tree<Size>, positions: Tree<Point>, bounds: Rect, layout: SizedTidyLayout, label: String) {
        self.layout = layout
        self.label = label
        self.bounds = bounds
        nodes = FlatTree(sizes)
        let drawn = FlatTree(positions)
        centres = drawn.values
        if drawn.slots != nodes.slots {
            shapeProblems.append("the drawing's tree has another shape than the tree of sizes")
        }
        var subtreeSizes = [Int](repeating: 1, count: nodes.count)
        for node in nodes.values.indices.reversed() where nodes.parents[node] >= 0 {
            subtreeSizes[nodes.parents[node]] += subtreeSizes[node]
        }
        self.subtreeSizes = subtreeSizes
    }

    // MARK: Axes

    /// The coordinate along a level: x for a drawing down, y for one to the right.
    func across(_ node: Int) -> Double { layout.direction == .down ? centres[node].x : centres[node].y }
    /// The coordinate along the depth axis.
    func along(_ node: Int) -> Double { layout.direction == .down ? centres[node].y : centres[node].x }
    /// The node's extent along its level.
    func breadth(_ node: Int) -> Double { layout.direction == .down ? nodes.values[node].width : nodes.values[node].height }
    /// The node's extent along the depth axis.
    func thickness(_ node: Int) -> Double { layout.direction == .down ? nodes.values[node].height : nodes.values[node].width }

    /// Slack for sums rounded in another order: relative to the size of the
    /// drawing, as rounding errors grow with the coordinates.
    var tolerance: Double {
        1e-9 * max(1, abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY))
    }

    /// Node indices by depth, each level in preorder, which is left to right.
    var levels: [[Int]] {
        var rows: [[Int]] = []
        for node in 0..<nodes.count {
            let depth = nodes.depths[node]
            if depth == rows.count { rows.append([]) }
            rows[depth].append(node)
        }
        return rows
    }

    // MARK: Laws

    /// The drawing has the tree's shape, the root is at the origin and the
    /// bounds are those of the boxes.
    func keepsTheShapeAndTheBounds() -> [String] {
        var problems = shapeProblems
        if centres.first != Point(0, 0) { problems.append("root at \(String(describing: centres.first))") }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (centre, size) in zip(centres, nodes.values) {
            minX = min(minX, centre.x - size.width / 2)
            maxX = max(maxX, centre.x + size.width / 2)
            minY = min(minY, centre.y - size.height / 2)
            maxY = max(maxY, centre.y + size.height / 2)
        }
        let boxes = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        if bounds != boxes { problems.append("bounds \(bounds), the boxes span \(boxes)") }
        return problems
    }

    /// Nodes of one depth share one line, and the lines are spaced so that
    /// the thickest boxes of neighbouring levels are exactly a level gap
    /// apart, no box reaching into the gap.
    func centresEachLevelOnOneLine() -> [String] {
        var problems: [String] = []
        var lines: [Double] = [], thickest: [Double] = []
        var starts: [Double] = [], ends: [Double] = []
        for row in levels {
            let line = along(row[0])
            for node in row where along(node) != line {
                problems.append("node \(node) at \(along(node)), off its level's line \(line)")
            }
            lines.append(line)
            thickest.append(row.map(thickness).max()!)
            starts.append(row.map { along($0) - thickness($0) / 2 }.min()!)
            ends.append(row.map { along($0) + thickness($0) / 2 }.max()!)
        }
        for depth in lines.indices.dropFirst() {
            let expected = lines[depth - 1] + (thickest[depth - 1] + thickest[depth]) / 2 + layout.levelGap
            if abs(lines[depth] - expected) > tolerance {
                problems.append("level \(depth) at \(lines[depth]), expected \(expected)")
            }
            if starts[depth] - ends[depth - 1] < layout.levelGap - tolerance {
                problems.append("levels \(depth - 1) and \(depth) only \(starts[depth] - ends[depth - 1]) apart")
            }
        }
        return problems
    }

    /// Children follow their slots' order along the level.
    func keepsChildrenInOrder() -> [String] {
        var problems: [String] = []
        for node in 0..<nodes.count {
            let present = nodes.slots[node].compactMap { $0 }
            for (a, b) in zip(present, present.dropFirst()) where !(across(a) < across(b)) {
                problems.append("children \(a) and \(b) of \(node) out of order")
            }
        }
        return problems
    }

    /// A parent is midway between its first and last child slots. Where an
    /// end slot is empty its place is not drawn, except for the lone child
    /// of a binary node: its empty sibling slot is as wide as it is, so it
    /// sits half its breadth and half a gap out.
    func centresParentsOverTheirChildSlots() -> [String] {
        var problems: [String] = []
        for node in 0..<nodes.count {
            let slots = nodes.slots[node]
            if let first = slots.first ?? nil, let last = slots.last ?? nil {
                let middle = (across(first) + across(last)) / 2
                if abs(middle - across(node)) > tolerance {
                    problems.append("\(node) at \(across(node)), not midway between its children at \(middle)")
                }
            } else if slots.count == 2, let child = slots[0] ?? slots[1] {
                let side: Double = slots[0] == nil ? 1 : -1
                let expected = across(node) + side * (breadth(child) + layout.siblingGap) / 2
                if abs(across(child) - expected) > tolerance {
                    problems.append("lone child \(child) of \(node) at \(across(child)), expected \(expected)")
                }
            }
        }
        return problems
    }

    /// Boxes of one level keep at least a sibling gap between them, edge to
    /// edge (so they never overlap).
    func keepsTheSiblingGap() -> [String] {
        var problems: [String] = []
        for row in levels {
            let sorted = row.sorted { across($0) < across($1) }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let space = (across(b) - breadth(b) / 2) - (across(a) + breadth(a) / 2)
                if space < layout.siblingGap - tolerance {
                    problems.append("boxes \(a) and \(b) only \(space) apart")
                }
            }
        }
        return problems
    }

    /// Straight edges between two levels cross exactly when two of them
    /// meet their children in the other order than their parents (edges
    /// from one parent diverge, so their children must differ too).
    func drawsNoCrossingEdges() -> [String] {
        var problems: [String] = []
        var byLevel: [[(parent: Double, child: Double)]] = []
        for node in 1..<max(nodes.count, 1) {
            let depth = nodes.depths[node] - 1
            while byLevel.count <= depth { byLevel.append([]) }
            byLevel[depth].append((across(nodes.parents[node]), across(node)))
        }
        for (level, edges) in byLevel.enumerated() {
            let ordered = edges.sorted { ($0.parent, $0.child) < ($1.parent, $1.child) }
            for (a, b) in zip(ordered, ordered.dropFirst()) where !(a.child < b.child) {
                problems.append("edges below level \(level) cross")
            }
        }
        return problems
    }

    /// Subtrees of one shape and the same sizes are drawn alike, relative to
    /// their roots: across the levels always, and along the depth axis when
    /// they hang at the same depth (at other depths the levels they span
    /// may be thicker or thinner).
    func drawsEqualSubtreesAlike() -> [String] {
        var problems: [String] = []
        var shapeOf = [Int](repeating: -1, count: nodes.count)
        var shapes: [[UInt64]: Int] = [:]
        var firstOfShape: [Int] = []
        // Reversed preorder meets every node after its descendants.
        for node in (0..<nodes.count).reversed() {
            let size = nodes.values[node]
            let signature = [size.width.bitPattern, size.height.bitPattern]
                + nodes.slots[node].map { $0.map { UInt64(shapeOf[$0]) } ?? .max }
            if let shape = shapes[signature] {
                shapeOf[node] = shape
                let other = firstOfShape[shape]
                let sameDepth = nodes.depths[other] == nodes.depths[node]
                for offset in 0..<subtreeSizes[node] {
                    let a = other + offset, b = node + offset
                    if abs((across(a) - across(other)) - (across(b) - across(node))) > tolerance
                        || sameDepth && along(a) - along(other) != along(b) - along(node)
                    {
                        problems.append("subtrees at \(other) and \(node) drawn differently")
                        break
                    }
                }
            } else {
                shapeOf[node] = shapes.count
                shapes[signature] = shapes.count
                firstOfShape.append(node)
            }
        }
        return problems
    }

    /// Neither end of a family can move in: the subtree of a node's last
    /// child is exactly a sibling gap from the subtrees of the others on
    /// some level, and so is the first child's. Without this law a drawing
    /// spread out evenly would keep all the others.
    ///
    /// Only nodes whose subtrees hold no empty slot are checked, as the
    /// drawing does not say where empty slots went.
    func packsSubtreesTight() -> [String] {
        var problems: [String] = []
        var hasEmptySlot = nodes.slots.map { $0.contains(nil) }
        for node in (1..<max(nodes.count, 1)).reversed() where hasEmptySlot[node] {
            hasEmptySlot[nodes.parents[node]] = true
        }
        for node in 0..<nodes.count where !hasEmptySlot[node] && nodes.slots[node].count >= 2 {
            let children = nodes.slots[node].map { $0! }
            let depth = nodes.depths[node] + 1
            /// Per level below `node`, the lowest left edge and the highest
            /// right edge of the subtrees of `children[range]`.
            func contours(_ range: Range<Int>) -> (left: [Double], right: [Double]) {
                var left: [Double] = [], right: [Double] = []
                for child in children[range] {
                    for member in child..<child + subtreeSizes[child] {
                        let level = nodes.depths[member] - depth
                        while left.count <= level {
                            left.append(.infinity)
                            right.append(-.infinity)
                        }
                        left[level] = min(left[level], across(member) - breadth(member) / 2)
                        right[level] = max(right[level], across(member) + breadth(member) / 2)
                    }
                }
                return (left, right)
            }
            let count = children.count
            for (name, leftRange, rightRange) in [
                ("last", 0..<count - 1, count - 1..<count), ("first", 0..<1, 1..<count),
            ] {
                let leftSide = contours(leftRange).right, rightSide = contours(rightRange).left
                let closest = zip(leftSide, rightSide).map { $1 - $0 }.min()!
                if abs(closest - layout.siblingGap) > tolerance {
                    problems.append("the \(name) child's subtree under \(node) is \(closest) from its siblings'")
                }
            }
        }
        return problems
    }

    /// `mirror` draws the mirror image of this tree (every node's slots
    /// reversed): its drawing is this one mirrored across the depth axis.
    func drawsTheMirrorMirrored(_ mirror: SizedLayoutLaws) -> [String] {
        var problems: [String] = []
        guard mirror.nodes.count == nodes.count else { return ["the mirror has \(mirror.nodes.count) nodes"] }
        var stack = [(0, 0)]
        while let (node, image) = stack.popLast() {
            if abs(mirror.across(image) + across(node)) > tolerance || mirror.along(image) != along(node) {
                problems.append("node \(node) at \(centres[node]), its mirror image at \(mirror.centres[image])")
            }
            let slots = nodes.slots[node], mirrored = mirror.nodes.slots[image]
            guard slots.count == mirrored.count else { return problems + ["node \(node)'s mirror has other slots"] }
            for (slot, imageSlot) in zip(slots, mirrored.reversed()) {
                if let slot, let imageSlot { stack.append((slot, imageSlot)) }
            }
        }
        return problems
    }

    /// Every law but the comparisons with another drawing; the two that
    /// cost O(n × depth) only when `subtrees` is true.
    func problems(subtrees: Bool = true) -> [String] {
        var all = keepsTheShapeAndTheBounds() + centresEachLevelOnOneLine() + keepsChildrenInOrder()
            + centresParentsOverTheirChildSlots() + keepsTheSiblingGap() + drawsNoCrossingEdges()
        if subtrees { all += drawsEqualSubtreesAlike() + packsSubtreesTight() }
        return all
    }

    /// Records every broken law, the first ten of them in full.
    func check(subtrees: Bool = true, _ location: SourceLocation = #_sourceLocation) {
        record(problems(subtrees: subtrees), location)
    }

    func record(_ problems: [String], _ location: SourceLocation = #_sourceLocation) {
        for problem in problems.prefix(10) {
            Issue.record("\(label): \(problem)", sourceLocation: location)
        }
        if problems.count > 10 {
            Issue.record("\(label): and \(problems.count - 10) more", sourceLocation: location)
        }
    }
}
