import ArgumentParser
import Diagram
import InputText
import Producers
import Production

extension Probing: ExpressibleByArgument {}
extension StringHash: ExpressibleByArgument {}

/// `treeanim hash`: a hash table with separate chaining or open
/// addressing, every hash and probe captioned.
struct HashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "A hash table: separate chaining or open addressing (linear, quadratic, double), tombstones and rehashing.",
        discussion: """
            Operations come from --ops, --ops-file, or as inserts from --inserts or --values.

            Operations: insert K… (put), search K… (find), delete K… (remove); separated by ';' \
            or new lines; in --ops-file, '#' starts a comment. Keys are whole numbers or words \
            (a word hashes by --string-hash). Each hash is captioned with its arithmetic \
            (h(42) = 42 mod 11 = 9), each probe with the cell it tries and what is there; a \
            delete under open addressing leaves a tombstone. An insert that takes the load \
            factor past --max-load rehashes into a table of the next prime past twice the size.

            The hash is an expression in k (the key) and m (the table's size) with + - * mod \
            and brackets, or division (k mod m) or multiplication (Knuth's); the index is its \
            value mod m.

            Examples:
              treeanim hash --table-size 7 --ops "insert 10 22 31 4 15" -o chain.gif
              treeanim hash --probing linear --table-size 11 --ops "insert 20 42 9 31; delete 20; search 31" -o probe.gif
              treeanim hash --probing double --hash "k mod m" --hash2 "7 - (k mod 7)" --values 19,27,36,10 -o double.mp4
            """)

    // --size is the frame's size, as in every command.
    @Option(parsing: .unconditional, help: "The table's size m, 1 to 37 (default: 11).", transform: Numeral.whole)
    var tableSize: Int = 11

    @Flag(help: "Separate chaining: each cell a bucket with a chain of keys (the default).")
    var chaining = false

    @Option(help: "Open addressing, probing linear, quadratic or double.")
    var probing: Probing?

    @Option(help: ArgumentHelp("The hash: an expression in k and m (\"(3*k + 5) mod m\"), division or multiplication.", valueName: "expr"))
    var hash: String = "k mod m"

    @Option(help: ArgumentHelp("Double hashing's step (default: 1 + (k mod (m - 1))).", valueName: "expr"))
    var hash2: String?

    @Option(help: "How a word becomes a number: sum (of its character codes) or poly (Java's hashCode).")
    var stringHash: StringHash = .sum

    @Option(
        parsing: .unconditional, help: "Rehash when an insert takes keys/size past this (default: 0.75; 0.5 for quadratic probing, which past half full may find no free cell).",
        transform: Numeral.decimal)
    var maxLoad: Double?

    /// The limit: as given, else 0.5 for quadratic probing (with a prime
    /// size it reaches at least half the cells) and 0.75 otherwise.
    var loadLimit: Double { maxLoad ?? (probing == .quadratic ? 0.5 : 0.75) }

    @Flag(help: "Never rehash.")
    var noRehash = false

    @OptionGroup var operations: OperationArguments<HashOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        guard (1...HashAnimation.sizeLimit).contains(tableSize) else {
            throw ValidationError("--table-size must be from 1 to \(HashAnimation.sizeLimit) (got \(tableSize))")
        }
        if chaining, probing != nil { throw ValidationError("give --chaining or --probing, not both") }
        if let maxLoad {
            guard maxLoad > 0, maxLoad <= 10 else { throw ValidationError("--max-load must be over 0 and at most 10 (got \(Format.number(maxLoad)))") }
            if probing != nil, maxLoad > 1 {
                throw ValidationError("--max-load \(Format.number(maxLoad)): open addressing holds at most one key a cell, so at most 1")
            }
            if noRehash { throw ValidationError("--max-load sets when to rehash: it does not go with --no-rehash") }
        }
        if probing == .double, tableSize < 2 { throw ValidationError("--table-size 1: double hashing's step needs m ≥ 2") }
        do throws(HashFunctionError) { _ = try HashFunction(hash) } catch { throw ValidationError("--hash '\(TextLimits.shown(hash))': \(error)") }
        if let hash2 {
            guard probing == .double else { throw ValidationError("--hash2 is double hashing's step: it goes with --probing double") }
            do throws(HashFunctionError) { _ = try HashFunction.step(hash2) } catch { throw ValidationError("--hash2 '\(TextLimits.shown(hash2))': \(error)") }
        }
    }

    func run() throws {
        var options = HashOptions()
        options.size = tableSize
        options.probing = probing
        options.hash = try HashFunction(hash)
        if let hash2 { options.secondHash = try HashFunction.step(hash2) }
        options.stringHash = stringHash
        options.maxLoad = noRehash ? nil : loadLimit
        options.finalHold = operations.hold
        let kind = probing.map { "Hash table, \($0.rawValue) probing" } ?? "Hash table, separate chaining"
        try operations.render(animation, fit: fit, title: kind) { HashAnimation.estimate(program: $0, finalHold: options.finalHold) } build: {
            program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try HashAnimation(program: program, options: options, labels: labels).script
        }
    }
}
