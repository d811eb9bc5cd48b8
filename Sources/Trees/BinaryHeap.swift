/// Which way a ``BinaryHeap`` is ordered: the smallest key on top, or the
/// largest.
public enum HeapOrder: String, Sendable, CaseIterable {
    case min, max

    /// Whether `a` may stand above `b`: `a ≤ b` in a min-heap, `a ≥ b` in
    /// a max-heap. Equal keys may stand either way, so a sift stops at a
    /// tie instead of swapping equals.
    @inlinable
    public func allows(_ a: Int, above b: Int) -> Bool {
        self == .min ? a <= b : a >= b
    }
}

/// One key of a ``BinaryHeap`` with the identity it keeps wherever sifts
/// move it, so an animation can follow it through every swap. Ids are
/// handed out in order of arrival and never reused; keys may repeat.
public struct HeapItem: Hashable, Sendable {
    public var id: NodeID
    public var key: Int

    @inlinable
    public init(id: NodeID, key: Int) {
        self.id = id
        self.key = key
    }
}

/// One comparison of a sift, with its outcome: what a teacher says at each
/// level ("3 < 7: swap").
public enum HeapEvent: Hashable, Sendable {
    /// Sift up: the item at `child` was compared with its parent at
    /// `parent`, and moved above it if `swapped`.
    case up(child: Int, parent: Int, swapped: Bool)
    /// Sift down: the item at `parent` was compared with its children at
    /// `children` (one or two), of which `chosen` may stand highest; they
    /// traded places if `swapped`.
    case down(parent: Int, children: [Int], chosen: Int, swapped: Bool)

    /// Whether the comparison moved two items.
    public var swapped: Bool {
        switch self {
        case .up(_, _, let s), .down(_, _, _, let s): s
        }
    }

    /// The two places that traded items, when they did.
    public var swap: (Int, Int)? {
        switch self {
        case .up(let c, let p, true): (p, c)
        case .down(let p, _, let c, true): (p, c)
        default: nil
        }
    }
}

/// A binary heap in an array, its items in level order: the item at index
/// *i* has its children at 2*i* + 1 and 2*i* + 2, and none of them may
/// stand above it in ``order``.
///
/// The array may hold more than the heap: heapsort shrinks the heap and
/// leaves the items it sorts in the array after it, in ``sorted``. Every
/// operation returns the comparisons it made, in order, so a caller can
/// replay them one by one.
///
///     var heap = BinaryHeap(order: .min)
///     heap.heapify([9, 4, 7, 1, 8])
///     heap.insert(3)
///     heap.extract()?.item.key  // 1
public struct BinaryHeap: Sendable {
    public let order: HeapOrder
    /// The array: the heap in `0..<count`, then the sorted items, if any.
    public private(set) var items: [HeapItem] = []
    /// How many items of ``items`` are the heap.
    public private(set) var count = 0
    private var nextID = 0

    public init(order: HeapOrder) {
        self.order = order
    }

    public var isEmpty: Bool { count == 0 }

    /// The heap's items, in level order.
    public var heap: ArraySlice<HeapItem> { items[..<count] }

    /// The items heapsort has put in their final places, after the heap.
    public var sorted: ArraySlice<HeapItem> { items[count...] }

    /// The index of the parent of index `i` > 0.
    @inlinable
    public static func parent(of i: Int) -> Int { (i - 1) / 2 }

    /// The depth of index `i`: 0 for the root, ⌊log₂(i + 1)⌋.
    @inlinable
    public static func depth(of i: Int) -> Int { Int.bitWidth - 1 - (i + 1).leadingZeroBitCount }

    /// Whether every item of the heap may stand above its children.
    public var isValid: Bool {
        (1..<max(count, 1)).allSatisfy { order.allows(items[Self.parent(of: $0)].key, above: items[$0].key) }
    }

    /// Drops the items heapsort left after the heap, so that what is left
    /// of the array is the heap alone.
    /// - Returns: the dropped items.
    @discardableResult
    public mutating func dropSorted() -> [HeapItem] {
        defer { items.removeSubrange(count...) }
        return Array(sorted)
    }

    /// Appends `key` at the next free place and sifts it up.
    /// - Returns: the new item and the comparisons of its sift.
    /// - Complexity: O(log *n*).
    @discardableResult
    public mutating func insert(_ key: Int) -> (item: HeapItem, events: [HeapEvent]) {
        dropSorted()
        let item = HeapItem(id: NodeID(rawValue: nextID), key: key)
        nextID += 1
        items.append(item)
        count += 1
        return (item, siftUp(from: count - 1))
    }

    /// Takes the root out, moves the last item into its place and sifts
    /// it down; nil when the heap is empty.
    /// - Returns: the item taken out, the one moved to the root (nil when
    ///   the root was the only item), and the comparisons of the sift.
    /// - Complexity: O(log *n*).
    @discardableResult
    public mutating func extract() -> (item: HeapItem, moved: HeapItem?, events: [HeapEvent])? {
        guard count > 0 else { return nil }
        dropSorted()
        let top = items[0]
        let last = items.removeLast()
        count -= 1
        guard count > 0 else { return (top, nil, []) }
        items[0] = last
        return (top, last, siftDown(from: 0))
    }

    /// Appends `keys` as they are, then restores the heap bottom up
    /// (Floyd): each parent from the last one to the root is sifted down.
    /// - Returns: the new items, and for each parent sifted, its index and
    ///   the comparisons of its sift.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func heapify(_ keys: [Int]) -> (items: [HeapItem], sifts: [(index: Int, events: [HeapEvent])]) {
        dropSorted()
        let added = keys.map { key in
            defer { nextID += 1 }
            return HeapItem(id: NodeID(rawValue: nextID), key: key)
        }
        items += added
        count = items.count
        let sifts = stride(from: count / 2 - 1, through: 0, by: -1).map { i in (index: i, events: siftDown(from: i)) }
        return (added, sifts)
    }

    /// One round of heapsort: the root trades places with the heap's last
    /// item, the heap shrinks by one, leaving the old root sorted after
    /// it, and the new root sifts down. Nil when the heap is empty.
    /// - Returns: the item sorted, the one moved to the root (nil when the
    ///   heap had one item), and the comparisons of the sift.
    /// - Complexity: O(log *n*).
    @discardableResult
    public mutating func sortOne() -> (item: HeapItem, moved: HeapItem?, events: [HeapEvent])? {
        guard count > 0 else { return nil }
        let top = items[0]
        count -= 1
        guard count > 0 else { return (top, nil, []) }
        items.swapAt(0, count)
        return (top, items[0], siftDown(from: 0))
    }

    /// Sifts the item at `i` up while it may stand above its parent.
    mutating func siftUp(from start: Int) -> [HeapEvent] {
        var events = [HeapEvent]()
        var i = start
        while i > 0 {
            let p = Self.parent(of: i)
            let stays = order.allows(items[p].key, above: items[i].key)
            events.append(.up(child: i, parent: p, swapped: !stays))
            if stays { break }
            items.swapAt(i, p)
            i = p
        }
        return events
    }

    /// Sifts the item at `i` down while a child may stand above it.
    mutating func siftDown(from start: Int) -> [HeapEvent] {
        var events = [HeapEvent]()
        var i = start
        while 2 * i + 1 < count {
            let children = [2 * i + 1, 2 * i + 2].filter { $0 < count }
            // The first child wins a tie, as CLRS's MAX-HEAPIFY picks it.
            let chosen = children.dropFirst().reduce(children[0]) { best, c in
                order.allows(items[best].key, above: items[c].key) ? best : c
            }
            let stays = order.allows(items[i].key, above: items[chosen].key)
            events.append(.down(parent: i, children: children, chosen: chosen, swapped: !stays))
            if stays { break }
            items.swapAt(i, chosen)
            i = chosen
        }
        return events
    }
}
