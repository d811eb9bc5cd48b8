import Trees

/// One tree as it is read: its nodes in an order where every child comes
/// after its parent (preorder, or level order), each with its child slots.
/// Trees are built from it only once the whole file is read.
struct Version {
    var nodes: [TreeFileNode] = []
    /// Per node, the index of the child in each slot, `nil` for an empty one.
    var slots: [[Int?]] = []
    /// Each explicit id and the node that has it.
    var ids: [String: Int] = [:]
    /// Why this tree, one of a document's separate trees, could not be
    /// read; `nil` for a tree read. A failed tree keeps its place, so the
    /// trees after it are numbered as they stand.
    var failure: TreeFileError?

    init() {}

    init(failure: TreeFileError) {
        self.failure = failure
    }

    var isEmpty: Bool { nodes.isEmpty }

    /// Adds a node, as the next child of `parent` if any, and returns its index.
    @discardableResult
    mutating func add(_ node: TreeFileNode, parent: Int?) -> Int {
        let index = nodes.count
        nodes.append(node)
        slots.append([])
        if let parent { slots[parent].append(index) }
        return index
    }

    /// Records the explicit id of a node, refusing an id used before in
    /// this version.
    mutating func assign(id: String, to index: Int, source: Source, at offset: Int) throws(TreeFileError) {
        if let first = ids[id] {
            let node = nodes[first]
            throw source.error("duplicate id \(quoted(id)): the node at \(node.line):\(node.column) has it", at: offset)
        }
        ids[id] = index
        nodes[index].id = id
    }

    /// The nodes without a parent: one, or a forest's roots.
    var roots: [Int] {
        var hasParent = [Bool](repeating: false, count: nodes.count)
        for slots in slots { for case let child? in slots { hasParent[child] = true } }
        return nodes.indices.filter { !hasParent[$0] }
    }

    /// The tree, built bottom up without recursion. Several roots (a
    /// forest) are joined under a node labelled `rootLabel`, or under a
    /// hidden node without one (``TreeFileNode/hidden``).
    func tree(rootLabel: String? = nil) -> Tree<TreeFileNode> {
        var built: [Tree<TreeFileNode>?] = Array(repeating: nil, count: nodes.count)
        for index in nodes.indices.reversed() {
            var children: [Tree<TreeFileNode>?] = []
            children.reserveCapacity(slots[index].count)
            for slot in slots[index] {
                if let child = slot {
                    children.append(built[child])
                    // Each subtree has one parent: taking it out keeps the
                    // move from copying.
                    built[child] = nil
                } else {
                    children.append(nil)
                }
            }
            built[index] = Tree(nodes[index], children: children)
        }
        let roots = built.compactMap { $0 }
        guard roots.count > 1 else { return roots[0] }
        let first = nodes[0]
        let join = TreeFileNode(label: rootLabel ?? "", line: first.line, column: first.column, hidden: rootLabel == nil)
        return Tree(join, children: roots)
    }
}

/// A label or id in double quotes for a message, at most 40 characters of it.
func quoted(_ text: String) -> String {
    let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
    return "\"" + shown + "\""
}
