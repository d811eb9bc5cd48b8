import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of a min-heap at 480×270, light theme: a sift-up
/// and a sift-down in the middle of their swaps, and a heapsort round as
/// the last item climbs to the root while the boxes trade places.
@Suite(.tags(.golden)) struct HeapGoldenTests {
    static let lecture = "heapify 9 4 7 1 8; insert 3; heapsort"

    static func timeline() throws -> Timeline {
        var options = HeapOptions()
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        let script = try HeapAnimation(program: HeapOperation.parse(lecture), options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 10), labels: BSTBoard.labels)
    }

    /// The frames worth pinning, found by their captions: each a second and
    /// a half after its caption arrives, half way through the move it names.
    static func frames(_ timeline: Timeline) -> [(String, Int)] {
        let captions = (0..<timeline.frameCount).map { timeline.scene(at: $0).caption ?? "" }
        func into(_ caption: String, _ offset: Int) -> Int {
            captions.firstIndex(of: caption).map { $0 + offset } ?? -1
        }
        return [
            ("heap-sift-up", into("3 < 7: swap", 15)),
            ("heap-sift-down", into("9 > 1: swap", 15)),
            ("heap-heapsort", into("the last item, 7, goes to the root: index 0", 7)),
        ]
    }

    @Test func aSiftUpASiftDownAndAHeapsortRoundMatchTheirGoldens() throws {
        let timeline = try Self.timeline()
        for (name, index) in Self.frames(timeline) {
            #expect(index >= 0, "no \(name) frame")
            guard index >= 0 else { continue }
            var canvas = Canvas(width: 480, height: 270)
            FrameRenderer(font: BSTBoard.font).render(timeline.scene(at: index), into: &canvas)
            assertFrame(canvas, matches: name)
        }
    }
}
