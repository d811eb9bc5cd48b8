import ArgumentParser
import TreeAnimKit

/// `treeanim heap`: a binary heap, drawn as a tree and as the array under
/// it, put through inserts, extracts, heapify and heapsort.
struct HeapCommand: ProducerCommand {
    typealias Made = HeapProducer

    static let configuration = CommandConfiguration(
        commandName: HeapProducer.name,
        abstract: "A binary heap, as a tree and as its array: insert, extract, heapify and heapsort.",
        discussion: """
            Operations come from --ops, --ops-file, or as inserts from --inserts or --values. \
            Every item is a node of the tree and a box of the row under it, placed by its index; \
            each comparison marks the pair in both and names its outcome in the caption, and \
            each swap moves both views at once.

            Operations: insert K… (append, sift up), extract (the root out, the last item to \
            the root, sift down; on an empty heap the step says so), heapify K… (the keys \
            appended as given, then every parent sifted down from the last), heapsort (the \
            root swapped with the last item round after round, the sorted items kept in the row); \
            separated by ';' or new lines; in --ops-file, '#' starts a comment. Keys may repeat.

            Example:
              treeanim heap --ops "heapify 9 4 7 1 8; extract; heapsort" -o heap.gif
            """)

    @Flag(help: "Smallest key on top (--min, the default) or largest (--max).")
    var order: Order = .min

    /// `--min` or `--max`.
    enum Order: String, EnumerableFlag {
        case min, max

        var heapOrder: HeapOrder { self == .min ? .min : .max }
    }

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<HeapOperation>

    @OptionGroup var fastPlay: FastPlayOption

    @Flag(help: "Show each operation's pseudocode (CLRS) beside the heap, the line running highlighted.")
    var code = false

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's heap takes them.
    var options: HeapProducer.Options {
        var options = HeapProducer.Options()
        options.order = order.heapOrder
        options.operations = operations.input(keys)
        options.opsPerSecond = fastPlay.opsPerSecond
        options.code = code
        return options
    }
}
