import Diagram
import Foundation
import Producers
import Testing
import TestSupport
import Trees

/// What a teacher needs of every BST animation, checked from its scenes
/// (what the scene dump writes) over many seeds and operation lists.
@Suite struct BSTTeachingTests {
    static let seeds: [UInt64] = Array(1...12)

    static func programs() -> [String] {
        seeds.map { BSTBoard.keys(seed: $0) } + seeds.map { BSTBoard.lecture(seed: $0) }
    }

    /// A two-child delete whose successor (predecessor) has a child on its
    /// far side says that child moves up into the successor's old place.
    @Test func aSuccessorsOwnChildIsSaidToMoveUp() throws {
        for (replacement, caption) in [
            (Replacement.successor, "then 60's old node is removed: its right child, 65, moves up into its place"),
            (Replacement.predecessor, "then 40's old node is removed: its left child, 35, moves up into its place"),
        ] {
            let b = try BSTBoard("insert 50 30 70 60 80 65 20 40 35; delete 50") { _, options in options.replacement = replacement }
            let captions = Set((0..<b.frameCount).compactMap { b.scene(at: $0).caption })
            #expect(captions.contains(caption), "\(replacement)")
        }
        // Each step down the inner side is said at the node it leaves.
        let deep = try BSTBoard("insert 50 30 70 60 80 55 65; delete 50")
        let said = (0..<deep.frameCount).compactMap { deep.scene(at: $0).caption }
        for caption in ["go right once, to 70", "70 has a left child → go left", "60 has a left child → go left", "55 has no left child: the successor is 55"] {
            #expect(said.contains(caption), "\(caption)")
        }
        let plain = try BSTBoard("insert 50 30 70 60 80; delete 50")
        #expect((0..<plain.frameCount).contains { plain.scene(at: $0).caption == "then 60's old node is removed" })
    }

    /// A recursive walk shows its recursion: at each visit the call stack
    /// beside the tree holds a frame for each call from the root down to
    /// the visited node (`inorder(50)`, `inorder(30)`, …), the newest lit,
    /// the ring on that node; with the code shown, the lines that make the
    /// calls are lit (calls on NIL included), and the stack is gone at the
    /// end.
    @Test(arguments: [Traversal.inorder, .preorder, .postorder])
    func aRecursiveWalkShowsItsCallStack(_ order: Traversal) throws {
        let keys = [50, 30, 70, 20, 40, 60]
        let parents = [30: 50, 70: 50, 20: 30, 40: 30, 60: 70]
        func path(_ k: Int) -> [String] { (parents[k].map(path) ?? []) + ["\(order.rawValue)(\(k))"] }
        for code in [false, true] {
            let b = try BSTBoard("insert \(keys.map(String.init).joined(separator: " ")); \(order.rawValue)") { _, o in o.code = code }
            var seen = [String](), lines = Set<Int>()
            for i in 0..<b.frameCount {
                let s = b.scene(at: i)
                if s.code?.title.contains("TREE-WALK") == true, let l = s.code?.line { lines.insert(l) }
                guard let caption = s.caption, caption.hasPrefix("visit "), let k = Int(caption.dropFirst(6)) else { continue }
                if seen.last == caption { continue }
                seen.append(caption)
                let frames = s.nodes.filter { $0.name.hasPrefix("call:") && $0.opacity > 0.5 }.sorted { $0.name < $1.name }
                #expect(frames.map(\.label) == path(k), "\(order) \(caption): the stack shows \(frames.map(\.label))")
                #expect(frames.last?.role == Role.new.name && frames.dropLast().allSatisfy { $0.role == Role.normal.name }, "\(caption)")
                let ring = try #require(s.highlight), node = try #require(s.nodes.first { $0.label == "\(k)" })
                #expect(hypot(ring.x - node.x, ring.y - node.y) < 1, "\(caption): the ring is not on \(k)")
            }
            #expect(seen.count == keys.count)
            let end = b.scene(at: b.frameCount - 1)
            #expect(!end.nodes.contains { $0.name.hasPrefix("call:") }, "the stack stays after the walk")
            if code { #expect(lines.isSuperset(of: [0, 1, 2, 3]), "\(order): lines lit \(lines.sorted())") }
        }
    }

    @Test(.tags(.sweep), arguments: programs())
    func noTwoVisibleNodesEverOverlap(_ ops: String) throws {
        let b = try BSTBoard(ops)
        for i in 0..<b.frameCount {
            let nodes = b.scene(at: i).nodes.filter { $0.opacity > 0 }
            for (j, a) in nodes.enumerated() {
                for c in nodes[(j + 1)...] {
                    let d = hypot(a.x - c.x, a.y - c.y)
                    #expect(d >= a.radius + c.radius - 0.5, "frame \(i): '\(a.label)' and '\(c.label)' overlap")
                }
            }
        }
    }

    /// A comparison caption's parts: the key, the relation, the node.
    static func comparison(_ caption: String?) -> (key: String, node: String)? {
        guard let words = caption?.split(separator: " "), words.count == 5, words[1] == "<" || words[1] == ">",
            words[3] == "→"
        else { return nil }
        return (String(words[0]), String(words[2]))
    }

    @Test(.tags(.sweep), arguments: programs())
    func everyComparisonRestsHalfASecondOnTheNodeItsCaptionNames(_ ops: String) throws {
        let b = try BSTBoard(ops)
        var runs = [(caption: String, resting: Int)]()
        for i in 0..<b.frameCount {
            let s = b.scene(at: i)
            guard let c = Self.comparison(s.caption) else { continue }
            if runs.last?.caption != s.caption { runs.append((s.caption!, 0)) }
            guard let ring = s.highlight else { continue }
            let under = s.nodes.first { abs($0.x - ring.x) < 0.5 && abs($0.y - ring.y) < 0.5 }
            if let under {
                #expect(under.label == c.node, "frame \(i): the ring is on \(under.label) under '\(s.caption!)'")
                if under.label == c.node { runs[runs.count - 1].resting += 1 }
            }
        }
        #expect(!runs.isEmpty)
        for run in runs { #expect(run.resting >= 5, "'\(run.caption)' rests \(run.resting) frames at 10 fps") }
    }

    @Test(arguments: programs())
    func theFirstFrameShowsAKeyAndTheLastIsHeldThreeSeconds(_ ops: String) throws {
        let b = try BSTBoard(ops)
        #expect(b.scene(at: 0).nodes.contains { $0.opacity == 1 })
        #expect(b.scene(at: 0).texts.contains { $0.text.hasPrefix("insert") || $0.text == "next:" })
        let last = b.frameCount - 1
        var held = b.scene(at: last - 30), final = b.scene(at: last)
        (held.frame, held.time, final.frame, final.time) = (0, 0, 0, 0)
        #expect(held == final)
    }

    @Test(arguments: seeds)
    func theFinishedTreeFillsASlideWithReadableLabelsAndLines(_ seed: UInt64) throws {
        let b = try BSTBoard(BSTBoard.keys(seed: seed), width: 1280, height: 720, fps: 2)
        let s = b.scene(at: b.frameCount - 1)
        #expect(s.nodes.count == 10)
        let sizes = Set(s.nodes.map(\.fontSize))
        #expect(sizes.count == 1)
        #expect(sizes.first.map { $0 >= 24 } == true, "label size \(sizes)")
        let xs = s.nodes.map(\.x), ys = s.nodes.map(\.y), r = s.nodes[0].radius
        let spanX = (xs.max()! - xs.min()! + 2 * r) / 1280, spanY = (ys.max()! - ys.min()! + 2 * r) / 720
        #expect(max(spanX, spanY) >= 0.6, "spans \(spanX), \(spanY)")
        #expect(s.edges.allSatisfy { $0.width >= 2.5 } && s.nodes.allSatisfy { $0.strokeWidth >= 2.5 })
    }

    @Test func theCounterCountsHeightInEdgesAndTheQueueEmptiesAsKeysGoIn() throws {
        let b = try BSTBoard("insert 50 30 70 20")
        let counter = { (i: Int) in b.scene(at: i).texts.first { $0.text.hasPrefix("size") || $0.text == "empty tree" }?.text }
        #expect(counter(0) == "size 1 · height 0")
        #expect(counter(b.frameCount - 1) == "size 4 · height 2")
        #expect(!b.scene(at: b.frameCount - 1).texts.contains { $0.text.hasPrefix("insert") })
    }
}
