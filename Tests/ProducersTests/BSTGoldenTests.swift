import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of each BST operation at 480×270, light and dark.
@Suite(.tags(.golden)) struct BSTGoldenTests {
    static let lecture =
        "insert 50 30 70 20 40 60 80 35; search 35; search 55; delete 20; delete 40; delete 50; inorder"

    static func board(_ theme: Theme, transparent: Bool = false) throws -> BSTBoard {
        try BSTBoard(Self.lecture) { s, _ in
            s.theme = theme
            s.transparent = transparent
        }
    }

    static func render(_ b: BSTBoard, frame: Int) -> Canvas {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(b.scene(at: frame), into: &canvas)
        return canvas
    }

    /// The frames worth pinning, found by their captions: a comparison with
    /// the token riding, a search hit and a miss, the three deletes, the
    /// traversal half done, and the first and last frames.
    static func frames(_ b: BSTBoard) -> [(String, Int)] {
        let captions = (0..<b.frameCount).map { b.scene(at: $0).caption ?? "" }
        /// The frame `offset` frames into the first run of `caption`.
        func into(_ caption: String, _ offset: Int) -> Int {
            captions.firstIndex(of: caption).map { $0 + offset } ?? -1
        }
        return [
            ("first", 0),
            ("insert-ride", into("35 > 30 → right", 3)),
            ("search-hit", into("found 35", 5)),
            ("search-miss", into("55 is not in the tree: it would be the left child of 60", 8)),
            ("delete-leaf", into("20 is a leaf: remove it", 4)),
            ("delete-one-child", into("40 has one child, 35: 35's subtree moves up into its place", 9)),
            ("delete-two-children", into("60's key moves up into 50's place", 4)),
            ("inorder", into("visit 60", 2)),
            ("last", b.frameCount - 1),
        ]
    }

    @Test(arguments: ["light", "dark"])
    func eachOperationMatchesItsGoldens(_ name: String) throws {
        let b = try Self.board(name == "light" ? .light : .dark)
        for (frame, index) in Self.frames(b) {
            #expect(index >= 0, "no \(frame) frame")
            guard index >= 0 else { continue }
            assertFrame(Self.render(b, frame: index), matches: "\(name)-\(frame)")
        }
    }

    @Test func aTransparentFrameHasHalosAndMatchesItsGolden() throws {
        let b = try Self.board(.light, transparent: true)
        let canvas = Self.render(b, frame: Self.frames(b)[3].1)
        #expect(canvas[0, 0].3 == 0)
        assertFrame(canvas, matches: "transparent-search-miss")
    }
}
