import Geometry

/// The drawing of a family chart: generations on rows, each couple side by
/// side, each couple's children centred under the couple, the whole family
/// a forest packed by the tidy-tree rules with a couple as one wide node.
///
/// How it works:
/// - **Households.** People joined by marriage form a household, drawn as
///   one row of boxes: a couple side by side; someone with several spouses
///   between them, the first on one side, the second on the other. (Three
///   or more spouses, or spouses of spouses, are placed outward in turn;
///   their marriage lines run under the boxes between: see
///   ``Marriage/bracket``.)
/// - **Rows.** A household is one row below its lowest parents'; a
///   household without parents in the chart (a root couple) sits one row
///   above its highest children, so every line of descent spans one row
///   wherever the data allows.
/// - **Tidy packing.** Each household's subtree is built from its
///   children's, bottom up: the children of one marriage are packed side
///   by side, as close as their subtrees' outlines (contours) allow, and
///   the group is centred under the marriage: the midpoint of the two
///   spouses' centres is the midpoint of the first and last child's
///   centres (a single child directly below). Where two marriages' groups
///   would collide, the marriage lines between them lengthen until they
///   clear. Root households are packed the same way, left to right.
/// - A household hangs under the parents of its first member that has
///   parents in the chart. Someone whose spouse has parents in the chart
///   too (cousins, two families joined) is drawn beside that spouse, and
///   the line from their own parents runs across to them.
///
/// The laws the tests check on random forests: people of one row share a
/// y; spouses are neighbours; each marriage's midpoint is the centre of
/// its children's span; boxes of one row are at least `siblingGap` apart
/// (`coupleGap` between spouses). Positions are in the caller's units,
/// the first row's centres at y = 0 and the drawing centred on x = 0.
///
/// Linear in the number of people times the depth of the chart (the
/// contour walks), without recursion.
public struct FamilyLayout: Sendable, Hashable {
    /// The gap between the boxes of neighbouring rows.
    public var rowGap: Double
    /// The least gap between spouses' boxes; a wider box's spouse stands
    /// further off, so that the marriage line's midpoint (where the line
    /// to the children leaves it) stays clear of both boxes.
    public var coupleGap: Double
    /// The least gap between other neighbours of a row.
    public var siblingGap: Double
    /// The least gap between the children of two different marriages.
    public var groupGap: Double
    /// The least gap between two trees of the forest.
    public var familyGap: Double

    public init(rowGap: Double, coupleGap: Double, siblingGap: Double, groupGap: Double? = nil, familyGap: Double? = nil) {
        self.rowGap = rowGap
        self.coupleGap = coupleGap
        self.siblingGap = siblingGap
        self.groupGap = groupGap ?? siblingGap
        self.familyGap = familyGap ?? 2 * siblingGap
    }

    /// How a union's partners are joined on the chart.
    public enum Marriage: Hashable, Sendable {
        /// A single parent: no marriage line.
        case single
        /// Side by side: a line between their boxes.
        case adjacent
        /// With others between them: a line that leaves the bottom of
        /// both boxes and runs under the row; `bracket` counts from 1 for
        /// the shallowest.
        case bracket(Int)
    }

    /// The drawing of a family.
    public struct Drawing: Sendable {
        /// Every person's centre, by id.
        public var positions: [String: Point]
        /// Every person's row, by id: 0 for the oldest generation.
        public var rows: [String: Int]
        /// How each union of the family (same order) is drawn.
        public var marriages: [Marriage]
        /// The y of each row's centres.
        public var rowY: [Double]
        /// The smallest rectangle holding every box.
        public var bounds: Rect
    }

    /// Lays out a family that passed ``Family/validate()``; `size` gives
    /// each person's box. Rows are as tall as the tallest box.
    /// How many rows (generations) `family` is drawn in, found without
    /// drawing it: a file's depth can be checked before any layout.
    ///
    /// - Complexity: O(n log n) for n people and unions.
    public static func generations(of family: Family) -> Int {
        var graph = Graph(family, size: { _ in Size(width: 0, height: 0) })
        graph.assignGenerations()
        return (graph.row.max() ?? 0) + 1
    }

    /// The drawing of `family`.
    ///
    /// - Complexity: O(n log n + n × g) for n people in g generations.
    public func drawing(of family: Family, size: (Person) -> Size) -> Drawing {
        var graph = Graph(family, size: size)
        graph.assignGenerations()
        graph.attach()
        graph.hang()
        graph.arrangeRows()
        return graph.place(self)
    }
}

/// The working state of one layout.
struct Graph {
    let family: Family
    let sizes: [Size]
    let index: [String: Int]
    /// The union each person is a child of.
    var parentUnion: [Int?]
    /// Unions merged by partner set: several records of one couple are
    /// one marriage on the chart. `unionGroup[u]` is the representative.
    var unionGroup: [Int]
    /// Each person's spouses, in the order of the unions.
    var spouses: [[Int]]
    /// Households: people joined by marriage, in file order; `household`
    /// maps a person to theirs.
    var households: [[Int]] = []
    var household: [Int]
    /// Each household's row of people, left to right.
    var order: [[Int]] = []
    /// Each household's generation row.
    var row: [Int] = []
    /// The member through whom a household hangs under its parents.
    var attachment: [Int?] = []
    /// The children hanging under each marriage, by representative union.
    var hanging = [Int: [Int]]()
    /// The marriages each person is a partner in, representatives only.
    var unionsOf = [[Int]]()

    init(_ family: Family, size: (Person) -> Size) {
        self.family = family
        sizes = family.people.map(size)
        var index = [String: Int]()
        for (i, p) in family.people.enumerated() { index[p.id] = i }
        self.index = index
        let n = family.people.count
        parentUnion = Array(repeating: nil, count: n)
        spouses = Array(repeating: [], count: n)
        var byPartners = [[Int]: Int]()
        unionGroup = []
        for (u, union) in family.unions.enumerated() {
            let partners = union.partners.compactMap { index[$0] }
            for child in union.children { if let c = index[child] { parentUnion[c] = u } }
            unionGroup.append(byPartners[partners.sorted()] ?? u)
            byPartners[partners.sorted()] = byPartners[partners.sorted()] ?? u
            if partners.count == 2 {
                let (a, b) = (partners[0], partners[1])
                if !spouses[a].contains(b) { spouses[a].append(b) }
                if !spouses[b].contains(a) { spouses[b].append(a) }
            }
        }
        // Households: connected parts of the marriage graph.
        household = Array(repeating: -1, count: n)
        for start in 0..<n where household[start] < 0 {
            let h = households.count
            var members = [start], stack = [start]
            household[start] = h
            while let p = stack.popLast() {
                for s in spouses[p] where household[s] < 0 {
                    household[s] = h
                    members.append(s)
                    stack.append(s)
                }
            }
            households.append(members.sorted())
        }
    }

    func partners(of u: Int) -> [Int] { family.unions[u].partners.compactMap { index[$0] } }

    // MARK: Rows of households

    /// Orders each household left to right, parents' rows first. A line of
    /// marriages (a couple; someone between two spouses; spouses of
    /// spouses) is drawn in its order, turned so that the spouses of the
    /// member who hangs under parents stand on the outer side of their
    /// group of siblings (left for the first of several, right for the
    /// last; for an only child, the side of their parents' marriage in a
    /// row of several), where they take no room from cousins; else so that
    /// most couples have the man on the left, as charts usually do; else
    /// the first person of the file on the left. Anything else has its most
    /// married member in the middle and the others placed outward,
    /// alternately right and left.
    mutating func arrangeRows() {
        order = households
        for h in households.indices.sorted(by: { (row[$0], $0) < (row[$1], $1) }) {
            order[h] = arrange(households[h], outward: outward(h))
        }
    }

    /// The side a household's married-in spouses should take: -1 left, 1
    /// right, 0 either.
    func outward(_ h: Int) -> Int {
        guard let a = attachment[h], let u = parentUnion[a], let kids = hanging[unionGroup[u]],
            let i = kids.firstIndex(of: a)
        else { return 0 }
        if kids.count > 1 { return i == 0 ? -1 : i == kids.count - 1 ? 1 : 0 }
        // An only child: the side of the parents' marriage in their row.
        guard let parent = partners(of: u).first else { return 0 }
        let ph = household[parent]
        let place = Dictionary(uniqueKeysWithValues: order[ph].enumerated().map { ($0.element, $0.offset) })
        let groups = Set(order[ph].flatMap { p in unionsOf[p] }).filter { hanging[$0] != nil }
            .sorted { midpointKey(partners(of: $0).map { place[$0]! }) < midpointKey(partners(of: $1).map { place[$0]! }) }
        guard groups.count > 1 else { return 0 }
        return groups.first == unionGroup[u] ? -1 : groups.last == unionGroup[u] ? 1 : 0
    }

    func arrange(_ members: [Int], outward: Int) -> [Int] {
        if members.count == 1 { return members }
        let isLine = members.allSatisfy { spouses[$0].count <= 2 }
            && members.reduce(0) { $0 + spouses[$1].count } == 2 * (members.count - 1)
        if isLine {
            let end = members.first { spouses[$0].count == 1 }!
            var line = [end], previous = -1, current = end
            while let next = spouses[current].first(where: { $0 != previous }), line.count < members.count {
                line.append(next)
                previous = current
                current = next
            }
            let reversed = Array(line.reversed())
            if outward != 0, let h = members.first.map({ household[$0] }), let a = attachment[h] {
                let (i, j) = (line.firstIndex(of: a)!, reversed.firstIndex(of: a)!)
                if i != j { return (i > j) == (outward < 0) ? line : reversed }
            }
            func score(_ row: [Int]) -> Int {
                zip(row, row.dropFirst()).reduce(0) { s, pair in
                    let (l, r) = (family.people[pair.0].gender, family.people[pair.1].gender)
                    return s + (l == .male && r != .male ? 1 : 0) - (r == .male && l != .male ? 1 : 0)
                }
            }
            let (a, b) = (score(line), score(reversed))
            if a != b { return a > b ? line : reversed }
            return line[0] < reversed[0] ? line : reversed
        }
        let centre = members.max { (spouses[$0].count, -$0) < (spouses[$1].count, -$1) }!
        var left = [Int](), right = [Int](), placed: Set = [centre], queue = [(centre, 0)], head = 0
        while head < queue.count {
            let (p, side) = queue[head]
            head += 1
            var turn = 0
            for s in spouses[p] where !placed.contains(s) {
                placed.insert(s)
                // The middle alternates right, left; the others go on
                // outward on their own side.
                let goes = side != 0 ? side : (turn % 2 == 0 ? 1 : -1)
                turn += 1
                if goes > 0 { right.append(s) } else { left.append(s) }
                queue.append((s, goes))
            }
        }
        return left.reversed() + [centre] + right
    }

    /// Each household's row: one below its lowest parents (a longest path
    /// down the households' graph), then households without parents moved
    /// down to one row above their highest children. A loop in that graph
    /// (two households each the other's parents, by marriage) is broken at
    /// the first household of the file that it holds.
    mutating func assignGenerations() {
        let count = households.count
        var parents = Array(repeating: Set<Int>(), count: count)
        var children = Array(repeating: Set<Int>(), count: count)
        for (p, u) in parentUnion.enumerated() {
            guard let u else { continue }
            for q in partners(of: u) where household[q] != household[p] {
                parents[household[p]].insert(household[q])
                children[household[q]].insert(household[p])
            }
        }
        var waiting = parents.map(\.count)
        row = Array(repeating: 0, count: count)
        var done = Array(repeating: false, count: count)
        // Smallest first: the order of the file.
        var ready = SmallestFirst((0..<count).filter { waiting[$0] == 0 })
        var processed = [Int]()
        var next = 0
        while processed.count < count {
            let h: Int
            if let r = ready.popSmallest() {
                h = r
            } else {
                while done[next] { next += 1 }
                h = next
            }
            guard !done[h] else { continue }
            done[h] = true
            processed.append(h)
            row[h] = parents[h].filter { done[$0] && $0 != h }.map { row[$0] + 1 }.max() ?? 0
            for c in children[h] where !done[c] {
                waiting[c] -= 1
                if waiting[c] == 0 { ready.insert(c) }
            }
        }
        for h in processed.reversed() where parents[h].isEmpty {
            let below = children[h].map { row[$0] }.min()
            if let below, below - 1 > row[h] { row[h] = below - 1 }
        }
    }

    /// The member through whom each household hangs: the first (in the
    /// file) whose parents are in a household on a higher row, preferring
    /// parents one row up.
    mutating func attach() {
        attachment = households.enumerated().map { h, members in
            var best: (Int, Int)?
            for p in members {
                guard let u = parentUnion[p], let q = partners(of: u).first else { continue }
                let gap = row[h] - row[household[q]]
                guard gap >= 1 else { continue }
                if best == nil || gap < best!.1 { best = (p, gap) }
            }
            return best?.0
        }
    }

    /// The children hanging under each marriage (their households' members
    /// through whom they hang), in birth order.
    mutating func hang() {
        unionsOf = unionsByPartner()
        // Children hanging under each union, in birth order.
        hanging = [:]
        for h in households.indices {
            guard let p = attachment[h], let u = parentUnion[p] else { continue }
            hanging[unionGroup[u], default: []].append(p)
        }
        // The order the file lists them in, then by birth year.
        var rank = [Int: Int]()
        for (u, union) in family.unions.enumerated() where hanging[unionGroup[u]] != nil {
            for child in union.children { rank[index[child]!] = rank.count }
        }
        for (u, kids) in hanging {
            hanging[u] = birthOrder(kids.sorted { rank[$0, default: 0] < rank[$1, default: 0] })
        }

    }

    // MARK: Tidy packing

    /// A subtree's outline: the leftmost and rightmost box edge on each
    /// row from `top` down, relative to the subtree's reference.
    struct Contour {
        var top: Int
        var left: [Double]
        var right: [Double]

        init(top: Int) {
            self.top = top
            left = []
            right = []
        }

        var bottom: Int { top + left.count }

        /// Adds `other` shifted by `dx`.
        mutating func merge(_ other: Contour, dx: Double) {
            if left.isEmpty {
                top = other.top
                left = other.left.map { $0 + dx }
                right = other.right.map { $0 + dx }
                return
            }
            let newTop = min(top, other.top), newBottom = max(bottom, other.bottom)
            if newTop < top {
                left.insert(contentsOf: repeatElement(.infinity, count: top - newTop), at: 0)
                right.insert(contentsOf: repeatElement(-.infinity, count: top - newTop), at: 0)
                top = newTop
            }
            let more = newBottom - bottom
            if more > 0 {
                left.append(contentsOf: repeatElement(.infinity, count: more))
                right.append(contentsOf: repeatElement(-.infinity, count: more))
            }
            for (i, (l, r)) in zip(other.left, other.right).enumerated() {
                let k = other.top + i - top
                left[k] = min(left[k], l + dx)
                right[k] = max(right[k], r + dx)
            }
        }

        /// The least shift of `other` that keeps it `gap` to the right of
        /// this outline on every row both have; nil when they share none.
        func clearance(of other: Contour, gap: Double) -> Double? {
            var need: Double?
            for i in 0..<other.left.count {
                let k = other.top + i - top
                guard k >= 0, k < left.count, right[k] > -.infinity, other.left[i] < .infinity else { continue }
                let d = right[k] - other.left[i] + gap
                need = max(need ?? d, d)
            }
            return need
        }
    }

    /// A household's subtree: its members' offsets and its child
    /// households' offsets from its reference, and its outline.
    struct Subtree {
        var members: [(person: Int, x: Double)] = []
        var children: [(household: Int, x: Double)] = []
        var contour: Contour
    }

    func place(_ layout: FamilyLayout) -> FamilyLayout.Drawing {
        let count = households.count
        var subtrees = [Subtree?](repeating: nil, count: count)
        for h in (0..<count).sorted(by: { (row[$0], $0) > (row[$1], $1) }) {
            let tree = subtree(h, hanging: hanging, unionsOf: unionsOf, subtrees: subtrees, layout: layout)
            // A child's outline is in its parents' now: only the outlines
            // not yet merged are kept, not one per household.
            for c in tree.children { subtrees[c.household]?.contour = Contour(top: 0) }
            subtrees[h] = tree
        }

        // The forest: root households left to right in file order.
        var forest = Contour(top: 0)
        var roots = [(household: Int, x: Double)]()
        for h in 0..<count where attachment[h] == nil {
            let s = subtrees[h]!
            // Beside the trees so far, as close as their outlines allow;
            // one sharing no row with them goes past their right end.
            let dx = roots.isEmpty
                ? 0
                : forest.clearance(of: s.contour, gap: layout.familyGap)
                    ?? Self.rightmost(forest) - Self.leftmost(s.contour) + layout.familyGap
            forest.merge(s.contour, dx: dx)
            roots.append((h, dx))
        }

        var xs = [Double](repeating: 0, count: family.people.count)
        var stack = roots
        while let (h, x) = stack.popLast() {
            let s = subtrees[h]!
            for m in s.members { xs[m.person] = x + m.x }
            for c in s.children { stack.append((c.household, x + c.x)) }
        }
        let height = sizes.map(\.height).max() ?? 0
        let pitch = height + layout.rowGap
        let lowest = row.max() ?? 0
        var minX = Double.infinity, maxX = -Double.infinity
        for (i, s) in sizes.enumerated() {
            minX = min(minX, xs[i] - s.width / 2)
            maxX = max(maxX, xs[i] + s.width / 2)
        }
        let shift = family.people.isEmpty ? 0 : -(minX + maxX) / 2
        var positions = [String: Point](), rows = [String: Int]()
        for (i, p) in family.people.enumerated() {
            let r = row[household[i]]
            positions[p.id] = Point(xs[i] + shift, Double(r) * pitch)
            rows[p.id] = r
        }
        let bounds = family.people.isEmpty
            ? Rect(x: 0, y: 0, width: 0, height: 0)
            : Rect(x: minX + shift, y: -height / 2, width: maxX - minX, height: Double(lowest) * pitch + height)
        return FamilyLayout.Drawing(
            positions: positions, rows: rows, marriages: marriages(), rowY: (0...lowest).map { Double($0) * pitch },
            bounds: bounds)
    }

    static func rightmost(_ c: Contour) -> Double { c.right.max() ?? 0 }
    static func leftmost(_ c: Contour) -> Double { c.left.min() ?? 0 }

    /// The unions each person is a partner in, representatives only.
    func unionsByPartner() -> [[Int]] {
        var out = Array(repeating: [Int](), count: family.people.count)
        for u in family.unions.indices where unionGroup[u] == u {
            for p in partners(of: u) where !out[p].contains(u) { out[p].append(u) }
        }
        return out
    }

    /// How each union is drawn, from the households' rows of people.
    func marriages() -> [FamilyLayout.Marriage] {
        var place = [Int: Int]()
        for members in order { for (i, p) in members.enumerated() { place[p] = i } }
        return family.unions.indices.map { u in
            let ps = partners(of: u)
            guard ps.count == 2 else { return .single }
            let distance = abs(place[ps[0]]! - place[ps[1]]!)
            return distance == 1 ? .adjacent : .bracket(distance - 1)
        }
    }

    /// Children in birth order where their years are known: those with a
    /// year are sorted among themselves into the places they hold; the
    /// others keep theirs.
    func birthOrder(_ kids: [Int]) -> [Int] {
        let dated = kids.enumerated().compactMap { i, k in family.people[k].birthYear.map { (i, k, $0) } }
        let sorted = dated.sorted { ($0.2, $0.0) < ($1.2, $1.0) }
        var out = kids
        for (slot, entry) in zip(dated.map(\.0), sorted) { out[slot] = entry.1 }
        return out
    }

    /// The subtree of household `h`, its child households' already built.
    func subtree(
        _ h: Int, hanging: [Int: [Int]], unionsOf: [[Int]], subtrees: [Subtree?], layout: FamilyLayout
    ) -> Subtree {
        let people = order[h]
        let widths = people.map { sizes[$0].width }
        let married = { (a: Int, b: Int) in spouses[a].contains(b) }
        var gaps = zip(people, people.dropFirst()).enumerated().map { i, pair in
            married(pair.0, pair.1) ? layout.coupleGap + abs(widths[i] - widths[i + 1]) / 2 : layout.siblingGap
        }
        func xs() -> [Double] {
            var x = [0.0]
            for i in 1..<max(people.count, 1) { x.append(x[i - 1] + widths[i - 1] / 2 + gaps[i - 1] + widths[i] / 2) }
            return x
        }
        let place = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($0.element, $0.offset) })

        // The marriages with children hanging under them, left to right,
        // each as the places of its partners in the row.
        var groups = [(at: [Int], kids: [Int], contour: Contour, offsets: [Double])]()
        var seen = Set<Int>()
        for p in people {
            for u in unionsOf[p] where !seen.contains(u) {
                let ps = partners(of: u)
                guard let kids = hanging[u], !kids.isEmpty else { continue }
                seen.insert(u)
                // The children side by side, each as close as the
                // outlines allow, the first at 0.
                var contour = Contour(top: row[h] + 1)
                var offsets = [Double]()
                for kid in kids {
                    let s = subtrees[household[kid]]!
                    let x = offsets.isEmpty ? 0 : contour.clearance(of: s.contour, gap: layout.siblingGap) ?? offsets.last!
                    contour.merge(s.contour, dx: x)
                    offsets.append(x)
                }
                // Centred on 0: the middle of the first and last child.
                let centre = (offsets.first! + offsets.last!) / 2
                var centred = Contour(top: contour.top)
                centred.merge(contour, dx: -centre)
                groups.append((ps.map { place[$0]! }, kids, centred, offsets.map { $0 - centre }))
            }
        }
        groups.sort { midpointKey($0.at) < midpointKey($1.at) }

        // Lengthen the marriage lines between two groups that collide.
        var x = xs()
        let midpoint = { (at: [Int], x: [Double]) -> Double in at.map { x[$0] }.reduce(0, +) / Double(at.count) }
        for i in groups.indices.dropFirst() {
            let (a, b) = (groups[i - 1], groups[i])
            guard let need = a.contour.clearance(of: b.contour, gap: layout.groupGap) else { continue }
            let deficit = need - (midpoint(b.at, x) - midpoint(a.at, x))
            guard deficit > 1e-9 else { continue }
            // d(midpoint)/d(gap j): each partner right of gap j moves with it.
            let weight = { (at: [Int], j: Int) -> Double in Double(at.filter { $0 > j }.count) / Double(at.count) }
            let weights = gaps.indices.map { weight(b.at, $0) - weight(a.at, $0) }
            let total = weights.filter { $0 > 0 }.reduce(0, +)
            guard total > 0 else { continue }
            for j in gaps.indices where weights[j] > 0 { gaps[j] += deficit / total }
            x = xs()
        }

        // The reference: the member through whom it hangs, or the first.
        let reference = attachment[h].map { x[place[$0]!] } ?? x[0]
        var tree = Subtree(contour: Contour(top: row[h]))
        var own = Contour(top: row[h])
        own.left = [x[0] - widths[0] / 2 - reference]
        own.right = [x[x.count - 1] + widths[widths.count - 1] / 2 - reference]
        tree.contour.merge(own, dx: 0)
        tree.members = people.enumerated().map { ($0.element, x[$0.offset] - reference) }
        for g in groups {
            let m = midpoint(g.at, x) - reference
            tree.contour.merge(g.contour, dx: m)
            for (kid, offset) in zip(g.kids, g.offsets) { tree.children.append((household[kid], m + offset)) }
        }
        return tree
    }

    /// Orders marriages by where they sit in the row: a single parent at
    /// their own place, a couple between theirs.
    func midpointKey(_ at: [Int]) -> Double { Double(at.reduce(0, +)) / Double(at.count) }
}

/// Whole numbers taken out smallest first (a binary heap): a queue of
/// households that costs O(log n) a household, where sorting the queue at
/// each one cost O(n).
struct SmallestFirst {
    private var items: [Int] = []

    init(_ items: some Sequence<Int>) {
        for i in items { insert(i) }
    }

    mutating func insert(_ item: Int) {
        items.append(item)
        var i = items.count - 1
        while i > 0, items[(i - 1) / 2] > items[i] {
            items.swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }

    mutating func popSmallest() -> Int? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let smallest = items[0]
        items[0] = last
        var i = 0
        while true {
            let (l, r) = (2 * i + 1, 2 * i + 2)
            var m = i
            if l < items.count, items[l] < items[m] { m = l }
            if r < items.count, items[r] < items[m] { m = r }
            guard m != i else { return smallest }
            items.swapAt(i, m)
            i = m
        }
    }
}
