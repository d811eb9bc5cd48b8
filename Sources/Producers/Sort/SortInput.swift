import Trees

/// The order of the values `--random` draws, as sorting visualisers offer
/// them: the cases that tell the algorithms apart.
public enum SortInputOrder: String, Sendable, CaseIterable {
    /// Distinct values in random order.
    case random
    /// Distinct values, largest first: the worst case of insertion and
    /// bubble sort, and of a quick sort that takes the last item as pivot.
    case reversed
    /// Distinct values in order but for a few neighbours out of place
    /// (one in ten): where insertion sort shines.
    case nearlySorted = "nearly-sorted"
    /// Only a few different values, repeated: four, or fewer for a very
    /// short array.
    case fewUnique = "few-unique"

    /// `count` values in this order from `rng`: distinct values from
    /// 1...max(99, count) (a permutation of 1...count from 99 on), so bars
    /// of a short array differ in height as written numbers do, and a long
    /// one sorts into an even ramp.
    ///
    ///     var rng = SeededGenerator(seed: 7)
    ///     SortInputOrder.reversed.values(count: 5, using: &rng)   // e.g. [91, 64, 40, 22, 3]
    public func values(count: Int, using rng: inout SeededGenerator) -> [Int] {
        let top = max(99, count)
        var keys = rng.distinctKeys(count: count, in: 1...top)
        switch self {
        case .random:
            return keys
        case .reversed:
            return keys.sorted(by: >)
        case .nearlySorted:
            keys.sort()
            let moves = max(1, count / 10)
            for _ in 0..<moves where count > 1 {
                let i = rng.next(in: 0...(count - 2))
                let j = min(count - 1, i + rng.next(in: 1...3))
                keys.swapAt(i, j)
            }
            return keys
        case .fewUnique:
            let kinds = max(1, min(4, count / 3))
            let levels = (1...kinds).map { $0 * top / kinds }
            return (0..<count).map { _ in levels[rng.next(in: 0...(kinds - 1))] }
        }
    }
}
