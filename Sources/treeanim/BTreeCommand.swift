import ArgumentParser
import TreeAnimKit

/// `treeanim btree`: a B-tree or B+ tree, split by split.
struct BTreeCommand: ProducerCommand {
    typealias Made = BTreeProducer

    static let configuration = CommandConfiguration(
        commandName: BTreeProducer.name,
        abstract: "A B-tree or B+ tree: splits that push the median up, borrows and merges, searches.",
        discussion: """
            Operations come from --ops, --ops-file, or as inserts from --inserts or --values.

            Operations: insert K… (add), search K… (find), delete K… (remove), keys whole \
            numbers; separated by ';' or new lines; in --ops-file, '#' starts a comment.

            --order M (Knuth's order, the default 3): a node holds at most M − 1 keys and, but \
            the root, at least ⌈M/2⌉ − 1. Inserts go into a leaf and split a node that \
            overflows, its median rising; deletes take a key out of its leaf (an internal key is \
            replaced by its predecessor) and a node left short borrows from a sibling or merges \
            with one.

            --min-degree T (CLRS's convention): t − 1 to 2t − 1 keys. Inserts split each full \
            node on the way down; deletes make each node they go into hold t keys first, and the \
            captions name CLRS's cases 1, 2a, 2b, 2c, 3a and 3b.

            --variant bplus: a B+ tree (with --order): every key in a leaf, the leaves linked \
            left to right, separators copied up when a leaf splits.

            Examples:
              treeanim btree --order 3 --ops "insert 10 20 30 40 50 60 70" -o split.gif
              treeanim btree --min-degree 2 --ops "insert 1 2 3 4 5 6 7 8 9 10; delete 6 4 2" -o clrs.gif
              treeanim btree --variant bplus --order 4 --inserts 12 -o bplus.mp4
            """)

    @Option(parsing: .unconditional, help: "Knuth's order M, the most children a node has, 3 to 12 (default: 3).", transform: Numeral.whole)
    var order: Int?

    @Option(parsing: .unconditional, help: "CLRS's minimum degree t, 2 to 6: t − 1 to 2t − 1 keys a node.", transform: Numeral.whole)
    var minDegree: Int?

    @Option(help: "btree (the default) or bplus.")
    var variant: BTreeProducer.Variant = .btree

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<BTreeOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's B-tree takes them.
    var options: BTreeProducer.Options {
        var options = BTreeProducer.Options()
        options.order = order
        options.minDegree = minDegree
        options.variant = variant
        options.operations = operations.input(keys)
        options.fit = fit.fit
        return options
    }
}

extension BTreeProducer.Variant: ExpressibleByArgument {}
