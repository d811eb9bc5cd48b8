import Diagram
import Geometry
import Testing

@Suite struct CameraFitTests {
    /// A diagram whose region is degenerate (no size, or a coordinate that
    /// is NaN or infinite, as a layout fed subnormal positions gave) still
    /// compiles: every camera is finite, so no pan between two fits takes
    /// a NaN or negative time (which trapped in `Animation`).
    @Test(arguments: [Point(1e-320, 4.9e-324), Point(.nan, 0), Point(0, .infinity), Point(-.infinity, .nan)])
    func aDegenerateDiagramRegionCompilesWithFiniteCameras(_ far: Point) throws {
        var p = Play()
        p.step("start") { s in
            s.beat(.linear(duration: 0)) { d in
                d.nodes.insert(Play.node("a", 0, 0))
                d.nodes.insert(Play.node("b", 2, 1))
            }
        }
        p.step("degenerate", camera: .refit) { s in
            s.beat(.linear(duration: 1)) { d in
                d.nodes["a"]?.position = far
                d.nodes["b"]?.position = Point(0, 0)
            }
        }
        p.step("back", camera: .refit) { s in
            s.beat(.linear(duration: 1)) { d in d.nodes["a"]?.position = Point(3, 3) }
        }
        let tl = try p.timeline()
        #expect(tl.duration.isFinite && tl.duration > 0)
        // b stands at a finite place throughout: drawn at a finite pixel
        // only through a finite camera.
        for frame in 0..<tl.frameCount {
            let b = try #require(tl.scene(at: frame).node("b"))
            #expect(b.x.isFinite && b.y.isFinite)
        }
    }

    @Test func aWorldThatIsNotFiniteIsFittedAtTheOrigin() {
        let viewport = Rect(x: 0, y: 0, width: 480, height: 270)
        for world in [Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: 0, y: 0, width: .infinity, height: 1),
                      Rect(x: 1e308, y: 0, width: 1.7e308, height: 1)] {
            let c = Camera.fitting(world, in: viewport, maxZoom: 90)
            #expect(c.center == .zero && c.zoom == 90)
        }
        let point = Camera.fitting(Rect(x: 1e-320, y: 0, width: 0, height: 0), in: viewport, maxZoom: 90)
        #expect(point.zoom == 90 && point.center.x == 1e-320)
    }
}
