import ArgumentParser
import Foundation
import TreeAnimKit

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

    @Option(
        parsing: .unconditional, help: "Seed for the random keys (default: a random seed, printed so you can reproduce the run).",
        transform: Numeral.seed)
    var seed: UInt64?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Insert exactly these keys, in order.", valueName: "k1,k2,..."),
        transform: KeyOptions.parseKeys)
    var values: [Int]?

    /// `LO...HI` (or `LO..HI`) with LO ≤ HI.
    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        try KeyRange(parsing: text).range
    }

    /// Comma-separated whole numbers.
    static func parseKeys(_ text: String) throws -> [Int] {
        try KeyList(parsing: text).keys
    }
}

typealias ArgumentProblem = ValueProblem
