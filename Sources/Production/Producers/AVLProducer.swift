/// `avl`: an AVL tree, the BST operations followed each time by the walk
/// back up that rotates it into balance.
public enum AVLProducer: Producer {
    public static let name = "avl"

    public typealias Options = SearchTreeOptions

    public static func make(_ options: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        try options.production(balancing: .avl, title: "AVL tree", in: context)
    }
}
