import Diagram
import Foundation
import Producers
import TestSupport
import Testing
import Trees

/// Fast play: a program too long to play one operation at a time plays a
/// second's worth of operations a step, each shown where it lands, the tree
/// gliding to its new shape once a step. Its length follows the rate, its
/// script grows with the program (not its square), no node moves more than
/// 6% of the diagonal a frame, and a label too small to read is left out.
@Suite struct BSTFastPlayTests {
    static func inserts(_ count: Int, seed: UInt64 = 3) -> [(BSTOperation, OperationSource)] {
        var rng = SeededGenerator(seed: seed)
        return rng.distinctKeys(count: count, in: 1...(count * 10)).enumerated().map { i, k in
            (BSTOperation.insert(k), OperationSource(index: i + 1, text: "insert \(k)"))
        }
    }

    static func script(
        _ program: [(BSTOperation, OperationSource)], rate: Double?, balancing: Balancing = .none, settings: FrameSettings = FrameSettings()
    ) throws -> Script {
        var options = BSTOptions()
        options.balancing = balancing
        options.layout = balancing == .none ? .tidy : .inorder
        options.opsPerSecond = rate
        options.stage = Stage(settings)
        return try BSTAnimation(program: program, options: options, labels: BSTBoard.labels).script
    }

    @Test func aProgramOverThreeMinutesOneByOnePlaysFastInAboutAMinute() {
        #expect(BSTAnimation.fastPlay(for: Self.inserts(12), balancing: .none) == nil)
        #expect(BSTAnimation.fastPlay(for: Self.inserts(1000), balancing: .none) == 17)
        #expect(BSTAnimation.fastPlay(for: Self.inserts(100), balancing: .avl) == 2)
        #expect(BSTAnimation.fastPlay(for: Self.inserts(10_000), balancing: .redBlack) == 167)
    }

    @Test func theScriptLastsTheOperationsAtTheirRateAndGrowsWithTheProgram() throws {
        let small = try Self.script(Self.inserts(500), rate: 10), large = try Self.script(Self.inserts(1000), rate: 20)
        // 50 steps each, and the final hold.
        #expect(small.steps.count == large.steps.count)
        let seconds = { (s: Script) in
            s.steps.reduce(0.0) { $0 + $1.beats.reduce(0.0) { $0 + ($1.duration ?? $1.animation.duration) } }
        }
        #expect(abs(seconds(small) - seconds(large)) < 0.5 && abs(seconds(large) - 53.9) < 1, "\(seconds(small)) s, \(seconds(large)) s")
        // Twice the keys at twice the rate: twice the changes, not four
        // times (a step moves at most every node once).
        let changes = { (s: Script) in s.steps.reduce(0) { $0 + $1.beats.reduce(0) { $0 + $1.changes.count } } }
        let ratio = Double(changes(large)) / Double(changes(small))
        #expect(ratio > 1.5 && ratio < 2.6, "\(changes(small)) and \(changes(large)) changes")
    }

    @Test(.tags(.sweep), arguments: [Balancing.none, .avl, .redBlack])
    func noNodeMovesTooFastAndNoLabelIsDrawnTooSmall(_ balancing: Balancing) throws {
        var rng = SeededGenerator(seed: 11)
        let keys = rng.distinctKeys(count: 120, in: 1...999)
        var program = keys.enumerated().map { i, k in (BSTOperation.insert(k), OperationSource(index: i + 1, text: "")) }
        for (i, k) in keys.prefix(30).enumerated() {
            program.append((i.isMultiple(of: 3) ? .search(k) : .delete(k), OperationSource(index: program.count + 1, text: "")))
        }
        program.append((.traverse(.inorder), OperationSource(index: program.count + 1, text: "inorder")))
        let settings = FrameSettings(width: 640, height: 360, fps: 30)
        let script = try Self.script(program, rate: 8, balancing: balancing, settings: settings)
        let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        let sight = NodeSight(timeline, opacity: 0.5, anywhere: true)
        let (fastest, smallest) = (sight.fastest, sight.smallest)
        #expect(fastest <= 0.06, "a node moved \(fastest * 100)% of the diagonal in a frame")
        // 14 px at 720p is 7 px at 360p, less the 2% the renderer allows.
        #expect(smallest >= 0.98 * 7, "a label drawn at \(smallest) px")
        #expect(timeline.scene(at: timeline.frameCount - 1).nodes.count == 100)
    }

    /// One at a time, the key riding down as a small token still reads:
    /// its label is drawn at 14 px or more (at 720p) wherever the token is
    /// wholly shown, on a tree of twenty keys.
    @Test func theRidingTokensKeyReadsOnATreeOfTwentyKeys() throws {
        let b = try BSTBoard(BSTBoard.keys(seed: 1, count: 20), width: 1280, height: 720, fps: 10)
        var tokens = 0
        for f in 0..<b.frameCount {
            for n in b.scene(at: f).nodes where n.role == "new" && n.opacity > 0.99 && n.w < 40 {
                tokens += 1
                #expect(n.fontSize >= 0.98 * 14, "frame \(f): token \(n.label) at \(n.fontSize) px")
            }
        }
        #expect(tokens > 100)
    }

    /// The golden: 300 keys at 10 a second on a 480×270 frame, a third of the
    /// way in: the tree's shape, the keys that just landed lit, no label
    /// too small to read.
    @Test(.tags(.golden)) func aFastPlayFrameMatchesItsGolden() throws {
        var rng = SeededGenerator(seed: 7)
        let keys = rng.distinctKeys(count: 300, in: 1...999)
        let b = try BSTBoard("insert " + keys.map(String.init).joined(separator: " ")) { _, options in options.opsPerSecond = 10 }
        let frame = try #require((0..<b.frameCount).first { b.scene(at: $0).caption == "100 of 300 operations, 10 a second" })
        let scene = b.scene(at: frame + 5)
        #expect(scene.nodes.contains { $0.role == "new" })
        assertFrame(BSTGoldenTests.render(b, frame: frame + 5), matches: "bst-fast-play")
    }
}
