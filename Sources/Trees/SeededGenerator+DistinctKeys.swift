extension SeededGenerator {
    /// `count` different values drawn uniformly from `range`, in the order
    /// drawn.
    ///
    /// The method is a partial Fisher–Yates shuffle of the range, stopped
    /// after `count` steps: step *i* swaps position *i* with a position drawn
    /// by ``next(upTo:)`` from positions *i* through the end, and takes
    /// what lands at *i*. Only the positions a swap has touched are stored,
    /// so the cost depends on `count` and not on the size of the range. Each
    /// draw is unbiased, so every ordered selection is equally likely, and
    /// the result depends on the seed alone.
    ///
    ///     var rng = SeededGenerator(seed: 7)
    ///     let keys = rng.distinctKeys(count: 10, in: 1...99)
    ///
    /// - Precondition: `0 <= count` and `count` is at most the number of
    ///   values in `range`.
    /// - Complexity: O(`count`) time and memory.
    public mutating func distinctKeys(count: Int, in range: ClosedRange<Int>) -> [Int] {
        // The number of values in the range; it wraps to 0 for the range of
        // every Int, whose 2⁶⁴ values no UInt64 can count.
        let size = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        precondition(count >= 0, "cannot draw \(count) keys")
        precondition(size == 0 || UInt64(count) <= size, "cannot draw \(count) distinct keys from \(range)")
        // Positions whose value a swap has changed; every other position i
        // still holds the range's i-th value.
        var moved: [UInt64: UInt64] = [:]
        moved.reserveCapacity(count)
        var keys: [Int] = []
        keys.reserveCapacity(count)
        for step in 0..<UInt64(count) {
            let remaining = size &- step
            // `remaining` is 0 only at the first step over every Int: any
            // 64 bits are then a uniform position.
            let pick = step &+ (remaining == 0 ? next() : next(upTo: remaining))
            let value = moved[pick] ?? pick
            moved[pick] = moved[step] ?? step
            keys.append(range.lowerBound &+ Int(bitPattern: UInt(value)))
        }
        return keys
    }
}
