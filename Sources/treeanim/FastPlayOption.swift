import ArgumentParser
import TreeAnimKit

/// `--ops-per-second`: fast play for the structures played operation by
/// operation (bst, avl, rb, heap). Sorts have their own, counted in
/// comparisons and swaps.
struct FastPlayOption: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fast play: this many operations a second, each shown where it lands without its comparisons (a heapsort counts its rounds); default: one at a time, or about a minute's worth a second when that would pass 3 minutes.",
            valueName: "n"),
        transform: Numeral.decimal)
    var opsPerSecond: Double?

    mutating func validate() throws {
        if let rate = opsPerSecond, !(rate >= 0.5 && rate <= 10_000) {
            throw ValidationError("--ops-per-second must be from 0.5 to 10000 (got \(Format.number(rate)))")
        }
    }
}
