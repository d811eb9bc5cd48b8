import ArgumentParser
import TreeAnimKit

/// Where an operation-driven animation's operations come from (`--ops`,
/// `--ops-file`, or inserts of `--inserts`/`--values`) and how long its
/// last frame holds: the same flags, checks and messages for every
/// structure that `Operation` names.
struct OperationArguments<Operation: OperationList>: ParsableArguments {
    @OptionGroup(title: "Keys") var keys: KeyOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Operations to play, e.g. \"\(Operation.example)\".", valueName: "ops"))
    var ops: String?

    @Option(help: ArgumentHelp("A file of operations, one per line ('#' comments).", valueName: "file"))
    var opsFile: String?

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    /// The operations' options as the library takes them.
    var input: OperationInput<Operation> {
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

    mutating func validate() throws {
        try validating { try input.check(naming: .flags) }
    }
}
