import Diagram
import Foundation
import Output
import Producers
import Testing
import TestSupport
import Trees

/// The heap animation over random operation lists: at the end of every
/// step the drawn tree, read back from the scene dump, is in heap order and
/// the row under it holds its keys in level order; no node jumps or
/// overlaps another at any frame.
@Suite struct HeapInvariantTests {
    /// A random list of three to five operations on keys of 1…30 (repeats
    /// allowed), the heap kept to at most 15 items.
    static func operations(seed: UInt64) -> (ops: String, order: HeapOrder) {
        var random = SeededGenerator(seed: seed)
        var size = 0
        var ops = [String]()
        for _ in 0..<random.next(in: 3...5) {
            switch random.next(in: 0...5) {
            case 0 where size < 11:
                let keys = (0..<random.next(in: 2...4)).map { _ in random.next(in: 1...30) }
                ops.append("heapify " + keys.map(String.init).joined(separator: " "))
                size += keys.count
            case 1, 2 where size < 15:
                ops.append("insert \(random.next(in: 1...30))")
                size += 1
            case 3, 4:
                ops.append("extract")
                size = max(size - 1, 0)
            default:
                ops.append("heapsort")
                size = 0
            }
        }
        return (ops.joined(separator: "; "), seed.isMultiple(of: 2) ? .min : .max)
    }

    static func timeline(_ ops: String, order: HeapOrder) throws -> Timeline {
        var options = HeapOptions()
        options.order = order
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        options.finalHold = 0.5
        let script = try HeapAnimation(program: HeapOperation.parse(ops), options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 30), labels: BSTBoard.labels)
    }

    /// What is wrong with the heap a dump line shows, or nil. Circles are
    /// the tree, boxes the row: every edge's parent may stand above its
    /// child, the tree is complete (level by level, left to right, by
    /// position), and the row's keys left to right, less any marked sorted
    /// at its end, are the tree's in level order.
    /// With `ordered` false (in the middle of a heapify) the heap order is
    /// not checked, only the shape and the row.
    static func problem(inDump line: String, order: HeapOrder, ordered: Bool = true) throws -> String? {
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let nodes = (frame["nodes"] as? [[String: Any]] ?? []).filter { ($0["opacity"] as? Double ?? 0) > 0.99 }
        var key = [Int: Int](), place = [Int: (x: Double, y: Double)]()
        var row = [(x: Double, key: Int, sorted: Bool)]()
        for n in nodes {
            guard let id = n["id"] as? Int, let k = n["key"] as? Int, let x = n["x"] as? Double, let y = n["y"] as? Double,
                let shape = n["shape"] as? String
            else { return "a node without id, key, place or shape" }
            if shape == "circle" {
                key[id] = k
                place[id] = (x, y)
            } else {
                row.append((x, k, n["role"] as? String == "sorted"))
            }
        }
        var parent = [Int: Int]()
        for e in frame["edges"] as? [[String: Any]] ?? [] {
            guard let from = e["from"] as? Int, let to = e["to"] as? Int, let a = key[from], let b = key[to] else { continue }
            if parent[to] != nil { return "\(b) has two parents" }
            parent[to] = from
            if ordered, !order.allows(a, above: b) { return "\(a) is above its child \(b)" }
        }
        // Level order: by row of the tree (y), then left to right.
        let levelOrder = key.keys.sorted { (place[$0]!.y, place[$0]!.x) < (place[$1]!.y, place[$1]!.x) }
        for (i, id) in levelOrder.enumerated().dropFirst() where parent[id] != levelOrder[BinaryHeap.parent(of: i)] {
            return "\(key[id]!) at index \(i) hangs from the wrong parent"
        }
        row.sort { $0.x < $1.x }
        let heapPart = row.prefix { !$0.sorted }
        if row.dropFirst(heapPart.count).contains(where: { !$0.sorted }) { return "the sorted part of the row is not at its end" }
        let tree = levelOrder.map { key[$0]! }
        if heapPart.map(\.key) != tree { return "the row \(heapPart.map(\.key)) is not the tree in level order \(tree)" }
        return nil
    }

    @Test func theDumpOfASortedHeapShowsTheRowSortedAndNoTree() throws {
        let timeline = try Self.timeline("heapify 5 1 4; heapsort", order: .max)
        let line = SceneDump.line(for: timeline.scene(at: timeline.frameCount - 1))
        #expect(try Self.problem(inDump: line, order: .max) == nil)
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let nodes = try #require(frame["nodes"] as? [[String: Any]])
        #expect(nodes.allSatisfy { $0["shape"] as? String == "rect" && $0["role"] as? String == "sorted" })
        #expect(nodes.sorted { ($0["x"] as! Double) < ($1["x"] as! Double) }.map { $0["key"] as? Int } == [1, 4, 5])
    }

    @Test(.tags(.sweep)) func everyStepEndsInHeapOrderAndNothingJumpsOrOverlaps() throws {
        let limit = 0.06 * (480.0 * 480 + 270 * 270).squareRoot()
        var checkedFrames = 0, checkedRests = 0
        for seed in UInt64(1)...200 {
            let (ops, order) = Self.operations(seed: seed)
            let timeline = try Self.timeline(ops, order: order)
            let what = "seed \(seed) (\(order) \(ops))"
            // The end of every step: an operation's, one round's of a
            // heapsort, or one sift's of a heapify, in heap order once
            // the last sift is done.
            for (i, step) in timeline.steps.enumerated() {
                let next = i + 1 < timeline.steps.count ? timeline.steps[i + 1].caption ?? "" : ""
                let line = SceneDump.line(for: timeline.scene(at: step.frames.upperBound - 1))
                checkedRests += 1
                if let problem = try Self.problem(inDump: line, order: order, ordered: !next.hasPrefix("heapify: sift down")) {
                    Issue.record("\(what), end of step \(i) \(step.caption ?? ""): \(problem)")
                    break
                }
            }
            // Every frame: at most 6% of the diagonal a frame, and no two
            // circles or two boxes overlap (a box may pass over the indices
            // but never over another box).
            var previous = [Int: (x: Double, y: Double)]()
            for f in 0..<timeline.frameCount {
                let shown = timeline.nodes(at: f).filter { $0.opacity > 0.5 }
                for n in shown {
                    if let p = previous[n.id], hypot(n.x - p.x, n.y - p.y) > limit {
                        Issue.record("\(what), frame \(f): \(n.label) moved \(hypot(n.x - p.x, n.y - p.y)) px")
                    }
                }
                for (i, a) in shown.enumerated() {
                    for b in shown[(i + 1)...] where a.shape == b.shape {
                        let overlap = a.shape == .circle
                            ? hypot(a.x - b.x, a.y - b.y) < (a.w + b.w) / 2 - 1
                            : abs(a.x - b.x) < (a.w + b.w) / 2 - 1 && abs(a.y - b.y) < (a.h + b.h) / 2 - 1
                        if overlap { Issue.record("\(what), frame \(f): \(a.label) and \(b.label) overlap") }
                    }
                }
                previous = Dictionary(shown.map { ($0.id, (x: $0.x, y: $0.y)) }, uniquingKeysWith: { a, _ in a })
                checkedFrames += 1
            }
        }
        #expect(checkedRests > 1000)
        #expect(checkedFrames > 100_000)
    }
}
