import ArgumentParser
import Producers
import Production

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

    mutating func validate() throws {
        try OpsFile.checkSources(ops: ops, opsFile: opsFile, keys: keys, hold: hold)
        if Operation.distinctKeys, let values = keys.values {
            let duplicates = BSTOperation.duplicates(in: values)
            if !duplicates.isEmpty {
                throw ValidationError("duplicate keys in --values: \(duplicates.map(String.init).joined(separator: ", ")) (each key can be inserted once)")
            }
        }
        if let ops {
            do throws(Operation.Failure) { _ = try Operation.parse(ops, lines: false) } catch {
                throw ValidationError("--ops: \(error)")
            }
        }
    }

    /// The operations to play, the flag they came from (for messages about
    /// them), and the seed of random keys drawn here.
    func program() throws -> (program: [(Operation, OperationSource)], flag: String, randomSeed: UInt64?) {
        if let ops {
            do throws(Operation.Failure) { return (try Operation.parse(ops, lines: false), "--ops", nil) } catch {
                throw CommandFailure("--ops: \(error)", status: 64)
            }
        }
        if let path = opsFile {
            let text = try OpsFile.read(path)
            do throws(Operation.Failure) { return (try Operation.parse(text, lines: true), "--ops-file \(path)", nil) } catch {
                throw CommandFailure("--ops-file \(path): \(error)", status: 64)
            }
        }
        let (keyList, seed) = keys.chooseKeys()
        return (Operation.inserts(keyList), keys.values != nil ? "--values" : "--inserts", seed)
    }
}
