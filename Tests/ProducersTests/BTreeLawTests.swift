import Diagram
import Foundation
import Geometry
import Producers
import Testing
import TestSupport
import Trees

/// B-trees and B+ trees drawn as their laws say, read back from the scene
/// by the names the dump gives: after every operation each tray holds its
/// keys in order, every node's key count is within its order's bounds,
/// every leaf stands at one depth, the keys are a set model's, each child
/// pointer leaves from its gap, separators guide and the leaf list is in
/// order (B+); no two keys or trays overlap at any frame read, and nothing
/// jumps at 30 fps.
@Suite(.tags(.sweep)) struct BTreeLawTests {
    static let settings = FrameSettings(width: 640, height: 360, fps: 30)

    static func program(seed: UInt64) -> [(BTreeOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &+ 0xB7EE)
        var held = [Int]()
        var ops = [(BTreeOperation, OperationSource)]()
        for i in 0..<random.next(in: 8...22) {
            let op: BTreeOperation
            switch random.next(in: 0...9) {
            case 0...5:
                op = .insert(random.next(in: 1...70))
                held.append(op.key)
            case 6...7 where !held.isEmpty:
                op = .delete(held.remove(at: random.next(in: 0...held.count - 1)))
            case 8:
                op = .delete(random.next(in: 1...70))
            default:
                op = .search(held.isEmpty || random.next(in: 0...1) == 0 ? random.next(in: 1...70) : held[random.next(in: 0...held.count - 1)])
            }
            ops.append((op, OperationSource(index: i + 1, text: op.text)))
        }
        return ops
    }

    /// The rule of run `seed` of a kind: 0 Knuth's orders 3 to 6, 1 CLRS's
    /// minimum degrees 2 and 3, 2 B+ trees of orders 3 to 5.
    static func options(kind: Int, seed: UInt64) -> BTreeOptions {
        var o = BTreeOptions()
        o.stage = Stage(settings)
        // Every run plays, however wide: the laws are of the drawing.
        o.stage.fitsAll = true
        o.finalHold = 0.2
        switch kind {
        case 0: o.rule = .order(3 + Int(seed % 4))
        case 1: o.rule = .minimumDegree(2 + Int(seed % 2))
        default:
            o.rule = .order(3 + Int(seed % 3))
            o.plus = true
        }
        return o
    }

    /// The bounds a node's key count keeps, worked out here from the rule.
    static func bounds(_ o: BTreeOptions, leaf: Bool) -> ClosedRange<Int> {
        switch o.rule {
        case .order(let m) where o.plus && leaf: ((m - 1) + 1) / 2...(m - 1)
        case .order(let m): (m + 1) / 2 - 1...(m - 1)
        case .minimumDegree(let t): t - 1...2 * t - 1
        }
    }

    /// A tree read from a scene: trays, the keys inside each (by where
    /// they stand), child pointers by name.
    struct Drawn {
        struct Tray {
            var node: NodeState
            var keys: [NodeState] = []
            var children: [String] = []
            var depth = 0
        }
        var trays: [String: Tray] = [:]
        var loose: [String] = []
        var root: String?
        var problems: [String] = []
        var leafLinks: [String: String] = [:]

        init(_ scene: Scene) {
            var names = [Int: String]()
            var keys = [NodeState]()
            for n in scene.nodes where n.opacity > 0.99 {
                names[n.id] = n.name
                if n.name.hasPrefix("bnode:") { trays[n.name] = Tray(node: n) }
                if n.name.hasPrefix("key:") || n.name.hasPrefix("sep:") { keys.append(n) }
            }
            for k in keys {
                let holders = trays.filter { abs($0.value.node.x - k.x) < $0.value.node.w / 2 && abs($0.value.node.y - k.y) < 1 }
                if holders.count == 1, let h = holders.first { trays[h.key]?.keys.append(k) } else { loose.append(k.name) }
            }
            for name in trays.keys { trays[name]?.keys.sort { $0.x < $1.x } }
            var parent = [String: String]()
            var starts = [String: Point]()
            for e in scene.edges where e.opacity > 0.99 {
                guard let from = names[e.from], let to = names[e.to] else { continue }
                if e.name.hasPrefix("edge:bnode:") {
                    parent[to] = from
                    trays[from]?.children.append(to)
                    starts[to] = e.points.first
                } else if e.name.hasPrefix("leaf:") {
                    leafLinks[from] = to
                }
            }
            let xs = trays.mapValues(\.node.x)
            for name in trays.keys { trays[name]?.children.sort { (xs[$0] ?? 0) < (xs[$1] ?? 0) } }
            let roots = trays.keys.filter { parent[$0] == nil }
            if roots.count > 1 { problems.append("\(roots.count) roots: \(roots.sorted())") }
            root = roots.first
            // Depths, and each pointer's start at its gap: child j leaves
            // from the boundary before key j (the tray's left cell edge
            // for the first).
            var stack = root.map { [$0] } ?? []
            while let t = stack.popLast(), let tray = trays[t] {
                for (j, c) in tray.children.enumerated() {
                    trays[c]?.depth = tray.depth + 1
                    stack.append(c)
                    guard let start = starts[c], !tray.keys.isEmpty else { continue }
                    let gap = j < tray.keys.count ? tray.keys[j].x - tray.keys[j].w / 2 : tray.keys[j - 1].x + tray.keys[j - 1].w / 2
                    if abs(start.x - gap) > 1.5 { problems.append("the pointer to \(c) leaves \(t) at x \(start.x), not its gap \(j) at \(gap)") }
                    if abs(start.y - (tray.node.y + tray.node.h / 2)) > 1.5 { problems.append("the pointer to \(c) leaves \(t) off its bottom") }
                }
            }
        }

        func labels(_ t: String) -> [Int] { (trays[t]?.keys ?? []).compactMap(\.key) }

        /// Every key of the subtree of `t`: a B-tree's in order, a B+
        /// tree's leaves only.
        func inorder(_ t: String, plus: Bool) -> [Int] {
            guard let tray = trays[t] else { return [] }
            if tray.children.isEmpty { return labels(t) }
            var out = [Int]()
            for (i, c) in tray.children.enumerated() {
                out += inorder(c, plus: plus)
                if !plus, i < tray.keys.count, let k = tray.keys[i].key { out.append(k) }
            }
            return out
        }
    }

    /// The laws of the tree drawn in `scene`, holding `model`.
    static func problems(_ scene: Scene, model: Set<Int>, options o: BTreeOptions) -> [String] {
        let d = Drawn(scene)
        var out = d.problems
        if !d.loose.isEmpty { out.append("keys outside any node: \(d.loose.sorted())") }
        guard let root = d.root else {
            if !model.isEmpty { out.append("no tree drawn for \(model.sorted())") }
            return out
        }
        let keys = d.inorder(root, plus: o.plus)
        if keys != model.sorted() { out.append("keys \(keys) ≠ \(model.sorted())") }
        var leafDepths = Set<Int>(), leafYs = Set<Int>()
        for (name, tray) in d.trays {
            let ks = d.labels(name)
            if ks != ks.sorted() || Set(ks).count != ks.count { out.append("\(name) holds \(ks), out of order") }
            let leaf = tray.children.isEmpty
            let range = name == root ? 1...bounds(o, leaf: leaf).upperBound : bounds(o, leaf: leaf)
            if !range.contains(ks.count) { out.append("\(name) holds \(ks.count) keys, outside \(range)") }
            if !leaf, tray.children.count != ks.count + 1 { out.append("\(name) has \(tray.children.count) children for \(ks.count) keys") }
            if leaf {
                leafDepths.insert(tray.depth)
                leafYs.insert(Int(tray.node.y.rounded()))
            }
            // Keys stand side by side, each cell against the next.
            for (a, b) in zip(tray.keys, tray.keys.dropFirst()) where abs(b.x - a.x - (a.w + b.w) / 2) > 1.5 {
                out.append("\(name): \(a.name) and \(b.name) are not neighbouring cells")
            }
            // Separators guide: keys left of one are less, right not less.
            if o.plus, !leaf {
                for (i, s) in ks.enumerated() {
                    let left = d.inorder(tray.children[i], plus: true), right = d.inorder(tray.children[i + 1], plus: true)
                    if let l = left.max(), l >= s { out.append("\(name): \(l) left of separator \(s)") }
                    if let r = right.min(), r < s { out.append("\(name): \(r) right of separator \(s)") }
                }
            }
        }
        if leafDepths.count > 1 || leafYs.count > 1 { out.append("leaves at depths \(leafDepths.sorted())") }
        if o.plus {
            // The leaf list, followed from the leftmost leaf, holds every
            // key in order.
            let leaves = d.trays.filter { $0.value.children.isEmpty }.sorted { $0.value.node.x < $1.value.node.x }.map(\.key)
            var at = leaves.first, listed = [Int](), seen = Set<String>()
            while let l = at, seen.insert(l).inserted {
                listed += d.labels(l)
                at = d.leafLinks[l]
            }
            if listed != model.sorted() { out.append("the leaf list holds \(listed), not \(model.sorted())") }
        }
        return out
    }

    /// Two keys, or two trays, that overlap.
    static func overlaps(_ scene: Scene) -> [String] {
        let shown = scene.nodes.filter { $0.opacity > 0.99 }
        var out = [String]()
        for (i, a) in shown.enumerated() {
            for b in shown[(i + 1)...] where a.name.hasPrefix("bnode:") == b.name.hasPrefix("bnode:") {
                if abs(a.x - b.x) < (a.w + b.w) / 2 - 1, abs(a.y - b.y) < (a.h + b.h) / 2 - 1 { out.append("\(a.name) and \(b.name) overlap") }
            }
        }
        return out
    }

    /// The scene at rest after each operation, and the overlaps of every
    /// frame read at 5 fps.
    static func afterEachOperation(_ script: Script, program: [(BTreeOperation, OperationSource)]) throws -> (scenes: [Scene], overlaps: [String]) {
        // An operation's first step is captioned with it; it ends where
        // the next begins (the last, at the finished tree's step).
        var starts = [Int](), from = 0
        for (op, _) in program {
            guard let i = script.steps[from...].firstIndex(where: { $0.caption == op.text }) else { break }
            starts.append(i)
            from = i + 1
        }
        let t = try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 5), labels: BSTBoard.labels)
        var last = [Int: Scene](), overlaps = [String]()
        for f in 0..<t.frameCount {
            let s = t.scene(at: f)
            last[s.step] = s
            overlaps += Self.overlaps(s).map { "frame \(f) (\(s.caption ?? "")): \($0)" }
        }
        let ends = starts.dropFirst().map { $0 - 1 } + [script.steps.count - 1]
        return (ends.compactMap { last[$0] }, overlaps)
    }

    @Test(arguments: 0..<6)
    func everyTreeKeepsItsLawsAfterEveryOperation(part: Int) throws {
        // Kinds 0 and 1 are the B-tree's two conventions (100 runs each),
        // kind 2 the B+ tree (200 runs).
        let kind = part < 2 ? 0 : part < 4 ? 1 : 2
        let seeds = kind == 2 ? UInt64(part - 4) * 100..<UInt64(part - 4) * 100 + 100 : UInt64(part % 2) * 50..<UInt64(part % 2) * 50 + 50
        for seed in seeds {
            let program = Self.program(seed: seed)
            let o = Self.options(kind: kind, seed: seed)
            let script = try BTreeAnimation(program: program, options: o, labels: BSTBoard.labels).script
            let (scenes, overlaps) = try Self.afterEachOperation(script, program: program)
            #expect(overlaps.isEmpty, "kind \(kind), seed \(seed): \(overlaps.prefix(3))")
            #expect(scenes.count == program.count, "kind \(kind), seed \(seed): \(scenes.count) operations found")
            var model = Set<Int>()
            for ((op, _), scene) in zip(program, scenes) {
                switch op {
                case .insert(let k): model.insert(k)
                case .delete(let k): model.remove(k)
                case .search: break
                }
                let problems = Self.problems(scene, model: model, options: o)
                #expect(problems.isEmpty, "kind \(kind), seed \(seed), after \(op.text): \(problems.prefix(4))")
            }
        }
    }

    /// Every frame of a few runs of each kind at 30 fps: nothing jumps,
    /// nothing overlaps, every caption stays 0.9 s.
    @Test(arguments: 0..<3)
    func everyFrameKeepsTheRules(kind: Int) throws {
        for seed: UInt64 in [1, 2, 3, 5, 8, 13] {
            let o = Self.options(kind: kind, seed: seed)
            let script = try BTreeAnimation(program: Self.program(seed: seed), options: o, labels: BSTBoard.labels).script
            let problems = try LinearLawTests.frameProblems(script)
            #expect(problems.isEmpty, "kind \(kind), seed \(seed): \(problems.prefix(5))")
        }
    }
}
