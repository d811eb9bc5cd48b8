import ArgumentParser
import Foundation
import Producers
import Production
import Trees

/// Which keys a tree animation inserts: random ones from a seeded
/// generator, or the given ones.
struct KeyOptions: ParsableArguments {
    // Unconditional parsing throughout, so that a negative number is a value
    // to explain, not an unknown flag.
    @Option(parsing: .unconditional, help: "Insert this many random distinct keys.", transform: Numeral.whole)
    var inserts: Int?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Draw random keys from this range (default: 1...99, or 1...999 and so on for more than 49 keys).", valueName: "lo...hi"),
        transform: KeyOptions.parseRange)
    var range: ClosedRange<Int>?

    /// The range random keys come from: as given, else 1...99, or
    /// 1...999 and so on, the first that holds at least twice the keys
    /// asked for (random keys of a range they nearly fill are nearly in
    /// order).
    var keyRange: ClosedRange<Int> {
        if let range { return range }
        // Counts past the limit are refused by validate(); clamped here so
        // that working the range out first cannot overflow.
        let count = min(max(inserts ?? 10, 0), Self.maxInserts)
        var top = 99
        while top < 2 * count { top = top * 10 + 9 }
        return 1...top
    }

    @Option(
        parsing: .unconditional, help: "Seed for the random keys (default: a random seed, printed so you can reproduce the run).",
        transform: Numeral.seed)
    var seed: UInt64?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Insert exactly these keys, in order.", valueName: "k1,k2,..."),
        transform: KeyOptions.parseKeys)
    var values: [Int]?

    static let maxInserts = 10_000

    mutating func validate() throws {
        if values != nil, inserts != nil { throw ValidationError("give --inserts or --values, not both") }
        if let keys = values {
            if keys.count > Self.maxInserts {
                throw ValidationError("--values has \(keys.count) keys; at most \(Self.maxInserts) make a watchable animation")
            }
        }
        let bounds = keyRange
        let n = inserts ?? 10
        // The range only matters for random keys: with --values it is not
        // used (and with --ops the command refuses it).
        guard n >= 1 else { throw ValidationError("--inserts must be at least 1 (got \(n))") }
        guard n <= Self.maxInserts else {
            throw ValidationError("--inserts \(n) is too many; at most \(Self.maxInserts) make a watchable animation")
        }
        if values == nil, !Self.holds(bounds, atLeast: n) {
            throw ValidationError(
                "--range \(bounds.lowerBound)...\(bounds.upperBound) holds \(bounds.count) key\(bounds.count == 1 ? "" : "s"), too few for \(n) distinct inserts")
        }
    }

    /// The keys to insert: the given values, or random distinct keys from the
    /// seeded generator; and the seed when it was drawn here, to print.
    func chooseKeys() -> (keys: [Int], randomSeed: UInt64?) {
        if let values { return (values, nil) }
        let seed = self.seed ?? UInt64.random(in: 0...999_999)
        var rng = SeededGenerator(seed: seed)
        return (rng.distinctKeys(count: inserts ?? 10, in: keyRange), self.seed == nil ? seed : nil)
    }

    /// `LO...HI` (or `LO..HI`) with LO ≤ HI.
    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        try Numeral.checkDigits(text)
        for separator in ["...", ".."] {
            let parts = text.components(separatedBy: separator)
            if parts.count == 2, let lo = Int(parts[0]), let hi = Int(parts[1]), lo <= hi { return lo...hi }
        }
        throw ArgumentProblem("expected LO...HI with LO ≤ HI, such as 1...99")
    }

    /// Comma-separated whole numbers.
    static func parseKeys(_ text: String) throws -> [Int] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { token in
            let t = token.trimmingCharacters(in: .whitespaces)
            if let k = Int(t) { return k }
            try Numeral.checkDigits(t)
            if !t.isEmpty, t.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
                throw ArgumentProblem("'\(t)' is out of range (keys are from \(Int.min) to \(Int.max))")
            }
            throw ArgumentProblem("'\(t)' is not a whole number (expected keys like 50,17,72)")
        }
    }

    /// Whether `range` has at least `n` keys, without overflowing on ranges
    /// wider than `Int.max`.
    static func holds(_ range: ClosedRange<Int>, atLeast n: Int) -> Bool {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        return span == UInt64.max || span + 1 >= UInt64(n)
    }
}

typealias ArgumentProblem = ValueProblem
