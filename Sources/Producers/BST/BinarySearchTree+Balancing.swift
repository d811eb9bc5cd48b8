import Trees

extension BinarySearchTree<Int> {
    /// Inserts `key` and keeps the tree balanced as `balancing` says, all
    /// at once (the fix-ups the animation walks through step by step).
    @discardableResult
    mutating func insert(_ key: Int, balancing: Balancing, colors: inout RedBlackColors) -> InsertResult<Int> {
        let added = insert(key)
        switch balancing {
        case .avl:
            _ = rebalanceAVL(from: parent(of: added.id))
        case .redBlack:
            colors.set(added.id, .red)
            _ = fixInsert(from: added.id, colors: &colors)
        case .none:
            break
        }
        return added
    }

    /// Removes `key`, if there, and keeps the tree balanced as `balancing`
    /// says, all at once.
    @discardableResult
    mutating func remove(_ key: Int, balancing: Balancing, colors: inout RedBlackColors) -> RemoveResult<Int>? {
        guard let removed = remove(key) else { return nil }
        switch balancing {
        case .avl:
            _ = rebalanceAVL(from: removed.lowestChanged)
        case .redBlack:
            if let extra = colors.account(for: removed) {
                _ = fixRemoval(at: extra.node, under: extra.parent, colors: &colors)
            }
        case .none:
            break
        }
        return removed
    }
}
