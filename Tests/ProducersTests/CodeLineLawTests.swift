import Diagram
import Producers
import Testing
import TestSupport
import Trees

/// The code panel's law (`--code`): whenever a caption first shows, the
/// highlighted line is the line of the listing that does what the caption
/// says (a walk left is `x = x.left`, a swap is an `exchange`), read from
/// the scene (what the dump writes). Over random programs of every
/// structure with pseudocode.
@Suite(.tags(.sweep)) struct CodeLineLawTests {
    /// The frames where a new caption first shows, with the panel's title
    /// and highlighted line then.
    static func onsets(_ timeline: Timeline) -> [(caption: String, title: String?, line: String?)] {
        var out = [(caption: String, title: String?, line: String?)]()
        var last: String?
        for f in 0..<timeline.frameCount {
            let scene = timeline.scene(at: f)
            guard let caption = scene.caption, caption != last else {
                last = scene.caption
                continue
            }
            last = caption
            let line = scene.code.flatMap { c in c.line.map { c.lines[$0].trimmingCharacters(in: .whitespaces) } }
            out.append((caption, scene.code?.title, line))
        }
        return out
    }

    /// The line a search-tree caption calls for in `listing`, or nil when
    /// the caption names no particular line.
    static func expectedBSTLine(_ caption: String, listing: String) -> Set<String>? {
        let left = caption.hasSuffix("→ left"), right = caption.hasSuffix("→ right")
        switch listing {
        case "TREE-INSERT(T, z)":
            if left { return ["x = x.left"] }
            if right { return ["else x = x.right"] }
            if caption.contains("becomes the left child") { return ["y.left = z"] }
            if caption.contains("becomes the right child") { return ["else y.right = z"] }
            if caption.contains("becomes the root") { return ["T.root = z"] }
        case "ITERATIVE-TREE-SEARCH(x, k)":
            if left { return ["x = x.left"] }
            if right { return ["else x = x.right"] }
            if caption.hasPrefix("found") || caption.contains("is not in the tree") { return ["return x"] }
        case "TREE-DELETE(T, k)":
            if left || right || caption.hasPrefix("found") { return ["z = TREE-SEARCH(T.root, k)"] }
            if caption.contains("is not in the tree") { return ["if z == NIL: return"] }
            if caption.contains("is a leaf") { return ["if z is a leaf"] }
            if caption.contains("has one child") { return ["elseif z has one child c"] }
            if caption.contains("has two children") || caption.hasPrefix("go ") || caption.contains("child: the successor")
                || caption.contains("child: the predecessor")
            {
                return ["else y = TREE-MINIMUM(z.right)", "else y = TREE-MAXIMUM(z.left)"]
            }
            if caption.contains("key moves up") { return ["z.key = y.key"] }
            if caption.contains("old node is removed") { return ["remove y's old node"] }
        case "TREE-MINIMUM(x)", "TREE-MAXIMUM(x)":
            if caption.contains("→ go") { return [listing == "TREE-MINIMUM(x)" ? "x = x.left" : "x = x.right"] }
            if caption.hasPrefix("min is") || caption.hasPrefix("max is") { return ["return x"] }
        case "AVL-REBALANCE(T, z)":
            if caption.contains(": heights") { return ["update x.height, x.bf", "x = x.p"] }
            if caption.hasPrefix("LL at") || caption.hasPrefix("LR at") { return ["if x.bf == +2"] }
            if caption.hasPrefix("RR at") || caption.hasPrefix("RL at") { return ["elseif x.bf == −2"] }
        case "RB-INSERT-FIXUP(T, z)":
            if caption.hasPrefix("uncle") { return ["recolour z.p, y, z.p.p; z = z.p.p"] }
            if caption.hasPrefix("case 2: uncle") { return ["z = z.p; rotate z outward"] }
            if caption.hasPrefix("case 3: uncle") { return ["recolour z.p, z.p.p"] }
            if caption.contains("colour it black") { return ["T.root.color = BLACK"] }
        case "RB-DELETE-FIXUP(T, x)":
            if caption.hasPrefix("case 1: sibling") { return ["recolour w, x.p; rotate x.p"] }
            if caption.hasPrefix("case 2: sibling") { return ["w.color = RED; x = x.p"] }
            if caption.hasPrefix("case 3:") { return ["recolour w, near child; rotate w"] }
            if caption.hasPrefix("case 4:") { return ["recolour; rotate x.p; x = T.root"] }
            if caption.contains("colour it black") { return ["x.color = BLACK"] }
        default:
            if caption.hasPrefix("visit ") { return ["print x.key"] }
        }
        return nil
    }

    static func checkBST(_ ops: String, balancing: Balancing, seed: UInt64) throws -> Int {
        var settings = FrameSettings(width: 640, height: 360, fps: 30)
        settings.speed = 4
        var options = BSTOptions()
        options.balancing = balancing
        options.layout = balancing == .none ? .tidy : .inorder
        options.stage = Stage(settings)
        options.finalHold = 0.2
        options.code = true
        let script = try BSTAnimation(program: BSTOperation.parse(ops), options: options, labels: BSTBoard.labels).script
        let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        var checked = 0
        for onset in onsets(timeline) {
            guard let title = onset.title, let expected = expectedBSTLine(onset.caption, listing: title) else { continue }
            #expect(
                onset.line.map(expected.contains) == true,
                "seed \(seed) \(balancing): '\(onset.caption)' in \(title) lights '\(onset.line ?? "no line")', expected \(expected)")
            checked += 1
        }
        return checked
    }

    @Test(arguments: [Balancing.none, .avl, .redBlack])
    func everySearchTreeCaptionLightsItsLine(balancing: Balancing) throws {
        var checked = 0
        for seed in UInt64(1)...12 {
            var ops = BSTBoard.lecture(seed: seed)
            if balancing == .redBlack { ops += "; delete \(seed * 3 % 60 + 1)" }
            checked += try Self.checkBST(ops, balancing: balancing, seed: seed)
        }
        // Every program walks, inserts and ends several operations.
        #expect(checked > 150, "only \(checked) captions checked")
    }

    @Test func everyHeapComparisonLightsItsLine() throws {
        var checked = 0
        for seed in UInt64(1)...20 {
            let (ops, order) = HeapInvariantTests.operations(seed: seed)
            var settings = FrameSettings(width: 640, height: 360, fps: 30)
            settings.speed = 4
            var options = HeapOptions()
            options.order = order
            options.stage = Stage(settings)
            options.finalHold = 0.2
            options.code = true
            let script = try HeapAnimation(program: HeapOperation.parse(ops), options: options, labels: BSTBoard.labels).script
            let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
            for onset in Self.onsets(timeline) {
                let swap = onset.caption.hasSuffix(": swap"), stays = onset.caption.hasSuffix("stays")
                guard swap || stays, let line = onset.line else {
                    if swap || stays { Issue.record("seed \(seed): '\(onset.caption)' lights no line") }
                    continue
                }
                if swap {
                    #expect(line.hasPrefix("exchange"), "seed \(seed): '\(onset.caption)' lights '\(line)'")
                } else {
                    #expect(line.hasPrefix("while i > 0") || line.hasPrefix("if A[j]"), "seed \(seed): '\(onset.caption)' lights '\(line)'")
                }
                checked += 1
            }
        }
        #expect(checked > 40, "only \(checked) comparisons checked")
    }

    @Test(arguments: SortAlgorithm.allCases)
    func everySortComparisonAndSwapLightsItsLine(algorithm: SortAlgorithm) throws {
        var checked = 0
        // Quick sort with each partition; its comparisons are captioned
        // by the item they look at (`A[4] = 7 > pivot 4: …`).
        let partitions = algorithm == .quick ? QuickPartition.allCases : [.lomuto]
        for (seed, partition) in (UInt64(1)...4).flatMap({ seed in partitions.map { (seed, $0) } }) {
            var rng = SeededGenerator(seed: seed)
            let values = (0..<7).map { _ in rng.next(in: 1...30) }
            var settings = FrameSettings(width: 640, height: 360, fps: 30)
            settings.speed = 4
            var options = SortOptions()
            options.algorithm = algorithm
            options.partition = partition
            options.stage = Stage(settings)
            options.finalHold = 0.2
            options.code = true
            let script = SortAnimation(values: values, options: options, labels: BSTBoard.labels).script
            let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
            for onset in Self.onsets(timeline) where onset.caption.hasPrefix("compare") || onset.caption.hasPrefix("A[") {
                let line = try #require(onset.line, "\(algorithm) seed \(seed): '\(onset.caption)' lights no line")
                // A comparison's line compares: an `if` or `while` on
                // two items, or the choice of the larger child.
                let compares = (line.contains("<") || line.contains("≤") || line.contains("≥") || line.contains("larger child"))
                    && !line.hasPrefix("for") && !line.hasPrefix("exchange")
                #expect(compares, "\(algorithm) seed \(seed): '\(onset.caption)' lights '\(line)'")
                checked += 1
            }
            // A partition's exchanges and its return light theirs.
            let partitionLines: [(String, String)] = [
                ("i < j: exchange", "exchange A[i] with A[j]"), ("goes between the parts", "exchange A[i + 1] with A[r]"),
                ("is already between the parts", "exchange A[i + 1] with A[r]"), (": return ", "else return j"),
                ("i starts at p − 1", "i = p − 1"), ("j starts at r + 1", "j = r + 1"),
            ]
            for onset in Self.onsets(timeline) {
                guard let expected = partitionLines.first(where: { onset.caption.contains($0.0) })?.1 else { continue }
                #expect(onset.line == expected, "\(partition) seed \(seed): '\(onset.caption)' lights '\(onset.line ?? "no line")'")
            }
        }
        #expect(checked > 10, "only \(checked) comparisons checked")
    }
}

/// The graph algorithms' code panel: each step's caption names what the
/// listing's lit line does, over random graphs for every algorithm.
@Suite(.tags(.sweep)) struct GraphCodeLineLawTests {
    /// The line a graph step's caption calls for, by its words.
    static func expected(_ caption: String, _ algorithm: GraphAlgorithm) -> [String]? {
        let rules: [(String, [String])] = [
            ("dequeue ", ["u = DEQUEUE(Q)", "u = DEQUEUE(Q); add u to the order"]),
            ("is new, at level", ["v.d = u.d + 1; v.π = u"]),
            ("was found already", ["if v.d == ∞"]),
            ("is new: go deeper", ["v.π = u; DFS-VISIT(G, v)"]),
            ("has no more new neighbours", ["time = time + 1; u.f = time", "put u at the front of the order"]),
            ("from the queue: its distance", ["u = EXTRACT-MIN(Q)", "u = the v in Q of least v.d + h(v)"]),
            ("no shorter way to", ["if u.d + w(u, v) < v.d"]),
            ("round changed nothing", ["for i = 1 to |G.V| − 1"]),
            ("still relaxes: a negative cycle", ["if u.d + w(u, v) < v.d: return FALSE"]),
            ("keeps its key", ["if v ∈ Q and w(u, v) < v.key"]),
            ("key falls to", ["v.π = u; v.key = w(u, v)"]),
            ("it would close a cycle: skip", ["if FIND-SET(u) ≠ FIND-SET(v)"]),
            ("take it; union hangs", ["A = A ∪ {(u, v)}; UNION(u, v)"]),
            ("in-degree falls to", ["v.in = v.in − 1", "if v.in == 0: ENQUEUE(Q, v)"]),
            ("is on the stack: low(", ["v.low = min(v.low, w.index)"]),
            (": index ", ["v.index = v.low = i++; push v"]),
            ("pop component", ["pop a component down to v"]),
            ("starts at", ["c = c + 1; search from u,"]),
        ]
        if caption.hasPrefix("relax ") || caption.hasPrefix("round") && caption.contains(": relax ") {
            return ["v.d = u.d + w(u, v); v.π = u"]
        }
        return rules.first { caption.contains($0.0) }?.1
    }

    @Test(arguments: GraphAlgorithm.allCases)
    func everyGraphStepLightsItsLine(algorithm: GraphAlgorithm) throws {
        var checked = 0
        for seed in UInt64(1)...20 {
            let shape: GraphBoard.Shape = [.topo, .topoDFS].contains(algorithm) ? .acyclic : algorithm == .astar ? .placed : .any
            let directed: Bool? = [.prim, .kruskal].contains(algorithm) ? false : [.scc, .topo, .topoDFS].contains(algorithm) ? true : nil
            let g = GraphBoard.graph(seed: seed, shape: shape, directed: directed, negative: algorithm == .bellmanFord && seed.isMultiple(of: 2))
            guard g.nodes.count <= 14 else { continue }
            var options = GraphOptions()
            options.stage = Stage(GraphBoard.settings)
            options.finalHold = 0.2
            options.code = true
            let run = GraphRun(algorithm, from: "n0", to: algorithm == .astar ? "n\(g.nodes.count - 1)" : nil)
            let script = try GraphAnimation(graph: g, runs: [run], options: options, labels: BSTBoard.labels).script
            var settings = GraphBoard.settings
            settings.speed = 4
            let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
            // Runs too long to play a step at a time play in batches, with
            // no code.
            for onset in CodeLineLawTests.onsets(timeline) where onset.title != nil {
                guard let want = Self.expected(onset.caption, algorithm) else { continue }
                #expect(
                    onset.line.map(want.contains) == true,
                    "\(algorithm) seed \(seed): '\(onset.caption)' lights '\(onset.line ?? "no line")', expected \(want)")
                checked += 1
            }
        }
        #expect(checked > 10, "\(algorithm): only \(checked) steps checked")
    }
}
