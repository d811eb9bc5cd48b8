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
        restricted(to: kept(around: person, up: up, down: down))
    }

    /// The summary of a family too large to chart whole: `person`, their
    /// descendants down to `down` generations with their partners (as
    /// ``around(_:up:down:)`` keeps them), and under each union whose
    /// children are left out one more child standing for them: a count,
    /// named "+412 descendants", the people descended from that union whom
    /// the summary leaves out (each once, however many ways they descend
    /// from it). A count's id is its union's index in `unions` after a
    /// control character no file's id holds (``isCount(_:)``); counts come
    /// after the people, in the order of their unions.
    ///
    ///     let summary = family.summarised(around: "I1", down: 2)
    ///     summary.people.filter { Family.isCount($0.id) }.map(\.name)   // ["+12 descendants", "+1 descendant"]
    ///
    /// - Complexity: O(people + unions) and, for each count, the people it
    ///   counts.
    public func summarised(around person: String, down: Int) -> Family {
        let kept = kept(around: person, up: 0, down: down)
        var children = [String: [String]]()
        for union in unions {
            for partner in union.partners { children[partner, default: []] += union.children }
        }
        var counts = [Int: Person]()
        for (u, union) in unions.enumerated() where union.partners.allSatisfy(kept.contains) {
            var stack = union.children.filter { !kept.contains($0) }
            var counted = Set(stack)
            while let p = stack.popLast() {
                for c in children[p] ?? [] where !kept.contains(c) && counted.insert(c).inserted { stack.append(c) }
            }
            guard !counted.isEmpty else { continue }
            let name = counted.count == 1 ? "+1 descendant" : "+\(counted.count) descendants"
            counts[u] = Person(id: Self.countPrefix + String(u), name: name)
        }
        return restricted(to: kept, counts: counts)
    }

    /// Whether `id` is a count of a summary (``summarised(around:down:)``).
    public static func isCount(_ id: String) -> Bool { id.hasPrefix(countPrefix) }

    /// How many descendants `person` stands for when it is a count
    /// (``isCount(_:)``); nil for a person.
    public static func descendantsCounted(by person: Person) -> Int? {
        guard isCount(person.id) else { return nil }
        return Int(person.name.dropFirst().prefix { $0.isASCII && $0.isNumber })
    }

    static let countPrefix = "\u{1}count\u{1}"

    /// The ids ``around(_:up:down:)`` keeps.
    private func kept(around person: String, up: Int, down: Int) -> Set<String> {
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
        return kept
    }

    /// The people of `kept` and the unions among them, each union of
    /// `counts` with its count as its last child.
    private func restricted(to kept: Set<String>, counts: [Int: Person] = [:]) -> Family {
        var focused = Family()
        focused.people = people.filter { kept.contains($0.id) }
        for (u, union) in unions.enumerated() {
            let partners = union.partners.filter(kept.contains)
            var children = union.children.filter(kept.contains)
            if let count = counts[u] {
                children.append(count.id)
                focused.people.append(count)
            }
            guard !partners.isEmpty, partners.count > 1 || !children.isEmpty else { continue }
            focused.unions.append(Union(partners: partners, children: children, adopted: union.adopted.filter(kept.contains)))
        }
        return focused
    }
}
