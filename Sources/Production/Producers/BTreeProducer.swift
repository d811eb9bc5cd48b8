import Producers
import Trees

/// `btree`: a B-tree or B+ tree, split by split.
public enum BTreeProducer: Producer {
    public static let name = "btree"

    /// A B-tree, or a B+ tree (every key in a leaf, the leaves linked).
    public enum Variant: String, CaseIterable, Sendable, Decodable {
        case btree, bplus
    }

    public struct Options: ProducerOptions, OperationDriven, Equatable {
        /// Knuth's order M, the most children a node has, 3 to 12 (default: 3).
        public var order: Int?
        /// CLRS's minimum degree t, 2 to 6: t − 1 to 2t − 1 keys a node.
        public var minDegree: Int?
        public var variant = Variant.btree
        public var operations = OperationInput<BTreeOperation>()
        public var fit = Fit.legible

        public init() {}

        public static var keys: [OptionKey] {
            [OptionKey("order"), OptionKey("min-degree"), OptionKey("variant")] + OperationInput<BTreeOperation>.keys + [OptionKey("fit")]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try operations.check(naming: naming)
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            if order != nil, minDegree != nil {
                throw usage("give \(name("order")) or \(name("min-degree")), not both (a minimum degree t is order 2t)")
            }
            if let order, !(3...12).contains(order) { throw usage("\(name("order")) must be from 3 to 12 (got \(order))") }
            if let minDegree, !(2...6).contains(minDegree) { throw usage("\(name("min-degree")) must be from 2 to 6 (got \(minDegree))") }
            if variant == .bplus, minDegree != nil {
                throw usage("\(name("variant")) bplus grows bottom-up, by \(name("order")); \(name("min-degree")) is CLRS's one-pass B-tree")
            }
        }

        enum CodingKeys: String, CodingKey {
            case order, variant, fit
            case minDegree = "min-degree"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            order = try c.decodeIfPresent(Int.self, forKey: .order)
            minDegree = try c.decodeIfPresent(Int.self, forKey: .minDegree)
            variant = try c.decodeIfPresent(Variant.self, forKey: .variant) ?? .btree
            operations = try OperationInput(from: decoder)
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = BTreeOptions()
        options.rule = given.minDegree.map { .minimumDegree($0) } ?? .order(given.order ?? 3)
        options.plus = given.variant == .bplus
        options.finalHold = given.operations.hold
        let title = (given.variant == .bplus ? "B+ tree, " : "B-tree, ")
            + (given.minDegree.map { "minimum degree \($0)" } ?? "order \(given.order ?? 3)")
        return try given.operations.production(in: context, fit: given.fit, title: title) {
            BTreeAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try BTreeAnimation(program: program, options: options, labels: labels).script
        }
    }
}
