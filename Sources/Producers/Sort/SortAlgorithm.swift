/// The sorting algorithms `treeanim sort` animates, each in the textbook
/// form a course teaches, so that its counts match a plain implementation:
///
/// - `bubble`: passes of adjacent compares from the left, each one shorter,
///   stopping after a pass without a swap.
/// - `insertion`: each item moves left by adjacent swaps while its left
///   neighbour is larger.
/// - `selection`: the smallest of the unsorted part is found (compared
///   against the smallest so far) and swapped to its front, unless it is
///   there already.
/// - `shell`: Shell's gaps n/2, n/4, …, 1, each an insertion sort by swaps
///   over items that far apart.
/// - `merge`: top-down, the left half first; each merge copies its part to
///   the auxiliary array, then writes every item back, comparing only while
///   both halves have items (the right one's taken only when smaller, so
///   the sort is stable).
/// - `quick`: Lomuto's partition with the last item as pivot, smaller items
///   (`<`) swapped to the front, the left part first; a swap of an item
///   with itself is skipped and not counted.
/// - `heap`: a max-heap built bottom-up, then the root swapped with the
///   last item of the heap and sifted down, round after round; a sift
///   compares the two children (when there are two), then the larger with
///   its parent.
///
/// Counted: comparisons of two items, and swaps (merge sort: writes into
/// the array, copies to the auxiliary array not counted).
public enum SortAlgorithm: String, Sendable, CaseIterable {
    case bubble, insertion, selection, shell, merge, quick, heap

    /// The name a caption uses.
    public var title: String {
        switch self {
        case .bubble: "Bubble sort"
        case .insertion: "Insertion sort"
        case .selection: "Selection sort"
        case .shell: "Shell sort"
        case .merge: "Merge sort"
        case .quick: "Quick sort"
        case .heap: "Heap sort"
        }
    }

    /// Whether the algorithm moves items by writes from an auxiliary array
    /// rather than by swaps.
    public var writes: Bool { self == .merge }
}

/// One thing a sort does, in the order it does it: what the animation
/// plays. Indices are positions in the array (or, for `compareAux` and
/// `write`, in the auxiliary array).
public enum SortEvent: Sendable, Equatable {
    /// A new stage of the sort: a pass, a partition, a merge; the animation
    /// makes each a step (a slide).
    case phase(SortPhase)
    /// Two items of the array compared.
    case compare(Int, Int)
    /// Two items of the array trade places.
    case swap(Int, Int)
    /// The part `lo...hi` is being worked on (quick sort: partitioned; merge
    /// sort: merged).
    case range(Int, Int)
    /// The item at this index is the pivot.
    case pivot(Int)
    /// Items at these indices are in their final places.
    case sorted([Int])
    /// Merge sort: the part `lo...hi` copied to the auxiliary array.
    case toAux(Int, Int)
    /// Merge sort: two items of the auxiliary array compared.
    case compareAux(Int, Int)
    /// Merge sort: the item at `from` in the auxiliary array written to
    /// `to` in the array.
    case write(from: Int, to: Int)
}

/// A stage of a sort, for the step's caption.
public enum SortPhase: Sendable, Equatable {
    case pass(Int)
    case insert(index: Int)
    case select(index: Int)
    case gap(Int)
    case merge(lo: Int, mid: Int, hi: Int)
    case partition(lo: Int, hi: Int)
    case buildHeap
    case extract(round: Int)
}

/// A sort run on an array with every event recorded, and the counts.
///
///     let run = SortRun(.bubble, values: [5, 3, 8, 1])
///     run.result        // [1, 3, 5, 8]
///     run.comparisons   // 6
///     run.swaps         // 4
public struct SortRun: Sendable {
    public let algorithm: SortAlgorithm
    public let values: [Int]
    public private(set) var events: [SortEvent] = []
    public private(set) var comparisons = 0
    /// Swaps, or for merge sort writes into the array.
    public private(set) var swaps = 0
    public private(set) var result: [Int]
    private var aux: [Int]

    /// - Complexity: the algorithm's own; O(n²) events for the quadratic
    ///   sorts.
    public init(_ algorithm: SortAlgorithm, values: [Int]) {
        self.algorithm = algorithm
        self.values = values
        result = values
        aux = values
        switch algorithm {
        case .bubble: bubble()
        case .insertion: insertion()
        case .selection: selection()
        case .shell: shell()
        case .merge: mergeSort(0, values.count - 1)
        case .quick: quick(0, values.count - 1)
        case .heap: heap()
        }
    }

    // MARK: Recording

    private mutating func less(_ i: Int, _ j: Int) -> Bool {
        comparisons += 1
        events.append(.compare(i, j))
        return result[i] < result[j]
    }

    private mutating func swap(_ i: Int, _ j: Int) {
        swaps += 1
        events.append(.swap(i, j))
        result.swapAt(i, j)
    }

    // MARK: Algorithms

    private mutating func bubble() {
        let n = result.count
        guard n > 1 else { return events.append(.sorted(Array(0..<n))) }
        for pass in 0..<(n - 1) {
            events.append(.phase(.pass(pass + 1)))
            var swapped = false
            for j in 0..<(n - 1 - pass) where less(j + 1, j) {
                swap(j, j + 1)
                swapped = true
            }
            if !swapped {
                events.append(.sorted(Array(0..<(n - pass))))
                return
            }
            events.append(.sorted([n - 1 - pass]))
        }
        events.append(.sorted([0]))
    }

    private mutating func insertion() {
        let n = result.count
        for i in 1..<max(n, 1) {
            events.append(.phase(.insert(index: i)))
            var j = i
            while j > 0, less(j, j - 1) {
                swap(j - 1, j)
                j -= 1
            }
        }
        events.append(.sorted(Array(0..<n)))
    }

    private mutating func selection() {
        let n = result.count
        for i in 0..<max(n - 1, 0) {
            events.append(.phase(.select(index: i)))
            var smallest = i
            for j in (i + 1)..<n where less(j, smallest) { smallest = j }
            if smallest != i { swap(i, smallest) }
            events.append(.sorted([i]))
        }
        if n > 0 { events.append(.sorted([n - 1])) }
    }

    private mutating func shell() {
        let n = result.count
        var gap = n / 2
        while gap > 0 {
            events.append(.phase(.gap(gap)))
            for i in gap..<n {
                var j = i
                while j >= gap, less(j, j - gap) {
                    swap(j - gap, j)
                    j -= gap
                }
            }
            gap /= 2
        }
        events.append(.sorted(Array(0..<n)))
    }

    private mutating func mergeSort(_ lo: Int, _ hi: Int) {
        guard lo < hi else {
            if lo == hi, result.count == 1 { events.append(.sorted([0])) }
            return
        }
        let mid = (lo + hi) / 2
        mergeSort(lo, mid)
        mergeSort(mid + 1, hi)
        events.append(.phase(.merge(lo: lo, mid: mid, hi: hi)))
        events.append(.range(lo, hi))
        events.append(.toAux(lo, hi))
        for k in lo...hi { aux[k] = result[k] }
        var (i, j) = (lo, mid + 1)
        let final = lo == 0 && hi == result.count - 1
        for k in lo...hi {
            let from: Int
            if i > mid {
                from = j; j += 1
            } else if j > hi {
                from = i; i += 1
            } else {
                comparisons += 1
                events.append(.compareAux(j, i))
                if aux[j] < aux[i] { from = j; j += 1 } else { from = i; i += 1 }
            }
            swaps += 1
            events.append(.write(from: from, to: k))
            result[k] = aux[from]
            if final { events.append(.sorted([k])) }
        }
    }

    private mutating func quick(_ lo: Int, _ hi: Int) {
        guard lo <= hi else { return }
        guard lo < hi else { return events.append(.sorted([lo])) }
        events.append(.phase(.partition(lo: lo, hi: hi)))
        events.append(.range(lo, hi))
        events.append(.pivot(hi))
        var i = lo
        for j in lo..<hi where less(j, hi) {
            if i != j { swap(i, j) }
            i += 1
        }
        if i != hi { swap(i, hi) }
        events.append(.sorted([i]))
        quick(lo, i - 1)
        quick(i + 1, hi)
    }

    private mutating func heap() {
        let n = result.count
        guard n > 1 else { return events.append(.sorted(Array(0..<n))) }
        events.append(.phase(.buildHeap))
        for i in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(i, n) }
        for end in stride(from: n - 1, to: 0, by: -1) {
            events.append(.phase(.extract(round: n - end)))
            swap(0, end)
            events.append(.sorted([end]))
            siftDown(0, end)
        }
        events.append(.sorted([0]))
    }

    private mutating func siftDown(_ start: Int, _ n: Int) {
        var i = start
        while 2 * i + 1 < n {
            let left = 2 * i + 1
            var child = left
            if left + 1 < n, less(left, left + 1) { child = left + 1 }
            guard less(i, child) else { return }
            swap(i, child)
            i = child
        }
    }
}
