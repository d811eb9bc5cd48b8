import Trees

/// Which layout places a binary tree's nodes.
public enum TreeLayoutKind: String, Sendable, CaseIterable {
    /// Reingold–Tilford tidy drawing: compact and symmetric.
    case tidy
    /// x is the key's rank: the sorted order reads left to right.
    case inorder

    /// The layout with the gaps of `world`.
    func layout(levelGap: Double, siblingGap: Double) -> any TreeLayout {
        switch self {
        case .tidy: TidyLayout(levelGap: levelGap, siblingGap: siblingGap)
        case .inorder: InorderLayout(levelGap: levelGap, siblingGap: siblingGap)
        }
    }
}
