import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of the four AVL rotation cases at 480×270, light
/// theme: each rotation two fifths into its glide (edges changing parent
/// drawing back), and the tree once the
/// case is balanced.
@Suite(.tags(.golden)) struct AVLGoldenTests {
    /// Inserts that meet every case once: LL at 30, RR at 30, RL at 20, LR at 10.
    static let program = "insert 30 20 10 40 50 25 60 5 7"

    static func board() throws -> BSTBoard {
        try BSTBoard(Self.program) { _, options in
            options.balancing = .avl
            options.layout = .inorder
        }
    }

    static func render(_ b: BSTBoard, frame: Int) -> Canvas {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(b.scene(at: frame), into: &canvas)
        return canvas
    }

    /// The frames of a case: two fifths into each rotation's glide (a run of
    /// frames in which nodes move, under the caption naming the case), and
    /// the frame the "balanced" caption has settled on.
    static func frames(of caseCaption: String, in b: BSTBoard) -> (rotations: [Int], after: Int)? {
        let captions = (0..<b.frameCount).map { b.scene(at: $0).caption ?? "" }
        guard let first = captions.firstIndex(of: caseCaption),
            let balanced = captions[first...].firstIndex(where: { $0.hasPrefix("balanced") })
        else { return nil }
        func places(_ i: Int) -> [Double] { b.scene(at: i).nodes.flatMap { [$0.x, $0.y] } }
        var runs = [[Int]]()
        var moving = false
        for i in first..<balanced {
            let moves = places(i) != places(i + 1)
            if moves && !moving { runs.append([]) }
            if moves { runs[runs.count - 1].append(i + 1) }
            moving = moves
        }
        // Settled: past the caption's beat and its hold.
        return (runs.map { $0[$0.count * 2 / 5] }, balanced + 6)
    }

    /// The walk back up (from the new key's parent) gives heights in
    /// edges, as the counter does: a leaf's is 0, an empty subtree's −1.
    @Test func theWalkUpCountsHeightsInEdgesAsTheCounterDoes() throws {
        let b = try BSTBoard("insert 30 20 10") { _, options in options.balancing = .avl }
        let captions = Set((0..<b.frameCount).compactMap { b.scene(at: $0).caption })
        #expect(captions.contains("30: heights 0 and \u{2212}1, balance +1"))
        #expect(captions.contains("20: heights 0 and \u{2212}1, balance +1"))
        #expect(captions.contains("30: heights 1 and \u{2212}1, balance +2"))
    }

    @Test(arguments: [
        ("LL at 30: rotate right", "avl-ll"),
        ("RR at 30: rotate left", "avl-rr"),
        ("RL at 20: rotate right at 40, then left at 20", "avl-rl"),
        ("LR at 10: rotate left at 5, then right at 10", "avl-lr"),
    ])
    func eachRotationCaseMidGlideAndAfter(_ caption: String, _ name: String) throws {
        let b = try Self.board()
        let found = try #require(Self.frames(of: caption, in: b), "no frames captioned \(caption)")
        #expect(found.rotations.count == (caption.contains("then") ? 2 : 1), "rotations of \(caption)")
        for (i, frame) in found.rotations.enumerated() {
            assertFrame(Self.render(b, frame: frame), matches: "\(name)-rotation\(i + 1)")
        }
        #expect(b.scene(at: found.after).caption?.hasPrefix("balanced") == true)
        assertFrame(Self.render(b, frame: found.after), matches: "\(name)-after")
    }
}
