import Foundation
import Geometry
import Trees

/// Runs `body` `runs` times and returns the fastest and the median wall
/// time in milliseconds, with the last result.
func measure<T>(runs: Int, _ body: () -> T) -> (best: Double, median: Double, result: T) {
    var times: [Double] = []
    var result: T?
    for _ in 0..<runs {
        let start = ContinuousClock.now
        result = body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
    }
    times.sort()
    // `runs` is at least 1, so a result exists.
    return (times[0], times[times.count / 2], result!)
}

/// A sum of every coordinate in id order (a dictionary's own order changes
/// from run to run), printed so that the work cannot be skipped and so that
/// runs can be compared for identical output.
func checksum(_ layout: Layout) -> Double {
    layout.positions.sorted { $0.key < $1.key }.reduce(0) { $0 + $1.value.x * 3 + $1.value.y }
}

func report(_ name: String, _ size: Int, _ timing: (best: Double, median: Double, result: Layout), height: Int) {
    let best = (timing.best * 10).rounded() / 10, median = (timing.median * 10).rounded() / 10
    print("\(name) \(size) nodes (height \(height)): best \(best) ms, median \(median) ms, checksum \(checksum(timing.result))")
}

/// The keys `0..<count` in the level order of the balanced tree over them:
/// inserted in this order they build that tree, with ids that follow the
/// levels, so the layout walks memory in order. Set beside the random trees
/// it shows how much of their time is cache misses rather than work.
func balancedLevelOrder(_ count: Int) -> [Int] {
    var order: [Int] = []
    order.reserveCapacity(count)
    var ranges = [0..<count]
    var next = 0
    while next < ranges.count {
        let range = ranges[next]
        next += 1
        guard !range.isEmpty else { continue }
        let middle = range.lowerBound + range.count / 2
        order.append(middle)
        ranges.append(range.lowerBound..<middle)
        ranges.append((middle + 1)..<range.upperBound)
    }
    return order
}

/// One layout call, kept out of line so that callgrind can count it alone:
/// should the layout itself ever be inlined here, `--toggle-collect` on
/// `*layoutOnce*` still counts it (today it matches the library's
/// `TidyLayout.layout` count plus ~20 Ir of this wrapper).
@inline(never)
func layoutOnce(_ layout: some TreeLayout, _ tree: BinarySearchTree<Int>) -> Layout {
    layout.layout(tree)
}

/// One sized layout call, out of line for callgrind like `layoutOnce`: the
/// library's `SizedTidyLayout.drawing` shares its mangled name with the
/// closures inside it, which `--toggle-collect` would toggle again. The
/// closure passed in is defined outside, so it does not share this name.
@inline(never)
func sizedOnce(_ tree: Tree<Int>, _ size: (Int) -> Size) -> SizedTidyLayout.Drawing {
    SizedTidyLayout().drawing(of: tree, size: size)
}

// `--layout-only N [tidy|inorder|sized|none]` builds the random tree of N
// keys that the timings use and lays it out once with no timing, for
// `instructions.sh`; `sized` lays out the random recursive tree of N nodes
// of the sized benchmark instead; `none` builds the BST only, as a control.
if CommandLine.arguments.dropFirst().first == "--layout-only" {
    let rest = Array(CommandLine.arguments.dropFirst(2))
    let which = rest.count > 1 ? rest[1] : "tidy"
    guard let size = rest.first.flatMap({ Int($0) }), size > 0, ["tidy", "inorder", "sized", "none"].contains(which) else {
        FileHandle.standardError.write(Data("usage: TreesBenchmarks --layout-only N [tidy|inorder|sized|none]  (N a positive node count)\n".utf8))
        exit(2)
    }
    var rng = SeededGenerator(seed: UInt64(size))
    if which == "sized" {
        let tree = buildTree(SizedShape.random.slots(size, &rng))
        let boxes = (0..<size).map { Size(width: 8 + 7 * Double($0 % 12), height: 20) }
        var drawing = sizedOnce(tree) { boxes[$0] }
        print("SizedTidyLayout \(size) nodes: checksum \(checksum(drawing.positions))")
        dismantle(&drawing.positions)
        exit(0)
    }
    let tree = BinarySearchTree(rng.distinctKeys(count: size, in: 0...(100 * size)))
    switch which {
    case "tidy": print("TidyLayout \(size) nodes: checksum \(checksum(layoutOnce(TidyLayout(), tree)))")
    case "inorder": print("InorderLayout \(size) nodes: checksum \(checksum(layoutOnce(InorderLayout(), tree)))")
    default: print("tree only \(size) nodes (height \(tree.height))")
    }
    exit(0)
}

// `sized [N]` times only SizedTidyLayout, on trees of N nodes (100,000 by
// default) of four shapes.
if CommandLine.arguments.dropFirst().first == "sized" {
    let size = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100_000
    guard size > 1 else {
        FileHandle.standardError.write(Data("usage: TreesBenchmarks sized [N]  (N a node count above 1)\n".utf8))
        exit(2)
    }
    benchmarkSized(size: size, runs: 7)
    exit(0)
}

// Sizes may be given on the command line; a size of 0 skips the chain.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let sizes = arguments.isEmpty ? [10_000, 100_000, 1_000_000] : arguments.filter { $0 > 0 }

for size in sizes {
    var rng = SeededGenerator(seed: UInt64(size))
    let tree = BinarySearchTree(rng.distinctKeys(count: size, in: 0...(100 * size)))
    let runs = size >= 1_000_000 ? 5 : 11
    report("TidyLayout   ", size, measure(runs: runs) { TidyLayout().layout(tree) }, height: tree.height)
    report("InorderLayout", size, measure(runs: runs) { InorderLayout().layout(tree) }, height: tree.height)
    // The floor any layout of this API pays: building its [NodeID: Point].
    let dictionary = measure(runs: runs) {
        Dictionary(uniqueKeysWithValues: (0..<size).map { (NodeID(rawValue: $0), Point(Double($0), 0)) })
    }
    print("Dictionary    alone \(size) entries: best \((dictionary.best * 10).rounded() / 10) ms, \(dictionary.result.count)")
    let balanced = BinarySearchTree(balancedLevelOrder(size))
    report("TidyLayout    balanced", size, measure(runs: runs) { TidyLayout().layout(balanced) }, height: balanced.height)
}

// Sorted inserts make a chain as deep as it is long: the walks must not
// recurse. Building it is quadratic, so it is not timed.
if !arguments.contains(0) {
    let chain = BinarySearchTree(0..<100_000)
    report("TidyLayout    chain", chain.count, measure(runs: 5) { TidyLayout().layout(chain) }, height: chain.height)
}

// Trees of boxes of many sizes, for `treeanim tree`.
if !arguments.contains(0) {
    benchmarkSized(size: 100_000, runs: 7)
}
