import Diagram
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

    /// The algorithm as a textbook writes it, in CLRS's notation with
    /// arrays from 0: what the code panel shows (`--code`), each event of
    /// a ``SortRun`` naming its line.
    public var pseudocode: CodeListing {
        switch self {
        case .bubble:
            CodeListing("BUBBLE-SORT(A, n)", [
                "for pass = 1 to n − 1",
                "  swapped = FALSE",
                "  for j = 0 to n − 1 − pass",
                "    if A[j + 1] < A[j]",
                "      exchange A[j] with A[j + 1]",
                "      swapped = TRUE",
                "  if not swapped: return",
            ])
        case .insertion:
            CodeListing("INSERTION-SORT(A, n)", [
                "for i = 1 to n − 1",
                "  j = i",
                "  while j > 0 and A[j] < A[j − 1]",
                "    exchange A[j − 1] with A[j]",
                "    j = j − 1",
            ])
        case .selection:
            CodeListing("SELECTION-SORT(A, n)", [
                "for i = 0 to n − 2",
                "  smallest = i",
                "  for j = i + 1 to n − 1",
                "    if A[j] < A[smallest]: smallest = j",
                "  exchange A[i] with A[smallest]",
            ])
        case .shell:
            CodeListing("SHELL-SORT(A, n)", [
                "gap = ⌊n/2⌋",
                "while gap > 0",
                "  for i = gap to n − 1",
                "    j = i",
                "    while j ≥ gap and A[j] < A[j − gap]",
                "      exchange A[j − gap] with A[j]",
                "      j = j − gap",
                "  gap = ⌊gap/2⌋",
            ])
        case .merge:
            CodeListing("MERGE-SORT(A, lo, hi)", [
                "if lo < hi",
                "  mid = ⌊(lo + hi)/2⌋",
                "  MERGE-SORT(A, lo, mid)",
                "  MERGE-SORT(A, mid + 1, hi)",
                "  B[lo..hi] = A[lo..hi]",
                "  i = lo; j = mid + 1",
                "  for k = lo to hi",
                "    if i ≤ mid and B[i] ≤ B[j]",
                "      A[k] = B[i]; i = i + 1",
                "    else A[k] = B[j]; j = j + 1",
            ])
        case .quick:
            CodeListing("QUICKSORT(A, lo, hi)", [
                "if lo < hi",
                "  pivot = A[hi]; i = lo",
                "  for j = lo to hi − 1",
                "    if A[j] < pivot",
                "      exchange A[i] with A[j]",
                "      i = i + 1",
                "  exchange A[i] with A[hi]",
                "  QUICKSORT(A, lo, i − 1)",
                "  QUICKSORT(A, i + 1, hi)",
            ])
        case .heap:
            CodeListing("HEAPSORT(A, n)", [
                "for i = ⌊n/2⌋ − 1 downto 0",
                "  SIFT-DOWN(A, i, n)",
                "for end = n − 1 downto 1",
                "  exchange A[0] with A[end]",
                "  SIFT-DOWN(A, 0, end)",
                "SIFT-DOWN(A, i, n):",
                "  while 2i + 1 < n",
                "    c = the larger child of i",
                "    if A[i] ≥ A[c]: return",
                "    exchange A[i] with A[c]; i = c",
            ])
        }
    }

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
    /// The line of ``SortAlgorithm/pseudocode`` that each event executes,
    /// index for index with ``events``; nil where none does in particular
    /// (the final sweep).
    public private(set) var lines: [Int?] = []
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

    /// Records `event`, executed by line `line` of the algorithm's
    /// ``SortAlgorithm/pseudocode`` (nil: none in particular).
    private mutating func record(_ event: SortEvent, _ line: Int?) {
        events.append(event)
        lines.append(line)
    }

    private mutating func less(_ i: Int, _ j: Int, line: Int) -> Bool {
        comparisons += 1
        record(.compare(i, j), line)
        return result[i] < result[j]
    }

    private mutating func swap(_ i: Int, _ j: Int, line: Int) {
        swaps += 1
        record(.swap(i, j), line)
        result.swapAt(i, j)
    }

    // MARK: Algorithms
    // Each event's line is the one of `SortAlgorithm.pseudocode` that
    // executes it.

    private mutating func bubble() {
        let n = result.count
        guard n > 1 else { return record(.sorted(Array(0..<n)), nil) }
        for pass in 0..<(n - 1) {
            record(.phase(.pass(pass + 1)), 0)
            var swapped = false
            for j in 0..<(n - 1 - pass) where less(j + 1, j, line: 3) {
                swap(j, j + 1, line: 4)
                swapped = true
            }
            if !swapped {
                record(.sorted(Array(0..<(n - pass))), 6)
                return
            }
            record(.sorted([n - 1 - pass]), 0)
        }
        record(.sorted([0]), nil)
    }

    private mutating func insertion() {
        let n = result.count
        for i in 1..<max(n, 1) {
            record(.phase(.insert(index: i)), 1)
            var j = i
            while j > 0, less(j, j - 1, line: 2) {
                swap(j - 1, j, line: 3)
                j -= 1
            }
        }
        record(.sorted(Array(0..<n)), nil)
    }

    private mutating func selection() {
        let n = result.count
        for i in 0..<max(n - 1, 0) {
            record(.phase(.select(index: i)), 1)
            var smallest = i
            for j in (i + 1)..<n where less(j, smallest, line: 3) { smallest = j }
            if smallest != i { swap(i, smallest, line: 4) }
            record(.sorted([i]), 4)
        }
        if n > 0 { record(.sorted([n - 1]), nil) }
    }

    private mutating func shell() {
        let n = result.count
        var gap = n / 2
        while gap > 0 {
            record(.phase(.gap(gap)), 1)
            for i in gap..<n {
                var j = i
                while j >= gap, less(j, j - gap, line: 4) {
                    swap(j - gap, j, line: 5)
                    j -= gap
                }
            }
            gap /= 2
        }
        record(.sorted(Array(0..<n)), nil)
    }

    private mutating func mergeSort(_ lo: Int, _ hi: Int) {
        guard lo < hi else {
            if lo == hi, result.count == 1 { record(.sorted([0]), nil) }
            return
        }
        let mid = (lo + hi) / 2
        mergeSort(lo, mid)
        mergeSort(mid + 1, hi)
        record(.phase(.merge(lo: lo, mid: mid, hi: hi)), 4)
        record(.range(lo, hi), 4)
        record(.toAux(lo, hi), 4)
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
                record(.compareAux(j, i), 7)
                if aux[j] < aux[i] { from = j; j += 1 } else { from = i; i += 1 }
            }
            swaps += 1
            let line = from <= mid ? 8 : 9
            record(.write(from: from, to: k), line)
            result[k] = aux[from]
            if final { record(.sorted([k]), line) }
        }
    }

    private mutating func quick(_ lo: Int, _ hi: Int) {
        guard lo <= hi else { return }
        guard lo < hi else { return record(.sorted([lo]), 0) }
        record(.phase(.partition(lo: lo, hi: hi)), 1)
        record(.range(lo, hi), 1)
        record(.pivot(hi), 1)
        var i = lo
        for j in lo..<hi where less(j, hi, line: 3) {
            if i != j { swap(i, j, line: 4) }
            i += 1
        }
        if i != hi { swap(i, hi, line: 6) }
        record(.sorted([i]), 6)
        quick(lo, i - 1)
        quick(i + 1, hi)
    }

    private mutating func heap() {
        let n = result.count
        guard n > 1 else { return record(.sorted(Array(0..<n)), nil) }
        record(.phase(.buildHeap), 0)
        for i in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(i, n) }
        for end in stride(from: n - 1, to: 0, by: -1) {
            record(.phase(.extract(round: n - end)), 2)
            swap(0, end, line: 3)
            record(.sorted([end]), 4)
            siftDown(0, end)
        }
        record(.sorted([0]), nil)
    }

    private mutating func siftDown(_ start: Int, _ n: Int) {
        var i = start
        while 2 * i + 1 < n {
            let left = 2 * i + 1
            var child = left
            if left + 1 < n, less(left, left + 1, line: 7) { child = left + 1 }
            guard less(i, child, line: 8) else { return }
            swap(i, child, line: 9)
            i = child
        }
    }
}
