import Producers

/// `rb`: a red-black tree, the BST operations followed each time by
/// CLRS's fix-up, its cases named.
public enum RBProducer: Producer {
    public static let name = "rb"

    /// The search tree's options, and whether to draw the nil leaves.
    public struct Options: ProducerOptions, CodeShowing, OperationDriven, Equatable {
        public var tree = SearchTreeOptions()
        /// Draw every empty place (nil leaf) as a small black square.
        public var showNil = false

        public init() {}

        public var operations: OperationInput<BSTOperation> {
            get { tree.operations }
            set { tree.operations = newValue }
        }

        public var code: Bool {
            get { tree.code }
            set { tree.code = newValue }
        }

        public static var keys: [OptionKey] { SearchTreeOptions.keys + [OptionKey("show-nil", .flag)] }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try tree.check(naming: naming)
        }

        enum CodingKeys: String, CodingKey {
            case showNil = "show-nil"
        }

        public init(from decoder: any Decoder) throws {
            tree = try SearchTreeOptions(from: decoder)
            showNil = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .showNil) ?? false
        }
    }

    public static func make(_ options: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var tree = options.tree
        let given = tree.operations
        if given.inserts == nil, given.values == nil, given.ops == nil, given.opsFile == nil {
            tree.operations.inserts = defaultInserts
        }
        return try tree.production(balancing: .redBlack, showNil: options.showNil, title: "Red-black tree", in: context)
    }

    /// Random keys inserted when no operations are given: each insert's
    /// fix-up cases are named and read, and ten keys took up to 190 s, past
    /// the 3 minutes a default may last; eight take at most about 150 s.
    public static let defaultInserts = 8
}
