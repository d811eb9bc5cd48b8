/// One node of a tree a user drew: the key that names it across versions
/// of the tree (its explicit id, or its path of labels from the root) and
/// the label shown.
public struct TreeItem: Sendable, Hashable {
    public var key: String
    public var label: String

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}
