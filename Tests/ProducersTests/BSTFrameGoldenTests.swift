import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered frames of `--values 50,17,72,12,23,60 --size 480x270 --fps 10`
/// against committed goldens.
@Suite struct FrameGoldenTests {
    static let keys = [50, 17, 72, 12, 23, 60]

    static func board(theme: Theme = .light, transparent: Bool = false) throws -> BSTBoard {
        try BSTBoard(keys) { s in
            s.theme = theme
            s.transparent = transparent
        }
    }

    static func render(_ board: BSTBoard, frame: Int) throws -> Canvas {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: try Font.default()).render(board.scene(at: frame), into: &canvas)
        return canvas
    }

    /// The frames worth pinning: the first, one with the ring between two
    /// nodes, one mid-settle, and the last.
    static func keyFrames(_ b: BSTBoard) -> [(String, Int)] {
        let scenes = (0..<b.frameCount).map { b.scene(at: $0) }
        // Mid-search: the ring is at neither end of a slide, while inserting 23.
        let search = scenes.firstIndex { s in
            guard s.caption == "23 > 17 → right", let h = s.highlight else { return false }
            return !s.nodes.contains { abs($0.x - h.x) < 0.5 && abs($0.y - h.y) < 0.5 }
        }
        // Mid-settle: a third of the way through the settle-and-hold of 60,
        // while the rider is still on its way to its slot.
        let settling = scenes.indices.filter { scenes[$0].caption == "60 becomes the left child of 72" }
        let final = scenes[scenes.count - 1].nodes
        let settle = settling.isEmpty ? nil : settling[settling.count / 3]
        let moving = settle.map { i in scenes[i].nodes.contains { n in final.contains { $0.id == n.id && ($0.x != n.x || $0.y != n.y) } } }
        return [
            ("first", 0), ("search", search ?? -1), ("settle", moving == true ? settle ?? -1 : -1),
            ("last", b.frameCount - 1),
        ]
    }

    @Test(arguments: ["light", "dark"])
    func keyFramesMatchTheirGoldens(_ themeName: String) throws {
        let b = try Self.board(theme: themeName == "light" ? .light : .dark)
        for (name, frame) in Self.keyFrames(b) {
            #expect(frame >= 0, "no \(name) frame found")
            guard frame >= 0 else { continue }
            assertFrame(try Self.render(b, frame: frame), matches: "\(themeName)-\(name)")
        }
    }

    @Test func transparentFrameMatchesItsGolden() throws {
        let b = try Self.board(transparent: true)
        let canvas = try Self.render(b, frame: b.frameCount - 1)
        #expect(canvas[0, 0].3 == 0)
        assertFrame(canvas, matches: "transparent-last")
    }

    @Test func renderingTheSameFrameTwiceGivesTheSameBytes() throws {
        let b = try Self.board()
        let frame = b.frameCount / 2
        #expect(try Self.render(b, frame: frame).pixels == (try Self.render(b, frame: frame)).pixels)
    }
}
