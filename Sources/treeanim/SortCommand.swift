import ArgumentParser
import TreeAnimKit

/// `treeanim sort`: a sorting algorithm played on bars.
struct SortCommand: ProducerCommand {
    typealias Made = SortProducer

    static let configuration = CommandConfiguration(
        commandName: SortProducer.name,
        abstract: "A sorting algorithm on bars: every comparison, swap and write, with counters.",
        discussion: """
            The compared pair is marked; a swap is the two bars trading places along arcs; merge sort \
            writes each value back from an auxiliary row under the array; quick sort marks its pivot \
            and the part being partitioned; items in their final places turn green; a sweep marks \
            the array sorted at the end. Counters of comparisons and swaps (writes) stay on screen.

            Quick sort follows CLRS: PARTITION (Lomuto's, the last item the pivot) by default, \
            HOARE-PARTITION with --partition hoare. Played one operation at a time it shows its \
            working: indices under the bars, the partition's i and j gliding under them, and its \
            regions (≤ pivot, > pivot, unseen) named in a legend.

            Up to \(SortAnimation.stepByStepLimit) values play one operation at a time, each comparison \
            named in the caption; longer arrays play at --ops-per-second (\(Int(SortAnimation.defaultOpsPerSecond)) \
            by default), several operations a beat.

            Examples:
              treeanim sort --algorithm bubble --values 5,3,8,1,9,2 -o bubble.gif
              treeanim sort --algorithm quick --random 200 --seed 7 -o quick.mp4
              treeanim sort --partition hoare --values 5,3,8,1,9,2,7,4 --code -o hoare.mp4
            """)

    @Option(help: "The algorithm.")
    var algorithm: SortAlgorithm = .quick

    @Option(help: "Quick sort's partition: lomuto, CLRS's PARTITION (the default), or hoare, its HOARE-PARTITION (problem 7-1).")
    var partition: QuickPartition?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Sort exactly these values, in this order.", valueName: "v1,v2,..."),
        transform: KeyOptions.parseKeys)
    var values: [Int]?

    @Option(parsing: .unconditional, help: ArgumentHelp("Sort this many random values (default: 8).", valueName: "n"), transform: Numeral.whole)
    var random: Int?

    @Option(
        parsing: .unconditional, help: "Seed for --random (default: a random seed, printed so you can reproduce the run).",
        transform: Numeral.seed)
    var seed: UInt64?

    @Option(help: "The order of the --random values (default: random).")
    var order: SortInputOrder?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Comparisons plus swaps a second, several to a beat (default: one at a time up to \(SortAnimation.stepByStepLimit) values, else \(Int(SortAnimation.defaultOpsPerSecond))).", valueName: "rate"),
        transform: Numeral.decimal)
    var opsPerSecond: Double?

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @Flag(help: "Show the algorithm's pseudocode (CLRS) beside the bars, the line running highlighted (played one operation at a time).")
    var code = false

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's sort takes them.
    var options: SortProducer.Options {
        var options = SortProducer.Options()
        options.algorithm = algorithm
        options.partition = partition
        options.values = values
        options.random = random
        options.seed = seed
        options.order = order
        options.opsPerSecond = opsPerSecond
        options.hold = hold
        options.code = code
        return options
    }
}

extension SortAlgorithm: ExpressibleByArgument {}
extension QuickPartition: ExpressibleByArgument {}
extension SortInputOrder: ExpressibleByArgument {}
