/// The nodes waiting in a priority queue (Dijkstra's, A*'s, Prim's), taken
/// least key first, the lower index first between equal keys: the node
/// `waiting.min { (key($0), $0) < (key($1), $1) }` finds, without looking
/// at every waiting node each time.
///
/// Keys only fall while a node waits: a node whose key falls is pushed
/// again, and an entry whose key is no longer its node's is passed over
/// when it comes up.
///
///     var queue = NodeQueue()
///     queue.insert(3, key: 2.5)
///     queue.insert(1, key: 2.5)
///     queue.popMin { dist[$0] }  // 1
///
/// - Complexity: O(log *m*) to insert and amortised to take the least,
///   for *m* entries pushed.
struct NodeQueue {
    /// The nodes waiting, in no order.
    private(set) var waiting: Set<Int> = []
    /// A binary min-heap of the keys nodes were pushed with.
    private var heap: [(key: Double, node: Int)] = []

    /// Puts `node` in the queue, or moves it up, at `key`.
    mutating func insert(_ node: Int, key: Double) {
        waiting.insert(node)
        heap.append((key, node))
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.less(heap[i], heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    /// Takes the waiting node of least `key` (the lower index between
    /// equal keys) out of the queue; nil when none waits.
    mutating func popMin(key: (Int) -> Double) -> Int? {
        while let top = heap.first {
            removeTop()
            if waiting.contains(top.node), top.key == key(top.node) {
                waiting.remove(top.node)
                return top.node
            }
        }
        return nil
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var i = 0
        while true {
            let (l, r) = (2 * i + 1, 2 * i + 2)
            var least = i
            if l < heap.count, Self.less(heap[l], heap[least]) { least = l }
            if r < heap.count, Self.less(heap[r], heap[least]) { least = r }
            guard least != i else { return }
            heap.swapAt(i, least)
            i = least
        }
    }

    private static func less(_ a: (key: Double, node: Int), _ b: (key: Double, node: Int)) -> Bool {
        (a.key, a.node) < (b.key, b.node)
    }
}
