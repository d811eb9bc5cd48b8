import Geometry
import Trees

/// The shapes `SizedTidyLayout` is timed on: a tree for `treeanim tree` can
/// be bushy, flat and wide, or a long chain.
enum SizedShape: String, CaseIterable {
    /// Each node hangs from a uniformly drawn earlier node (a random
    /// recursive tree: height about e ln n, some nodes with many children).
    case random
    /// A root with √n children, each with √n children: two huge families.
    case wide
    /// A chain of lone children that zigzags left and right, each node with
    /// an empty slot beside its child, so every level holds two slots.
    case chain
    /// The complete 4-ary tree, its last level filled from the left.
    case complete4 = "4-ary"

    /// Per node, its child slots (`nil` for an empty one); every child's
    /// index is greater than its parent's.
    func slots(_ count: Int, _ rng: inout SeededGenerator) -> [[Int?]] {
        var slots = [[Int?]](repeating: [], count: count)
        switch self {
        case .random:
            for node in 1..<count { slots[Int(rng.next(upTo: UInt64(node)))].append(node) }
        case .wide:
            let fanOut = Int(Double(count).squareRoot())
            for node in 1..<count { slots[node <= fanOut ? 0 : 1 + (node - fanOut - 1) / fanOut].append(node) }
        case .chain:
            for node in 0..<count - 1 { slots[node] = node.isMultiple(of: 2) ? [node + 1, nil] : [nil, node + 1] }
        case .complete4:
            for node in 1..<count { slots[(node - 1) / 4].append(node) }
        }
        return slots
    }
}

/// The tree of `slots` with each node's index as its value, built bottom up
/// with no recursion.
func buildTree(_ slots: [[Int?]]) -> Tree<Int> {
    var built: [Tree<Int>?] = Array(repeating: nil, count: slots.count)
    for node in slots.indices.reversed() {
        let children = slots[node].map { slot -> Tree<Int>? in
            guard let slot else { return nil }
            defer { built[slot] = nil }
            return built[slot]
        }
        built[node] = Tree(node, children: children)
    }
    return built[0]!
}

/// Takes a tree apart one level at a time: a `Tree` releases its nested
/// values recursively, which overflows the stack on the 100,000-level chain.
func dismantle<Value>(_ tree: inout Tree<Value>) {
    var stack = tree.children.compactMap { $0 }
    tree.children = []
    while var next = stack.popLast() {
        stack.append(contentsOf: next.children.lazy.compactMap { $0 })
        next.children = []
    }
}

/// A sum of every coordinate in preorder, printed so that the work cannot be
/// skipped and runs can be compared for identical output.
func checksum(_ tree: Tree<Point>) -> Double {
    var sum = 0.0
    var stack = [tree]
    while let node = stack.popLast() {
        sum += node.value.x * 3 + node.value.y
        stack.append(contentsOf: node.children.reversed().lazy.compactMap { $0 })
    }
    return sum
}

func height(_ slots: [[Int?]]) -> Int {
    var depth = [Int](repeating: 0, count: slots.count)
    for (node, children) in slots.enumerated() {
        for case let child? in children { depth[child] = depth[node] + 1 }
    }
    return depth.max() ?? 0
}

/// Times `SizedTidyLayout.drawing(of:size:)` on a tree of each shape of
/// `size` nodes whose boxes have random sizes, like labels of 1 to 12
/// characters, down and to the right; and `TidyLayout.positions(of:)` on the
/// same tree, for what sizes cost over points. Only the layout call is
/// timed: not building the tree, and not taking the drawing apart.
func benchmarkSized(size: Int, runs: Int) {
    for shape in SizedShape.allCases {
        var rng = SeededGenerator(seed: UInt64(size))
        let slots = shape.slots(size, &rng)
        let boxes = (0..<size).map { _ in Size(width: 8 + 7 * Double(rng.next(in: 1...12)), height: 20 + 4 * Double(rng.next(in: 0...4))) }
        var tree = buildTree(slots)
        let name = "\(shape.rawValue) \(size) nodes (height \(height(slots)))"
        for direction in [SizedTidyLayout.Direction.down, .right] {
            let layout = SizedTidyLayout(levelGap: 24, siblingGap: 12, direction: direction)
            var times: [Double] = []
            var sum = 0.0
            for _ in 0..<runs {
                let start = ContinuousClock.now
                var drawing = layout.drawing(of: tree) { boxes[$0] }
                times.append(milliseconds(ContinuousClock.now - start))
                sum = checksum(drawing.positions) + drawing.bounds.width
                dismantle(&drawing.positions)
            }
            printTimes("SizedTidyLayout \(direction == .down ? "down " : "right")", name, times, sum)
        }
        var times: [Double] = []
        var sum = 0.0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            var points = TidyLayout(levelGap: 44, siblingGap: 100).positions(of: tree)
            times.append(milliseconds(ContinuousClock.now - start))
            sum = checksum(points)
            dismantle(&points)
        }
        printTimes("TidyLayout      points", name, times, sum)
        dismantle(&tree)
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

func printTimes(_ what: String, _ name: String, _ times: [Double], _ checksum: Double) {
    let sorted = times.sorted()
    let best = (sorted[0] * 10).rounded() / 10, median = (sorted[sorted.count / 2] * 10).rounded() / 10
    print("\(what) \(name): best \(best) ms, median \(median) ms, checksum \(checksum)")
}
