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
        var operations = given.operations
        options.finalHold = operations.hold
        // A seed or a range asks for random keys: those are still drawn.
        if operations.inserts == nil, operations.values == nil, operations.ops == nil, operations.opsFile == nil,
            operations.seed == nil, operations.range == nil
        {
            operations.ops = defaultOperations
        }
        return try operations.production(in: context, fit: given.fit, title: given.compressed ? "Radix tree" : "Trie") {
            TrieAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try TrieAnimation(program: program, options: options, labels: labels).script
        }
    }

    /// What a trie plays when given no operations (and no seed or range
    /// for random keys): words, as a trie holds,
    /// not random numbers. The eight words of the classic picture of a trie
    /// (shared prefixes t–te–tea/ted/ten and i–in–inn, a one-letter word
    /// and a word that is a prefix of another), then a search, a prefix
    /// search and a delete that prunes.
    public static let defaultOperations = "insert to tea ted ten a i in inn; search ten; prefix te; delete ted"
}
