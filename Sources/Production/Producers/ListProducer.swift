import Producers

/// `list`: a linked list, singly or doubly linked, linear or circular,
/// with every pointer change drawn.
public enum ListProducer: Producer {
    public static let name = "list"

    public struct Options: ProducerOptions, OperationDriven, Equatable {
        /// Doubly linked: each node also points to the one before.
        public var doubly = false
        /// Circular: the last node points back to the first.
        public var circular = false
        public var operations = OperationInput<ListOperation>()
        public var fit = Fit.legible

        public init() {}

        public static var keys: [OptionKey] {
            [OptionKey("doubly", .flag), OptionKey("circular", .flag)] + OperationInput<ListOperation>.keys + [OptionKey("fit")]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try operations.check(naming: naming)
        }

        enum CodingKeys: String, CodingKey {
            case doubly, circular, fit
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            doubly = try c.decodeIfPresent(Bool.self, forKey: .doubly) ?? false
            circular = try c.decodeIfPresent(Bool.self, forKey: .circular) ?? false
            operations = try OperationInput(from: decoder)
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = LinearOptions()
        options.doubly = given.doubly
        options.circular = given.circular
        options.finalHold = given.operations.hold
        let kind = (given.circular ? "Circular " : "") + (given.doubly ? "doubly" : "singly") + " linked list"
        return try given.operations.production(in: context, fit: given.fit, title: kind.prefix(1).uppercased() + kind.dropFirst()) {
            ListAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try ListAnimation(program: program, options: options, labels: labels).script
        }
    }
}
