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
        distinctKeys(count: count, in: range, keeping: nil)
    }

    /// `count` different values drawn as ``distinctKeys(count:in:)`` draws
    /// them, skipping each that `keeping` refuses (it sees the values in
    /// the order drawn, and may keep state of those it took): the draw goes
    /// on past a refused value, so the values taken are those the plain
    /// draw gives until the first refusal. When the range or the patience
    /// (eight draws a value) runs out, refused values fill what is left, in
    /// the order drawn, so the result always has `count` values.
    public mutating func distinctKeys(count: Int, in range: ClosedRange<Int>, keeping: ((Int) -> Bool)?) -> [Int] {
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
        var refused: [Int] = []
        let patience = keeping == nil ? UInt64(count) : UInt64(count) &* 8 &+ 64
        var step: UInt64 = 0
        while keys.count < count, step < patience, size == 0 || step < size {
            let remaining = size &- step
            // `remaining` is 0 only at the first step over every Int: any
            // 64 bits are then a uniform position.
            let pick = step &+ (remaining == 0 ? next() : next(upTo: remaining))
            let value = moved[pick] ?? pick
            moved[pick] = moved[step] ?? step
            let key = range.lowerBound &+ Int(bitPattern: UInt(value))
            if keeping?(key) ?? true { keys.append(key) } else { refused.append(key) }
            step &+= 1
        }
        keys += refused.prefix(count - keys.count)
        return keys
    }
}
