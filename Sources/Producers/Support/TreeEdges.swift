import Diagram

/// A tree's edge, from a parent to a child, by their elements.
struct TreeLink: Equatable {
    var parent: ElementID
    var child: ElementID
}

extension Diagram {
    /// Makes the edges among the nodes on stage those of `links`, and
    /// removes every other edge but those in `keeping`.
    ///
    /// An edge belongs to its child (its id is ``ElementID/edge(to:)`` of
    /// the child), so a child that gets a new parent keeps its edge, which
    /// swings over as `swing` says (when `swing` is nil, as the edge said
    /// before). New edges come from `make`, in the order of `links`: the
    /// order they are drawn in. A link to or from a node not on stage is
    /// left out.
    ///
    /// - Complexity: O(`links` + the diagram's edges).
    mutating func linkTree(
        _ links: some Sequence<TreeLink>, swing: EdgeSwing? = nil, keeping: Set<ElementID> = [],
        make: (TreeLink) -> Edge = { .tree(from: $0.parent, to: $0.child) }
    ) {
        var wanted = keeping
        for link in links {
            guard nodes.contains(link.child), nodes.contains(link.parent) else { continue }
            let id = ElementID.edge(to: link.child)
            wanted.insert(id)
            if var e = edges[id] {
                guard e.from != link.parent || (swing.map { e.swing != $0 } ?? false) else { continue }
                e.from = link.parent
                if let swing { e.swing = swing }
                edges.insert(e)
            } else {
                edges.insert(make(link))
            }
        }
        edges.removeAll { !wanted.contains($0.id) }
    }
}
