/// One node of a tree a user drew: the key that names it across versions
/// of the tree (its explicit id, or its path of labels from the root) and
/// the label shown.
public struct TreeItem: Sendable, Hashable {
    public var key: String
    public var label: String
    /// Text under a roof: a triangle from the parent instead of a line (a
    /// syntax tree's phrase left unanalysed).
    public var roof: Bool
    /// A node laid out but never drawn, nor its edges: the one that holds
    /// a forest's trees side by side.
    public var hidden: Bool

    public init(key: String, label: String, roof: Bool = false, hidden: Bool = false) {
        self.key = key
        self.label = label
        self.roof = roof
        self.hidden = hidden
    }
}
