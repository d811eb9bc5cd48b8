import Geometry

/// The Reingold–Tilford tidy drawing of a tree whose nodes are boxes of their
/// own sizes, such as labels in boxes fitted to their text, in linear time
/// for any number of children.
///
/// It is ``TidyLayout``'s walk with one change: the least distance between
/// the centres of two neighbouring nodes a and b of one level is
/// `(width(a) + width(b)) / 2 + siblingGap`, so that boxes, not centres, stay
/// a sibling gap apart; where the walk compares the contours of two subtrees
/// it uses the widths of the two contour nodes it compares.
///
/// The drawing is *layered*: nodes of one depth are centred on one level
/// line, so depth reads at a glance and the edges between two levels span
/// one band. A level is as thick as its thickest node, and the lines are
/// spaced so that `levelGap` separates the thickest boxes of neighbouring
/// levels: `line(d + 1) = line(d) + (thickness(d) + thickness(d + 1)) / 2 +
/// levelGap`. (A non-layered drawing would pack a short node's children
/// closer to it, but nodes of one depth would then wander off a common line.)
///
/// ``Direction/right`` lays the same tree out sideways, as file systems and
/// outlines are read: depth along +x and siblings down along +y. It is the
/// same algorithm with each size's width and height swapped: a level is as
/// thick as its widest node, and siblings are spaced by their heights.
///
/// An empty child slot (`nil`) takes room like a node but is not drawn. Its
/// extent along the level is that of the widest node among its siblings, or
/// of its parent when all the slots are empty. So the lone child of a binary
/// node sits `(its width + siblingGap) / 2` to the side of its parent, its
/// box clear of the parent's centre line by half a gap: left and right
/// children stay told apart whatever the sizes, as in ``TidyLayout``. The
/// rule looks at the slot's own siblings only, and the widest of them is
/// the same read from either end, so a subtree is still drawn the same
/// wherever it appears and a mirrored tree mirrored. (A fixed slot width
/// would have to guess the scale of the caller's labels; "the nearest
/// sibling" is ambiguous for a slot between two nodes.) Empty slots take no
/// room across levels: they do not thicken a level.
///
/// The drawing keeps these laws, which the tests check on every ordered
/// tree of up to eight nodes and on random trees:
/// - nodes of one depth are centred on one level line, the root at (0, 0);
///   neighbouring levels' boxes are `levelGap` apart;
/// - children keep their order, and a parent is centred over its first and
///   last child slots;
/// - boxes of one level are at least `siblingGap` apart edge to edge;
/// - edges never cross;
/// - a subtree is drawn the same wherever it appears, across the levels, and
///   a mirrored tree is drawn mirrored;
/// - when every node has the same size w × h, the positions along the level
///   are exactly those of `TidyLayout(levelGap: h + levelGap, siblingGap: w +
///   siblingGap)`.
///
///     let tree = Tree("root", children: [Tree("a"), Tree("longer")])
///     let drawing = SizedTidyLayout(levelGap: 20, siblingGap: 10)
///         .drawing(of: tree) { Size(width: 8 * Double($0.count), height: 16) }
///     // "a" at (-19, 36), "longer" at (19, 36);
///     // bounds x -23...43, y -8...44
public struct SizedTidyLayout: Sendable, Hashable {
    /// Which way depth grows.
    public enum Direction: Sendable, Hashable {
        /// Depth along +y, siblings left to right along +x.
        case down
        /// Depth along +x, siblings top to bottom along +y.
        case right
    }

    /// The centres of the nodes and the rectangle around their boxes.
    public struct Drawing: Sendable {
        /// The centre of every node, in a tree of the same shape; empty
        /// slots stay empty.
        public var positions: Tree<Point>
        /// The smallest rectangle holding every node's box (not the empty
        /// slots, which are not drawn).
        public var bounds: Rect
    }

    /// The distance between the boxes of neighbouring levels, from the
    /// bottom of the thickest box of one to the top of the thickest of the
    /// next (left and right edges for ``Direction/right``).
    public let levelGap: Double
    /// The least distance between two boxes of one level, edge to edge.
    public let siblingGap: Double
    public let direction: Direction

    /// - Precondition: both gaps are positive and finite.
    public init(levelGap: Double = 1, siblingGap: Double = 1, direction: Direction = .down) {
        checkGaps(levelGap: levelGap, siblingGap: siblingGap)
        self.levelGap = levelGap
        self.siblingGap = siblingGap
        self.direction = direction
    }

    /// The centre of every node of `tree`, a box of `size(value)` centred
    /// there, and the bounds of the boxes. The root is at (0, 0).
    ///
    /// `size` is called once per node, level by level from the root, each
    /// level in order.
    ///
    /// The layout walks any depth with loops; a ``Tree`` itself releases its
    /// nested values recursively, so a chain of many thousands of levels must
    /// still be taken apart by its owner.
    /// - Precondition: every width and height is finite and not negative.
    /// - Complexity: O(*n*) time and memory, with no recursion.
    public func drawing<Value>(of tree: Tree<Value>, size: (Value) -> Size) -> Drawing {
        // Each node's extent along its level (across the depth axis) and
        // along the depth axis, by level-order number.
        var across: [Double] = [], along: [Double] = []
        let shape = LevelOrderShape(tree) { value in
            let box = size(value)
            precondition(
                box.width >= 0 && box.width.isFinite && box.height >= 0 && box.height.isFinite,
                "node size \(box.width) × \(box.height) is not a finite size")
            switch direction {
            case .down:
                across.append(box.width)
                along.append(box.height)
            case .right:
                across.append(box.height)
                along.append(box.width)
            }
        }
        let slots = SlotTree(root: 0, capacity: shape.count) { node, slots in
            slots.append(contentsOf: shape.slots(of: node))
        }
        let x = TidyWalk.positions(of: slots, spacing: WidthSpacing(halfWidth: halfWidths(slots, across), gap: siblingGap))

        let levelCount = slots.levelStarts.count - 1
        var thickness = [Double](repeating: 0, count: levelCount)
        for level in 0..<levelCount {
            for node in slots.levelStarts[level]..<slots.levelStarts[level + 1] where slots.nodes[node].source >= 0 {
                thickness[level] = Swift.max(thickness[level], along[slots.nodes[node].source])
            }
        }
        // A level of empty slots only, necessarily the last, has no line of
        // its own to place; giving it one anyway keeps the loop plain.
        var line = [Double](repeating: 0, count: levelCount)
        for level in 1..<levelCount {
            line[level] = line[level - 1] + (thickness[level - 1] + thickness[level]) / 2 + levelGap
        }

        var points = [Point](repeating: .zero, count: shape.count)
        // The root's box is the first; the extremes start there.
        var minAcross = -across[0] / 2, maxAcross = across[0] / 2
        var minAlong = -along[0] / 2, maxAlong = along[0] / 2
        for level in 0..<levelCount {
            let y = line[level]
            for node in slots.levelStarts[level]..<slots.levelStarts[level + 1] {
                let source = slots.nodes[node].source
                guard source >= 0 else { continue }
                points[source] = direction == .down ? Point(x[node], y) : Point(y, x[node])
                minAcross = Swift.min(minAcross, x[node] - across[source] / 2)
                maxAcross = Swift.max(maxAcross, x[node] + across[source] / 2)
                minAlong = Swift.min(minAlong, y - along[source] / 2)
                maxAlong = Swift.max(maxAlong, y + along[source] / 2)
            }
        }
        let bounds =
            switch direction {
            case .down: Rect(x: minAcross, y: minAlong, width: maxAcross - minAcross, height: maxAlong - minAlong)
            case .right: Rect(x: minAlong, y: minAcross, width: maxAlong - minAlong, height: maxAcross - minAcross)
            }
        return Drawing(positions: shape.assemble(points), bounds: bounds)
    }

    /// The centre of every node of `tree`, a box of `size(value)` centred
    /// there; ``drawing(of:size:)`` without the bounds.
    /// - Complexity: O(*n*).
    public func positions<Value>(of tree: Tree<Value>, size: (Value) -> Size) -> Tree<Point> {
        drawing(of: tree, size: size).positions
    }

    /// Half of each slot-tree node's extent along its level, by level
    /// number: a node's own, and for an empty slot that of the widest node
    /// among its siblings, or of its parent when every slot is empty.
    private func halfWidths(_ slots: SlotTree, _ across: [Double]) -> [Double] {
        var half = [Double](repeating: 0, count: slots.count)
        half[0] = across[0] / 2
        // Only nodes have children, and every node but the root is a child:
        // one pass over the parents covers every slot.
        for parent in slots.nodes where parent.source >= 0 && parent.childCount > 0 {
            let children = parent.firstChild..<parent.firstChild + parent.childCount
            var widest = -1.0
            for child in children where slots.nodes[child].source >= 0 {
                let width = across[slots.nodes[child].source]
                half[child] = width / 2
                widest = Swift.max(widest, width)
            }
            if widest < 0 { widest = across[parent.source] }
            for child in children where slots.nodes[child].source < 0 {
                half[child] = widest / 2
            }
        }
        return half
    }
}
