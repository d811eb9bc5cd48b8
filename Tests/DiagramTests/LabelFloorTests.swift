import Diagram
import Geometry
import Testing

/// A label the camera shrinks under the legibility floor is not drawn (as
/// a map leaves out the names it cannot set): the floor is 14 px at 720p
/// unless the settings say otherwise, scaled with the frame, and a label
/// at or over it is drawn at its size.
@Suite struct LabelFloorTests {
    /// The size the one node's label is drawn at with the floor at
    /// `minimumLabel` (px at 720p) on a 480×270 frame.
    static func drawn(minimumLabel: Double) throws -> Double {
        var p = Play()
        p.settings.minimumLabel = minimumLabel
        p.step("one") { s in
            s.beat(.linear(duration: 0)) { d in d.nodes.insert(Play.node("a", 0, 0, label: "Ada")) }
            s.hold(0.5)
        }
        return try p.timeline().scene(at: 3).node("Ada")!.fontSize
    }

    @Test func aLabelUnderTheFloorIsLeftOutAndOneOverItIsDrawn() throws {
        // With the floor at its lowest, the 7 px every frame keeps.
        let size = try Self.drawn(minimumLabel: 1)
        #expect(size > 7)
        // On a 270-line frame a floor of m px at 720p is m × 270/720 px.
        let atSize = size * 720 / 270
        #expect(try Self.drawn(minimumLabel: atSize * 0.9) == size)
        #expect(try Self.drawn(minimumLabel: atSize * 1.1) == 0)
        // The default floor, 14 px at 720p, is 5.25 px here: under the 7
        // px every frame keeps, which rules.
        #expect(FrameSettings().minimumLabel == 14)
    }
}
