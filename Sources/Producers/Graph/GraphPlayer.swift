import Diagram
import Geometry
import Graphs
import Tween

/// Writes a graph animation's script: the graph drawn where Graphviz laid
/// it out, then each algorithm run on it, step by step. Nodes stay where
/// they are; what changes is their state (colour, a ring on the one being
/// worked on, a badge with the value the algorithm keeps for it), the
/// edges' meaning (tree, back, rejected…), and the rows under the graph
/// (a queue, a stack, a priority queue, an order).
struct GraphPlayer: StepPlayer {
    var builder: ScriptBuilder
    let graph: Graph
    let geometry: GraphGeometry
    let adjacency: [[(edge: Int, node: Int)]]
    let options: GraphOptions
    /// How many steps play as one: 1, unless every step one by one would
    /// play for more than three minutes (a large graph).
    let batch: Int
    /// The decimals numbers are shown with: as many as the file writes
    /// its weights with.
    let decimals: Int

    /// The rows: each a title and the items in it, left to right.
    var rows: [Row] = []
    /// Steps waiting to play together (``batch``): their changes, the last
    /// one's caption and the last ring.
    var pending: [(inout GraphPlayer, inout Diagram) -> Void] = []
    var pendingCaption = ""
    var pendingRing: Int?
    /// Items made so far: each item in a row has an id of its own, so that
    /// it glides along as the row changes.
    var serial = 0
    /// How long a run's last step rests: the final hold after the last.
    var closing = 2.0
    /// The sight whose legible window (``Sight/window(on:over:)``) the
    /// camera shows around a node when the whole graph
    /// cannot be read at once (its labels would fall under the legibility
    /// floor): each step then follows the node it is about, and the rows
    /// are left out. Nil when the whole graph reads.
    let follow: Sight?
    /// Whether the rows (queues, stacks, tables) and Kruskal's forest are
    /// drawn: only when they read together with the graph. A graph that
    /// reads alone but not with them is shown whole without them (a note
    /// says so), rather than followed node by node.
    let rowsShown: Bool
    /// The node the camera follows.
    var focus = 0
    /// How long the steps played so far last, kept so as to say how long
    /// they would play at any batch.
    var times = StepTimes()
    /// Whether the player only keeps ``times``, and writes no step: the
    /// algorithms run and say what they would show, at no cost of drawing.
    let timing: Bool

    struct Row {
        var title: String
        /// Each item's id, what it stands for (a node's or an edge's
        /// index) and its label.
        var items: [(id: ElementID, key: Int, label: String)] = []
        /// Its cells' width, for the widest label it will hold, and how
        /// many it shows.
        var cellWidth: Double
        var capacity: Int
        /// The role of its cells: waiting nodes (a queue) are `frontier`,
        /// a table's entries `normal`.
        var role: Role = .frontier
    }

    // Paces, in seconds at speed 1.
    static let move = 0.5
    /// The ring fading in on its first node.
    static let ringIn = 0.25
    static let rest = 0.9
    static let glance = 0.5

    /// The listing of the run being played (`--code`), whether a step has
    /// shown it yet, and the line the next step lights: `.some(nil)` for
    /// none, nil for the line before it.
    var listing: CodeListing?
    var listingShown = false
    var codeLine: Int??

    init(
        graph: Graph, geometry: GraphGeometry, options: GraphOptions, batch: Int, algorithms: [GraphAlgorithm],
        spots: BadgeSpotCache = BadgeSpotCache(), timing: Bool = false
    ) {
        spotCache = spots
        self.timing = timing
        self.graph = graph
        self.geometry = geometry
        self.options = options
        self.batch = batch
        decimals = graph.weightDecimals
        adjacency = graph.adjacency()
        let camera = Self.camera
        builder = ScriptBuilder(camera: camera, palette: .graph)
        builder.codeDrawing(options.stage.code?.drawing)
        let sight = Sight(stage: options.stage, camera: camera, smallest: geometry.labelSize * 0.85)
        let whole = Self.whole(geometry, graph, algorithms)
        rowsShown = !sight.tours(whole)
        if !rowsShown, !sight.tours(geometry.bounds), let left = Self.leftOut(graph, algorithms) {
            let px = options.stage.pixelSize
            let them = left.hasSuffix("are") ? "them" : "it"
            // The floor at which they would read together with the graph.
            let floor = Int((options.stage.legible * sight.zoom(whole) / sight.needed).rounded(.down))
            builder.note(
                "\(left) left out: the graph reads in one \(Int(px.width))×\(Int(px.height)) frame, but not with \(them)"
                    + (floor >= 8 ? "; --min-label-px \(floor) shows \(them), with smaller labels" : ""))
        }
        if sight.tours(geometry.bounds) {
            follow = sight
            builder.overview(geometry.bounds)
            // The camera's flight from the window on one node to the
            // window on another, as the timeline flies it (stage units),
            // and the ring's move between them, as it paces it.
            let (centres, bounds, frame) = (geometry.centres, geometry.bounds, options.stage.size)
            let viewport = options.stage.viewport(bottomBand: camera.bottomBand)
            let window = { (i: Int) in sight.window(on: centres[i], over: bounds).insetBy(dx: -sight.padding, dy: -sight.padding) }
            times.flight = { a, b in
                let (from, to) = (window(a), window(b))
                let view = CameraFlight.seconds(from: from, to: to, frame: frame, viewport: viewport, maxZoom: sight.maxZoom)
                let zoom = Camera.fitting(to, in: viewport, maxZoom: sight.maxZoom).zoom
                let ring = CameraFlight.markMove(seconds: Self.move, distance: centres[a].distance(to: centres[b]), zoom: zoom, frame: frame)
                return (view.flight, view.pan, ring)
            }
        } else {
            follow = nil
            if let warning = sight.forcedFit(rowsShown ? whole : geometry.bounds, what: "a graph of \(counted(graph.nodes.count, "node"))", touring: false, by: "--fit all") {
                builder.note(warning)
            }
        }
    }

    static let camera = CameraOptions(maxUnit: 0.16, padding: 0.25, animation: .easeInOut(duration: 0.7))

    /// How many rows a run of `algorithm` draws under the graph on `nodes`
    /// nodes (the titles its run begins with).
    static func rows(_ algorithm: GraphAlgorithm, nodes: Int) -> Int {
        switch algorithm {
        case .bellmanFord, .components: 0
        case .bfs, .dfs, .scc, .prim, .kruskal: 1
        case .topo, .topoDFS: 2
        case .dijkstra, .astar: nodes <= 10 ? 2 : 1
        }
    }

    /// What the runs would draw beside the graph, as the subject of a
    /// sentence with its verb (`the rows under the graph are`), or nil
    /// for nothing.
    static func leftOut(_ graph: Graph, _ algorithms: [GraphAlgorithm]) -> String? {
        let rows = algorithms.contains { Self.rows($0, nodes: graph.nodes.count) > 0 }
        let forest = algorithms.contains(.kruskal) && graph.nodes.count <= GraphGeometry.forestLimit
        switch (rows, forest) {
        case (true, true): return "the rows and the union-find forest are"
        case (true, false): return "the rows under the graph are"
        case (false, true): return "the union-find forest is"
        case (false, false): return nil
        }
    }

    /// Everything the runs of `algorithms` may show: the graph, their
    /// rows, Kruskal's forest.
    static func whole(_ geometry: GraphGeometry, _ graph: Graph, _ algorithms: [GraphAlgorithm]) -> Rect {
        parts(geometry, graph, algorithms).dropFirst().reduce(geometry.bounds) { $0.union($1) }
    }

    static func parts(_ geometry: GraphGeometry, _ graph: Graph, _ algorithms: [GraphAlgorithm]) -> [Rect] {
        let rows = algorithms.map { Self.rows($0, nodes: graph.nodes.count) }.max() ?? 0
        let forest = algorithms.contains(.kruskal) ? geometry.forestRegion(count: graph.nodes.count) : nil
        return [geometry.bounds] + [geometry.rowsRegion(rows), forest].compactMap { $0 }
    }

    /// The drawing the code panel stands beside: the graph and its rows,
    /// whose empty corner the panel may take when the camera shows them
    /// whole (a graph it tours has none).
    static func codeDrawing(_ geometry: GraphGeometry, _ graph: Graph, _ algorithms: [GraphAlgorithm], stage: Stage) -> CodeRoom.Drawing {
        var bare = stage
        bare.code = nil
        let whole = whole(geometry, graph, algorithms)
        if !Sight(stage: bare, camera: camera, smallest: geometry.labelSize * 0.85).tours(whole),
            let drawing = CodeRoom.Drawing(parts: parts(geometry, graph, algorithms), camera: camera)
        {
            return drawing
        }
        return CodeRoom.Drawing(region: whole.size, camera: camera)
    }

    /// What the camera does in a step about node `node`: fit everything,
    /// or follow the node, in a legible window kept over the graph.
    func camera(on node: Int?) -> CameraMove {
        guard let follow else { return .fit }
        return .region(follow.window(on: geometry.centres[node ?? focus], over: geometry.bounds))
    }

    // MARK: Ids

    static func node(_ i: Int) -> ElementID { ElementID("n", i) }
    static func edge(_ k: Int) -> ElementID { ElementID("e", k) }
    static func badge(_ i: Int) -> ElementID { ElementID("v", i) }
    static func rowTitle(_ r: Int) -> ElementID { ElementID("row", r) }
    static let ring: ElementID = "ring"
    static let total: ElementID = "total"

    func name(_ i: Int) -> String { graph.nodes[i].label }

    /// How an edge reads in a caption: `A→B` or `A–B`.
    func edgeName(_ k: Int, from u: Int? = nil) -> String {
        let e = graph.edges[k]
        let (a, b) = u == nil || u == e.from ? (e.from, e.to) : (e.to, e.from)
        return name(a) + (graph.directed ? "→" : "–") + name(b)
    }

    // MARK: The drawing

    func nodeElement(_ i: Int, role: Role = .normal) -> Node {
        let size = geometry.sizes[i]
        return .box(
            Self.node(i), at: geometry.centres[i], size: size,
            cornerRadius: geometry.circles ? size.width / 2 : 0.12, label: graph.nodes[i].label, labelSize: geometry.labelSize,
            role: role)
    }

    func edgeElement(_ k: Int, role: Role = .normal) -> Edge {
        let e = graph.edges[k]
        return Edge(
            id: Self.edge(k), from: Self.node(e.from), to: Self.node(e.to), route: .spline(geometry.curves[k]), kind: "graph",
            role: role, entrance: .fade, arrows: graph.directed ? .end : [], label: e.label,
            labelSize: geometry.labelSize * 0.85)
    }

    /// The badge beside node `i`: the value the algorithm keeps for it, at
    /// the spot the run found clear for it (``GraphGeometry/badgeSpots(for:in:obstacles:)``).
    func badge(_ i: Int, _ text: String, role: Role = .normal) -> TextElement {
        let s = geometry.sizes[i]
        let spot = badgeSpots.indices.contains(i)
            ? badgeSpots[i] : BadgeSpot(offset: Vector(dx: s.width / 2 + 0.03, dy: -s.height / 2 + 0.02), alignment: .left)
        return TextElement(
            id: Self.badge(i), text: text, placement: .node(Self.node(i), offset: spot.offset),
            size: geometry.labelSize * GraphGeometry.badgeScale, alignment: spot.alignment, role: role == .normal ? .badge : role)
    }

    /// What a run's badges write by default, at their widest: ∞, and a
    /// sum of every weight (a distance is at most that; a key, a level
    /// less), negative when a weight is.
    var numberBadges: [String] {
        let places = decimals
        let sum = graph.edges.reduce(0) { $0 + abs($1.cost) }
        let negative = graph.edges.contains { $0.cost < 0 }
        return ["∞", (negative ? -sum : sum).shown(places), String(graph.nodes.count)]
    }

    /// A depth-first search's badges at their widest: discovery and finish
    /// times up to twice the nodes, and a place in the order.
    var timeBadges: [String] { ["\(2 * graph.nodes.count)/\(2 * graph.nodes.count)", "#\(graph.nodes.count)"] }

    /// Draws the graph: every node and edge in its resting state.
    mutating func drawGraph(caption: String, note: String) {
        let (show, hold) = (0.6, 1.2)
        times.fixed([show, hold], caption: caption)
        guard !timing else { return }
        step(caption, note: note) { p, s in
            s.beat(.easeOut(duration: show)) { d in
                for i in p.graph.nodes.indices { d.nodes.insert(p.nodeElement(i)) }
                for k in p.graph.edges.indices { d.edges.insert(p.edgeElement(k)) }
                d.reserved = [p.geometry.bounds]
            }
            s.hold(hold)
        }
    }

    /// The graph revealed with no run: its nodes, then its edges, then
    /// held for `hold` seconds.
    mutating func revealGraph(caption: String, note: String, hold: Double) {
        let (nodes, edges, hold) = (0.6, 0.8, max(hold, 0.5))
        times.fixed([nodes, edges, hold], caption: caption)
        guard !timing else { return }
        step(caption, note: note) { p, s in
            s.beat(.easeOut(duration: nodes)) { d in
                for i in p.graph.nodes.indices { d.nodes.insert(p.nodeElement(i)) }
                d.reserved = [p.geometry.bounds]
            }
            s.beat(.easeOut(duration: edges)) { d in
                for k in p.graph.edges.indices { d.edges.insert(p.edgeElement(k)) }
            }
            s.hold(hold)
        }
    }

    // MARK: Steps

    /// One step: `change` edits the player's rows and the diagram together,
    /// in one beat, and the step rests so it can be read. With `ring`, the
    /// ring moves to that node first. When steps play in batches, the step
    /// waits to play with the next ones, unless it is `always` its own (a
    /// run's first and last). Only a step of its own may take the ring
    /// away: ``times`` counts on it.
    mutating func play(
        _ caption: String, note: String? = nil, ring: Int? = nil, rest: Double = Self.rest, always: Bool = false,
        _ change: @escaping (inout GraphPlayer, inout Diagram) -> Void
    ) {
        if always {
            times.own(caption: caption, rest: rest, ring: ring)
        } else {
            times.decision(caption: caption, rest: rest, ring: ring)
        }
        guard !timing else { return }
        if batch > 1, !always {
            pending.append(change)
            pendingCaption = caption
            pendingRing = ring ?? pendingRing
            if pending.count >= batch { playPending() }
            return
        }
        playPending()
        write(caption, note: note, ring: ring, rest: rest, change)
    }

    /// Plays the steps waiting in a batch as one.
    mutating func playPending() {
        guard !pending.isEmpty else { return }
        let (changes, caption, ring) = (pending, pendingCaption, pendingRing)
        pending = []
        pendingRing = nil
        write(
            changes.count > 1 ? "\(changes.count) steps at once, the last: \(caption)" : caption, note: nil, ring: ring,
            rest: Self.rest * 0.5, tally: changes.count > 1
        ) { p, d in
            for c in changes { c(&p, &d) }
        }
    }

    /// Writes one step of the script.
    /// A batch's step is a running account (``Step/tally``): its caption
    /// shows when the one before has been read.
    private mutating func write(
        _ caption: String, note: String?, ring: Int?, rest: Double, tally: Bool = false,
        _ change: (inout GraphPlayer, inout Diagram) -> Void
    ) {
        if let ring { focus = ring }
        step(caption, note: note, camera: camera(on: ring)) { p, s in
            s.tally = tally
            p.showCode(&s)
            if let ring {
                if s.diagram.marks[Self.ring] == nil {
                    s.beat(.easeOut(duration: Self.ringIn)) { d in d.marks.insert(.ring(Self.ring, on: Self.node(ring))) }
                } else {
                    s.beat(.easeInOut(duration: Self.move)) { d in d.marks[Self.ring]?.placement = .on(Self.node(ring)) }
                }
            }
            s.beat(.easeInOut(duration: Self.move)) { d in change(&p, &d) }
            s.hold(rest)
        }
    }

    /// A glance at edge `k`: it lights and goes back, with `caption`. A
    /// `quick` glance is one of a run that does nothing (an edge that does
    /// not relax in a Bellman-Ford round): it passes in half the time, as
    /// a running account (``Step/tally``) whose caption shows once the one
    /// before has been read, so a pass over every edge is seen whole
    /// without a caption flashing by.
    mutating func glance(_ k: Int, _ caption: String, quick: Bool = false) {
        let (light, hold) = quick ? (0.15, Self.glance / 2) : (0.3, Self.glance)
        times.glance([light, hold, light], caption: caption, tally: quick)
        guard batch == 1, !timing else { return }
        step(caption) { p, s in
            s.tally = quick
            p.showCode(&s)
            let old = s.diagram.edges[Self.edge(k)]?.role ?? .normal
            s.beat(.easeInOut(duration: light)) { d in d.edges[Self.edge(k)]?.role = .visited }
            s.hold(hold)
            s.beat(.easeInOut(duration: light)) { d in d.edges[Self.edge(k)]?.role = old }
            _ = p
        }
    }

    // MARK: Changes within a beat

    func setRole(_ i: Int, _ role: Role, in d: inout Diagram) {
        d.nodes[Self.node(i)]?.role = role
    }

    func setEdge(_ k: Int, _ role: Role, opacity: Double = 1, dashed: Bool = false, in d: inout Diagram) {
        guard var edge = d.edges[Self.edge(k)] else { return }
        (edge.role, edge.opacity, edge.dashed) = (role, opacity, dashed)
        d.edges.insert(edge)
    }

    func setBadge(_ i: Int, _ text: String, role: Role = .normal, in d: inout Diagram) {
        d.texts.insert(badge(i, text, role: role))
    }

    /// Each node's badge's spot in the run being played.
    var badgeSpots: [BadgeSpot] = []
    /// The spots found for the runs played so far, kept across the
    /// batches a script is tried at (``GraphAnimation``).
    var spotCache = BadgeSpotCache()

    /// Starts a run: every node and edge back at rest, the last run's
    /// badges, rows and ring gone, and rows titled `titles` made, each
    /// wide enough for any of its `samples` (by default, a node's label
    /// and a number); its badges, as wide as the widest of `badges`
    /// (by default ``numberBadges``), placed where they are clear.
    mutating func begin(
        _ titles: [String], samples: [[String]] = [], tables: Set<Int> = [], badges: [String]? = nil, in d: inout Diagram
    ) {
        for i in graph.nodes.indices {
            d.nodes.insert(nodeElement(i))
            d.texts.remove(Self.badge(i))
        }
        for k in graph.edges.indices { d.edges.insert(edgeElement(k)) }
        for (r, row) in rows.enumerated() {
            for item in row.items { d.nodes.remove(item.id) }
            d.texts.remove(Self.rowTitle(r))
            d.texts.remove(ElementID("more", r))
        }
        d.marks.remove(Self.ring)
        d.texts.remove(Self.total)
        let names = graph.nodes.map { $0.label + " 00" }
        // Following one node, the camera could not show the rows.
        let titles = rowsShown ? titles : []
        rows = titles.indices.map { r in
            let w = geometry.cellWidth(for: r < samples.count ? samples[r] : names, fit: geometry.fit)
            return Row(title: titles[r], cellWidth: w, capacity: geometry.capacity(cellWidth: w), role: tables.contains(r) ? .normal : .frontier)
        }
        for (r, title) in titles.enumerated() {
            d.texts.insert(
                TextElement(
                    id: Self.rowTitle(r), text: title, placement: .world(geometry.title(row: r)),
                    size: geometry.labelSize * 0.85, alignment: .left, role: .muted))
        }
        d.reserved = [geometry.bounds] + (geometry.rowsRegion(titles.count).map { [$0] } ?? [])
        // The badges keep off the rows, the forest Kruskal draws and the
        // total over the graph.
        let total = Rect(
            x: geometry.bounds.minX, y: geometry.bounds.minY - 0.35 - GraphGeometry.inkRise * geometry.labelSize,
            width: geometry.fit.width(of: "total weight 000") * geometry.labelSize,
            height: (GraphGeometry.inkRise + GraphGeometry.inkFall) * geometry.labelSize)
        let regions = [geometry.rowsRegion(titles.count), titles.isEmpty ? nil : geometry.forestRegion(count: graph.nodes.count)]
        badgeSpots = spotCache.spots(
            for: badges ?? numberBadges, in: graph, geometry: geometry, obstacles: [total] + regions.compactMap { $0 })
    }

    /// Row `r` with `items` (labels), left to right: items kept glide to
    /// their new places, new ones enter, gone ones leave.
    mutating func setRow(_ r: Int, _ labels: [(key: Int, label: String)], in d: inout Diagram) {
        guard rows.indices.contains(r) else { return }
        var kept = [Int: ElementID]()
        for item in rows[r].items { kept[item.key] = item.id }
        var items = [(id: ElementID, key: Int, label: String)]()
        for (key, label) in labels {
            if let id = kept.removeValue(forKey: key) {
                items.append((id, key, label))
            } else {
                serial += 1
                items.append((ElementID("c", serial), key, label))
            }
        }
        for id in kept.values.sorted(by: { $0.name < $1.name }) { d.nodes.remove(id) }
        // A kept item reordered past the shown cells is drawn no more.
        for item in items.dropFirst(rows[r].capacity + 1) where d.nodes[item.id] != nil { d.nodes.remove(item.id) }
        rows[r].items = items
        place(r, in: &d)
    }

    /// Appends `label`, standing for `key`, to row `r`.
    mutating func push(_ r: Int, _ key: Int, _ label: String, in d: inout Diagram) {
        guard rows.indices.contains(r) else { return }
        serial += 1
        rows[r].items.append((ElementID("c", serial), key, label))
        place(r, in: &d)
    }

    /// Takes the item at `index` (the front: 0; the top of a stack: the
    /// last) out of row `r`.
    mutating func take(_ r: Int, at index: Int, in d: inout Diagram) {
        guard rows.indices.contains(r), rows[r].items.indices.contains(index) else { return }
        let item = rows[r].items.remove(at: index)
        d.nodes.remove(item.id)
        place(r, in: &d)
    }

    /// Takes the last item (a stack's top) out of row `r`.
    mutating func pop(_ r: Int, in d: inout Diagram) {
        guard rows.indices.contains(r) else { return }
        take(r, at: rows[r].items.count - 1, in: &d)
    }

    /// Puts row `r`'s items in their cells; past the row's capacity, a
    /// "+N" says how many more there are.
    func place(_ r: Int, in d: inout Diagram) {
        let (cap, w) = (rows[r].capacity, rows[r].cellWidth)
        // Items past the shown ones are not drawn; the one just past them
        // may have been (it slid out), and goes.
        for (i, item) in rows[r].items.prefix(cap + 1).enumerated() {
            if i < cap {
                let size = Size(width: w, height: GraphGeometry.rowHeight)
                if var n = d.nodes[item.id] {
                    n.position = geometry.cell(i, row: r, width: w)
                    n.label = item.label
                    d.nodes.insert(n)
                } else {
                    d.nodes.insert(
                        .box(
                            item.id, at: geometry.cell(i, row: r, width: w), size: size, cornerRadius: 0.06, label: item.label,
                            labelSize: geometry.labelSize * 0.85, role: rows[r].role))
                }
            } else {
                d.nodes.remove(item.id)
            }
        }
        let more = rows[r].items.count - cap
        if more > 0 {
            d.texts.insert(
                TextElement(
                    id: ElementID("more", r), text: "+\(more)", placement: .world(geometry.cell(cap, row: r, width: w)),
                    size: geometry.labelSize * 0.85, role: .muted))
        } else {
            d.texts.remove(ElementID("more", r))
        }
    }

    /// The total of a spanning tree, over the graph's top left.
    func setTotal(_ text: String, in d: inout Diagram) {
        d.texts.insert(
            TextElement(
                id: Self.total, text: text, placement: .world(Point(geometry.bounds.minX, geometry.bounds.minY - 0.35)),
                size: geometry.labelSize, alignment: .left, role: .normal))
    }

    /// The path to `goal` along `parent` edges, from its root: nodes and
    /// the edges between them.
    func path(to goal: Int, parentEdge: [Int?]) -> (nodes: [Int], edges: [Int]) {
        var nodes = [goal], edges = [Int]()
        var seen: Set<Int> = [goal]
        var v = goal
        while let k = parentEdge[v] {
            let e = graph.edges[k]
            let u = e.to == v && (graph.directed || e.from != v) ? e.from : e.to
            guard seen.insert(u).inserted else { break }
            edges.append(k)
            nodes.append(u)
            v = u
        }
        return (nodes.reversed(), edges.reversed())
    }

    /// Shows the path to `goal`: its edges lit, every other edge quiet.
    mutating func showPath(to goal: Int, parentEdge: [Int?], caption: String) {
        let (nodes, edges) = path(to: goal, parentEdge: parentEdge)
        let onPath = Set(edges)
        play(caption, ring: goal, rest: closing, always: true) { p, d in
            for k in p.graph.edges.indices where !onPath.contains(k) {
                if d.edges[Self.edge(k)]?.role == .accent { p.setEdge(k, .normal, in: &d) }
            }
            for k in edges { p.setEdge(k, .accent, in: &d) }
            for i in nodes { p.setRole(i, .found, in: &d) }
        }
    }
}

/// Badges and captions write numbers as people do, at the precision the
/// file writes its weights (``Graphs/Graph/weightDecimals``): sums of
/// `0.26` and `0.17` are `0.43`, not `0.43000000000000005`.
extension Double {
    func shown(_ decimals: Int) -> String {
        guard !isInfinite else { return self < 0 ? "−∞" : "∞" }
        let text = Graph.text(of: self, decimals: decimals)
        // Most numbers have no minus: Foundation's searching is the slow part.
        return text.utf8.contains(UInt8(ascii: "-")) ? text.replacingOccurrences(of: "-", with: "−") : text
    }

    /// As the right side of a sum: a negative number in brackets, as it is
    /// written by hand (`6 + (−4)`, not `6 + −4`).
    func addend(_ decimals: Int) -> String { self < 0 && !isInfinite ? "(\(shown(decimals)))" : shown(decimals) }
}
