@testable import Diagram
import Geometry
import Testing
import Tween

/// The overview inset's corners are worked out as frames ask for them:
/// the first frame does not wait for the last step's rest, and the corners
/// are the same whichever frame asks first.
@Suite struct MapPlacementTests {
    /// 12 close views of a 30 × 16 world, each a step: a node in the
    /// middle of each, and in every third one a node under the lower right
    /// corner too, so the inset moves (and then stays where it went).
    static func tour() throws -> Timeline {
        let views = (0..<12).map { k in Rect(x: Double(k % 6) * 4.5, y: Double(k / 6) * 7, width: 4, height: 2.25) }
        var p = Play()
        p.step { s in
            s.beat(.linear(duration: 0)) { d in
                for (k, v) in views.enumerated() {
                    d.nodes.insert(Play.node(ElementID("m", k), v.center.x, v.center.y))
                    if k % 3 == 1 { d.nodes.insert(Play.node(ElementID("c", k), v.maxX - 0.4, v.maxY - 0.3)) }
                }
                d.nodes.insert(Play.node("far", 30, 16))
            }
        }
        p.builder.overview(Rect(x: -0.5, y: -0.5, width: 31, height: 17))
        for v in views {
            p.step(camera: .region(v)) { s in s.hold(0.6) }
        }
        return try p.timeline()
    }

    @Test func theFirstFrameDoesNotWaitForTheLastStepsCorner() throws {
        let tl = try Self.tour()
        let maps = try #require(tl.maps)
        #expect(maps.count == tl.steps.count && maps.knownCount == 0)
        _ = tl.scene(at: tl.steps[1].restFrame)
        #expect(maps.knownCount >= 2 && maps.knownCount < maps.count)
        _ = tl.scene(at: tl.frameCount - 1)
        #expect(maps.knownCount == maps.count)
    }

    @Test func theCornersAreTheSameWhicheverFrameAsksFirst() throws {
        let forward = try Self.tour(), backward = try Self.tour()
        let rests = forward.steps.map(\.restFrame)
        let a = rests.map { forward.scene(at: $0).inset }
        let b = rests.reversed().map { backward.scene(at: $0).inset }.reversed()
        #expect(a == Array(b))
        #expect(a.contains { $0 != nil })
        // The inset stands in more than one corner over the tour, or the
        // test shows nothing of the order.
        #expect(Set(a.compactMap { $0.map { "\($0.frame.minX),\($0.frame.minY)" } }).count >= 2, "\(a.map { $0?.frame })")
    }

    @Test func aFingerprintSceneIsTheSceneWithTheInsetLowerRight() throws {
        let tl = try Self.tour()
        var insets = 0
        for frame in tl.steps.map(\.restFrame) {
            var scene = tl.scene(at: frame), print = tl.fingerprintScene(at: frame)
            if let inset = print.inset {
                let vp = tl.geometry.viewport
                #expect(abs(inset.frame.maxX - vp.maxX) < 1e-9 && abs(inset.frame.maxY - vp.maxY) < 1e-9)
                insets += 1
            }
            (scene.inset, print.inset) = (nil, nil)
            #expect(scene == print)
        }
        // The tour shows the inset, or the test shows nothing of where it stands.
        #expect(insets > 0)
    }
}
