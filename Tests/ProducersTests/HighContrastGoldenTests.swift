import Diagram
import GraphFiles
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames in the high-contrast theme (`--theme
/// high-contrast`): a BST search hit with its ring and lit path, a
/// deletion under way, and a BFS mid-step with its levels and queue.
@Suite(.tags(.golden)) struct HighContrastGoldenTests {
    @Test func aBSTSearchHitAndADeletionMatchTheirGoldens() throws {
        let b = try BSTGoldenTests.board(.highContrast)
        let frames = Dictionary(uniqueKeysWithValues: BSTGoldenTests.frames(b))
        for name in ["search-hit", "delete-two-children"] {
            let index = try #require(frames[name])
            #expect(index >= 0, "no \(name) frame")
            // Lines are thicker than the light theme's.
            let scene = b.scene(at: index)
            #expect(scene.edges.allSatisfy { $0.width >= 0.005 * 270 - 1e-9 })
            assertFrame(BSTGoldenTests.render(b, frame: index), matches: "high-contrast-\(name)")
        }
    }

    @Test func aBFSMidStepMatchesItsGolden() throws {
        let t = try GraphGoldenTests.timeline(GraphGoldenTests.roads, GraphRun(.bfs, from: "A"), theme: .highContrast)
        let index = try #require(GraphGoldenTests.frame(t, "A–C: C is new", 3))
        var canvas = Canvas(width: 640, height: 360)
        FrameRenderer(font: BSTBoard.font).render(t.scene(at: index), into: &canvas)
        assertFrame(canvas, matches: "high-contrast-graph-bfs-queue")
    }
}
