import Diagram
import Foundation
import Graphs
import Producers
import SwiftGraph
import Testing
import TestSupport
import Trees

/// Every algorithm over 200 random graphs: what the animation shows at its
/// end (badges, captions, the total), read from the scene dump, equals a
/// reference computed apart: SwiftGraph where it has the algorithm, the
/// textbook version written here where it does not.
@Suite(.tags(.sweep)) struct GraphAlgorithmLawTests {
    static let seeds = Array(UInt64(1)...200)

    // MARK: References

    static func unweighted(_ g: Graphs.Graph) -> UnweightedGraph<String> {
        let r = UnweightedGraph<String>(vertices: g.nodes.map(\.name))
        for e in g.edges { r.addEdge(fromIndex: e.from, toIndex: e.to, directed: g.directed) }
        return r
    }

    static func weighted(_ g: Graphs.Graph) -> WeightedGraph<String, Double> {
        let r = WeightedGraph<String, Double>(vertices: g.nodes.map(\.name))
        for e in g.edges { r.addEdge(fromIndex: e.from, toIndex: e.to, weight: e.cost, directed: g.directed) }
        return r
    }

    /// CLRS's DFS from `start`, then from every node in order, neighbours
    /// in edge order: discovery and finish times.
    static func dfsTimes(_ g: Graphs.Graph, start: Int) -> (d: [Int], f: [Int]) {
        let adj = g.adjacency()
        var d = [Int](repeating: 0, count: g.nodes.count), f = d, time = 0
        func visit(_ u: Int) {
            time += 1
            d[u] = time
            for (_, v) in adj[u] where d[v] == 0 { visit(v) }
            time += 1
            f[u] = time
        }
        for u in [start] + Array(g.nodes.indices) where d[u] == 0 { visit(u) }
        return (d, f)
    }

    /// Bellman-Ford: distances, or nil when a negative cycle is reachable.
    static func bellmanFord(_ g: Graphs.Graph, from s: Int) -> [Double]? {
        var dist = [Double](repeating: .infinity, count: g.nodes.count)
        dist[s] = 0
        let arcs = g.edges.flatMap { e in g.directed ? [(e.from, e.to, e.cost)] : [(e.from, e.to, e.cost), (e.to, e.from, e.cost)] }
        for _ in 0..<g.nodes.count {
            for (u, v, w) in arcs where dist[u] + w < dist[v] { dist[v] = dist[u] + w }
        }
        return arcs.contains { dist[$0.0] + $0.2 < dist[$0.1] } ? nil : dist
    }

    /// A minimum spanning forest's weight (Kruskal, written plainly).
    static func forestWeight(_ g: Graphs.Graph) -> Double {
        var parent = Array(g.nodes.indices)
        func root(_ x: Int) -> Int { parent[x] == x ? x : root(parent[x]) }
        var total = 0.0
        for e in g.edges.sorted(by: { $0.cost < $1.cost }) where root(e.from) != root(e.to) {
            parent[root(e.from)] = root(e.to)
            total += e.cost
        }
        return total
    }

    /// The parts of a partition, as sets of names.
    static func parts(_ label: [String: String]) -> Set<Set<String>> {
        Set(Dictionary(grouping: label.keys, by: { label[$0]! }).values.map(Set.init))
    }

    /// Kosaraju's strongly connected components.
    static func sccs(_ g: Graphs.Graph) -> Set<Set<String>> {
        let n = g.nodes.count
        var out = [[Int]](repeating: [], count: n), into = out
        for e in g.edges {
            out[e.from].append(e.to)
            into[e.to].append(e.from)
        }
        var seen = [Bool](repeating: false, count: n), order = [Int]()
        func first(_ u: Int) {
            seen[u] = true
            for v in out[u] where !seen[v] { first(v) }
            order.append(u)
        }
        for u in 0..<n where !seen[u] { first(u) }
        var comp = [Int](repeating: -1, count: n), c = 0
        func second(_ u: Int) {
            comp[u] = c
            for v in into[u] where comp[v] < 0 { second(v) }
        }
        for u in order.reversed() where comp[u] < 0 {
            second(u)
            c += 1
        }
        return Set(Dictionary(grouping: 0..<n, by: { comp[$0] }).values.map { Set($0.map { g.nodes[$0].name }) })
    }

    // MARK: Laws

    @Test func bfsLevelsAreTheDistancesInEdges() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed)
            let badges = GraphBoard.badges(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.bfs, from: "n0"))), graph: g)
            let reference = Self.unweighted(g)
            for (i, node) in g.nodes.enumerated() {
                let path = reference.bfs(fromIndex: 0, toIndex: i)
                let level = i == 0 ? "0" : path.isEmpty ? "∞" : String(path.count)
                #expect(badges[node.name] == level, "seed \(seed): \(node.name)")
            }
        }
    }

    @Test func dfsTimesAreCLRSs() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed)
            let start = Int(seed) % g.nodes.count
            let badges = GraphBoard.badges(
                try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.dfs, from: "n\(start)"))), graph: g)
            let (d, f) = Self.dfsTimes(g, start: start)
            for (i, node) in g.nodes.enumerated() { #expect(badges[node.name] == "\(d[i])/\(f[i])", "seed \(seed): \(node.name)") }
        }
    }

    /// CLRS's figure 22.4: every edge carries its class's letter at the
    /// end (T, B, F, C as in figure 22.5), so the class is never told by
    /// colour alone, and the last caption names the letters.
    @Test func dfsEdgesCarryTheirClassLettersAsInCLRS() throws {
        var g = Graph(directed: true)
        for name in ["u", "v", "w", "x", "y", "z"] { _ = g.node(named: name) }
        let index = Dictionary(uniqueKeysWithValues: g.nodes.enumerated().map { ($1.name, $0) })
        let edges = [("u", "v"), ("u", "x"), ("x", "v"), ("v", "y"), ("y", "x"), ("w", "y"), ("w", "z"), ("z", "z")]
        for (a, b) in edges { g.edges.append(Graph.Edge(from: index[a]!, to: index[b]!)) }
        let frame = try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.dfs, from: "u")))
        let labels = (frame["edges"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["T", "F", "B", "T", "T", "C", "T", "B"])
        #expect(GraphBoard.caption(frame).hasSuffix("edges T tree, B back, F forward, C cross"))
        // The depth-first topological order (of a graph with no cycle, so
        // no back edge) letters its edges too, and names the letters.
        for seed in Self.seeds {
            let dag = GraphBoard.graph(seed: seed, shape: .acyclic)
            let last = try GraphBoard.lastFrame(try GraphBoard.timeline(dag, GraphRun(.topoDFS)))
            let letters = (last["edges"] as? [[String: Any]] ?? []).compactMap { ($0["label"] as? String)?.split(separator: " ").first }
            #expect(letters.count == dag.edges.count && letters.allSatisfy { ["T", "F", "C"].contains($0) }, "seed \(seed): \(letters)")
            #expect(GraphBoard.caption(last).hasSuffix("; edges T tree, F forward, C cross"), "seed \(seed)")
        }
    }

    /// Tarjan's search letters the edges it colours as DFS does: T for a
    /// tree edge, B for one back to an ancestor on the stack, C for one
    /// across to a node on the stack (the edges it leaves uncoloured have
    /// none), and the last caption names the letters drawn.
    @Test func sccEdgesCarryLettersForTheirColours() throws {
        var g = Graph(directed: true)
        for name in ["a", "b", "c", "d", "e"] { _ = g.node(named: name) }
        let index = Dictionary(uniqueKeysWithValues: g.nodes.enumerated().map { ($1.name, $0) })
        // a→b→c→a a cycle (c→a back); b→d, d→e, e→c: c is on the stack, in another branch (cross).
        for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("b", "d"), ("d", "e"), ("e", "c")] {
            g.edges.append(Graph.Edge(from: index[a]!, to: index[b]!))
        }
        let frame = try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.scc, from: "a")))
        let edges = frame["edges"] as? [[String: Any]] ?? []
        let labels = edges.map { $0["label"] as? String ?? "" }
        #expect(labels == ["T", "T", "B", "T", "T", "C"], "\(labels)")
        #expect(GraphBoard.caption(frame).hasSuffix("; edges T tree, B back, C cross"), "\(GraphBoard.caption(frame))")
    }

    /// CLRS's figure 24.4: each round looks at every edge, those that do
    /// not relax as quick glances (running accounts, shown once the caption
    /// before is read), and a negative weight is written in brackets.
    @Test func bellmanFordLooksAtEveryEdgeInEveryRound() throws {
        var g = Graph(directed: true)
        for name in ["s", "t", "x", "y", "z"] { _ = g.node(named: name) }
        let index = Dictionary(uniqueKeysWithValues: g.nodes.enumerated().map { ($1.name, $0) })
        let edges: [(String, String, Double)] = [
            ("t", "x", 5), ("t", "y", 8), ("t", "z", -4), ("x", "t", -2), ("y", "x", -3), ("y", "z", 9), ("z", "x", 7), ("z", "s", 2),
            ("s", "t", 6), ("s", "y", 7),
        ]
        for (a, b, w) in edges { g.edges.append(Graph.Edge(from: index[a]!, to: index[b]!, weight: w)) }
        var options = GraphOptions()
        options.stage = Stage(GraphBoard.settings)
        let script = try GraphAnimation(graph: g, runs: [GraphRun(.bellmanFord, from: "s")], options: options, labels: BSTBoard.labels).script
        let captions = script.steps.compactMap(\.caption)
        for round in 1...4 {
            let looked = script.steps.filter { $0.caption?.hasPrefix("round \(round): ") == true }
            #expect(looked.count == edges.count, "round \(round): \(looked.compactMap(\.caption))")
            #expect(looked.filter(\.tally).allSatisfy { $0.caption?.hasSuffix(": no change") == true })
        }
        // CLRS's edge order: round 1 relaxes only s's edges; t→z (−4) relaxes in round 2.
        #expect(captions.contains("round 2: relax t→z: 6 + (−4) = 2 < ∞"), "\(captions)")
        #expect(captions.last == "Bellman-Ford done after 4 rounds: no negative cycle")
    }

    @Test func dijkstraDistancesAreSwiftGraphs() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed)
            let badges = GraphBoard.badges(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.dijkstra, from: "n0"))), graph: g)
            let (distances, _) = Self.weighted(g).dijkstra(root: 0, startDistance: 0)
            for (i, node) in g.nodes.enumerated() {
                #expect(GraphBoard.number(badges[node.name] ?? "") == distances[i] ?? .infinity, "seed \(seed): \(node.name)")
            }
        }
    }

    @Test func bellmanFordFindsTheDistancesOrTheNegativeCycle() throws {
        var cycles = 0
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed, directed: true, negative: true)
            let frame = try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.bellmanFord, from: "n0")))
            guard let reference = Self.bellmanFord(g, from: 0) else {
                cycles += 1
                let caption = GraphBoard.caption(frame)
                #expect(caption.contains("negative cycle"), "seed \(seed): \(caption)")
                // The cycle named adds up below zero.
                let total = caption.components(separatedBy: "total ").last.flatMap(GraphBoard.number)
                #expect((total ?? 0) < 0, "seed \(seed): \(caption)")
                continue
            }
            let badges = GraphBoard.badges(frame, graph: g)
            for (i, node) in g.nodes.enumerated() {
                #expect(GraphBoard.number(badges[node.name] ?? "") == reference[i], "seed \(seed): \(node.name)")
            }
        }
        #expect(cycles > 10 && cycles < 190, "the graphs should have and lack negative cycles (\(cycles) had)")
    }

    /// A relaxation through a negative edge is written as by hand, the
    /// negative number in brackets.
    @Test func aNegativeWeightIsBracketedInASum() throws {
        var g = Graphs.Graph(directed: true)
        for name in ["s", "a", "b"] { _ = g.node(named: name) }
        g.edges = [Graphs.Graph.Edge(from: 0, to: 1, weight: 6), Graphs.Graph.Edge(from: 1, to: 2, weight: -4)]
        let t = try GraphBoard.timeline(g, GraphRun(.bellmanFord, from: "s"))
        let captions = t.cues.map(\.text)
        #expect(captions.contains { $0.contains("6 + (−4) = 2") }, "\(captions)")
        #expect(!captions.contains { $0.contains("+ −") }, "\(captions)")
    }

    @Test func astarFindsDijkstrasDistanceToTheGoal() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed, shape: .placed)
            let goal = g.nodes.count - 1
            let frame = try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.astar, from: "n0", to: "n\(goal)")))
            let (distances, _) = Self.weighted(g).dijkstra(root: 0, startDistance: 0)
            let badges = GraphBoard.badges(frame, graph: g)
            let shown = GraphBoard.number(badges["n\(goal)"] ?? "")
            if let d = distances[goal] {
                #expect(shown == d, "seed \(seed)")
                #expect(GraphBoard.caption(frame) == "shortest path to n\(goal): length \(Graphs.Graph.text(of: d))", "seed \(seed)")
            } else {
                #expect(shown == .infinity, "seed \(seed)")
            }
        }
    }

    @Test func primAndKruskalWeighAMinimumSpanningForest() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed, directed: false)
            let kruskal = GraphBoard.caption(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.kruskal))))
            let forest = Self.forestWeight(g)
            #expect(kruskal.contains("total weight \(Graphs.Graph.text(of: forest))"), "seed \(seed): \(kruskal)")
            let prim = try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.prim, from: "n0")))
            // Prim spans n0's component: SwiftGraph's Jarník does the same.
            let reference = Self.weighted(g).mst(start: 0).flatMap { totalWeight($0) } ?? 0
            #expect(GraphBoard.caption(prim).contains("weighs \(Graphs.Graph.text(of: reference))"), "seed \(seed): \(GraphBoard.caption(prim))")
        }
    }

    /// Positions `#k` read back as an order, checked against every edge.
    static func order(_ badges: [String: String], _ g: Graphs.Graph) -> [String: Int] {
        badges.compactMapValues { $0.hasPrefix("#") ? Int($0.dropFirst()) : nil }
    }

    @Test func topologicalOrdersPutEveryEdgeForward() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed, shape: .acyclic)
            let kahn = Self.order(GraphBoard.badges(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.topo))), graph: g), g)
            let dfs = Self.order(GraphBoard.badges(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.topoDFS))), graph: g), g)
            for order in [kahn, dfs] {
                #expect(Set(order.values) == Set(1...g.nodes.count), "seed \(seed)")
                for e in g.edges {
                    #expect(order[g.nodes[e.from].name]! < order[g.nodes[e.to].name]!, "seed \(seed): \(e.from)→\(e.to)")
                }
            }
            // The DFS version is the reverse of CLRS's finish order.
            let (_, f) = Self.dfsTimes(g, start: 0)
            let byFinish = g.nodes.indices.sorted { f[$0] > f[$1] }.map { g.nodes[$0].name }
            #expect(byFinish == g.nodes.map(\.name).sorted { dfs[$0]! < dfs[$1]! }, "seed \(seed)")
            // SwiftGraph finds the graph sortable too.
            #expect(Self.unweighted(g).topologicalSort() != nil)
        }
    }

    @Test func componentsAreTheReferencePartitions() throws {
        for seed in Self.seeds {
            let g = GraphBoard.graph(seed: seed, directed: true)
            let scc = GraphBoard.badges(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.scc))), graph: g)
            #expect(Self.parts(scc) == Self.sccs(g), "seed \(seed)")
            let weak = GraphBoard.badges(try GraphBoard.lastFrame(try GraphBoard.timeline(g, GraphRun(.components))), graph: g)
            var parent = Array(g.nodes.indices)
            func root(_ x: Int) -> Int { parent[x] == x ? x : root(parent[x]) }
            for e in g.edges where root(e.from) != root(e.to) { parent[root(e.from)] = root(e.to) }
            let reference = Set(Dictionary(grouping: g.nodes.indices, by: root).values.map { Set($0.map { g.nodes[$0].name }) })
            #expect(Self.parts(weak) == reference, "seed \(seed)")
        }
    }
}
