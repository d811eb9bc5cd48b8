import Diagram
import Graphs

extension GraphPlayer {
    /// Breadth-first search from `s`: a queue under the graph, each node
    /// coloured by its level as it leaves the queue, the BFS tree's edges
    /// lit, levels as badges (∞ for nodes not reached).
    mutating func bfs(from s: Int, to goal: Int?) {
        let n = graph.nodes.count
        var level = [Int?](repeating: nil, count: n)
        var parentEdge = [Int?](repeating: nil, count: n)
        level[s] = 0
        codeLine = 1
        play(
            "BFS from \(name(s)): \(name(s)) is at level 0 and enters the queue",
            note: "Breadth-first search visits nodes in order of their distance in edges from \(name(s)): a queue keeps the nodes found, first found, first expanded.", always: true
        ) { p, d in
            p.begin(["queue"], in: &d)
            for i in p.graph.nodes.indices { p.setBadge(i, "∞", role: .muted, in: &d) }
            p.setBadge(s, "0", in: &d)
            p.setRole(s, .frontier, in: &d)
            p.push(0, s, p.name(s), in: &d)
        }
        var queue = [s], head = 0
        while head < queue.count {
            let u = queue[head]
            head += 1
            let lu = level[u]!
            codeLine = 3
            play("dequeue \(name(u)) (level \(lu)): look at its neighbours", ring: u) { p, d in
                p.take(0, at: 0, in: &d)
                p.setRole(u, .tint(lu), in: &d)
            }
            if u == goal { break }
            var seen = [String]()
            for (k, v) in adjacency[u] where k != parentEdge[u] {
                if level[v] == nil {
                    level[v] = lu + 1
                    parentEdge[v] = k
                    queue.append(v)
                    let (nv, label) = (lu + 1, name(v))
                    codeLine = 6
                    play("\(edgeName(k, from: u)): \(label) is new, at level \(nv): its edge joins the BFS tree and it enters the queue") { p, d in
                        p.setEdge(k, .accent, in: &d)
                        p.setRole(v, .frontier, in: &d)
                        p.setBadge(v, String(nv), in: &d)
                        p.push(0, v, label, in: &d)
                    }
                } else {
                    seen.append(name(v))
                    codeLine = 5
                    glance(k, "\(edgeName(k, from: u)): \(name(v)) was found already (level \(level[v]!)): nothing to do")
                }
            }
        }
        let reached = level.compactMap { $0 }
        if let goal, level[goal] != nil {
            codeLine = .some(nil)
            showPath(to: goal, parentEdge: parentEdge, caption: "\(name(goal)) is \(counted(level[goal]!, "edge")) from \(name(s)): the BFS tree's path is a shortest one")
        } else {
            let missed = n - reached.count
            codeLine = .some(nil)
            play(
                "BFS done: \(counted(reached.count, "node")) reached in \(counted((reached.max() ?? 0) + 1, "level")); the lit edges are the BFS tree" + (missed > 0 ? "; \(missed) not reachable (∞)" : ""),
                rest: closing, always: true
            ) { p, d in d.marks.remove(Self.ring) }
        }
    }

    /// Depth-first search: from `s` (else the first node), then from each
    /// node not yet found, in order. The recursion stack is a row under the
    /// graph; discovery and finish times are badges (`d/f`); in a directed
    /// graph each non-tree edge is named back, forward or cross as it is
    /// met (in an undirected one, back). With `ordering` (a topological
    /// sort of a graph known to have no cycle), each node goes to the front
    /// of an order row as it finishes, and the order is the last step.
    mutating func dfs(from s: Int?, ordering: Bool = false) {
        let n = graph.nodes.count
        var discovered = [Int?](repeating: nil, count: n)
        var finished = [Int?](repeating: nil, count: n)
        var parentEdge = [Int?](repeating: nil, count: n)
        var time = 0
        var order = [Int]()
        if ordering {
            codeLine = 0
            play(
                "Topological sort by DFS: a node finishes after everything it leads to, so the reverse finish order is topological",
                note: "Run a depth-first search; when a node finishes, put it at the front of the order.", always: true
            ) { p, d in p.begin(["stack", "order"], badges: p.timeBadges, in: &d) }
        } else {
            codeLine = 0
            play(
                "DFS" + (s.map { " from \(name($0))" } ?? "") + ": each node gets a discovery and a finish time",
                note: "Depth-first search goes as deep as it can before it backs up; the stack holds the path it is on. A node's badge is discovery/finish time.", always: true
            ) { p, d in p.begin(["stack"], badges: p.timeBadges, in: &d) }
        }
        let starts = (s.map { [$0] } ?? []) + Array(0..<n)
        for root in starts where discovered[root] == nil {
            time += 1
            discovered[root] = time
            let t = time
            codeLine = 3
            play(root == s || s == nil && root == 0 ? "start at \(name(root)): discovered at time \(t)" : "\(name(root)) is not found yet: start again there (time \(t))", ring: root) { p, d in
                p.setRole(root, .frontier, in: &d)
                p.setBadge(root, "\(t)/", in: &d)
                p.push(0, root, p.name(root), in: &d)
            }
            // The recursion, as a stack of nodes and the next edge each
            // will look at: a graph of any depth runs without recursion.
            var stack = [(node: root, next: 0)]
            while let top = stack.last {
                let u = top.node
                if top.next < adjacency[u].count {
                    stack[stack.count - 1].next += 1
                    let (k, v) = adjacency[u][top.next]
                    if k == parentEdge[u], !graph.directed { continue }
                    if discovered[v] == nil {
                        time += 1
                        discovered[v] = time
                        parentEdge[v] = k
                        let t = time
                        stack.append((v, 0))
                        codeLine = 6
                        play("\(edgeName(k, from: u)): \(name(v)) is new: go deeper (discovered at \(t))", ring: v) { p, d in
                            p.setEdge(k, .accent, in: &d)
                            p.classLetter(k, "T", in: &d)
                            p.setRole(v, .frontier, in: &d)
                            p.setBadge(v, "\(t)/", in: &d)
                            p.push(0, v, p.name(v), in: &d)
                        }
                    } else {
                        let (role, words) = classify(u: u, v: v, discovered: discovered, finished: finished)
                        if graph.directed || finished[v] == nil {
                            codeLine = 7
                            play("\(edgeName(k, from: u)): \(words)", rest: Self.rest * 0.8) { p, d in
                                p.setEdge(k, role, in: &d)
                                p.classLetter(k, Self.letter(of: role), in: &d)
                            }
                        }
                    }
                } else {
                    stack.removeLast()
                    time += 1
                    finished[u] = time
                    if ordering { order.insert(u, at: 0) }
                    let (t, dt, o) = (time, discovered[u]!, order)
                    let words = ordering ? "to the front of the order" : "back up"
                    codeLine = ordering ? 9 : 8
                    play("\(name(u)) has no more new neighbours: finished at \(t), \(words)", ring: stack.last?.node ?? u, rest: Self.rest * 0.8) { p, d in
                        p.pop(0, in: &d)
                        p.setRole(u, .done, in: &d)
                        p.setBadge(u, "\(dt)/\(t)", in: &d)
                        if ordering { p.setRow(1, o.map { ($0, p.name($0)) }, in: &d) }
                    }
                }
            }
        }
        if ordering {
            let o = order
            codeLine = .some(nil)
            play("a topological order: \(Self.order(order.map(name))); edges T tree, F forward, C cross", rest: closing, always: true) { p, d in
                d.marks.remove(Self.ring)
                for (position, i) in o.enumerated() { p.setBadge(i, "#\(position + 1)", in: &d) }
            }
        } else {
            codeLine = .some(nil)
            play("DFS done: every node discovered and finished by time \(time); edges T tree, B back, F forward, C cross", rest: closing, always: true) { p, d in d.marks.remove(Self.ring) }
        }
    }

    /// The letter CLRS writes on an edge of each class (figure 22.5):
    /// tree, back, forward, cross; so the class is never told by its colour
    /// alone.
    static func letter(of role: Role) -> String {
        switch role {
        case .back: "B"
        case .forward: "F"
        case .cross: "C"
        default: "T"
        }
    }

    /// Edge `k` carries its class's letter, before its weight if it has one.
    func classLetter(_ k: Int, _ letter: String, in d: inout Diagram) {
        let weight = graph.edges[k].label
        d.edges[Self.edge(k)]?.label = weight.isEmpty ? letter : "\(letter) \(weight)"
    }

    /// A non-tree edge u→v met by a depth-first search: back to a node on
    /// the stack, forward to a finished descendant, else cross.
    func classify(u: Int, v: Int, discovered: [Int?], finished: [Int?]) -> (Role, String) {
        if finished[v] == nil {
            return (.back, "\(name(v)) is on the stack: a back edge" + (graph.directed ? ", so the graph has a cycle" : " (a cycle)"))
        }
        if graph.directed, let du = discovered[u], let dv = discovered[v], du < dv {
            return (.forward, "\(name(v)) is a finished descendant of \(name(u)): a forward edge")
        }
        return (.cross, "\(name(v)) is finished, in another branch: a cross edge")
    }
}
