import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of red-black fix-ups at 480×270, light theme: CLRS's
/// figure 13.4 (inserting 4 meets cases 1, 2 and 3): a recolouring halfway
/// through its colour tween, a rotation two fifths into its glide, and the
/// finished tree with its empty places drawn.
@Suite(.tags(.golden)) struct RedBlackGoldenTests {
    static let program = "insert 11 2 14 1 7 15 5 8 4"

    static func board(showNil: Bool = false) throws -> BSTBoard {
        try BSTBoard(Self.program) { _, options in
            options.balancing = .redBlack
            options.layout = .inorder
            options.showNil = showNil
        }
    }

    static func render(_ b: BSTBoard, frame: Int) -> Canvas {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(b.scene(at: frame), into: &canvas)
        return canvas
    }

    /// The middle frame of the first run of frames under `caption` in which
    /// `changes` says something changed from one frame to the next, `at`
    /// of the way through it.
    static func frame(under caption: String, in b: BSTBoard, at: Double, changes: (Scene, Scene) -> Bool) -> Int? {
        let captions = (0..<b.frameCount).map { b.scene(at: $0).caption ?? "" }
        guard let first = captions.firstIndex(of: caption) else { return nil }
        var run = [Int]()
        for i in first..<(b.frameCount - 1) where captions[i + 1] == caption {
            if changes(b.scene(at: i), b.scene(at: i + 1)) {
                run.append(i + 1)
            } else if !run.isEmpty {
                break
            }
        }
        return run.isEmpty ? nil : run[Int(Double(run.count) * at)]
    }

    @Test func aRecolourMidTween() throws {
        let b = try Self.board()
        let frame = try #require(Self.frame(under: "case 1: uncle 8 is red: recolour 5 and 8 black, 7 red", in: b, at: 0.5) {
            $0.nodes.map(\.fill) != $1.nodes.map(\.fill)
        })
        assertFrame(Self.render(b, frame: frame), matches: "rb-recolour")
    }

    @Test func aRotationMidGlide() throws {
        let b = try Self.board()
        let frame = try #require(Self.frame(under: "case 3: uncle 14 is black: 7 black, 11 red, rotate right at 11", in: b, at: 0.4) {
            $0.nodes.map(\.x) != $1.nodes.map(\.x) || $0.nodes.map(\.y) != $1.nodes.map(\.y)
        })
        assertFrame(Self.render(b, frame: frame), matches: "rb-rotation")
    }

    @Test func theFinishedTreeWithItsEmptyPlaces() throws {
        let b = try Self.board(showNil: true)
        assertFrame(Self.render(b, frame: b.frameCount - 1), matches: "rb-show-nil")
    }
}
