import Geometry
import Testing
import TestSupport
import Trees

/// Sizes for the nodes of a tree of `count` nodes, by index: a few
/// patterns, so that every shape is tried with equal boxes, boxes growing
/// and shrinking along the preorder, and random boxes (in quarters, where
/// sums are exact, and in arbitrary fractions); some random boxes are
/// empty, as wide as a point.
func sizePatterns(count: Int, seed: UInt64) -> [(name: String, sizes: [Size])] {
    var rng = SeededGenerator(seed: seed)
    let quarters = (0..<count).map { _ in
        Size(width: Double(rng.next(in: 0...16)) / 4, height: Double(rng.next(in: 1...8)) / 4)
    }
    let fractions = (0..<count).map { _ in
        Size(width: Double(rng.next(in: 1...1_000)) / 137, height: Double(rng.next(in: 1...1_000)) / 251)
    }
    return [
        ("equal", Array(repeating: Size(width: 2, height: 1), count: count)),
        ("increasing", (0..<count).map { Size(width: 1 + Double($0), height: 0.5 + Double($0 % 3)) }),
        ("decreasing", (0..<count).map { Size(width: Double(count - $0), height: 1) }),
        ("quarters", quarters),
        ("fractions", fractions),
    ]
}

/// The tree of the shape of `shape` with the sizes of `sizes`, by index.
func sized(_ shape: FlatTree<Int>, _ sizes: [Size]) -> FlatTree<Size> {
    shape.map { index, _ in sizes[index] }
}

func transposed(_ size: Size) -> Size {
    Size(width: size.height, height: size.width)
}

@Suite struct SizedTidyLayoutTests {
    static let directions: [SizedTidyLayout.Direction] = [.down, .right]

    @Test func theDocumentationsExampleLandsWhereItSays() {
        let tree = Tree("root", children: [Tree("a"), Tree("longer")])
        let drawing = SizedTidyLayout(levelGap: 20, siblingGap: 10)
            .drawing(of: tree) { Size(width: 8 * Double($0.count), height: 16) }
        #expect(drawing.positions == Tree(Point(0, 0), children: [Tree(Point(-19, 36)), Tree(Point(19, 36))]))
        #expect(drawing.bounds == Rect(x: -23, y: -8, width: 66, height: 52))
    }

    @Test func sidewaysTheLevelsAreAsThickAsTheirWidestNode() {
        let tree = Tree(Size(width: 10, height: 2), children: [Tree(Size(width: 4, height: 6)), Tree(Size(width: 30, height: 2))])
        let drawing = SizedTidyLayout(levelGap: 5, siblingGap: 1, direction: .right).drawing(of: tree) { $0 }
        // Level 1 is 30 wide: its line is 10 / 2 + 5 + 30 / 2 from the root's.
        // The children are spaced by their heights: 6 / 2 + 2 / 2 + 1 apart.
        #expect(drawing.positions == Tree(Point(0, 0), children: [Tree(Point(25, -2.5)), Tree(Point(25, 2.5))]))
        #expect(drawing.bounds == Rect(x: -5, y: -5.5, width: 45, height: 9))
    }

    /// Narrow nodes under wide ones: the walk compares each pair of contour
    /// nodes by their own widths, so the subtrees interlock as far as the
    /// boxes allow, not as far as the widest box would.
    @Test func contoursAreComparedByTheWidthsOfTheTwoNodesMet() {
        let leaf = { (width: Double) in Tree(width) }
        // Two wide parents with narrow children: the parents (width 10)
        // decide, 10 / 2 + 10 / 2 + 1 apart.
        let a = Tree(10.0, children: [leaf(1)]), b = Tree(10.0, children: [leaf(1)])
        let layout = SizedTidyLayout(levelGap: 1, siblingGap: 1)
        let first = layout.positions(of: Tree(1.0, children: [a, b])) { Size(width: $0, height: 1) }
        #expect(first.children.map { $0!.value.x } == [-5.5, 5.5])
        // Narrow parents with wide children: the children decide, pushing
        // the parents apart.
        let c = Tree(1.0, children: [leaf(10)]), d = Tree(1.0, children: [leaf(6)])
        let second = layout.positions(of: Tree(1.0, children: [c, d])) { Size(width: $0, height: 1) }
        #expect(second.children.map { $0!.value.x } == [-4.5, 4.5])
    }

    @Test func anEmptySlotTakesTheRoomOfItsWidestSibling() {
        let layout = SizedTidyLayout(levelGap: 1, siblingGap: 1)
        let between = Tree(1.0, children: [Tree(1.0), nil, Tree(5.0)])
        // 1 / 2 + 5 / 2 + 1 from the first node to the slot, 5 + 1 from the
        // slot to the last.
        #expect(layout.positions(of: between) { Size(width: $0, height: 1) }.children.map { $0?.value.x } == [-5, nil, 5])
        // A lone child is half its width and half a gap off its parent's
        // centre, whatever the parent's width.
        for parentWidth in [0.5, 3, 40] {
            let left = Tree(parentWidth, children: [Tree(6.0), nil]), right = Tree(parentWidth, children: [nil, Tree(6.0)])
            #expect(layout.positions(of: left) { Size(width: $0, height: 1) }.children[0]!.value.x == -3.5)
            #expect(layout.positions(of: right) { Size(width: $0, height: 1) }.children[1]!.value.x == 3.5)
        }
    }

    @Test func emptySlotsWithNoNodeBesideThemTakeTheirParentsRoom() {
        // A's two empty slots, each as wide as A, push B's child away, and
        // B with it.
        let tree = Tree("root", children: [Tree("A", children: [nil, nil]), Tree("B", children: [Tree("C")])])
        let points = SizedTidyLayout(levelGap: 1, siblingGap: 1).positions(of: tree) { _ in Size(width: 2, height: 1) }
        #expect(points.children.map { $0!.value.x } == [-2.25, 2.25])
        #expect(points.children[1]!.children[0]!.value == Point(2.25, 4))
    }

    @Test func emptySlotsAreNotDrawn() {
        let tree = Tree("root", children: [Tree("A", children: [nil, nil])])
        let drawing = SizedTidyLayout(levelGap: 1, siblingGap: 1).drawing(of: tree) { _ in Size(width: 1, height: 1) }
        // Only the two boxes count, not the slots' row below them.
        #expect(drawing.bounds == Rect(x: -0.5, y: -0.5, width: 1, height: 3))
        #expect(drawing.positions.children[0]!.children.count == 2)
    }

    /// With every node w × h, the walk's separations are exactly `w + gap`
    /// and the drawing along the levels is the uniform layout's bit for bit;
    /// the level lines add up `h + levelGap` one level at a time, which is
    /// exact in quarters and within rounding otherwise.
    @Test(arguments: [(1.5, 0.5, 0.5, 1.25), (0.3, 0.7, 0.7, 0.9)])
    func uniformSizesGiveTheUniformLayout(width: Double, height: Double, siblingGap: Double, levelGap: Double) {
        let shapes = (1...8).flatMap { allOrderedTrees($0) } + (1...7).flatMap { allBinaryTrees($0) }
        let exact = width == 1.5
        let uniform = TidyLayout(levelGap: height + levelGap, siblingGap: width + siblingGap)
        for shape in shapes {
            let tree = shape.tree
            let expected = FlatTree(uniform.positions(of: tree)).values
            for direction in Self.directions {
                let layout = SizedTidyLayout(levelGap: levelGap, siblingGap: siblingGap, direction: direction)
                let size = direction == .down ? Size(width: width, height: height) : Size(width: height, height: width)
                let drawn = FlatTree(layout.positions(of: tree) { _ in size }).values
                let transposed = direction == .down ? drawn : drawn.map { Point($0.y, $0.x) }
                #expect(zip(transposed, expected).allSatisfy { $0.x.bitPattern == $1.x.bitPattern }, "\(shape.slots)")
                #expect(zip(transposed, expected).allSatisfy { exact ? $0.y == $1.y : abs($0.y - $1.y) < 1e-12 }, "\(shape.slots)")
            }
        }
    }

    /// Every ordered tree of `size` nodes (Catalan(size − 1) of them) and
    /// every binary tree shape with the empty slots of lone children
    /// (Catalan(size)), each with every size pattern, both ways up, and its
    /// mirror image.
    @Test(.tags(.sweep), arguments: 1...8)
    func everySmallTreeKeepsTheLaws(size: Int) {
        let shapes = allOrderedTrees(size) + allBinaryTrees(size)
        for (index, shape) in shapes.enumerated() {
            let tree = shape.tree
            for pattern in sizePatterns(count: size, seed: UInt64(size * 10_000 + index)) {
                let sizes = sized(shape, pattern.sizes)
                let sizeTree = sizes.tree, mirrorTree = sizes.mirrored.tree
                for direction in Self.directions {
                    let layout = SizedTidyLayout(levelGap: 1.5, siblingGap: 0.75, direction: direction)
                    let label = "\(shape.slots) \(pattern.name) \(direction)"
                    let laws = SizedLayoutLaws(sizeTree, layout.drawing(of: tree) { pattern.sizes[$0] }, layout: layout, label: label)
                    let mirror = SizedLayoutLaws(mirrorTree, layout.drawing(of: mirrorTree) { $0 }, layout: layout, label: label)
                    laws.record(laws.problems() + laws.drawsTheMirrorMirrored(mirror))
                }
            }
        }
    }

    @Test func smallTreeCountsAreTheCatalanNumbers() {
        #expect((1...8).map { allOrderedTrees($0).count } == [1, 1, 2, 5, 14, 42, 132, 429])
        #expect((1...8).map { allBinaryTrees($0).count } == [1, 2, 5, 14, 42, 132, 429, 1_430])
    }

    /// Random trees of four shapes, most of up to 300 nodes and every tenth
    /// of up to 3,000, with boxes from a few sizes (so that subtrees repeat)
    /// or of any size, drawn down and to the right, and their mirror images.
    @Test(.tags(.sweep), arguments: 0..<320 as Range<UInt64>)
    func randomTreesKeepTheLaws(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let shape = RandomShape.allCases[Int(seed) % RandomShape.allCases.count]
        let count = seed % 10 == 9 ? rng.next(in: 1_000...3_000) : rng.next(in: 1...300)
        let flat = randomTree(shape, size: count, &rng)
        let few = [Size(width: 0.5, height: 1), Size(width: 2, height: 1), Size(width: 3.5, height: 2.5)]
        let sizes = flat.map { _, _ in
            seed % 3 == 0
                ? few[rng.next(in: 0...2)]
                : Size(width: Double(rng.next(in: 0...5_000)) / 1_000, height: Double(rng.next(in: 1...5_000)) / 1_000)
        }
        let direction = Self.directions[Int(seed / 4) % 2]
        let layout = SizedTidyLayout(levelGap: 0.8, siblingGap: 0.3, direction: direction)
        let tree = sizes.tree, mirrorTree = sizes.mirrored.tree
        let label = "\(shape) seed \(seed), \(count) nodes, \(direction)"
        let laws = SizedLayoutLaws(tree, layout.drawing(of: tree) { $0 }, layout: layout, label: label)
        let mirror = SizedLayoutLaws(mirrorTree, layout.drawing(of: mirrorTree) { $0 }, layout: layout, label: label)
        laws.record(laws.problems() + laws.drawsTheMirrorMirrored(mirror))
    }

    /// Sideways is the same drawing with widths and heights swapped and x
    /// and y swapped, bit for bit.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func sidewaysIsTheTransposedDrawing(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let flat = randomTree(RandomShape.allCases[Int(seed) % 4], size: 500, &rng)
        let sizes = flat.map { _, _ in Size(width: Double(rng.next(in: 1...999)) / 99, height: Double(rng.next(in: 1...999)) / 333) }
        let tree = sizes.tree
        let right = SizedTidyLayout(levelGap: 2, siblingGap: 0.5, direction: .right).drawing(of: tree) { $0 }
        let down = SizedTidyLayout(levelGap: 2, siblingGap: 0.5, direction: .down).drawing(of: tree, size: transposed)
        let swapped = FlatTree(down.positions).values.map { Point($0.y, $0.x) }
        #expect(FlatTree(right.positions).values == swapped)
        #expect(right.bounds == Rect(x: down.bounds.minY, y: down.bounds.minX, width: down.bounds.height, height: down.bounds.width))
    }

    /// A family of 20,000 leaves, no subtree to push another: each leaf is
    /// placed a sibling gap after its left neighbour's box.
    @Test func aWideFamilyIsPackedEdgeToEdge() {
        var rng = SeededGenerator(seed: 3)
        let widths = (0..<20_000).map { _ in Double(rng.next(in: 1...64)) / 8 }
        let tree = Tree(-1, children: widths.indices.map { Tree($0) })
        let layout = SizedTidyLayout(levelGap: 1, siblingGap: 0.5)
        let size = { (index: Int) in Size(width: index < 0 ? 3 : widths[index], height: 1) }
        let drawing = layout.drawing(of: tree, size: size)
        let xs = drawing.positions.children.map { $0!.value.x }
        let gaps = (1..<xs.count).map { (i: Int) -> Double in (xs[i] - widths[i] / 2) - (xs[i - 1] + widths[i - 1] / 2) }
        #expect(gaps.allSatisfy { abs($0 - 0.5) < 1e-9 })
        let laws = SizedLayoutLaws(tree.map(size), drawing, layout: layout, label: "wide family")
        laws.check()
    }

    /// Chains of 100,000 nodes: the walks are loops, not recursion. A chain
    /// of only children is one straight line; a chain of lone left children
    /// steps (breadth + gap) / 2 a level, and its mirror image as far right;
    /// a zigzag of lone children steps out to alternate sides. (One way up
    /// each, as a chain takes seconds to build, draw and check in a debug
    /// build.)
    @Test(.tags(.bulk), arguments: [("only", SizedTidyLayout.Direction.right), ("left", .down), ("zigzag", .right)])
    func longChainsDoNotOverflowTheStack(kind: String, direction: SizedTidyLayout.Direction) {
        let count = 100_000
        var rng = SeededGenerator(seed: 11)
        let sizes = (0..<count).map { _ in Size(width: Double(rng.next(in: 1...12)) / 4, height: Double(rng.next(in: 1...12)) / 4) }
        let slots: [[Int?]] = (0..<count).map { node in
            guard node + 1 < count else { return [] }
            switch kind {
            case "only": return [node + 1]
            case "left": return [node + 1, nil]
            default: return node.isMultiple(of: 2) ? [node + 1, nil] : [nil, node + 1]
            }
        }
        let flat = FlatTree(values: sizes, slots: slots)
        let layout = SizedTidyLayout(levelGap: 0.5, siblingGap: 0.25, direction: direction)
        var tree = flat.tree
        var drawing = layout.drawing(of: tree) { $0 }
        let laws = SizedLayoutLaws(tree, drawing, layout: layout, label: "\(kind) chain \(direction)")
        laws.check(subtrees: false)
        switch kind {
        case "only":
            #expect((0..<count).allSatisfy { laws.across($0) == 0 })
        case "left":
            let steps = (1..<count).reduce(0) { $0 + (laws.breadth($1) + 0.25) / 2 }
            #expect(abs(laws.across(count - 1) + steps) < 1e-6)
            var mirrorTree = flat.mirrored.tree
            var mirrorDrawing = layout.drawing(of: mirrorTree) { $0 }
            let mirror = SizedLayoutLaws(mirrorTree, mirrorDrawing, layout: layout, label: "\(kind) chain mirrored")
            laws.record(laws.drawsTheMirrorMirrored(mirror))
            dismantle(&mirrorTree)
            dismantle(&mirrorDrawing.positions)
        default:
            let sides = (1..<count).map { laws.across($0) - laws.across($0 - 1) < 0 }
            #expect(sides.indices.allSatisfy { sides[$0] == $0.isMultiple(of: 2) })
        }
        dismantle(&tree)
        dismantle(&drawing.positions)
    }

    @Test func sameTreeSameDrawingBitForBit() {
        var rng = SeededGenerator(seed: 21)
        let flat = randomTree(.recursive, size: 2_000, &rng)
        let sizes = flat.map { _, _ in Size(width: Double(rng.next(in: 1...999)) / 7, height: 1.3) }
        let layout = SizedTidyLayout(levelGap: 1.3, siblingGap: 0.7)
        let a = FlatTree(layout.positions(of: sizes.tree) { $0 }).values
        let b = FlatTree(layout.positions(of: sizes.tree) { $0 }).values
        #expect(zip(a, b).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern })
    }

    // MARK: The laws catch broken drawings

    /// A bushy tree with boxes of several widths, its sizes and its drawing.
    func sample(direction: SizedTidyLayout.Direction = .down) -> (Tree<Size>, SizedTidyLayout, SizedTidyLayout.Drawing) {
        var rng = SeededGenerator(seed: 5)
        let flat = randomTree(.recursive, size: 60, &rng)
        let sizes = flat.map { _, _ in Size(width: Double(rng.next(in: 1...8)), height: Double(rng.next(in: 1...3))) }.tree
        let layout = SizedTidyLayout(levelGap: 1, siblingGap: 0.5, direction: direction)
        return (sizes, layout, layout.drawing(of: sizes) { $0 })
    }

    /// The same drawing with each centre, by preorder index, changed.
    func altered(_ drawing: SizedTidyLayout.Drawing, _ change: (Int, Point) -> Point) -> Tree<Point> {
        FlatTree(drawing.positions).map(change).tree
    }

    @Test func theSampleKeepsEveryLaw() {
        let (sizes, layout, drawing) = sample()
        #expect(SizedLayoutLaws(sizes, drawing, layout: layout, label: "sample").problems().isEmpty)
    }

    @Test func centresSpacedForPointsOverlapTheBoxes() {
        let (sizes, layout, drawing) = sample()
        let points = TidyLayout(levelGap: 3, siblingGap: 1).positions(of: sizes)
        let laws = SizedLayoutLaws(sizes, positions: points, bounds: drawing.bounds, layout: layout, label: "points")
        #expect(!laws.keepsTheSiblingGap().isEmpty)
        #expect(laws.keepsChildrenInOrder().isEmpty)
    }

    @Test func aDrawingSpreadOutIsNotTight() {
        let (sizes, layout, drawing) = sample()
        let spread = altered(drawing) { _, p in Point(p.x * 1.5, p.y) }
        let laws = SizedLayoutLaws(sizes, positions: spread, bounds: drawing.bounds, layout: layout, label: "spread")
        #expect(laws.keepsTheSiblingGap().isEmpty)
        #expect(!laws.packsSubtreesTight().isEmpty)
    }

    @Test func lawsCatchMovedNodes() throws {
        let (sizes, layout, drawing) = sample()
        let flat = FlatTree(sizes)
        let parent = try #require(flat.slots.firstIndex { $0.count >= 2 && $0[0] != nil && $0[1] != nil })
        let first = flat.slots[parent][0]!, second = flat.slots[parent][1]!
        func laws(_ positions: Tree<Point>) -> SizedLayoutLaws {
            SizedLayoutLaws(sizes, positions: positions, bounds: drawing.bounds, layout: layout, label: "moved")
        }
        let xs = FlatTree(drawing.positions).values.map(\.x)
        let swapped = altered(drawing) { node, p in
            Point(node == first ? xs[second] : node == second ? xs[first] : p.x, p.y)
        }
        #expect(!laws(swapped).keepsChildrenInOrder().isEmpty)
        #expect(!laws(swapped).drawsNoCrossingEdges().isEmpty)
        let offCentre = altered(drawing) { node, p in node == parent ? Point(p.x + 0.25, p.y) : p }
        #expect(!laws(offCentre).centresParentsOverTheirChildSlots().isEmpty)
        let offLine = altered(drawing) { node, p in node == first ? Point(p.x, p.y + 0.01) : p }
        #expect(!laws(offLine).centresEachLevelOnOneLine().isEmpty)
        let offBounds = SizedLayoutLaws(
            sizes, positions: drawing.positions, bounds: drawing.bounds.insetBy(dx: 0.1, dy: 0), layout: layout, label: "bounds")
        #expect(!offBounds.keepsTheShapeAndTheBounds().isEmpty)
    }

    @Test func lawsCatchSubtreesDrawnDifferentlyAndFalseMirrors() {
        let leaf = Tree(Size(width: 1, height: 1))
        let pair = Tree(Size(width: 1, height: 1), children: [leaf, leaf])
        let sizes = Tree(Size(width: 1, height: 1), children: [pair, pair, leaf])
        let layout = SizedTidyLayout()
        let drawing = layout.drawing(of: sizes) { $0 }
        let laws = SizedLayoutLaws(sizes, drawing, layout: layout, label: "pairs")
        #expect(laws.problems().isEmpty)
        // Node 5 is the second pair's left leaf.
        let widened = altered(drawing) { node, p in node == 5 ? Point(p.x + 0.5, p.y) : p }
        let broken = SizedLayoutLaws(sizes, positions: widened, bounds: drawing.bounds, layout: layout, label: "widened")
        #expect(!broken.drawsEqualSubtreesAlike().isEmpty)
        // The tree is not symmetric: its own drawing is not its mirror's.
        #expect(!laws.drawsTheMirrorMirrored(laws).isEmpty)
        let mirrorTree = FlatTree(sizes).mirrored.tree
        let mirror = SizedLayoutLaws(mirrorTree, layout.drawing(of: mirrorTree) { $0 }, layout: layout, label: "mirror")
        #expect(laws.drawsTheMirrorMirrored(mirror).isEmpty)
    }
}
