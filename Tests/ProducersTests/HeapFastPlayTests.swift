import Diagram
import Foundation
import Producers
import Testing
import Trees

/// Heap fast play: a second's worth of operations a step (a heapsort's
/// rounds each), the items gliding to their indices in both views; no
/// item moves more than 6% of the diagonal a frame, and the last frame is
/// the heap (or the sorted row) the operations leave.
@Suite struct HeapFastPlayTests {
    static func program(_ text: String) throws -> [(HeapOperation, OperationSource)] { try HeapOperation.parse(text) }

    @Test func aLongProgramPlaysFastAndASortCountsItsRounds() throws {
        #expect(HeapAnimation.fastPlay(for: try Self.program("insert 5 3 8"), order: .min) == nil)
        var rng = SeededGenerator(seed: 5)
        let keys = rng.distinctKeys(count: 100, in: 1...999).map(String.init).joined(separator: " ")
        #expect(HeapAnimation.fastPlay(for: try Self.program("insert " + keys), order: .min) == 2)
        #expect(HeapAnimation.operations(try Self.program("heapify 4 2 9 1; insert 7; heapsort")) == 2 + 5)
    }

    @Test(arguments: [HeapOrder.min, .max])
    func itemsGlideAndTheLastFrameIsTheSortedRow(_ order: HeapOrder) throws {
        var rng = SeededGenerator(seed: 9)
        let keys = rng.distinctKeys(count: 40, in: 1...99)
        let text = "heapify " + keys.prefix(20).map(String.init).joined(separator: " ") + "; insert "
            + keys.dropFirst(20).map(String.init).joined(separator: " ") + "; extract; extract; heapsort"
        var options = HeapOptions()
        options.order = order
        options.opsPerSecond = 6
        let settings = FrameSettings(width: 640, height: 360, fps: 30)
        options.stage = Stage(settings)
        let script = try HeapAnimation(program: try Self.program(text), options: options, labels: BSTBoard.labels).script
        let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        let fastest = NodeSight(timeline, opacity: 0.5, anywhere: true).fastest
        #expect(fastest <= 0.06, "an item moved \(fastest * 100)% of the diagonal in a frame")
        let last = timeline.scene(at: timeline.frameCount - 1)
        let row = last.nodes.filter { $0.shape == .rect }.sorted { $0.x < $1.x }.compactMap(\.key)
        let expected = keys.sorted().dropFirst(2)
        #expect(row == (order == .min ? Array(expected.reversed()) : Array(keys.sorted(by: >).dropFirst(2).reversed())), "\(row)")
        #expect(last.nodes.filter { $0.shape == .circle }.isEmpty && last.nodes.allSatisfy { $0.role == "sorted" })
    }
}
