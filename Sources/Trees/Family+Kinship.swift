extension Family {
    /// How two people are related by descent: the line from `a` up to the
    /// closest ancestor the two share, and down from there to `b`.
    public struct Kinship: Hashable, Sendable {
        /// The ids from `a` to `b`, both included: up through `a`'s
        /// ancestors to the shared one, then down to `b`.
        public var path: [String]
        /// Generations from `a` up to the shared ancestor (0 when `b` is
        /// `a`'s descendant).
        public var up: Int
        /// Generations from the shared ancestor down to `b` (0 when `b` is
        /// `a`'s ancestor).
        public var down: Int
    }

    /// The kinship of `b` to `a` through their closest shared ancestor
    /// (fewest generations in all; on a tie the first of the file), or
    /// nil when they share none. For a validated family.
    public func kinship(from a: String, to b: String) -> Kinship? {
        var parents = [String: [String]]()
        for union in unions { for child in union.children { parents[child] = union.partners } }
        // Every ancestor of a person (themselves included) with its
        // distance and the next person down towards them, breadth first.
        func ancestors(of start: String) -> [String: (distance: Int, towards: String?)] {
            var found: [String: (distance: Int, towards: String?)] = [start: (0, nil)]
            var queue = [start], head = 0
            while head < queue.count {
                let p = queue[head]
                head += 1
                for q in parents[p] ?? [] where found[q] == nil {
                    found[q] = (found[p]!.distance + 1, p)
                    queue.append(q)
                }
            }
            return found
        }
        let fromA = ancestors(of: a), fromB = ancestors(of: b)
        var best: (id: String, total: Int, order: Int)?
        for (order, p) in people.map(\.id).enumerated() {
            guard let x = fromA[p], let y = fromB[p] else { continue }
            if best == nil || x.distance + y.distance < best!.total { best = (p, x.distance + y.distance, order) }
        }
        guard let shared = best?.id else { return nil }
        var up = [shared]
        while let next = fromA[up[up.count - 1]]?.towards { up.append(next) }
        var down = [shared]
        while let next = fromB[down[down.count - 1]]?.towards { down.append(next) }
        return Kinship(path: up.reversed() + down.dropFirst(), up: up.count - 1, down: down.count - 1)
    }
}
