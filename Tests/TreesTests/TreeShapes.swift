import Geometry
import Trees

/// A ``Tree`` taken apart into arrays, in preorder: what the sized layout's
/// tests check laws on and build shapes from, without recursion, since
/// their chains are far deeper than any stack.
struct FlatTree<Value> {
    var values: [Value] = []
    /// Per node, per child slot, the preorder index of the child, or `nil`
    /// for an empty slot.
    var slots: [[Int?]] = []
    /// The parent's index; `-1` for the root, node 0.
    var parents: [Int] = []
    var depths: [Int] = []

    var count: Int { values.count }

    init(_ tree: Tree<Value>) {
        var stack: [(tree: Tree<Value>, parent: Int, slot: Int)] = [(tree, -1, 0)]
        while let (tree, parent, slot) = stack.popLast() {
            let index = values.count
            if parent >= 0 { slots[parent][slot] = index }
            values.append(tree.value)
            slots.append(Array(repeating: nil, count: tree.children.count))
            parents.append(parent)
            depths.append(parent < 0 ? 0 : depths[parent] + 1)
            for (slot, child) in tree.children.enumerated().reversed() {
                if let child { stack.append((child, index, slot)) }
            }
        }
    }

    /// Nodes whose children all have greater indices; a child's index need
    /// not follow its parent's directly.
    init(values: [Value], slots: [[Int?]]) {
        self.values = values
        self.slots = slots
        parents = Array(repeating: -1, count: values.count)
        for (node, children) in slots.enumerated() {
            for case let child? in children { parents[child] = node }
        }
        depths = Array(repeating: 0, count: values.count)
        for node in values.indices where parents[node] >= 0 {
            precondition(parents[node] < node, "children must come after their parent")
            depths[node] = depths[parents[node]] + 1
        }
    }

    /// The tree, built bottom up.
    var tree: Tree<Value> {
        var built: [Tree<Value>?] = Array(repeating: nil, count: count)
        for node in values.indices.reversed() {
            let children = slots[node].map { slot -> Tree<Value>? in
                guard let slot else { return nil }
                defer { built[slot] = nil }
                return built[slot]
            }
            built[node] = Tree(values[node], children: children)
        }
        return built[0]!
    }

    /// The same nodes with every node's child slots in reverse order; the
    /// indices stay those of this tree, which is not the mirror's preorder.
    var mirrored: FlatTree {
        var copy = self
        copy.slots = slots.map { $0.reversed() }
        return copy
    }

    func map<T>(_ transform: (Int, Value) -> T) -> FlatTree<T> {
        FlatTree<T>(values: values.indices.map { transform($0, values[$0]) }, slots: slots, parents: parents, depths: depths)
    }

    private init(values: [Value], slots: [[Int?]], parents: [Int], depths: [Int]) {
        self.values = values
        self.slots = slots
        self.parents = parents
        self.depths = depths
    }
}

/// Takes a tree apart one level at a time, leaving a lone root. A ``Tree``
/// releases its nested values recursively, which overflows the stack
/// somewhere past fifty thousand levels; the tests' long chains are taken
/// apart here instead. Only a tree held nowhere else is freed this way.
func dismantle<Value>(_ tree: inout Tree<Value>) {
    var stack = tree.children.compactMap { $0 }
    // Dropping the parent's slots leaves the stack the children's only
    // holder, so that dropping theirs in turn frees their slots, and so on.
    tree.children = []
    while var next = stack.popLast() {
        stack.append(contentsOf: next.children.lazy.compactMap { $0 })
        next.children = []
    }
}

/// Every ordered tree of `n` nodes, without empty slots (Catalan(n − 1) of
/// them), the values their preorder indices.
func allOrderedTrees(_ n: Int) -> [FlatTree<Int>] {
    /// Every ordered forest of `n` nodes as lists of child-slot lists, nodes
    /// numbered in preorder from `first`.
    func forests(_ n: Int, first: Int) -> [(roots: [Int], slots: [[Int?]])] {
        guard n > 0 else { return [([], [])] }
        var result: [(roots: [Int], slots: [[Int?]])] = []
        for size in 1...n {
            for head in forests(size - 1, first: first + 1) {
                for tail in forests(n - size, first: first + size) {
                    result.append(([first] + tail.roots, [head.roots.map { Optional($0) }] + head.slots + tail.slots))
                }
            }
        }
        return result
    }
    guard n > 0 else { return [] }
    return forests(n - 1, first: 1).map { forest in
        FlatTree(values: Array(0..<n), slots: [forest.roots.map { Optional($0) }] + forest.slots)
    }
}

/// Every binary tree shape of `n` nodes with the empty slots of a lone
/// child, as ``BinarySearchTree/tree`` gives it, the values preorder
/// indices.
func allBinaryTrees(_ n: Int) -> [FlatTree<Int>] {
    allShapes(n).map { keys in
        let flat = FlatTree(BinarySearchTree(keys).tree!)
        return flat.map { index, _ in index }
    }
}

/// Shapes of random trees for the layout laws.
enum RandomShape: CaseIterable, Sendable {
    /// Each node hangs from a uniformly drawn earlier node: shallow and
    /// bushy, some nodes with many children.
    case recursive
    /// Each node hangs from one of the last few nodes: deep, with long
    /// paths and combs.
    case deep
    /// A root with a few hundred children, some of them with many more.
    case wide
    /// Binary nodes with the empty slots of lone children.
    case binary
}

/// A random tree of `size` nodes, the values their indices (parents before
/// children, not preorder). Outside binary trees, about one child in six
/// has an empty slot just before it.
func randomTree(_ shape: RandomShape, size: Int, _ rng: inout SeededGenerator) -> FlatTree<Int> {
    var slots: [[Int?]] = [[]]
    func draw(_ bound: Int) -> Int { Int(rng.next(upTo: UInt64(bound))) }
    for node in 1..<max(size, 1) {
        let parent: Int
        switch shape {
        case .recursive:
            parent = draw(node)
        case .deep:
            parent = node - 1 - draw(min(node, 3))
        case .wide:
            parent = node < 300 || draw(3) == 0 ? 0 : draw(min(node, 20))
        case .binary:
            var candidate = draw(node)
            while slots[candidate].compactMap({ $0 }).count >= 2 { candidate = (candidate + 1) % node }
            parent = candidate
        }
        if shape == .binary {
            // Fill a free side; a lone child keeps an empty slot beside it.
            if slots[parent].isEmpty {
                slots[parent] = draw(2) == 0 ? [node, nil] : [nil, node]
            } else {
                slots[parent][slots[parent][0] == nil ? 0 : 1] = node
            }
        } else {
            if draw(6) == 0 { slots[parent].append(nil) }
            slots[parent].append(node)
        }
        slots.append([])
    }
    return FlatTree(values: Array(slots.indices), slots: slots)
}
