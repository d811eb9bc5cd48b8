import Testing
import Trees

@Suite struct DistinctKeysTests {
    // Hard values from an independent implementation of SplitMix64, Lemire's
    // mapping and the partial Fisher–Yates shuffle, so that the keys a seed
    // gives can never drift.
    @Test func firstKeysForFixedSeedsMatchTheReference() {
        var seven = SeededGenerator(seed: 7)
        #expect(seven.distinctKeys(count: 10, in: 1...99) == [39, 3, 90, 59, 47, 29, 50, 38, 21, 5])
        var zero = SeededGenerator(seed: 0)
        #expect(zero.distinctKeys(count: 5, in: 0...4) == [4, 2, 1, 0, 3])
        var wide = SeededGenerator(seed: 42)
        #expect(wide.distinctKeys(count: 6, in: -1_000_000...1_000_000)
            == [483_130, -680_179, -442_797, -311_617, -923_936, 736_457])
        var full = SeededGenerator(seed: 3)
        #expect(full.distinctKeys(count: 3, in: Int.min...Int.max)
            == [-7_130_582_611_851_636_755, 3_694_763_184_872_335_753, 2_084_015_055_746_161_921])
    }

    @Test(arguments: [(0, 0...0), (1, 5...5), (7, -3...3), (50, 1...100), (1_000, 0...999), (300, 1...1_000_000)])
    func keysAreDistinctAndInRange(count: Int, range: ClosedRange<Int>) {
        var rng = SeededGenerator(seed: UInt64(count))
        let keys = rng.distinctKeys(count: count, in: range)
        #expect(keys.count == count)
        #expect(Set(keys).count == count)
        #expect(keys.allSatisfy(range.contains))
    }

    @Test func drawingTheWholeRangeGivesAPermutation() {
        var rng = SeededGenerator(seed: 11)
        #expect(rng.distinctKeys(count: 500, in: 1...500).sorted() == Array(1...500))
    }

    @Test func sameSeedSameKeysAndTheGeneratorMovesOn() {
        var a = SeededGenerator(seed: 99), b = SeededGenerator(seed: 99)
        let first = a.distinctKeys(count: 20, in: 0...1_000)
        #expect(first == b.distinctKeys(count: 20, in: 0...1_000))
        #expect(a == b)
        #expect(a.distinctKeys(count: 20, in: 0...1_000) != first)
    }

    @Test func everyValueIsEquallyLikelyInEveryPosition() {
        // 3 keys from 0...9 over 20,000 seeds: each (position, value) cell
        // expects 2,000 hits; 5 standard deviations is about ±212.
        var hits = Array(repeating: Array(repeating: 0, count: 10), count: 3)
        for seed in 0..<20_000 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            for (position, value) in rng.distinctKeys(count: 3, in: 0...9).enumerated() {
                hits[position][value] += 1
            }
        }
        for row in hits {
            #expect(row.allSatisfy { abs($0 - 2_000) < 212 }, "\(row)")
        }
    }

    /// A draw that refuses some keys takes the plain draw's keys up to the
    /// first refusal, then goes on drawing; it still gives `count`
    /// distinct keys, from the seed alone, and refused keys only when the
    /// range runs out.
    @Test func aDrawThatRefusesKeysGoesOnDrawing() {
        for seed: UInt64 in 0..<50 {
            var a = SeededGenerator(seed: seed), b = SeededGenerator(seed: seed), c = SeededGenerator(seed: seed)
            let plain = a.distinctKeys(count: 10, in: 1...99)
            let odd = b.distinctKeys(count: 10, in: 1...99, keeping: { !$0.isMultiple(of: 2) })
            #expect(odd.count == 10 && Set(odd).count == 10 && odd.allSatisfy { !$0.isMultiple(of: 2) })
            let agreed = plain.prefix { !$0.isMultiple(of: 2) }
            #expect(Array(odd.prefix(agreed.count)) == Array(agreed), "seed \(seed)")
            #expect(c.distinctKeys(count: 10, in: 1...99, keeping: { _ in true }) == plain)
        }
        // Ten keys from a range of twelve, eight of them refused: the two
        // kept, then refused ones in the order drawn.
        var g = SeededGenerator(seed: 3)
        let few = g.distinctKeys(count: 10, in: 1...12, keeping: { $0 <= 2 })
        #expect(few.count == 10 && Set(few).count == 10 && Set(few.prefix(2)) == [1, 2])
    }
}

