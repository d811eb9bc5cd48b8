/// A ``Tree``'s shape in flat arrays, its nodes numbered in level order:
/// what a layout needs of a caller's tree, read in one breadth-first pass.
///
/// A layout is generic over the tree's values, and a generic function called
/// from another module runs unspecialised: every copy of a `Tree<Value>` and
/// every generic collection operation on one looks up type metadata at run
/// time. Reading the tree once, into arrays of plain integers, keeps that
/// cost to a few operations per node, and everything after it concrete.
/// (Through ``Tree/flattened()``, with its generic tuples and per-node
/// arrays, a sized layout of 100,000 nodes took 11,100 instructions a node,
/// two thirds of them in the flattening; this way it takes 3,100.)
///
/// Level order numbers each node's children after it, so a tree can also be
/// built back bottom up by walking the numbers down (``assemble(_:)``).
struct LevelOrderShape {
    /// Where each node's child slots start in ``slots``, then where the last
    /// node's end.
    private(set) var firstSlot: [Int] = [0]
    /// Every node's child slots in turn: the child's number, or `-1` for an
    /// empty slot.
    private(set) var slots: [Int] = []

    /// The number of nodes.
    var count: Int { firstSlot.count - 1 }

    /// The child slots of node `node`.
    func slots(of node: Int) -> ArraySlice<Int> {
        slots[firstSlot[node]..<firstSlot[node + 1]]
    }

    /// Reads the shape of `tree`, handing `visit` each node's value in level
    /// order.
    /// - Complexity: O(*n*), with no recursion.
    init<Value>(_ tree: Tree<Value>, visit: (Value) -> Void) {
        // The nodes still to read, by number; each is dropped once read.
        var queue: [Tree<Value>?] = [tree]
        var head = 0
        while head < queue.count {
            let node = queue[head]!
            queue[head] = nil
            head += 1
            visit(node.value)
            let children = node.children
            // A range of plain integers: `children.indices` would be one
            // more generic call per node.
            for index in 0..<children.count {
                if let child = children[index] {
                    slots.append(queue.count)
                    queue.append(child)
                } else {
                    slots.append(-1)
                }
            }
            firstSlot.append(slots.count)
        }
    }

    /// The tree of this shape with `values[i]` at node *i*; empty slots stay
    /// empty.
    /// - Complexity: O(*n*), with no recursion.
    func assemble<T>(_ values: [T]) -> Tree<T> {
        var built: [Tree<T>?] = Array(repeating: nil, count: count)
        for node in stride(from: count - 1, through: 0, by: -1) {
            var children: [Tree<T>?] = []
            children.reserveCapacity(firstSlot[node + 1] - firstSlot[node])
            for child in slots(of: node) {
                if child >= 0 {
                    children.append(built[child])
                    // Each subtree has one parent; dropping it here keeps
                    // the move from copying.
                    built[child] = nil
                } else {
                    children.append(nil)
                }
            }
            built[node] = Tree(values[node], children: children)
        }
        // Level order puts the root at 0, and it is never taken as a child.
        return built[0]!
    }
}
