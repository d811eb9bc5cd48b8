extension BTree {
    /// Searches for `k`, recording the walk and whether it was found.
    public mutating func search(_ k: Int) {
        guard let (id, i, found) = descend(to: k) else {
            record(.missing(nil, key: k))
            return
        }
        record(found ? .found(id, index: i, key: k) : .missing(id, key: k))
    }

    /// Inserts `k`: a key the tree holds is found and left as it is.
    public mutating func insert(_ k: Int) {
        guard let r = root else {
            let id = make(Node(keys: [k], children: []))
            setRoot(id)
            record(.placed(id, index: 0, key: k))
            return
        }
        if contains(k) {
            let (id, i, _) = descend(to: k)!
            record(.duplicate(id, index: i, key: k))
            return
        }
        if case .minimumDegree = rule {
            insertTopDown(k, root: r)
            return
        }
        let (leaf, i, _) = descend(to: k)!
        update(leaf) { $0.keys.insert(k, at: i) }
        record(.placed(leaf, index: i, key: k))
        var id = leaf
        while self[id].keys.count > maxKeys {
            split(id)
            // The split's parent may overflow in turn.
            id = parent(of: id)!.node
        }
    }

    /// CLRS's B-TREE-INSERT: a full root splits first; then every full
    /// child splits before the walk goes into it, so the leaf has room.
    private mutating func insertTopDown(_ k: Int, root r: NodeID) {
        if self[r].keys.count == maxKeys { split(r) }
        var id = root!
        while true {
            var n = self[id]
            var i = place(of: k, in: n)
            if n.isLeaf {
                record(.visit(id, key: k, child: nil))
                update(id) { $0.keys.insert(k, at: i) }
                record(.placed(id, index: i, key: k))
                return
            }
            record(.visit(id, key: k, child: i))
            if self[n.children[i]].keys.count == maxKeys {
                split(n.children[i])
                n = self[id]
                if k > n.keys[i] { i += 1 }
            }
            id = n.children[i]
        }
    }

    /// Deletes `k`; a key the tree does not hold is searched for in vain
    /// (CLRS's one pass down still makes every node it goes into hold t
    /// keys, as B-TREE-DELETE does).
    public mutating func delete(_ k: Int) {
        guard root != nil else {
            search(k)
            return
        }
        if case .minimumDegree = rule {
            deleteTopDown(k)
        } else if !contains(k) {
            search(k)
            return
        } else {
            deleteBottomUp(k)
        }
        shrinkRoot()
    }

    // MARK: Bottom-up (Knuth's order, and B+ trees)

    private mutating func deleteBottomUp(_ k: Int) {
        let (id, i, _) = descend(to: k)!
        var leaf = id
        if self[id].isLeaf {
            update(id) { $0.keys.remove(at: i) }
            record(.removed(id, key: k, why: .leaf))
        } else {
            // Its predecessor, the largest key left of it, is in a leaf.
            var p = self[id].children[i]
            while !self[p].isLeaf {
                record(.visit(p, key: k, child: self[p].children.count - 1))
                p = self[p].children.last!
            }
            record(.visit(p, key: k, child: nil))
            let pred = self[p].keys.last!
            update(p) { $0.keys.removeLast() }
            update(id) { $0.keys[i] = pred }
            record(.replaced(id, index: i, old: k, new: pred, from: p, why: .internalKey))
            leaf = p
        }
        var node = leaf
        while node != root, self[node].keys.count < fewest(self[node]) {
            let (p, i) = parent(of: node)!
            let siblings = self[p].children
            if i > 0, self[siblings[i - 1]].keys.count > fewest(self[siblings[i - 1]]) {
                borrow(p, child: i, fromLeft: true, why: .underflowBorrow)
                return
            }
            if i + 1 < siblings.count, self[siblings[i + 1]].keys.count > fewest(self[siblings[i + 1]]) {
                borrow(p, child: i, fromLeft: false, why: .underflowBorrow)
                return
            }
            merge(p, at: i > 0 ? i - 1 : i, why: .underflowMerge)
            node = p
        }
    }

    // MARK: Top-down (CLRS's B-TREE-DELETE)

    private mutating func deleteTopDown(_ k: Int) {
        var id = root!
        var key = k
        // A 2a or 2b case: the node and index where the key found earlier
        // waits for its replacement, which the walk now deletes below.
        var pending: (node: NodeID, index: Int, old: Int, why: BTreeCase)?
        while true {
            let n = self[id]
            let i = place(of: key, in: n)
            let here = i < n.keys.count && n.keys[i] == key
            if !here && n.isLeaf {
                record(.visit(id, key: key, child: nil))
                record(.missing(id, key: key))
                return
            }
            if here && n.isLeaf {
                record(.visit(id, key: key, child: nil))
                update(id) { $0.keys.remove(at: i) }
                if let (target, at, old, why) = pending {
                    update(target) { $0.keys[at] = key }
                    record(.replaced(target, index: at, old: old, new: key, from: id, why: why))
                } else {
                    record(.removed(id, key: key, why: .leaf))
                }
                return
            }
            if here {
                record(.visit(id, key: key, child: nil))
                let (y, z) = (n.children[i], n.children[i + 1])
                if self[y].keys.count > minKeys {
                    record(.announce(.predecessor, node: id, key: key))
                    pending = (id, i, key, .predecessor)
                    key = max(in: y)
                    id = y
                } else if self[z].keys.count > minKeys {
                    record(.announce(.successor, node: id, key: key))
                    pending = (id, i, key, .successor)
                    key = min(in: z)
                    id = z
                } else {
                    record(.announce(.mergeAround, node: id, key: key))
                    merge(id, at: i, why: .mergeAround)
                    if id == root, self[id].keys.isEmpty { shrinkRoot() }
                    id = y
                }
                continue
            }
            record(.visit(id, key: key, child: i))
            var c = i
            if self[n.children[i]].keys.count == minKeys {
                let left = i > 0 ? self[n.children[i - 1]].keys.count : 0
                let right = i + 1 < n.children.count ? self[n.children[i + 1]].keys.count : 0
                if left > minKeys {
                    record(.announce(.borrow, node: n.children[i], key: key))
                    borrow(id, child: i, fromLeft: true, why: .borrow)
                } else if right > minKeys {
                    record(.announce(.borrow, node: n.children[i], key: key))
                    borrow(id, child: i, fromLeft: false, why: .borrow)
                } else {
                    record(.announce(.mergeDown, node: n.children[i], key: key))
                    if i + 1 < n.children.count {
                        merge(id, at: i, why: .mergeDown)
                    } else {
                        merge(id, at: i - 1, why: .mergeDown)
                        c = i - 1
                    }
                }
            }
            let next = self[id].children[c]
            // A merge at the root can leave it without keys: the merged
            // child is the root from here on (CLRS does the same after).
            if id == root, self[id].keys.isEmpty { shrinkRoot() }
            id = next
        }
    }

    private func max(in id: NodeID) -> Int {
        var id = id
        while let c = self[id].children.last { id = c }
        return self[id].keys.last!
    }

    private func min(in id: NodeID) -> Int {
        var id = id
        while let c = self[id].children.first { id = c }
        return self[id].keys.first!
    }
}
