import Diagram
import Producers
import Trees

/// `sort`: a sorting algorithm played on bars, every comparison, swap and
/// write, with counters.
public enum SortProducer: Producer {
    public static let name = "sort"

    /// The largest value drawn: bars of larger ones would not tell apart.
    public static let valueBound = 999_999_999

    public struct Options: ProducerOptions, CodeShowing, Equatable {
        public var algorithm: SortAlgorithm = .quick
        /// Quick sort's partition (default: lomuto, CLRS's PARTITION; hoare: HOARE-PARTITION, CLRS problem 7-1).
        public var partition: QuickPartition?
        /// Sort exactly these values, in this order.
        public var values: [Int]?
        /// Sort this many random values (default: 8, as CLRS partitions in its figure 7.1: every algorithm then plays step by step, each caption read, in under 2½ minutes, quick sort with Hoare's partition in about 3).
        public var random: Int?
        /// Seed for `random` (default: a random seed, said so the run can be repeated).
        public var seed: UInt64?
        /// The order of the random values (default: random).
        public var order: SortInputOrder?
        /// Comparisons plus swaps a second, several to a beat.
        public var opsPerSecond: Double?
        /// Seconds to hold the last frame, 0 to 60.
        public var hold: Double = 3
        /// Show the algorithm's pseudocode beside the bars.
        public var code = false

        public init() {}

        public static var keys: [OptionKey] {
            [
                OptionKey("algorithm"), OptionKey("partition"), OptionKey("values"), OptionKey("random"), OptionKey("seed"), OptionKey("order"),
                OptionKey("ops-per-second"), OptionKey("hold"), OptionKey("code", .flag),
            ]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            if partition != nil, algorithm != .quick {
                throw usage("\(name("partition")) is for quick sort (\(naming.giving("algorithm", "quick")))")
            }
            if values != nil, random != nil { throw usage("give \(name("values")) or \(name("random")), not both") }
            if values != nil, seed != nil { throw usage("\(name("seed")) is for \(name("random")); \(name("values")) are sorted as given") }
            if values != nil, order != nil { throw usage("\(name("order")) is for \(name("random")); \(name("values")) are sorted as given") }
            let limit = SortAnimation.valueLimit
            if let values {
                guard values.count >= 2 else { throw usage("\(name("values")) needs at least 2 values to sort (got \(values.count))") }
                guard values.count <= limit else { throw usage("\(name("values")) has \(values.count) values; at most \(limit) fit across a frame") }
                if let v = values.first(where: { $0 < -valueBound || $0 > valueBound }) {
                    throw usage("\(name("values")): \(v) is too large; values are from -\(valueBound) to \(valueBound)")
                }
            }
            if let random {
                guard random >= 2 else { throw usage("\(name("random")) must be at least 2 (got \(random))") }
                guard random <= limit else { throw usage("\(name("random")) \(random) is too many; at most \(limit) fit across a frame") }
            }
            // Sorts count comparisons and swaps, far more than a tree's
            // operations: their rate goes ten times higher than FastPlay's.
            if let rate = opsPerSecond, !(rate >= 0.5 && rate <= 100_000) {
                throw usage("\(name("ops-per-second")) must be from 0.5 to 100000 (got \(rate))")
            }
            try Numeral.checkHold(hold, naming: naming)
        }

        enum CodingKeys: String, CodingKey {
            case algorithm, partition, values, random, seed, order, hold, code
            case opsPerSecond = "ops-per-second"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            algorithm = try c.decodeIfPresent(SortAlgorithm.self, forKey: .algorithm) ?? .quick
            partition = try c.decodeIfPresent(QuickPartition.self, forKey: .partition)
            values = try c.decodeIfPresent(KeyList.self, forKey: .values)?.keys
            random = try c.decodeIfPresent(Int.self, forKey: .random)
            seed = try c.decodeIfPresent(UInt64.self, forKey: .seed)
            order = try c.decodeIfPresent(SortInputOrder.self, forKey: .order)
            opsPerSecond = try c.decodeIfPresent(Double.self, forKey: .opsPerSecond)
            hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
            code = try c.decodeIfPresent(Bool.self, forKey: .code) ?? false
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var drawnSeed: UInt64?
        let input: [Int]
        if let values = given.values {
            input = values
        } else {
            let seed = given.seed ?? UInt64.random(in: 0...999_999)
            if given.seed == nil { drawnSeed = seed }
            var rng = SeededGenerator(seed: seed)
            input = (given.order ?? .random).values(count: given.random ?? 8, using: &rng)
        }
        var options = SortOptions()
        options.algorithm = given.algorithm
        options.partition = given.partition ?? .lomuto
        options.easing = context.options.easing
        options.opsPerSecond = given.opsPerSecond
        options.code = given.code
        options.finalHold = given.hold
        options.stage = context.stage
        let fewer = "use fewer values, a higher \(context.name("ops-per-second"))"
        try context.session.check(SortAnimation.estimate(values: input, options: options), fewer: fewer, status: 64)
        let script = SortAnimation(values: input, options: options, labels: context.labels).script
        return Production(
            script: script, title: given.algorithm.title, fewer: fewer,
            afterword: drawnSeed.map { ["seed \($0) (\(context.naming.giving("seed", "\($0)")) to get the same values)"] } ?? [])
    }
}

extension SortAlgorithm: Decodable {}
extension QuickPartition: Decodable {}
extension SortInputOrder: Decodable {}
