/// A portable, seedable random number generator: SplitMix64 (Steele, Lea and
/// Flood, 2014), the generator Java's `SplittableRandom` uses and the usual
/// seeder of xoshiro.
///
/// Its output is fixed by the algorithm alone, so `--seed 7` gives the same
/// keys on every machine and every Swift version. Use ``next(upTo:)`` or
/// ``next(in:)`` to draw from a range: they use Lemire's unbiased
/// multiply-and-reject mapping, written out here because the standard
/// library's `random(in:using:)` does not promise a mapping.
///
///     var rng = SeededGenerator(seed: 7)
///     let key = rng.next(in: 1...99)
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `0..<bound`, without modulo bias
    /// (Lemire, "Fast Random Integer Generation in an Interval", 2019).
    /// - Precondition: `bound > 0`.
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniformly distributed value in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        // A span of 0 means the range covers every Int: any 64 bits will do.
        let offset = span == 0 ? next() : next(upTo: span)
        return range.lowerBound &+ Int(bitPattern: UInt(offset))
    }
}
