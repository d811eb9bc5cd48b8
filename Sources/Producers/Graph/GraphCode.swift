import Diagram

extension GraphAlgorithm {
    /// The algorithm as a textbook writes it (CLRS's procedures, Kahn's and
    /// Tarjan's in the same notation): what the code panel shows
    /// (`--code`), each step of the run lighting its line.
    var pseudocode: CodeListing {
        switch self {
        case .bfs:
            CodeListing("BFS(G, s)", [
                "for each vertex u: u.d = ∞",
                "s.d = 0; Q = ⟨s⟩",
                "while Q ≠ ∅",
                "  u = DEQUEUE(Q)",
                "  for each v in G.Adj[u]",
                "    if v.d == ∞",
                "      v.d = u.d + 1; v.π = u",
                "      ENQUEUE(Q, v)",
            ])
        case .dfs, .topoDFS:
            CodeListing(self == .dfs ? "DFS(G)" : "TOPOLOGICAL-SORT(G)", [
                "for each vertex u in G.V",
                "  if u.color == WHITE: DFS-VISIT(G, u)",
                "DFS-VISIT(G, u):",
                "  time = time + 1; u.d = time",
                "  for each v in G.Adj[u]",
                "    if v.color == WHITE",
                "      v.π = u; DFS-VISIT(G, v)",
                "    else name the edge (u, v)",
                "  time = time + 1; u.f = time",
            ] + (self == .topoDFS ? ["  put u at the front of the order"] : []))
        case .dijkstra, .astar:
            CodeListing(self == .dijkstra ? "DIJKSTRA(G, w, s)" : "A*(G, w, s, t)", [
                "for each vertex v: v.d = ∞",
                "s.d = 0; Q = {s}",
                "while Q ≠ ∅",
                self == .dijkstra ? "  u = EXTRACT-MIN(Q)" : "  u = the v in Q of least v.d + h(v)",
                "  for each v in G.Adj[u]",
                "    if u.d + w(u, v) < v.d",
                "      v.d = u.d + w(u, v); v.π = u",
            ])
        case .bellmanFord:
            CodeListing("BELLMAN-FORD(G, w, s)", [
                "for each vertex v: v.d = ∞",
                "s.d = 0",
                "for i = 1 to |G.V| − 1",
                "  for each edge (u, v) in G.E",
                "    if u.d + w(u, v) < v.d",
                "      v.d = u.d + w(u, v); v.π = u",
                "for each edge (u, v) in G.E",
                "  if u.d + w(u, v) < v.d: return FALSE",
                "return TRUE",
            ])
        case .prim:
            CodeListing("MST-PRIM(G, w, r)", [
                "for each vertex u: u.key = ∞",
                "r.key = 0; Q = G.V",
                "while Q ≠ ∅",
                "  u = EXTRACT-MIN(Q)",
                "  for each v in G.Adj[u]",
                "    if v ∈ Q and w(u, v) < v.key",
                "      v.π = u; v.key = w(u, v)",
            ])
        case .kruskal:
            CodeListing("MST-KRUSKAL(G, w)", [
                "A = ∅; MAKE-SET(v) for each vertex v",
                "sort G.E by weight",
                "for each edge (u, v), lightest first",
                "  if FIND-SET(u) ≠ FIND-SET(v)",
                "    A = A ∪ {(u, v)}; UNION(u, v)",
                "return A",
            ])
        case .topo:
            CodeListing("TOPOLOGICAL-SORT(G) (Kahn)", [
                "count each vertex's in-degree",
                "Q = the vertices of in-degree 0",
                "while Q ≠ ∅",
                "  u = DEQUEUE(Q); add u to the order",
                "  for each v in G.Adj[u]",
                "    v.in = v.in − 1",
                "    if v.in == 0: ENQUEUE(Q, v)",
            ])
        case .scc:
            CodeListing("TARJAN-SCC(G)", [
                "for each v with no index: VISIT(v)",
                "VISIT(v):",
                "  v.index = v.low = i++; push v",
                "  for each w in G.Adj[v]",
                "    if w has no index",
                "      VISIT(w); v.low = min(v.low, w.low)",
                "    elseif w is on the stack",
                "      v.low = min(v.low, w.index)",
                "  if v.low == v.index",
                "    pop a component down to v",
            ])
        case .components:
            CodeListing("CONNECTED-COMPONENTS(G)", [
                "c = 0",
                "for each vertex u",
                "  if u has no component",
                "    c = c + 1; search from u,",
                "    putting each vertex found in c",
            ])
        }
    }
}

extension GraphPlayer {
    /// Starts showing `algorithm`'s listing with the run's first step.
    mutating func startCode(_ algorithm: GraphAlgorithm) {
        guard options.code, batch == 1 else { return }
        listing = algorithm.pseudocode
        listingShown = false
    }

    /// Sets the code panel for the step being written: the listing on its
    /// run's first step, else the line `codeLine` names (none when it says
    /// none), which is then used up.
    mutating func showCode(_ s: inout StepBuilder) {
        let line = codeLine
        codeLine = nil
        guard options.code, batch == 1, let listing else { return }
        if !listingShown {
            s.code(listing, line: line ?? nil)
            listingShown = true
        } else if let line {
            s.line(line)
        }
    }
}
