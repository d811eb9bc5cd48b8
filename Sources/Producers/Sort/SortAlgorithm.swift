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
/// - `quick`: CLRS's QUICKSORT, the left part first, with its PARTITION
///   (Lomuto's: the last item is the pivot x, and each item ≤ x is
///   exchanged to the front of the part) or, given
///   ``QuickPartition/hoare``, HOARE-PARTITION (CLRS problem 7-1); an
///   exchange of an item with itself (Lomuto's, when `i` comes to `j`)
///   changes nothing, and is neither played nor counted.
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
            QuickPartition.lomuto.pseudocode
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

/// How quick sort partitions a part `A[p..r]`, as CLRS writes it (4th
/// edition, chapter 7): each with its own listing, which the code panel
/// shows (`--code`).
public enum QuickPartition: String, Sendable, CaseIterable {
    /// PARTITION: the last item is the pivot x; `j` scans the part from
    /// the left, and each item ≤ x is exchanged to just after the ≤ part,
    /// whose last place `i` keeps; then the pivot goes between the parts,
    /// to its final place, and the parts either side of it are sorted.
    case lomuto
    /// HOARE-PARTITION (problem 7-1): the first item's value is the pivot
    /// x; `j` comes down from the right past items > x, `i` up from the
    /// left past items < x, and while they have not met the two items
    /// they stop at are exchanged; the part splits after `j`, and both
    /// sides are sorted (the pivot's item is not yet in its final place).
    case hoare

    /// QUICKSORT with this partition, the partition's procedure under it.
    public var pseudocode: CodeListing {
        switch self {
        case .lomuto:
            CodeListing("QUICKSORT(A, p, r)", [
                "if p < r",
                "  q = PARTITION(A, p, r)",
                "  QUICKSORT(A, p, q − 1)",
                "  QUICKSORT(A, q + 1, r)",
                "PARTITION(A, p, r)",
                "  x = A[r]",
                "  i = p − 1",
                "  for j = p to r − 1",
                "    if A[j] ≤ x",
                "      i = i + 1",
                "      exchange A[i] with A[j]",
                "  exchange A[i + 1] with A[r]",
                "  return i + 1",
            ])
        case .hoare:
            CodeListing("QUICKSORT(A, p, r)", [
                "if p < r",
                "  q = HOARE-PARTITION(A, p, r)",
                "  QUICKSORT(A, p, q)",
                "  QUICKSORT(A, q + 1, r)",
                "HOARE-PARTITION(A, p, r)",
                "  x = A[p]",
                "  i = p − 1",
                "  j = r + 1",
                "  while TRUE",
                "    repeat j = j − 1",
                "    until A[j] ≤ x",
                "    repeat i = i + 1",
                "    until A[i] ≥ x",
                "    if i < j",
                "      exchange A[i] with A[j]",
                "    else return j",
            ])
        }
    }
}

/// A variable of quick sort's partition that holds an index: the animation
/// draws it as a marker under the array.
public enum SortMarker: String, Sendable, CaseIterable {
    case i, j
}

/// What a partition knows of its part `A[p..r]` at a moment: the places
/// holding items on the pivot's low side (`low`: ≤ x), on its high side
/// (`high`: > x for Lomuto's partition, ≥ x for Hoare's), and those not
/// yet looked at (`unseen`); and, for Lomuto's, the pivot's place.
public struct PartitionRegions: Sendable, Equatable {
    public var low: Range<Int>
    public var high: Range<Int>
    public var unseen: Range<Int>
    public var pivot: Int?

    public init(low: Range<Int>, high: Range<Int>, unseen: Range<Int>, pivot: Int? = nil) {
        self.low = low
        self.high = high
        self.unseen = unseen
        self.pivot = pivot
    }
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
    /// Quick sort: the partition's variable now holds this index (which
    /// may lie just outside the part: Lomuto's `i` starts at p − 1,
    /// Hoare's `j` at r + 1); nil once the partition no longer uses it.
    case marker(SortMarker, Int?)
    /// Quick sort: what the partition now knows of its part; nil once it
    /// is done.
    case regions(PartitionRegions?)
    /// Quick sort, Hoare's partition: `i` and `j` have met, and the part
    /// splits after this index (`return j`).
    case split(Int)
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
    /// Quick sort's partition (the others have none).
    public let partition: QuickPartition
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
    public init(_ algorithm: SortAlgorithm, values: [Int], partition: QuickPartition = .lomuto) {
        self.algorithm = algorithm
        self.partition = partition
        self.values = values
        result = values
        aux = values
        switch algorithm {
        case .bubble: bubble()
        case .insertion: insertion()
        case .selection: selection()
        case .shell: shell()
        case .merge: mergeSort(0, values.count - 1)
        case .quick where partition == .hoare: hoare(0, values.count - 1)
        case .quick: lomuto(0, values.count - 1)
        case .heap: heap()
        }
    }

    /// The listing the run's ``lines`` index: the algorithm's, with quick
    /// sort's partition.
    public var pseudocode: CodeListing { algorithm == .quick ? partition.pseudocode : algorithm.pseudocode }

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

    /// Compares the items at `i` and `j` (`A[i] ≤ A[j]`, or with
    /// `atLeast`, `A[i] ≥ A[j]`), counting it.
    private mutating func compare(_ i: Int, _ j: Int, atLeast: Bool = false, line: Int) -> Bool {
        comparisons += 1
        record(.compare(i, j), line)
        return atLeast ? result[i] >= result[j] : result[i] <= result[j]
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

    /// Opens the partition of A[p..r] around the item at `pivot` (a step,
    /// the part, the pivot); false where there is nothing to partition: a
    /// part of one item is in its final place, an empty one is nothing.
    private mutating func opens(_ p: Int, _ r: Int, pivot: Int) -> Bool {
        guard p <= r else { return false }
        guard p < r else {
            record(.sorted([p]), 0)
            return false
        }
        record(.phase(.partition(lo: p, hi: r)), 1)
        record(.range(p, r), 1)
        record(.pivot(pivot), 5)
        return true
    }

    /// QUICKSORT with PARTITION, line for line (see
    /// ``QuickPartition/pseudocode``): `i` and `j` are recorded as they
    /// change, and what the partition knows of its part after each item
    /// is placed. An exchange of an item with itself (`i` coming to `j`)
    /// is left out: it changes nothing.
    private mutating func lomuto(_ p: Int, _ r: Int) {
        guard opens(p, r, pivot: r) else { return }
        var i = p - 1
        record(.marker(.i, i), 6)
        record(.regions(PartitionRegions(low: p..<p, high: p..<p, unseen: p..<r, pivot: r)), 6)
        for j in p..<r {
            record(.marker(.j, j), 7)
            var line = 8
            if compare(j, r, line: 8) {
                i += 1
                record(.marker(.i, i), 9)
                line = 9
                if i != j {
                    swap(i, j, line: 10)
                    line = 10
                }
            }
            record(.regions(PartitionRegions(low: p..<(i + 1), high: (i + 1)..<(j + 1), unseen: (j + 1)..<r, pivot: r)), line)
        }
        record(.marker(.j, nil), 11)
        let q = i + 1
        if q != r { swap(q, r, line: 11) }
        record(.regions(PartitionRegions(low: p..<q, high: (q + 1)..<(r + 1), unseen: q..<q, pivot: q)), 11)
        record(.sorted([q]), 12)
        record(.marker(.i, nil), 12)
        record(.regions(nil), 12)
        lomuto(p, q - 1)
        lomuto(q + 1, r)
    }

    /// QUICKSORT with HOARE-PARTITION, line for line: `i` and `j` are
    /// recorded as they move, and what the partition knows of its part as
    /// each scan passes an item and after each exchange. The pivot x is
    /// the first item's value; its item may move, and each comparison with
    /// x names the index where it is.
    private mutating func hoare(_ p: Int, _ r: Int) {
        guard opens(p, r, pivot: p) else { return }
        var x = p
        var (i, j) = (p - 1, r + 1)
        record(.marker(.i, i), 6)
        record(.marker(.j, j), 7)
        func regions(low: Int, high: Int) -> SortEvent {
            .regions(PartitionRegions(low: p..<low, high: high..<(r + 1), unseen: low..<max(low, high)))
        }
        record(regions(low: p, high: r + 1), 7)
        while true {
            repeat {
                j -= 1
                record(.marker(.j, j), 9)
                if compare(j, x, line: 10) { break }
                record(regions(low: i + 1, high: j), 10)
            } while true
            repeat {
                i += 1
                record(.marker(.i, i), 11)
                if compare(i, x, atLeast: true, line: 12) { break }
                record(regions(low: i + 1, high: j + 1), 12)
            } while true
            guard i < j else { break }
            swap(i, j, line: 14)
            if x == i { x = j } else if x == j { x = i }
            record(regions(low: i + 1, high: j), 14)
        }
        record(regions(low: j + 1, high: j + 1), 15)
        record(.split(j), 15)
        record(.marker(.i, nil), 15)
        record(.marker(.j, nil), 15)
        record(.regions(nil), 15)
        hoare(p, j)
        hoare(j + 1, r)
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
