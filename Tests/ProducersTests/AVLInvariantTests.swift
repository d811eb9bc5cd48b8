import Diagram
import Foundation
import Output
import Producers
import Testing
import TestSupport
import Trees

/// The AVL animation over random operation lists: after every operation the
/// drawn tree, read back from the scene dump, is a search tree in balance
/// whose badges are its true balance factors; no node jumps or overlaps
/// another at any frame.
@Suite struct AVLInvariantTests {
    /// A random list of inserts and deletes (of keys present) of 1…40.
    static func operations(seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var present = [Int]()
        var ops = [String]()
        for _ in 0..<random.next(in: 5...9) {
            if present.count > 2, random.next(in: 0...3) == 0 {
                let key = present.remove(at: random.next(in: 0...(present.count - 1)))
                ops.append("delete \(key)")
            } else {
                var key = random.next(in: 1...40)
                while present.contains(key) { key = random.next(in: 1...40) }
                present.append(key)
                ops.append("insert \(key)")
            }
        }
        return ops.joined(separator: "; ")
    }

    static func timeline(_ ops: String) throws -> Timeline {
        var options = BSTOptions()
        options.balancing = .avl
        options.layout = .inorder
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        options.finalHold = 0.5
        let script = try BSTAnimation(program: BSTOperation.parse(ops), options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 30), labels: BSTBoard.labels)
    }

    /// What is wrong with the tree a dump line shows, or nil: its nodes and
    /// edges as a binary tree (a child left or right of its parent by x),
    /// keys in order by x, every balance factor within one, and each node's
    /// badge showing it.
    static func problem(inDump line: String) throws -> String? {
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let nodes = (frame["nodes"] as? [[String: Any]] ?? []).filter { ($0["opacity"] as? Double ?? 0) > 0.99 }
        var key = [Int: Int](), x = [Int: Double]()
        for n in nodes {
            guard let id = n["id"] as? Int, let k = n["key"] as? Int, let nx = n["x"] as? Double else { return "a node without id, key or x" }
            key[id] = k
            x[id] = nx
        }
        // In key order, x never goes back (a tidy layout may put an inner
        // grandchild straight under its grandparent, never past it).
        let inOrder = key.keys.sorted { key[$0]! < key[$1]! }
        for (a, b) in zip(inOrder, inOrder.dropFirst()) where x[b]! < x[a]! - 0.5 {
            return "\(key[b]!) is left of \(key[a]!)"
        }
        var children = [Int: (left: Int?, right: Int?)]()
        var hasParent = Set<Int>()
        for e in frame["edges"] as? [[String: Any]] ?? [] {
            guard let from = e["from"] as? Int, let to = e["to"] as? Int, key[from] != nil, key[to] != nil else { continue }
            hasParent.insert(to)
            if key[to]! < key[from]! { children[from, default: (nil, nil)].left = to } else { children[from, default: (nil, nil)].right = to }
        }
        let roots = key.keys.filter { !hasParent.contains($0) }
        if key.count > 0 && roots.count != 1 { return "\(roots.count) roots" }
        func height(_ id: Int?) -> Int {
            guard let id else { return 0 }
            return 1 + max(height(children[id]?.left), height(children[id]?.right))
        }
        var badges = [Int: String]()
        for t in frame["texts"] as? [[String: Any]] ?? [] {
            if let node = t["node"] as? Int, let text = t["text"] as? String, (t["opacity"] as? Double ?? 0) > 0.99 { badges[node] = text }
        }
        for id in key.keys {
            let balance = height(children[id]?.left) - height(children[id]?.right)
            if abs(balance) > 1 { return "\(key[id]!) has balance \(balance)" }
            let shown = balance > 0 ? "+\(balance)" : balance < 0 ? "\u{2212}\(-balance)" : "0"
            if badges[id] != shown { return "\(key[id]!)'s badge shows \(badges[id] ?? "nothing"), its balance is \(shown)" }
        }
        return nil
    }

    /// A badge changes when its value does: as a rotation ends, before
    /// the caption says the subtree is balanced, every badge already shows
    /// its node's balance in the tree as drawn (none still says ±2).
    @Test(arguments: ["insert 30 20 10", "insert 10 20 30", "insert 30 10 20", "insert 10 30 20", "insert 50 30 70 20 40 10"])
    func badgesChangeAsTheRotationMovesTheNodes(_ ops: String) throws {
        let timeline = try Self.timeline(ops)
        var checked = 0
        for f in 1..<timeline.frameCount where timeline.scene(at: f).caption?.hasPrefix("balanced:") == true
            && timeline.scene(at: f - 1).caption?.hasPrefix("balanced:") == false
        {
            let line = SceneDump.line(for: timeline.scene(at: f - 1))
            let problem = try Self.problem(inDump: line)
            #expect(problem == nil, "as the rotation ends: \(problem ?? "")")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func aBadgeIsDumpedWithTheNodeItIsBeside() throws {
        let timeline = try Self.timeline("insert 30 20 10")
        let frame = try #require(
            try JSONSerialization.jsonObject(with: Data(SceneDump.line(for: timeline.scene(at: timeline.frameCount - 1)).utf8))
                as? [String: Any])
        let nodes = try #require(frame["nodes"] as? [[String: Any]])
        let texts = try #require(frame["texts"] as? [[String: Any]])
        let badged = texts.compactMap { $0["node"] as? Int }.sorted()
        #expect(badged == nodes.compactMap { $0["id"] as? Int }.sorted())
        // The counter along the bottom is beside no node.
        #expect(texts.contains { $0["node"] is NSNull })
    }

    @Test(.tags(.sweep)) func everyOperationEndsBalancedWithTrueBadgesAndNothingJumpsOrOverlaps() throws {
        var checkedFrames = 0
        for seed in UInt64(1)...200 {
            let ops = Self.operations(seed: seed)
            let timeline = try Self.timeline(ops)
            // The end of each operation: the last frame of a step not
            // followed by the walk back up.
            for (i, step) in timeline.steps.enumerated() {
                let next = i + 1 < timeline.steps.count ? timeline.steps[i + 1].caption ?? "" : ""
                guard !next.hasPrefix("back up from") else { continue }
                let line = SceneDump.line(for: timeline.scene(at: step.frames.upperBound - 1))
                if let problem = try Self.problem(inDump: line) {
                    Issue.record("seed \(seed) (\(ops)), end of step \(i) \(step.caption ?? ""): \(problem)")
                    break
                }
            }
            // Every frame: at most 6% of the diagonal a frame, no overlap.
            let (problems, frames) = FrameMotion.problems(in: timeline)
            for problem in problems.prefix(5) { Issue.record("seed \(seed) (\(ops)), \(problem)") }
            checkedFrames += frames
        }
        #expect(checkedFrames > 100_000)
    }
}
