import Diagram
import Foundation
import Output
import Producers
import Testing
import TestSupport
import Trees

/// The red-black animation over random operation lists: after every
/// operation the drawn tree, read back from the scene dump, is a search
/// tree by x that keeps the colour rules by its nodes' roles; no node jumps
/// or overlaps another at any frame.
@Suite struct RedBlackInvariantTests {
    static func timeline(_ ops: String, showNil: Bool = false, replacement: Replacement = .successor) throws -> Timeline {
        var options = BSTOptions()
        options.balancing = .redBlack
        options.layout = .inorder
        options.showNil = showNil
        options.replacement = replacement
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        options.finalHold = 0.5
        let script = try BSTAnimation(program: BSTOperation.parse(ops), options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 30), labels: BSTBoard.labels)
    }

    /// What is wrong with the tree a dump line shows, or nil: one root, a
    /// child left or right of its parent by key and x, the root black, no
    /// red node with a red child, one black height on every path down, and
    /// with `showNil` a square in every empty place.
    static func problem(inDump line: String, showNil: Bool) throws -> String? {
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let nodes = (frame["nodes"] as? [[String: Any]] ?? []).filter { ($0["opacity"] as? Double ?? 0) > 0.99 }
        var key = [Int: Int](), x = [Int: Double](), role = [Int: String]()
        var squares = Set<Int>()
        for n in nodes {
            guard let id = n["id"] as? Int, let r = n["role"] as? String, let nx = n["x"] as? Double else { return "a node without id, role or x" }
            if let k = n["key"] as? Int { key[id] = k } else { squares.insert(id) }
            x[id] = nx
            role[id] = r
        }
        for (id, r) in role where key[id] != nil && r != "red" && r != "black" { return "\(key[id]!) is \(r), not red or black" }
        let inOrder = key.keys.sorted { key[$0]! < key[$1]! }
        for (a, b) in zip(inOrder, inOrder.dropFirst()) where x[b]! < x[a]! - 0.5 {
            return "\(key[b]!) is left of \(key[a]!)"
        }
        var children = [Int: (left: Int?, right: Int?)]()
        var hasParent = Set<Int>()
        var squaresUnder = 0
        for e in frame["edges"] as? [[String: Any]] ?? [] {
            guard let from = e["from"] as? Int, let to = e["to"] as? Int, key[from] != nil else { continue }
            if squares.contains(to) { squaresUnder += 1 }
            guard key[to] != nil else { continue }
            hasParent.insert(to)
            if key[to]! < key[from]! { children[from, default: (nil, nil)].left = to } else { children[from, default: (nil, nil)].right = to }
        }
        let roots = key.keys.filter { !hasParent.contains($0) }
        guard let root = roots.first else { return key.isEmpty ? nil : "no root" }
        if roots.count != 1 { return "\(roots.count) roots" }
        if role[root] != "black" { return "the root \(key[root]!) is \(role[root]!)" }
        if showNil, squaresUnder != key.count + 1 { return "\(squaresUnder) empty places drawn for \(key.count + 1)" }
        var problem: String?
        func blackHeight(_ id: Int?) -> Int {
            guard let id else { return 1 }
            let l = blackHeight(children[id]?.left), r = blackHeight(children[id]?.right)
            if l != r, problem == nil { problem = "black heights \(l) and \(r) under \(key[id]!)" }
            for c in [children[id]?.left, children[id]?.right].compactMap({ $0 }) where role[id] == "red" && role[c] == "red" {
                problem = problem ?? "red \(key[c]!) under red \(key[id]!)"
            }
            return l + (role[id] == "black" ? 1 : 0)
        }
        _ = blackHeight(root)
        return problem
    }

    @Test(.tags(.sweep)) func everyOperationEndsKeepingTheRulesAndNothingJumpsOrOverlaps() throws {
        var checkedFrames = 0
        for seed in UInt64(1)...200 {
            let ops = AVLInvariantTests.operations(seed: seed &+ 1000)
            let showNil = seed % 2 == 0
            // Every third list gives a deleted node's place to its predecessor.
            let timeline = try Self.timeline(ops, showNil: showNil, replacement: seed % 3 == 0 ? .predecessor : .successor)
            // The end of each operation: the last frame of a step not
            // followed by the fix-up's check.
            for (i, step) in timeline.steps.enumerated() {
                let next = i + 1 < timeline.steps.count ? timeline.steps[i + 1].caption ?? "" : ""
                guard !next.hasPrefix("check colours after") else { continue }
                let line = SceneDump.line(for: timeline.scene(at: step.frames.upperBound - 1))
                if let problem = try Self.problem(inDump: line, showNil: showNil) {
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

    @Test func theFrameCheckerCatchesJumpsAtOneFramePerSecond() throws {
        let b = try BSTBoard("insert 30 20 10", fps: 1) { _, options in options.balancing = .redBlack }
        #expect(FrameMotion.problems(in: b.timeline).problems.contains { $0.contains("moved") })
    }

    @Test func theCheckerFindsABrokenRuleInADump() throws {
        let timeline = try Self.timeline("insert 10 20 30 40", showNil: true)
        let last = SceneDump.line(for: timeline.scene(at: timeline.frameCount - 1))
        #expect(try Self.problem(inDump: last, showNil: true) == nil)
        // The root drawn red.
        let red = last.replacingOccurrences(of: "\"role\":\"black\"", with: "\"role\":\"red\"")
        #expect(try Self.problem(inDump: red, showNil: true) != nil)
    }
}
