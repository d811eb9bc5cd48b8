extension Tree where Value == TreeItem {
    /// The tree summarised to fit a frame: a node keeps its first
    /// `maxChildren` children and the rest become one leaf, "+K more";
    /// below depth `collapseBelow` (the root is depth 0) nothing is drawn,
    /// and a node at that depth with children gets one leaf, "+K more"
    /// (K the nodes folded into it, all levels). Empty slots go with what
    /// they stood beside. A summary leaf's key is its parent's key after a
    /// control character no file's key holds, the same in every version.
    ///
    /// - Complexity: O(*n*).
    public func summarised(collapseBelow: Int?, maxChildren: Int?) -> Tree<TreeItem> {
        guard collapseBelow != nil || maxChildren != nil else { return self }
        return summarise(depth: 0, collapseBelow: collapseBelow ?? .max, maxChildren: maxChildren ?? .max)
    }

    /// The leaf standing for `count` nodes under `parent`.
    static func more(_ count: Int, under parent: TreeItem) -> Tree<TreeItem> {
        Tree(TreeItem(key: "\u{1}more\u{1}" + parent.key, label: "+\(count) more"))
    }

    private func summarise(depth: Int, collapseBelow: Int, maxChildren: Int) -> Tree<TreeItem> {
        let present = children.compactMap { $0 }
        if present.isEmpty { return Tree(value, children: children) }
        if depth >= collapseBelow { return Tree(value, children: [Self.more(count - 1, under: value)]) }
        // Recursion as deep as the tree: the readers refuse trees deeper
        // than a stack holds (TreeFile's depth limit).
        var kept: [Tree<TreeItem>?] = []
        var shown = 0
        for child in children {
            guard let child else {
                if shown < maxChildren { kept.append(nil) }
                continue
            }
            guard shown < maxChildren else { break }
            kept.append(child.summarise(depth: depth + 1, collapseBelow: collapseBelow, maxChildren: maxChildren))
            shown += 1
        }
        if present.count > maxChildren { kept.append(Self.more(present.count - maxChildren, under: value)) }
        return Tree(value, children: kept)
    }
}
