import ArgumentParser
import TreeAnimKit

/// Where an operation-driven animation's operations come from (`--ops`,
/// `--ops-file`, or inserts of `--inserts`/`--values`) and how long its
/// last frame holds: the same flags for every structure that `Operation`
/// names. The library checks them, with the producer's options.
///
/// A command holds its ``KeyOptions`` beside this group, not inside it: a
/// debug build of ArgumentParser checks every group inside a group once for
/// each of its checks, and again each time it builds the command's
/// arguments: with the keys inside, `heap --help` took 428 ms of CPU to
/// parse, 342 ms with them beside.
struct OperationArguments<Operation: OperationList>: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Operations to play, e.g. \"\(Operation.example)\".", valueName: "ops"))
    var ops: String?

    @Option(help: ArgumentHelp("A file of operations, one per line ('#' comments).", valueName: "file"))
    var opsFile: String?

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    /// The operations' options as the library takes them, the inserts
    /// from `keys`.
    func input(_ keys: KeyOptions) -> OperationInput<Operation> {
        var input = OperationInput<Operation>()
        input.inserts = keys.inserts
        input.range = keys.range
        input.seed = keys.seed
        input.values = keys.values
        input.ops = ops
        input.opsFile = opsFile
        input.hold = hold
        return input
    }
}
