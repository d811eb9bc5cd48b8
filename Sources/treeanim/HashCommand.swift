import ArgumentParser
import TreeAnimKit

extension Probing: ExpressibleByArgument {}
extension StringHash: ExpressibleByArgument {}

/// `treeanim hash`: a hash table with separate chaining or open
/// addressing, every hash and probe captioned.
struct HashCommand: ProducerCommand {
    typealias Made = HashProducer

    static let configuration = CommandConfiguration(
        commandName: HashProducer.name,
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

    @Flag(help: "Never rehash.")
    var noRehash = false

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<HashOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's hash table takes them.
    var options: HashProducer.Options {
        var options = HashProducer.Options()
        options.tableSize = tableSize
        options.chaining = chaining
        options.probing = probing
        options.hash = hash
        options.hash2 = hash2
        options.stringHash = stringHash
        options.maxLoad = maxLoad
        options.noRehash = noRehash
        options.operations = operations.input(keys)
        options.fit = fit.fit
        return options
    }
}
