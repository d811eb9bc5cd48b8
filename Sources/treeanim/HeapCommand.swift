import ArgumentParser
import Diagram
import Producers
import Production
import Trees

/// `treeanim heap`: a binary heap, drawn as a tree and as the array under
/// it, put through inserts, extracts, heapify and heapsort.
struct HeapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heap",
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

    @OptionGroup var operations: OperationArguments<HeapOperation>

    @OptionGroup var fastPlay: FastPlayOption

    @Flag(help: "Show each operation's pseudocode (CLRS) beside the heap, the line running highlighted.")
    var code = false

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    func run() throws {
        let font = try Render.font(animation)
        let (program, flag, randomSeed) = try operations.program()
        let hold = operations.hold
        var options = HeapOptions()
        options.order = order.heapOrder
        options.easing = animation.easing
        options.finalHold = hold
        options.stage = Stage(animation.settings)
        options.code = code
        // At the speed asked for, if faster than 1 (with --duration, the
        // fastest it may be): a slowed animation is not made fast.
        let pace = animation.duration == nil ? max(animation.speed, 1) : 10
        let chosen = fastPlay.opsPerSecond == nil
            ? HeapAnimation.fastPlay(for: program, order: options.order, finalHold: hold, speed: pace) : nil
        options.opsPerSecond = fastPlay.opsPerSecond ?? chosen
        try Render.check(
            HeapAnimation.estimate(program: program, finalHold: hold, opsPerSecond: options.opsPerSecond), options: animation,
            fewer: "use fewer operations", status: 64)
        var script: Script
        do throws(HeapOperationError) {
            script = try HeapAnimation(program: program, options: options, labels: LabelFit(font: font)).script
        } catch {
            throw CommandFailure("\(flag): \(error)", status: 64)
        }
        if let chosen {
            script.notes.insert(
                "\(HeapAnimation.operations(program)) operations one at a time would last over 3 minutes: they play fast, \(Format.number(chosen)) a second, "
                    + "each shown where it lands (--ops-per-second sets the pace)", at: 0)
        }
        try Render.run(
            script, font: font, options: animation, title: order == .min ? "Min-heap" : "Max-heap", fewer: "use fewer operations")
        if let seed = randomSeed {
            Messages.write("seed \(seed) (pass --seed \(seed) to get the same keys)\n")
        }
    }
}
