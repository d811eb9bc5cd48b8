import ArgumentParser
import Diagram
import Producers
import Production
import Trees

/// `treeanim btree`: a B-tree or B+ tree, split by split.
struct BTreeCommand: ParsableCommand {
    enum Variant: String, ExpressibleByArgument, CaseIterable {
        case btree, bplus
    }

    static let configuration = CommandConfiguration(
        commandName: "btree",
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
    var variant: Variant = .btree

    @OptionGroup var operations: OperationArguments<BTreeOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        if order != nil, minDegree != nil {
            throw ValidationError("give --order or --min-degree, not both (a minimum degree t is order 2t)")
        }
        if let order, !(3...12).contains(order) { throw ValidationError("--order must be from 3 to 12 (got \(order))") }
        if let minDegree, !(2...6).contains(minDegree) { throw ValidationError("--min-degree must be from 2 to 6 (got \(minDegree))") }
        if variant == .bplus, minDegree != nil {
            throw ValidationError("--variant bplus grows bottom-up, by --order; --min-degree is CLRS's one-pass B-tree")
        }
    }

    func run() throws {
        var options = BTreeOptions()
        options.rule = minDegree.map { .minimumDegree($0) } ?? .order(order ?? 3)
        options.plus = variant == .bplus
        options.finalHold = operations.hold
        let title = (variant == .bplus ? "B+ tree, " : "B-tree, ") + (minDegree.map { "minimum degree \($0)" } ?? "order \(order ?? 3)")
        try operations.render(animation, fit: fit, title: title) { BTreeAnimation.estimate(program: $0, finalHold: options.finalHold) } build: {
            program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try BTreeAnimation(program: program, options: options, labels: labels).script
        }
    }
}
