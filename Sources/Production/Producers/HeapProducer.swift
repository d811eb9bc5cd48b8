import Diagram
import Producers
import Trees

/// `heap`: a binary heap, drawn as a tree and as the array under it, put
/// through inserts, extracts, heapify and heapsort.
public enum HeapProducer: Producer {
    public static let name = "heap"

    public struct Options: ProducerOptions, CodeShowing, OperationDriven, Equatable {
        /// Smallest key on top (`min`, the default) or largest.
        public var order: HeapOrder = .min
        public var operations = OperationInput<HeapOperation>()
        /// Fast play: this many operations a second.
        public var opsPerSecond: Double?
        /// Show each operation's pseudocode beside the heap.
        public var code = false

        public init() {}

        public static var keys: [OptionKey] {
            [OptionKey("min", .flag), OptionKey("max", .flag)] + OperationInput<HeapOperation>.keys
                + [OptionKey("ops-per-second"), OptionKey("code", .flag)]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try operations.check(naming: naming)
            try FastPlay.check(opsPerSecond, naming: naming)
        }

        enum CodingKeys: String, CodingKey {
            case min, max, code
            case opsPerSecond = "ops-per-second"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let min = try c.decodeIfPresent(Bool.self, forKey: .min), max = try c.decodeIfPresent(Bool.self, forKey: .max)
            if min == true, max == true {
                throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.max], debugDescription: "give min or max, not both"))
            }
            if max == true { order = .max }
            opsPerSecond = try c.decodeIfPresent(Double.self, forKey: .opsPerSecond)
            code = try c.decodeIfPresent(Bool.self, forKey: .code) ?? false
            operations = try OperationInput(from: decoder)
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let (program, source, randomSeed) = try given.operations.program(in: context)
        let hold = given.operations.hold
        var options = HeapOptions()
        options.order = given.order
        options.easing = context.options.easing
        options.finalHold = hold
        options.stage = context.stage
        options.code = given.code
        let chosen = FastPlay.chosen(given: given.opsPerSecond, options: context.options) {
            HeapAnimation.fastPlay(for: program, order: options.order, finalHold: hold, speed: $0)
        }
        options.opsPerSecond = given.opsPerSecond ?? chosen
        try context.session.check(
            HeapAnimation.estimate(program: program, finalHold: hold, opsPerSecond: options.opsPerSecond),
            fewer: "use fewer operations", status: 64)
        var script: Script
        do throws(HeapOperationError) {
            script = try HeapAnimation(program: program, options: options, labels: context.labels).script
        } catch {
            throw ProductionFailure("\(source): \(error)", status: 64)
        }
        if let chosen {
            script.notes.insert(FastPlay.note(operations: HeapAnimation.operations(program), rate: chosen, naming: context.naming), at: 0)
        }
        return Production(
            script: script, title: given.order == .min ? "Min-heap" : "Max-heap", fewer: "use fewer operations",
            afterword: OperationInput<HeapOperation>.seedLine(randomSeed, in: context))
    }
}
