import Diagram
import Foundation
import Graphs

extension GraphPlayer {
    /// The priority queue's row: the waiting nodes by their key (a
    /// distance, an estimate), least first, ties by node order.
    /// Nothing while the rows are not drawn (a followed graph): then a
    /// relaxation costs no sort.
    func queueRow(waiting: Set<Int>, key: (Int) -> Double, text: (Int) -> String) -> [(key: Int, label: String)] {
        guard rowsShown else { return [] }
        return waiting.sorted { (key($0), $0) < (key($1), $1) }.map { ($0, text($0)) }
    }

    /// Dijkstra's algorithm from `s` (A* with `heuristic`): a priority
    /// queue under the graph, distances as badges that fall as edges are
    /// relaxed, the shortest-path tree's edges lit; with `goal`, it stops
    /// when the goal is settled and shows the path.
    mutating func dijkstra(from s: Int, to goal: Int?, heuristic: ((Int) -> Double)? = nil) {
        let places = decimals
        let n = graph.nodes.count
        var dist = [Double](repeating: .infinity, count: n)
        var parentEdge = [Int?](repeating: nil, count: n)
        var settled = [Bool](repeating: false, count: n)
        dist[s] = 0
        let h = heuristic ?? { _ in 0 }
        var queue = NodeQueue()
        queue.insert(s, key: dist[s] + h(s))
        let astar = heuristic != nil
        // A table of every node's distance, in node order, while it fits
        // its row: the badges say it on the graph, the table all at once.
        let table = n <= 10 && rowsShown
        let names = graph.nodes.map(\.label)
        let distances = { (dist: [Double]) in (0..<n).map { i in (key: i, label: "\(names[i]) \(dist[i].shown(places))") } }
        let label = { (i: Int, dist: [Double]) -> String in
            astar ? "\(names[i]) \((dist[i] + h(i)).rounded(toPlaces: 1).shown(max(places, 1)))" : "\(names[i]) \(dist[i].shown(places))"
        }
        codeLine = 1
        play(
            astar
                ? "A* from \(name(s)) to \(name(goal!)): the queue is ordered by distance so far + straight-line distance to \(name(goal!))"
                : "Dijkstra from \(name(s)): every distance is ∞ but \(name(s))'s, 0",
            note: astar
                ? "A* is Dijkstra's algorithm with the queue ordered by g + h: the distance so far plus an estimate (here the straight-line distance) of what is left."
                : "Dijkstra settles the nearest unsettled node, then relaxes its edges: a shorter way to a neighbour lowers its distance.", always: true
        ) { p, d in
            p.begin([astar ? "priority queue (g + h)" : "priority queue"] + (table ? ["distances"] : []), tables: [1], in: &d)
            if table { p.setRow(1, distances(dist), in: &d) }
            for i in p.graph.nodes.indices { p.setBadge(i, "∞", role: .muted, in: &d) }
            p.setBadge(s, "0", in: &d)
            p.setRole(s, .frontier, in: &d)
            p.setRow(0, [(s, label(s, dist))], in: &d)
        }
        while let u = queue.popMin(key: { dist[$0] + h($0) }) {
            settled[u] = true
            let du = dist[u]
            let row = queueRow(waiting: queue.waiting, key: { dist[$0] + h($0) }) { label($0, dist) }
            codeLine = 3
            play("take \(name(u)) from the queue: its distance \(du.shown(places)) is final", ring: u) { p, d in
                p.setRow(0, row, in: &d)
                p.setRole(u, .done, in: &d)
            }
            if u == goal { break }
            for (k, v) in adjacency[u] where !settled[v] {
                let w = graph.edges[k].cost
                let through = du + w
                let sum = "\(du.shown(places)) + \(w.addend(places)) = \(through.shown(places))"
                if through < dist[v] {
                    let before = dist[v]
                    let oldEdge = parentEdge[v]
                    dist[v] = through
                    parentEdge[v] = k
                    queue.insert(v, key: dist[v] + h(v))
                    let row = queueRow(waiting: queue.waiting, key: { dist[$0] + h($0) }) { label($0, dist) }
                    let all = table ? distances(dist) : []
                    codeLine = 6
                    play("relax \(edgeName(k, from: u)): \(sum) < \(before.shown(places)): \(name(v))'s distance falls to \(through.shown(places))") { p, d in
                        if let oldEdge { p.setEdge(oldEdge, .normal, in: &d) }
                        p.setEdge(k, .accent, in: &d)
                        p.setRole(v, .frontier, in: &d)
                        p.setBadge(v, through.shown(places), in: &d)
                        p.setRow(0, row, in: &d)
                        if table { p.setRow(1, all, in: &d) }
                    }
                } else {
                    codeLine = 5
                    glance(k, "\(edgeName(k, from: u)): \(sum) ≥ \(dist[v].shown(places)): no shorter way to \(name(v))")
                }
            }
        }
        if let goal, dist[goal].isFinite {
            codeLine = .some(nil)
            showPath(to: goal, parentEdge: parentEdge, caption: "shortest path to \(name(goal)): length \(dist[goal].shown(places))")
        } else {
            let missed = dist.filter(\.isInfinite).count
            codeLine = .some(nil)
            play(
                "\(astar ? "A*" : "Dijkstra") done: the lit edges are the shortest-path tree" + (missed > 0 ? "; \(counted(missed, "node")) not reachable (∞)" : ""),
                rest: closing, always: true
            ) { p, d in d.marks.remove(Self.ring) }
        }
    }

    /// Bellman-Ford from `s`: rounds in which every edge is relaxed in
    /// order, until a round changes nothing; after n − 1 rounds, an edge
    /// that still relaxes shows a negative cycle, which is drawn.
    mutating func bellmanFord(from s: Int, to goal: Int?) {
        let places = decimals
        let n = graph.nodes.count
        var dist = [Double](repeating: .infinity, count: n)
        var parentEdge = [Int?](repeating: nil, count: n)
        dist[s] = 0
        codeLine = 1
        play(
            "Bellman-Ford from \(name(s)): relax every edge, round after round",
            note: "After round i every shortest path of at most i edges is found; n − 1 rounds find them all, unless a negative cycle makes paths ever shorter.", always: true
        ) { p, d in
            p.begin([], in: &d)
            for i in p.graph.nodes.indices { p.setBadge(i, "∞", role: .muted, in: &d) }
            p.setBadge(s, "0", in: &d)
            p.setRole(s, .frontier, in: &d)
        }
        // Each edge in each direction it can be taken.
        let arcs = graph.edges.indices.flatMap { k -> [(k: Int, u: Int, v: Int)] in
            let e = graph.edges[k]
            return graph.directed || e.from == e.to ? [(k, e.from, e.to)] : [(k, e.from, e.to), (k, e.to, e.from)]
        }
        var round = 0
        var changed = true
        while changed, round < n - 1 {
            round += 1
            changed = false
            var count = 0
            for (k, u, v) in arcs {
                // Every edge is looked at in every round; one that does not
                // relax passes quickly.
                guard dist[u].isFinite, dist[u] + graph.edges[k].cost < dist[v] else {
                    codeLine = 4
                    glance(k, "round \(round): \(edgeName(k, from: u)): " + (dist[u].isFinite
                        ? "\(dist[u].shown(places)) + \(graph.edges[k].cost.addend(places)) = \((dist[u] + graph.edges[k].cost).shown(places)) ≥ \(dist[v].shown(places)): no change"
                        : "\(name(u)) is not reached yet (∞): no change"), quick: true)
                    continue
                }
                let through = dist[u] + graph.edges[k].cost
                let sum = "\(dist[u].shown(places)) + \(graph.edges[k].cost.addend(places)) = \(through.shown(places)) < \(dist[v].shown(places))"
                let oldEdge = parentEdge[v]
                dist[v] = through
                parentEdge[v] = k
                changed = true
                count += 1
                codeLine = 5
                play("round \(round): relax \(edgeName(k, from: u)): \(sum)", rest: Self.rest * 0.7) { p, d in
                    if let oldEdge { p.setEdge(oldEdge, .normal, in: &d) }
                    p.setEdge(k, .accent, in: &d)
                    p.setRole(v, .frontier, in: &d)
                    p.setBadge(v, through.shown(places), in: &d)
                }
            }
            let r = round
            codeLine = 2
            play(changed ? "round \(r) done: \(count) distance\(count == 1 ? "" : "s") fell" : "round \(r) changed nothing: the distances are final", rest: Self.rest) { _, _ in }
        }
        // One more pass: an edge that still relaxes lies on or after a
        // negative cycle.
        if changed, let (k, _, v) = arcs.first(where: { dist[$0.u].isFinite && dist[$0.u] + graph.edges[$0.k].cost < dist[$0.v] }) {
            parentEdge[v] = k
            let (nodes, edges) = negativeCycle(from: v, parentEdge: parentEdge)
            let total = edges.reduce(0) { $0 + graph.edges[$1].cost }
            let words = (nodes + [nodes[0]]).map(name).joined(separator: " → ")
            codeLine = 7
            play("after \(n - 1) rounds \(edgeName(k)) still relaxes: a negative cycle \(words), total \(total.shown(places))", rest: closing, always: true) { p, d in
                for k in edges { p.setEdge(k, .cycle, in: &d) }
                for i in nodes { p.setRole(i, .tint(0), in: &d) }
                d.marks.remove(Self.ring)
            }
            return
        }
        if changed {
            // The check after n − 1 rounds: one more pass, and no edge relaxes.
            codeLine = 6
            play("after \(n - 1) rounds, one more pass over every edge: none relaxes, so no negative cycle", rest: Self.rest) { _, _ in }
        }
        if let goal, dist[goal].isFinite {
            codeLine = .some(nil)
            showPath(to: goal, parentEdge: parentEdge, caption: "shortest path to \(name(goal)): length \(dist[goal].shown(places))")
        } else {
            codeLine = 8
            play("Bellman-Ford done after \(round) round\(round == 1 ? "" : "s"): no negative cycle", rest: closing, always: true) { p, d in
                for i in p.graph.nodes.indices where dist[i].isFinite { p.setRole(i, .done, in: &d) }
            }
        }
    }

    /// The cycle reached by walking `parentEdge` back from `v` n times
    /// (which lands on the cycle), in order along the edges.
    func negativeCycle(from v: Int, parentEdge: [Int?]) -> (nodes: [Int], edges: [Int]) {
        func parent(_ x: Int) -> (node: Int, edge: Int)? {
            guard let k = parentEdge[x] else { return nil }
            let e = graph.edges[k]
            return (e.to == x ? e.from : e.to, k)
        }
        var x = v
        for _ in 0..<graph.nodes.count { x = parent(x)?.node ?? x }
        var nodes = [x], edges = [Int]()
        var y = x
        while let (p, k) = parent(y) {
            edges.append(k)
            if p == x { break }
            nodes.append(p)
            y = p
        }
        return (nodes.reversed(), edges.reversed())
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
