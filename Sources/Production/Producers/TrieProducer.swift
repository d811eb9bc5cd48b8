import Producers

/// `trie`: a trie or radix tree of words.
public enum TrieProducer: Producer {
    public static let name = "trie"

    public struct Options: ProducerOptions, OperationDriven, Equatable {
        /// A radix tree: edges carry the letters their words share.
        public var compressed = false
        public var operations = OperationInput<TrieOperation>()
        public var fit = Fit.legible

        public init() {}

        public static var keys: [OptionKey] {
            [OptionKey("compressed", .flag)] + OperationInput<TrieOperation>.keys + [OptionKey("fit")]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try operations.check(naming: naming)
        }

        enum CodingKeys: String, CodingKey {
            case compressed, fit
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            compressed = try c.decodeIfPresent(Bool.self, forKey: .compressed) ?? false
            operations = try OperationInput(from: decoder)
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = TrieOptions()
        options.compressed = given.compressed
        options.finalHold = given.operations.hold
        return try given.operations.production(in: context, fit: given.fit, title: given.compressed ? "Radix tree" : "Trie") {
            TrieAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try TrieAnimation(program: program, options: options, labels: labels).script
        }
    }
}
