import Trees

/// What matches a node of one version to a node of the next: the same key
/// means the same node, which the animation moves, relabels or keeps; a key
/// only in one version enters or leaves.
public enum TreeFileKey: Hashable, Sendable, CustomStringConvertible {
    /// The node's explicit id.
    case id(String)
    /// The labels from the root to the node, each with `\`, `/` and `#`
    /// escaped by a backslash, joined by `/`; a label that a sibling before
    /// it also has is followed by `#` and its occurrence among those siblings
    /// (`a/b`, `a/b#2`, `a/b#3`; the first is plain). `a\/b` is one label
    /// `a/b`, `a/b` two.
    case path(String)

    public var description: String {
        switch self {
        case .id(let id): "id " + id
        case .path(let path): path
        }
    }
}

extension TreeFile {
    /// The key of every node of `version`, in a tree of the same shape: its
    /// explicit id if it has one, else its path of labels from the root
    /// (see ``TreeFileKey/path(_:)``). Paths go through every ancestor's
    /// label, whether or not the ancestor has an id. No two nodes of a
    /// version have the same key, since ids are unique in a version and
    /// paths tell same-label siblings apart.
    /// - Complexity: O(*n*) plus the length of the paths.
    public static func matchKeys(_ version: Tree<TreeFileNode>) -> Tree<TreeFileKey> {
        let paths = labelPaths(version)
        var next = 0
        return version.map { node in
            defer { next += 1 }
            return node.id.map(TreeFileKey.id) ?? .path(paths[next])
        }
    }

    /// Every node's path of labels (``TreeFileKey/path(_:)``), in preorder,
    /// whether or not the node has an id.
    static func labelPaths(_ version: Tree<TreeFileNode>) -> [String] {
        var paths: [String] = []
        var stack: [(tree: Tree<TreeFileNode>, path: String)] = [(version, escaped(version.value.label))]
        while let (tree, path) = stack.popLast() {
            paths.append(path)
            var seen: [String: Int] = [:]
            var children: [(Tree<TreeFileNode>, String)] = []
            for case let child? in tree.children {
                let label = child.value.label
                let occurrence = (seen[label] ?? 0) + 1
                seen[label] = occurrence
                children.append((child, path + "/" + escaped(label) + (occurrence > 1 ? "#\(occurrence)" : "")))
            }
            stack.append(contentsOf: children.reversed())
        }
        return paths
    }

    /// `label` with `\`, `/` and `#` escaped by a backslash.
    static func escaped(_ label: String) -> String {
        guard label.contains(where: { $0 == "\\" || $0 == "/" || $0 == "#" }) else { return label }
        var result = ""
        for character in label {
            if character == "\\" || character == "/" || character == "#" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

extension TreeFile {
    /// `version` with each node's key (``matchKeys(_:)``, as a string: an
    /// explicit id as `id:…`, a path as `path:…`, so the two never meet)
    /// and label: what an animation matches and draws.
    public static func items(_ version: Tree<TreeFileNode>) -> Tree<TreeItem> {
        var keys = [String]()
        // `map` visits in preorder, the same order for both trees.
        _ = matchKeys(version).map { key in
            switch key {
            case .id(let id): keys.append("id:" + id)
            case .path(let path): keys.append("path:" + path)
            }
        }
        var next = 0
        return version.map { node in
            defer { next += 1 }
            return TreeItem(key: keys[next], label: node.label, roof: node.roof, hidden: node.hidden)
        }
    }
}
