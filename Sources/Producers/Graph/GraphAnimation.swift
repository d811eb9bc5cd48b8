import Diagram
import Geometry
import Graphs
import Tween

/// The script of graph algorithms run on one graph: the graph drawn where
/// Graphviz lays it out, then each run (`bfs A; dijkstra A E; kruskal`)
/// step by step, with captions and speaker notes.
///
///     let script = try GraphAnimation(graph: g, runs: [GraphRun(.bfs, from: "A")], options: GraphOptions(), labels: fit).script
public struct GraphAnimation: Sendable {
    public let script: Script
    /// The engine that laid the graph out.
    public let engine: GraphLayout.Engine

    /// The animation of `runs` on `graph`.
    /// - Throws: ``GraphAnimationError``: a run the graph does not allow
    ///   (a node it lacks, a negative weight for Dijkstra, a cycle for a
    ///   topological sort), or a layout Graphviz could not make.
    public init(graph: Graph, runs: [GraphRun], options: GraphOptions, labels: LabelFit) throws(GraphAnimationError) {
        var resolved = [(GraphRun, from: Int?, to: Int?)]()
        for run in runs {
            do throws(GraphRunError) {
                resolved.append(try Self.check(run, on: graph))
            } catch {
                throw .run(error)
            }
        }
        var options = options
        engine = options.engine ?? GraphLayout.Engine.chosen(for: graph)
        let geometry: GraphGeometry
        do throws(GraphLayoutError) {
            geometry = try GraphGeometry(graph: graph, engine: engine, labels: labels)
        } catch {
            throw .layout(error)
        }
        if options.code {
            options.stage.code = CodeRoom(
                fitting: resolved.map(\.0.algorithm.pseudocode), drawing: GraphPlayer.codeDrawing(geometry, graph, resolved.map(\.0.algorithm), stage: options.stage))
        }
        // One step a decision, unless that plays for over three minutes:
        // then so many steps at once that the runs last about two and a half.
        var spots = BadgeSpotCache()
        let laidOut = engine
        let play = { (batch: Int) in
            Self.play(resolved, graph: graph, geometry: geometry, options: options, engine: laidOut, batch: batch, spots: &spots)
        }
        // What the runs' steps last, found by running them without writing
        // a step, says how long they play at any batch (``StepTimes``): a
        // script is written only for a batch that is played or compiled,
        // the one of one step at a time, long to write for a large graph,
        // only when it fits. With no run, nothing is batched.
        let times = runs.isEmpty ? StepTimes() : Self.play(
            resolved, graph: graph, geometry: geometry, options: options, engine: laidOut, batch: 1, spots: &spots, timing: true
        ).times
        let seconds = times.seconds(batch: 1)
        guard seconds > Pace.longest else {
            script = play(1).script
            return
        }
        // The fewest steps at once that play in about two and a half
        // minutes. A batch's caption shows only once the one before has
        // been read, so a batch lasts its beats, whatever its count:
        // from two at once, the time batches take and the time the rest
        // takes tell how many at once fit.
        let two = times.steps(batch: 2)
        let batches = two.filter(\.tally).map(\.seconds)
        let each = batches.isEmpty ? 1 : batches.reduce(0, +) / Double(batches.count)
        let rest = two.reduce(0) { $0 + $1.seconds } - batches.reduce(0, +)
        let room = max(Self.batchedLength - rest, Self.batchedLength / 5)
        var batch = max(2, Int((Double(2 * batches.count) * each / room).rounded(.up)))
        // Then, where the steps' account with the camera says that plays
        // too long, the least batch (within 2%) it says fits: the account
        // falls as the batch grows, so doubling finds one that fits and
        // halving the gap the least.
        if times.seconds(batch: batch) > Self.batchedLength {
            var (lo, hi) = (batch, batch * 2)
            while hi < 1 << 24, times.seconds(batch: hi) > Self.batchedLength { (lo, hi) = (hi, hi * 2) }
            while hi - lo > max(1, lo / 50) {
                let mid = (lo + hi) / 2
                if times.seconds(batch: mid) > Self.batchedLength { lo = mid } else { hi = mid }
            }
            batch = hi
        }
        var built = play(batch).script
        // The compiled script may play longer than the steps' own account
        // (a caption that waits for the one before to be read, a pan
        // or a ring's move that the account only estimates): timed on it,
        // the batch grows while it still plays too long, to
        // where the account, scaled by how much longer the compiled script
        // played, says it fits, so that the next try most often fits.
        // The script keeps what it compiled to: a timeline at the same
        // settings (the stage's, at the default theme and speed) takes it.
        let settings = FrameSettings(
            width: Int(options.stage.pixelSize.width), height: Int(options.stage.pixelSize.height), fps: 1,
            captions: options.stage.captions, minimumLabel: options.stage.legible)
        for _ in 0..<3 {
            guard let lasts = try? Timeline.pacing(keeping: &built, settings: settings, labels: labels).duration(atSpeed: 1),
                lasts > Pace.longest
            else { break }
            let longer = lasts / max(times.seconds(batch: batch), 1)
            var next = batch + 1
            for _ in 0..<100 where times.seconds(batch: next) * longer > Self.batchedLength {
                next += max(1, next / 10)
            }
            batch = next
            built = play(batch).script
        }
        built.notes.append(
            "one step at a time, \(runs.count == 1 ? "this run" : "these runs") on \(counted(graph.nodes.count, "node")) would play for "
                + "\(Int(seconds / 60)) min: they play \(batch) steps at once")
        script = built
    }

    /// How long runs that play too long one step at a time last, at most,
    /// about, their steps played in batches.
    static let batchedLength = 150.0

    /// How long `script` plays at speed 1, about: each step its beats, or
    /// as long as its caption takes to read when that is longer (the
    /// compiler holds every caption so long, but a running account's,
    /// which shows only once the one before has been read).
    static func seconds(of script: Script) -> Double {
        script.steps.reduce(0) { $0 + seconds(of: $1) }
    }

    /// How long `step` plays at speed 1, about: its beats, or its caption's
    /// reading time when that is longer (a running account's, its beats).
    static func seconds(of step: Step) -> Double {
        StepTimes.seconds(step.beats.map { $0.length() }, caption: step.caption, tally: step.tally)
    }

    /// The script of `runs`, `batch` steps played as one, and what its
    /// steps last (to time it at another batch); the badges' spots are
    /// found in `spots` when an earlier try found them. `timing` writes
    /// no step: only what they last.
    static func play(
        _ runs: [(GraphRun, from: Int?, to: Int?)], graph: Graph, geometry: GraphGeometry, options: GraphOptions,
        engine: GraphLayout.Engine, batch: Int, spots: inout BadgeSpotCache, timing: Bool = false
    ) -> (script: Script, times: StepTimes) {
        var player = GraphPlayer(
            graph: graph, geometry: geometry, options: options, batch: batch, algorithms: runs.map(\.0.algorithm), spots: spots,
            timing: timing)
        defer { spots = player.spotCache }
        let kind = (graph.directed ? "directed" : "undirected") + (graph.isWeighted ? ", weighted" : "")
        let caption = "\(graph.directed ? "A" : "An") \(kind) graph: \(counted(graph.nodes.count, "node")), \(counted(graph.edges.count, "edge"))"
        let note = "Laid out by Graphviz's \(engine.rawValue)." + (graph.directed ? " Arrows show each edge's direction." : "")
        if runs.isEmpty {
            player.revealGraph(caption: caption, note: note, hold: options.finalHold)
        } else {
            player.drawGraph(caption: caption, note: note)
        }
        for (index, (run, from, to)) in runs.enumerated() {
            player.closing = index == runs.count - 1 ? max(options.finalHold, 0.5) : 2.5
            // The run's first step: where a lecture asks a question before it.
            player.builder.operation = index
            player.startCode(run.algorithm)
            switch run.algorithm {
            case .bfs: player.bfs(from: from ?? 0, to: to)
            case .dfs: player.dfs(from: from)
            case .dijkstra: player.dijkstra(from: from ?? 0, to: to)
            case .bellmanFord: player.bellmanFord(from: from ?? 0, to: to)
            case .astar:
                let goal = graph.nodes[to!].position!
                let positions = graph.nodes.map { $0.position! }
                player.dijkstra(from: from ?? 0, to: to) { i in
                    let p = positions[i]
                    return ((p.x - goal.x) * (p.x - goal.x) + (p.y - goal.y) * (p.y - goal.y)).squareRoot()
                }
            case .prim: player.prim(from: from ?? 0)
            case .kruskal: player.kruskal()
            case .topo: player.kahn()
            case .topoDFS: player.dfs(from: nil, ordering: true)
            case .scc: player.tarjan()
            case .components: player.components()
            }
        }
        return (player.builder.script, player.times)
    }

    /// The algorithms that can run on `graph` as it is: BFS, DFS and
    /// connected components on any graph, shortest paths where no weight
    /// is negative (A* only with positions), spanning trees on undirected
    /// graphs, topological orders on directed graphs without a cycle,
    /// strong components on directed graphs.
    public static func algorithms(for graph: Graph) -> [GraphAlgorithm] {
        GraphAlgorithm.allCases.filter { a in
            if a == .astar, !graph.hasPositions { return false }
            if a == .astar { return (try? check(GraphRun(a, from: nil, to: graph.nodes.first?.name), on: graph)) != nil }
            return (try? check(GraphRun(a, from: nil, to: nil), on: graph)) != nil
        }
    }

    /// `run` with its nodes found, if the graph allows it.
    static func check(_ run: GraphRun, on graph: Graph) throws(GraphRunError) -> (GraphRun, from: Int?, to: Int?) {
        let a = run.algorithm
        let from = try run.from.map { name throws(GraphRunError) in try node(name, in: graph, role: "start") }
        let to = try run.to.map { name throws(GraphRunError) in try node(name, in: graph, role: "goal") }
        switch a {
        case .dijkstra, .astar, .prim:
            if let k = graph.edges.firstIndex(where: { $0.cost < 0 }) {
                let e = graph.edges[k]
                let edge = graph.nodes[e.from].name + (graph.directed ? " -> " : " -- ") + graph.nodes[e.to].name
                if a != .prim { throw .negativeWeight(a, edge: edge, weight: Graph.text(of: e.cost), line: e.line, column: e.column) }
            }
        default: break
        }
        switch a {
        case .prim, .kruskal:
            if graph.directed { throw .needsUndirected(a) }
        case .topo, .topoDFS:
            if !graph.directed { throw .needsDirected(a) }
            if let cycle = cycle(in: graph) { throw .cycle(a, cycle.map { graph.nodes[$0].name }) }
        case .scc:
            if !graph.directed { throw .needsDirected(a) }
        case .astar:
            guard graph.hasPositions else { throw .needsPositions }
            guard to != nil else { throw .needsGoal(a) }
        default: break
        }
        return (run, from, to)
    }

    /// The node `name` names: a node's name, else a label only one node has.
    static func node(_ name: String, in graph: Graph, role: String) throws(GraphRunError) -> Int {
        if let i = graph.node(name) { return i }
        let labelled = graph.nodes.indices.filter { graph.nodes[$0].label == name }
        if labelled.count == 1 { return labelled[0] }
        if labelled.count > 1 { throw .ambiguousNode(name, role: role, names: labelled.map { graph.nodes[$0].name }) }
        throw .noSuchNode(name, role: role, known: graph.nodes.map(\.name))
    }

    /// A directed cycle of `graph`, as its nodes in order (the first
    /// repeated at the end), or nil when it has none.
    static func cycle(in graph: Graph) -> [Int]? {
        let adjacency = graph.adjacency()
        var state = [UInt8](repeating: 0, count: graph.nodes.count)  // 0 new, 1 on the path, 2 done
        for root in graph.nodes.indices where state[root] == 0 {
            var path = [(node: root, next: 0)]
            state[root] = 1
            while let top = path.last {
                if top.next < adjacency[top.node].count {
                    path[path.count - 1].next += 1
                    let v = adjacency[top.node][top.next].node
                    if state[v] == 1 {
                        let start = path.firstIndex { $0.node == v }!
                        return path[start...].map(\.node) + [v]
                    }
                    if state[v] == 0 {
                        state[v] = 1
                        path.append((v, 0))
                    }
                } else {
                    state[top.node] = 2
                    path.removeLast()
                }
            }
        }
        return nil
    }
}

/// `n` and `word`, plural unless `n` is 1: "1 edge", "3 edges".
func counted(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

/// How a graph animation is laid out and framed, apart from its runs.
public struct GraphOptions: Sendable {
    /// Graphviz's engine; nil: chosen by the graph.
    public var engine: GraphLayout.Engine?
    /// The frame the animation is drawn for.
    public var stage = Stage()
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    /// Shows each algorithm's pseudocode beside the graph, the line running
    /// highlighted (`--code`); not when steps play in batches.
    public var code = false

    public init() {}
}

/// Why a graph animation was not made.
public enum GraphAnimationError: Error, Sendable, CustomStringConvertible {
    case run(GraphRunError)
    case layout(GraphLayoutError)

    public var description: String {
        switch self {
        case .run(let e): e.description
        case .layout(let e): e.description
        }
    }
}
