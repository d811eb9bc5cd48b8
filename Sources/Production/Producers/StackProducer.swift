import Producers

/// `stack`: push, pop and peek, and a stack's classic uses.
public enum StackProducer: Producer {
    public static let name = "stack"

    public struct Options: ProducerOptions, OperationDriven, Equatable {
        public var array = ArrayStorage()
        public var operations = OperationInput<StackOperation>()
        public var fit = Fit.legible

        public init() {}

        public static var keys: [OptionKey] {
            ArrayStorage.keys + OperationInput<StackOperation>.keys + [OptionKey("fit")]
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
        return try given.operations.production(in: context, fit: given.fit, title: given.array.linked ? "Linked stack" : "Stack") {
            StackAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try StackAnimation(program: program, options: options, labels: labels).script
        }
    }
}
