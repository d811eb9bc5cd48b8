import ArgumentParser
import Diagram
import Producers
import Production
import Trees

/// `treeanim sort`: a sorting algorithm played on bars.
struct SortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "A sorting algorithm on bars: every comparison, swap and write, with counters.",
        discussion: """
            The compared pair is marked; a swap is the two bars trading places along arcs; merge sort \
            writes each value back from an auxiliary row under the array; quick sort marks its pivot \
            and the part being partitioned; items in their final places turn green; a sweep marks \
            the array sorted at the end. Counters of comparisons and swaps (writes) stay on screen.

            Up to \(SortAnimation.stepByStepLimit) values play one operation at a time, each comparison \
            named in the caption; longer arrays play at --ops-per-second (\(Int(SortAnimation.defaultOpsPerSecond)) \
            by default), several operations a beat.

            Examples:
              treeanim sort --algorithm bubble --values 5,3,8,1,9,2 -o bubble.gif
              treeanim sort --algorithm quick --random 200 --seed 7 -o quick.mp4
            """)

    @Option(help: "The algorithm.")
    var algorithm: SortAlgorithm = .quick

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Sort exactly these values, in this order.", valueName: "v1,v2,..."),
        transform: KeyOptions.parseKeys)
    var values: [Int]?

    @Option(parsing: .unconditional, help: ArgumentHelp("Sort this many random values (default: 12).", valueName: "n"), transform: Numeral.whole)
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

    static let valueBound = 999_999_999

    mutating func validate() throws {
        if values != nil, random != nil { throw ValidationError("give --values or --random, not both") }
        if values != nil, seed != nil { throw ValidationError("--seed is for --random; --values are sorted as given") }
        if values != nil, order != nil { throw ValidationError("--order is for --random; --values are sorted as given") }
        let limit = SortAnimation.valueLimit
        if let values {
            guard values.count >= 2 else { throw ValidationError("--values needs at least 2 values to sort (got \(values.count))") }
            guard values.count <= limit else { throw ValidationError("--values has \(values.count) values; at most \(limit) fit across a frame") }
            if let v = values.first(where: { abs($0) > Self.valueBound }) {
                throw ValidationError("--values: \(v) is too large; values are from -\(Self.valueBound) to \(Self.valueBound)")
            }
        }
        if let random {
            guard random >= 2 else { throw ValidationError("--random must be at least 2 (got \(random))") }
            guard random <= limit else { throw ValidationError("--random \(random) is too many; at most \(limit) fit across a frame") }
        }
        if let rate = opsPerSecond, !(rate >= 0.5 && rate <= 100_000) {
            throw ValidationError("--ops-per-second must be from 0.5 to 100000 (got \(rate))")
        }
        try validating { try Numeral.checkHold(hold) }
    }

    func run() throws {
        let font = try Render.font(animation)
        var drawnSeed: UInt64?
        let input: [Int]
        if let values {
            input = values
        } else {
            let seed = self.seed ?? UInt64.random(in: 0...999_999)
            if self.seed == nil { drawnSeed = seed }
            var rng = SeededGenerator(seed: seed)
            input = (order ?? .random).values(count: random ?? 12, using: &rng)
        }
        var options = SortOptions()
        options.algorithm = algorithm
        options.easing = animation.easing
        options.opsPerSecond = opsPerSecond
        options.code = code
        options.finalHold = hold
        options.stage = Stage(animation.settings)
        let fewer = "use fewer values, a higher --ops-per-second"
        try Render.check(SortAnimation.estimate(values: input, options: options), options: animation, fewer: fewer, status: 64)
        let script = SortAnimation(values: input, options: options, labels: LabelFit(font: font)).script
        try Render.run(script, font: font, options: animation, title: algorithm.title, fewer: fewer)
        if let seed = drawnSeed {
            Messages.write("seed \(seed) (pass --seed \(seed) to get the same values)\n")
        }
    }
}

extension SortAlgorithm: ExpressibleByArgument {}
extension SortInputOrder: ExpressibleByArgument {}
