import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames at 480×270, light theme: a node spliced into a
/// list as its predecessor's pointer swings to it, a reversal half done
/// (the pointers behind `cur` already turned round), an enqueue whose
/// rear wraps round to index 0 of a circular buffer, a quadratic probe
/// with the key riding over the row, and a rehash with a key on its way
/// to its new bucket.
@Suite(.tags(.golden)) struct LinearGoldenTests {
    static let settings = FrameSettings(width: 480, height: 270, fps: 10)

    static func timeline(_ script: Script) throws -> Timeline {
        try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
    }

    static func options() -> LinearOptions {
        var o = LinearOptions()
        o.stage = Stage(settings)
        return o
    }

    /// The frame `offset` frames from where `caption` first shows.
    static func frame(_ t: Timeline, _ caption: String, _ offset: Int) -> Int {
        let captions = (0..<t.frameCount).map { t.scene(at: $0).caption ?? "" }
        return captions.firstIndex(of: caption).map { $0 + offset } ?? -1
    }

    static func check(_ t: Timeline, _ name: String, _ index: Int) {
        #expect(index >= 0, "no \(name) frame")
        guard index >= 0 else { return }
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(t.scene(at: index), into: &canvas)
        assertFrame(canvas, matches: name)
    }

    @Test func aSpliceAReversalAndAWrappingEnqueueMatchTheirGoldens() throws {
        let list = try Self.timeline(
            try ListAnimation(program: ListOperation.parse("append 3 5 8; insert-at 2 4; reverse"), options: Self.options(), labels: BSTBoard.labels).script)
        // Half way through the swing of cur.next onto the new node.
        Self.check(list, "list-splice", Self.frame(list, "cur.next = new: the node is spliced in", 3))
        // Two pointers turned; the third turning.
        let turns = (0..<list.frameCount).filter { list.scene(at: $0).caption == "cur.next = prev: the pointer turns round" }
        let starts = turns.enumerated().filter { $0.offset == 0 || $0.element != turns[$0.offset - 1] + 1 }.map(\.element)
        Self.check(list, "list-reversal", starts.count > 2 ? starts[2] + 3 : -1)
        var o = Self.options()
        o.capacity = 4
        let queue = try Self.timeline(
            try QueueAnimation(program: QueueOperation.parse("enqueue 1 2 3; dequeue; dequeue; enqueue 4 5"), options: o, labels: BSTBoard.labels).script)
        // The rear marker on its way from index 3 round to 0.
        Self.check(queue, "queue-wrap", Self.frame(queue, "rear = (3 + 1) mod 4 = 0: it wraps round to 0", 3))
        var probing = HashOptions()
        probing.stage = Stage(Self.settings)
        probing.probing = .quadratic
        let probe = try Self.timeline(
            try HashAnimation(program: HashOperation.parse("insert 20 42 9 31"), options: probing, labels: BSTBoard.labels).script)
        Self.check(probe, "hash-probe", Self.frame(probe, "probe 3: (9 + 3²) mod 11 = 7", 3))
        var chaining = HashOptions()
        chaining.stage = Stage(Self.settings)
        chaining.size = 7
        let rehash = try Self.timeline(
            try HashAnimation(program: HashOperation.parse("insert 10 22 31 4 15 8"), options: chaining, labels: BSTBoard.labels).script)
        Self.check(rehash, "hash-rehash", Self.frame(rehash, "h(31) mod 17 = 14", 7))
    }
}
