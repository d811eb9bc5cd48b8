import Diagram
import Graphs

extension GraphPlayer {
    /// Kahn's topological sort: in-degrees as badges, the nodes with none
    /// in a queue, the order built in a second row; each edge out of an
    /// output node fades as it is removed. (The graph is known to have no
    /// cycle.)
    mutating func kahn() {
        let n = graph.nodes.count
        var indegree = [Int](repeating: 0, count: n)
        for e in graph.edges { indegree[e.to] += 1 }
        var queue = (0..<n).filter { indegree[$0] == 0 }, head = 0
        var placed = 0
        let first = queue
        codeLine = 1
        play(
            "Topological sort (Kahn): count each node's in-degree; those with none may go first",
            note: "A node is output once no edge comes into it from a node not yet output: its in-degree (the badge) falls as those nodes go.", always: true
        ) { p, d in
            p.begin(["queue", "order"], badges: ["#\(n)", "\(n)"], in: &d)
            for i in 0..<n { p.setBadge(i, String(indegree[i]), in: &d) }
            for i in first {
                p.setRole(i, .frontier, in: &d)
                p.push(0, i, p.name(i), in: &d)
            }
        }
        while head < queue.count {
            let u = queue[head]
            head += 1
            placed += 1
            let position = placed
            codeLine = 3
            play("dequeue \(name(u)): it is number \(position) in the order", ring: u) { p, d in
                p.take(0, at: 0, in: &d)
                p.push(1, u, p.name(u), in: &d)
                p.setRole(u, .done, in: &d)
                p.setBadge(u, "#\(position)", in: &d)
            }
            for (k, v) in adjacency[u] {
                indegree[v] -= 1
                let left = indegree[v]
                if left == 0 { queue.append(v) }
                codeLine = left == 0 ? 6 : 5
                play("remove \(edgeName(k)): \(name(v))'s in-degree falls to \(left)" + (left == 0 ? ": it enters the queue" : "")) { p, d in
                    p.setEdge(k, .normal, opacity: 0.25, in: &d)
                    p.setBadge(v, String(left), in: &d)
                    if left == 0 {
                        p.setRole(v, .frontier, in: &d)
                        p.push(0, v, p.name(v), in: &d)
                    }
                }
            }
        }
        codeLine = .some(nil)
        play("a topological order: \(Self.order(queue.map(name)))", rest: closing, always: true) { p, d in
            d.marks.remove(Self.ring)
            for k in p.graph.edges.indices { p.setEdge(k, .normal, in: &d) }
        }
    }

    /// Tarjan's strongly connected components: index/low-link badges, the
    /// stack as a row; each component, found at its root, takes a tint and
    /// its number.
    mutating func tarjan() {
        let n = graph.nodes.count
        var index = [Int?](repeating: nil, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack = [Int]()
        var counter = 0, components = 0
        // The letters drawn on edges, so the last caption names them.
        var letters = Set<String>()
        codeLine = 0
        play(
            "Strongly connected components (Tarjan): each node gets an index and a low-link",
            note: "low(v) is the smallest index reachable from v's subtree by at most one back edge to the stack; a node whose low-link is its own index is the root of a component, which is popped off the stack.", always: true
        ) { p, d in p.begin(["stack"], badges: ["\(n)/\(n)", "C\(n)"], in: &d) }
        for root in 0..<n where index[root] == nil {
            var calls = [(node: root, next: 0)]
            func enter(_ v: Int, via k: Int?, player: inout GraphPlayer) {
                index[v] = counter
                low[v] = counter
                counter += 1
                stack.append(v)
                onStack[v] = true
                let i = counter - 1
                player.codeLine = 2
                if k != nil { letters.insert("T") }
                player.play("visit \(player.name(v)): index \(i), low-link \(i); push it", ring: v) { p, d in
                    if let k {
                        p.setEdge(k, .accent, in: &d)
                        p.classLetter(k, "T", in: &d)
                    }
                    p.setRole(v, .frontier, in: &d)
                    p.setBadge(v, "\(i)/\(i)", in: &d)
                    p.push(0, v, p.name(v), in: &d)
                }
            }
            enter(root, via: nil, player: &self)
            while let top = calls.last {
                let u = top.node
                if top.next < adjacency[u].count {
                    calls[calls.count - 1].next += 1
                    let (k, v) = adjacency[u][top.next]
                    if index[v] == nil {
                        calls.append((v, 0))
                        enter(v, via: k, player: &self)
                    } else if onStack[v], index[v]! < low[u] {
                        low[u] = index[v]!
                        let (iu, l) = (index[u]!, low[u])
                        // On the stack: an ancestor in the search (a back
                        // edge) or a node of a branch not yet popped (a cross edge).
                        let back = calls.contains { $0.node == v }
                        let letter = back ? "B" : "C"
                        letters.insert(letter)
                        codeLine = 7
                        play("\(edgeName(k)): \(name(v)) is on the stack: low(\(name(u))) = \(l)", rest: Self.rest * 0.8) { p, d in
                            p.setEdge(k, back ? .back : .cross, in: &d)
                            p.classLetter(k, letter, in: &d)
                            p.setBadge(u, "\(iu)/\(l)", in: &d)
                        }
                    }
                    continue
                }
                calls.removeLast()
                if let parent = calls.last?.node, low[u] < low[parent] {
                    low[parent] = low[u]
                    let (ip, l) = (index[parent]!, low[parent])
                    codeLine = 5
                    play("back from \(name(u)): low(\(name(parent))) = \(l)", ring: parent, rest: Self.rest * 0.8) { p, d in
                        p.setBadge(parent, "\(ip)/\(l)", in: &d)
                    }
                }
                guard low[u] == index[u]! else { continue }
                var members = [Int]()
                while let w = stack.popLast() {
                    onStack[w] = false
                    members.append(w)
                    if w == u { break }
                }
                components += 1
                let (c, m, rest) = (components, members, stack)
                codeLine = 9
                play(
                    "low(\(name(u))) = index(\(name(u))): pop component \(c): \(members.map(name).joined(separator: ", "))",
                    ring: u
                ) { p, d in
                    p.setRow(0, rest.map { ($0, p.name($0)) }, in: &d)
                    for w in m {
                        p.setRole(w, .tint(c - 1), in: &d)
                        p.setBadge(w, "C\(c)", in: &d)
                    }
                }
            }
        }
        let c = components
        let named = [("T", "tree"), ("B", "back"), ("C", "cross")].filter { letters.contains($0.0) }.map { "\($0.0) \($0.1)" }
        codeLine = .some(nil)
        play("\(c) strongly connected component\(c == 1 ? "" : "s")" + (named.isEmpty ? "" : "; edges \(named.joined(separator: ", "))"),
             rest: closing, always: true) { p, d in d.marks.remove(Self.ring) }
    }

    /// Connected components (weakly connected in a directed graph): each
    /// found by a search from the first node not yet in one, its nodes
    /// tinted and numbered.
    mutating func components() {
        let n = graph.nodes.count
        var component = [Int?](repeating: nil, count: n)
        // Both directions: a directed graph's weak components.
        var around = [[(edge: Int, node: Int)]](repeating: [], count: n)
        for (k, e) in graph.edges.enumerated() {
            around[e.from].append((k, e.to))
            if e.from != e.to { around[e.to].append((k, e.from)) }
        }
        codeLine = 0
        play(
            graph.directed ? "Weakly connected components: edges taken either way" : "Connected components: search from each node not yet reached",
            note: "Each search reaches exactly one component; the next starts at the first node no search has reached.", always: true
        ) { p, d in p.begin([], badges: ["C\(n)"], in: &d) }
        var count = 0
        for root in 0..<n where component[root] == nil {
            count += 1
            let c = count
            component[root] = c
            codeLine = 3
            play("component \(c) starts at \(name(root))", ring: root) { p, d in
                p.setRole(root, .tint(c - 1), in: &d)
                p.setBadge(root, "C\(c)", in: &d)
            }
            var queue = [root], head = 0
            while head < queue.count {
                let u = queue[head]
                head += 1
                for (k, v) in around[u] where component[v] == nil {
                    component[v] = c
                    queue.append(v)
                    codeLine = 4
                    play("\(edgeName(k)): \(name(v)) is in component \(c)", rest: Self.rest * 0.6) { p, d in
                        p.setEdge(k, .accent, in: &d)
                        p.setRole(v, .tint(c - 1), in: &d)
                        p.setBadge(v, "C\(c)", in: &d)
                    }
                }
            }
        }
        let c = count
        codeLine = .some(nil)
        play("\(c) component\(c == 1 ? "" : "s")", rest: closing, always: true) { p, d in d.marks.remove(Self.ring) }
    }
}

extension GraphPlayer {
    /// An order of `names` as a caption says it: all of them when they
    /// are short to say; else the first few (about 60 characters), and
    /// where the whole order is read (the numbers beside the nodes), so
    /// that the caption fits the frame at a size that reads.
    static func order(_ names: [String]) -> String {
        let all = names.joined(separator: ", ")
        guard all.count > 80 else { return all }
        var said = [String](), length = 0
        for name in names {
            // In order: the first that does not fit ends the list.
            guard said.isEmpty || length + name.count <= 60 else { break }
            said.append(name)
            length += name.count + 2
        }
        return said.joined(separator: ", ") + ", … (#1 to #\(names.count) beside the nodes)"
    }
}

