import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of reduced motion at 480×270, light theme, each in
/// the middle of a fade: a bubble-sort swap (both bars fading at their old
/// places, still lit) and an AVL double rotation's first turn (the nodes
/// that change place fading, with their edges and badges, the rest still).
@Suite(.tags(.golden)) struct ReducedMotionGoldenTests {
    static func render(_ scene: Scene) -> Canvas {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(scene, into: &canvas)
        return canvas
    }

    /// The first frame from `start` on, under the same caption, in which
    /// some node or bar is shown at an opacity within 0.2…0.8: half faded.
    static func halfFaded(_ t: Timeline, from start: Int) -> Int? {
        let caption = t.scene(at: start).caption
        return (start..<t.frameCount).prefix { t.scene(at: $0).caption == caption }.first { f in
            let s = t.scene(at: f)
            return (s.nodes.map(\.opacity) + s.bars.map(\.opacity)).contains { $0 > 0.2 && $0 < 0.8 }
        }
    }

    @Test func aBubbleSortSwapFadesBothBars() throws {
        var options = SortOptions()
        options.algorithm = .bubble
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        let script = SortAnimation(values: [5, 3, 8, 1], options: options, labels: BSTBoard.labels).script
        let settings = FrameSettings(width: 480, height: 270, fps: 10, reducedMotion: true)
        let t = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        let first = try #require((0..<t.frameCount).first { t.scene(at: $0).caption == "compare 8 and 1 → swap" })
        let frame = try #require(Self.halfFaded(t, from: first))
        let faded = t.scene(at: frame).bars.filter { $0.opacity < 1 }
        #expect(faded.count == 2 && faded.allSatisfy { $0.role == "compare" }, "the two lit bars fade together")
        assertFrame(Self.render(t.scene(at: frame)), matches: "reduced-sort-swap")
    }

    @Test func anAVLRotationFadesWhatChangesPlace() throws {
        let b = try BSTBoard(AVLGoldenTests.program) { settings, options in
            settings.reducedMotion = true
            options.balancing = .avl
            options.layout = .inorder
        }
        let t = b.timeline
        let first = try #require((0..<t.frameCount).first { t.scene(at: $0).caption == "RL at 20: rotate right at 40, then left at 20" })
        let frame = try #require(Self.halfFaded(t, from: first))
        let nodes = t.scene(at: frame).nodes
        #expect(nodes.contains { $0.opacity == 1 } && nodes.contains { $0.opacity < 0.8 })
        assertFrame(Self.render(t.scene(at: frame)), matches: "reduced-avl-rotation")
    }
}
