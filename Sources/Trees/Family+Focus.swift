extension Family {
    /// The family around one person, as genealogy programs chart a large
    /// file: `person`, their ancestors up to `up` generations, their
    /// descendants down to `down` generations, and the partners of the
    /// person and of each descendant (so that every couple is drawn whole).
    /// Unions keep the partners and children drawn; a union left with one
    /// partner and no child goes. People and unions keep their file order.
    ///
    /// - Complexity: O(people + unions).
    public func around(_ person: String, up: Int, down: Int) -> Family {
        var parents = [String: [String]]()
        var unionsOf = [String: [Int]]()
        for (u, union) in unions.enumerated() {
            for child in union.children { parents[child, default: []].append(contentsOf: union.partners) }
            for partner in union.partners { unionsOf[partner, default: []].append(u) }
        }
        var kept: Set<String> = [person]
        // Up: each generation's parents.
        var generation = [person]
        for _ in 0..<max(up, 0) {
            generation = generation.flatMap { parents[$0] ?? [] }.filter { kept.insert($0).inserted }
        }
        // Down: each generation's children, with the partners they had them
        // with (and the person's own partners).
        generation = [person]
        for level in 0...max(down, 0) {
            var next = [String]()
            for p in generation {
                for u in unionsOf[p] ?? [] {
                    for partner in unions[u].partners { kept.insert(partner) }
                    if level < down { for child in unions[u].children where kept.insert(child).inserted { next.append(child) } }
                }
            }
            generation = next
        }
        var focused = Family()
        focused.people = people.filter { kept.contains($0.id) }
        for union in unions {
            let partners = union.partners.filter(kept.contains), children = union.children.filter(kept.contains)
            guard !partners.isEmpty, partners.count > 1 || !children.isEmpty else { continue }
            focused.unions.append(Union(partners: partners, children: children, adopted: union.adopted.filter(kept.contains)))
        }
        return focused
    }
}
