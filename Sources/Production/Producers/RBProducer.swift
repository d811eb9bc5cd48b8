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
        try options.tree.production(balancing: .redBlack, showNil: options.showNil, title: "Red-black tree", in: context)
    }
}
