import Producers

/// `queue`: enqueue, dequeue and peek on a circular buffer or linked nodes.
public enum QueueProducer: Producer {
    public static let name = "queue"

    public struct Options: ProducerOptions, OperationDriven, Equatable {
        public var array = ArrayStorage()
        public var operations = OperationInput<QueueOperation>()
        public var fit = Fit.legible

        public init() {}

        public static var keys: [OptionKey] {
            ArrayStorage.keys + OperationInput<QueueOperation>.keys + [OptionKey("fit")]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try array.check(naming: naming)
            try operations.check(naming: naming)
        }

        enum CodingKeys: String, CodingKey {
            case fit
        }

        public init(from decoder: any Decoder) throws {
            array = try ArrayStorage(from: decoder)
            operations = try OperationInput(from: decoder)
            fit = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = LinearOptions()
        given.array.apply(to: &options)
        options.finalHold = given.operations.hold
        return try given.operations.production(in: context, fit: given.fit, title: given.array.linked ? "Linked queue" : "Queue") {
            QueueAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try QueueAnimation(program: program, options: options, labels: labels).script
        }
    }
}
