/// `bst`: a binary search tree, built by inserts or put through any list
/// of operations.
public enum BSTProducer: Producer {
    public static let name = "bst"

    public typealias Options = SearchTreeOptions

    public static func make(_ options: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        try options.production(balancing: .none, title: "Binary search tree", in: context)
    }
}
