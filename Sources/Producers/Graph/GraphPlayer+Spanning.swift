import Diagram
import Geometry
import Graphs

extension GraphPlayer {
    /// Prim's algorithm from `s`: the tree grows by the lightest edge that
    /// leaves it; each waiting node's key (the lightest edge to the tree)
    /// is its badge and orders the priority queue; the total counts up.
    mutating func prim(from s: Int) {
        let places = decimals
        let n = graph.nodes.count
        var key = [Double](repeating: .infinity, count: n)
        var keyEdge = [Int?](repeating: nil, count: n)
        var inTree = [Bool](repeating: false, count: n)
        var queue = NodeQueue()
        var total = 0.0
        key[s] = 0
        queue.insert(s, key: key[s])
        let names = graph.nodes.map(\.label)
        let label = { (i: Int, key: [Double]) in "\(names[i]) \(key[i].shown(places))" }
        codeLine = 1
        play(
            "Prim from \(name(s)): grow a tree by the lightest edge that leaves it",
            note: "Each node waiting to join has a key: the weight of its lightest edge to the tree. The queue gives the least key next.", always: true
        ) { p, d in
            p.begin(["priority queue"], in: &d)
            for i in p.graph.nodes.indices { p.setBadge(i, "∞", role: .muted, in: &d) }
            p.setBadge(s, "0", in: &d)
            p.setRole(s, .frontier, in: &d)
            p.setRow(0, [(s, label(s, key))], in: &d)
            p.setTotal("total weight 0", in: &d)
        }
        while let u = queue.popMin(key: { key[$0] }) {
            inTree[u] = true
            if let k = keyEdge[u] { total += graph.edges[k].cost }
            let row = queueRow(waiting: queue.waiting, key: { key[$0] }) { label($0, key) }
            let t = total
            let joining = keyEdge[u]
            codeLine = 3
            play(
                keyEdge[u].map { "take \(name(u)): \(edgeName($0)) (\(graph.edges[$0].cost.shown(places))) joins the tree" } ?? "take \(name(u)): the tree's first node",
                ring: u
            ) { p, d in
                p.setRow(0, row, in: &d)
                p.setRole(u, .done, in: &d)
                // The edge that brings u in is the tree's: lit for good.
                if let joining { p.setEdge(joining, .accent, in: &d) }
                p.setTotal("total weight \(t.shown(places))", in: &d)
            }
            for (k, v) in adjacency[u] where !inTree[v] {
                let w = graph.edges[k].cost
                if w < key[v] {
                    let (before, old) = (key[v], keyEdge[v])
                    key[v] = w
                    keyEdge[v] = k
                    queue.insert(v, key: key[v])
                    let row = queueRow(waiting: queue.waiting, key: { key[$0] }) { label($0, key) }
                    codeLine = 6
                    play("\(edgeName(k, from: u)) weighs \(w.shown(places)) < \(before.shown(places)): \(name(v))'s key falls to \(w.shown(places))") { p, d in
                        if let old { p.setEdge(old, .normal, in: &d) }
                        p.setEdge(k, .candidate, dashed: true, in: &d)
                        p.setRole(v, .frontier, in: &d)
                        p.setBadge(v, w.shown(places), in: &d)
                        p.setRow(0, row, in: &d)
                    }
                } else {
                    codeLine = 5
                    glance(k, "\(edgeName(k, from: u)) weighs \(w.shown(places)) ≥ \(key[v].shown(places)): \(name(v)) keeps its key")
                }
            }
        }
        let missed = inTree.filter { !$0 }.count
        let t = total
        codeLine = .some(nil)
        play(
            "Prim done: the lit edges are the minimum spanning tree; it weighs \(t.shown(places))" + (missed > 0 ? "; \(counted(missed, "node")) \(missed == 1 ? "is" : "are") in other components" : ""), rest: closing, always: true
        ) { p, d in
            d.marks.remove(Self.ring)
            for (i, k) in keyEdge.enumerated() where inTree[i] { if let k { p.setEdge(k, .accent, in: &d) } }
            for k in p.graph.edges.indices where !keyEdge.contains(k) { p.setEdge(k, .normal, opacity: 0.3, in: &d) }
        }
    }

    /// Kruskal's algorithm: edges by weight, each taken unless its ends are
    /// already joined; the union-find forest is drawn beside the graph,
    /// union by rank and path compression as they happen.
    mutating func kruskal() {
        let places = decimals
        let n = graph.nodes.count
        let order = graph.edges.indices.sorted { (graph.edges[$0].cost, $0) < (graph.edges[$1].cost, $1) }
        var forest = UnionFind(count: n)
        var taken = 0, total = 0.0
        let items = order.map { ($0, edgeName($0) + " " + graph.edges[$0].cost.shown(places)) }
        codeLine = 1
        play(
            "Kruskal: take the edges from lightest to heaviest, unless one would close a cycle",
            note: "The union-find forest beside the graph says which nodes are joined already: find climbs to a root (and hangs the nodes passed straight under it); union hangs the lower tree under the higher.", always: true
        ) { p, d in
            p.begin(["edges by weight"], samples: [items.map(\.1)], in: &d)
            p.setRow(0, items, in: &d)
            p.drawForest(forest, in: &d)
            p.setTotal("total weight 0", in: &d)
        }
        for k in order {
            if taken == n - 1 { break }
            let e = graph.edges[k]
            let before = forest
            let (ra, rb) = (forest.find(e.from), forest.find(e.to))
            let compressed = forest != before
            let head = "\(edgeName(k)) (\(e.cost.shown(places))): find(\(name(e.from))) = \(name(ra)), find(\(name(e.to))) = \(name(rb))"
            if ra == rb {
                let f = forest
                codeLine = 3
                play(head + ": already joined, it would close a cycle: skip" + (compressed ? " (the paths found are compressed)" : "")) { p, d in
                    p.take(0, at: 0, in: &d)
                    p.setEdge(k, .normal, opacity: 0.25, dashed: true, in: &d)
                    p.drawForest(f, in: &d)
                }
                continue
            }
            let (low, high) = forest.rank[ra] < forest.rank[rb] ? (ra, rb) : (rb, ra)
            let equal = forest.rank[ra] == forest.rank[rb]
            forest.union(ra, rb)
            taken += 1
            total += e.cost
            let (f, t) = (forest, total)
            codeLine = 4
            play(
                head + ": take it; union hangs \(name(low)) under \(name(high))" + (equal ? " (equal ranks: \(name(high))'s rank grows)" : " (lower rank under higher)")
            ) { p, d in
                p.take(0, at: 0, in: &d)
                p.setEdge(k, .accent, in: &d)
                p.setRole(e.from, .done, in: &d)
                p.setRole(e.to, .done, in: &d)
                p.drawForest(f, in: &d)
                p.setTotal("total weight \(t.shown(places))", in: &d)
            }
        }
        let t = total
        let trees = n - taken
        codeLine = 5
        play(
            "Kruskal done: \(counted(taken, "edge")), total weight \(t.shown(places))" + (trees > 1 ? " (a forest of \(trees) trees: the graph is not connected)" : ""),
            rest: closing, always: true
        ) { p, d in
            for k in p.graph.edges.indices where d.edges[Self.edge(k)]?.role != .accent { p.setEdge(k, .normal, opacity: 0.25, dashed: true, in: &d) }
        }
    }

    static func forestNode(_ i: Int) -> ElementID { ElementID("uf", i) }

    /// The union-find forest under the rows: each node in a column of its
    /// own, as deep as it hangs, pointing at its parent. A union or a path
    /// compression moves nodes only up or down their columns, so none
    /// passes another; a pointer that changes fades out as the new one
    /// fades in.
    func drawForest(_ forest: UnionFind, in d: inout Diagram) {
        let n = forest.parent.count
        guard n <= GraphGeometry.forestLimit else { return }
        let (side, step) = (GraphGeometry.forestSide, GraphGeometry.forestStep)
        let top = geometry.rowTop(1)
        var deepest = 0
        for i in 0..<n {
            var depth = 0, x = i
            while forest.parent[x] != x {
                x = forest.parent[x]
                depth += 1
            }
            deepest = max(deepest, depth)
            let at = Point(geometry.panelOrigin.x + side / 2 + Double(i) * step, top + side / 2 + Double(depth) * step)
            let id = Self.forestNode(i)
            if var node = d.nodes[id] {
                node.position = at
                d.nodes.insert(node)
            } else {
                d.nodes.insert(
                    .box(id, at: at, size: Size(width: side, height: side), cornerRadius: side / 2, label: graph.nodes[i].label,
                         labelSize: geometry.labelSize * 0.85))
            }
        }
        let pointers = Set((0..<n).filter { forest.parent[$0] != $0 }.map { Self.pointer($0, to: forest.parent[$0]) })
        for e in d.edges.ids where e.name.hasPrefix("uf:") && !pointers.contains(e) { d.edges.remove(e) }
        for i in 0..<n where forest.parent[i] != i {
            let id = Self.pointer(i, to: forest.parent[i])
            if d.edges[id] == nil {
                d.edges.insert(
                    Edge(id: id, from: Self.forestNode(i), to: Self.forestNode(forest.parent[i]), kind: "union-find", entrance: .fade, arrows: .end))
            }
        }
        let width = Double(n) * step
        d.reserved = [geometry.bounds] + (geometry.rowsRegion(1).map { [$0] } ?? [])
            + [Rect(x: geometry.panelOrigin.x, y: top, width: width, height: Double(max(deepest + 1, 3)) * step)]
    }

    /// The id of the pointer from `child` to `parent` in the forest.
    static func pointer(_ child: Int, to parent: Int) -> ElementID { ElementID("uf:\(child)>\(parent)") }
}

/// A union-find forest with union by rank and path compression, as the
/// animation shows it.
struct UnionFind: Equatable {
    var parent: [Int]
    var rank: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        rank = Array(repeating: 0, count: count)
    }

    /// The root of `x`'s tree; every node on the way is hung under it.
    mutating func find(_ x: Int) -> Int {
        var root = x
        while parent[root] != root { root = parent[root] }
        var y = x
        while parent[y] != root {
            let next = parent[y]
            parent[y] = root
            y = next
        }
        return root
    }

    /// Joins the trees of roots `a` and `b`: the lower-ranked root under
    /// the other; on a tie, `b` under `a`, whose rank grows.
    mutating func union(_ a: Int, _ b: Int) {
        if rank[a] < rank[b] {
            parent[a] = b
        } else {
            parent[b] = a
            if rank[a] == rank[b] { rank[a] += 1 }
        }
    }
}
