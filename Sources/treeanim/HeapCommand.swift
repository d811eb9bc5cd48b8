import ArgumentParser
import Diagram
import Producers
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

    @OptionGroup(title: "Keys") var keys: KeyOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Operations to play, e.g. \"heapify 9 4 7 1 8; insert 3; extract; heapsort\".", valueName: "ops"))
    var ops: String?

    @Option(help: ArgumentHelp("A file of operations, one per line ('#' comments).", valueName: "file"))
    var opsFile: String?

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        try OpsFile.checkSources(ops: ops, opsFile: opsFile, keys: keys, hold: hold)
        if let ops {
            do throws(HeapOperationError) { _ = try HeapOperation.parse(ops) } catch {
                throw ValidationError("--ops: \(error)")
            }
        }
    }

    /// The operations to play, the flag they came from, and the seed of
    /// random keys drawn here.
    func program() throws -> (program: [(HeapOperation, BSTSource)], flag: String, randomSeed: UInt64?) {
        if let ops {
            do throws(HeapOperationError) { return (try HeapOperation.parse(ops), "--ops", nil) } catch {
                throw CommandFailure("--ops: \(error)", status: 64)
            }
        }
        if let path = opsFile {
            let text = try OpsFile.read(path)
            do throws(HeapOperationError) { return (try HeapOperation.parse(text, lines: true), "--ops-file \(path)", nil) } catch {
                throw CommandFailure("--ops-file \(path): \(error)", status: 64)
            }
        }
        let (keyList, seed) = keys.chooseKeys()
        let program = keyList.enumerated().map { i, k in
            (HeapOperation.insert(k), BSTSource(index: i + 1, text: "insert \(BSTLabel.text(k))"))
        }
        return (program, keys.values != nil ? "--values" : "--inserts", seed)
    }

    func run() throws {
        let font = try Render.font(animation.font)
        let (program, flag, randomSeed) = try program()
        var options = HeapOptions()
        options.order = order.heapOrder
        options.easing = animation.easing
        options.finalHold = hold
        options.frameWidth = animation.size.width
        options.frameHeight = animation.size.height
        try Render.check(
            HeapAnimation.estimate(program: program, finalHold: hold), options: animation, fewer: "use fewer operations", status: 64)
        let script: Script
        do throws(HeapOperationError) {
            script = try HeapAnimation(program: program, options: options, labels: LabelFit(font: font)).script
        } catch {
            throw CommandFailure("\(flag): \(error)", status: 64)
        }
        try Render.run(
            script, font: font, options: animation, title: order == .min ? "Min-heap" : "Max-heap", fewer: "use fewer operations")
        if let seed = randomSeed {
            Messages.write("seed \(seed) (pass --seed \(seed) to get the same keys)\n")
        }
    }
}
