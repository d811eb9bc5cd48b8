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

    /// The tree, built bottom up without recursion.
    func tree() -> Tree<TreeFileNode> {
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
        return built[0]!
    }
}

/// A label or id in double quotes for a message, at most 40 characters of it.
func quoted(_ text: String) -> String {
    let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
    return "\"" + shown + "\""
}
