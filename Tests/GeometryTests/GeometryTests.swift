import Geometry
import Testing

@Suite struct GeometryTests {
    @Test func transformsComposeInOrder() {
        let t = AffineTransform(scale: 2).concatenating(AffineTransform(translationX: 10, y: -5))
        #expect(t.apply(Point(1, 1)) == Point(12, -3))
        let r = AffineTransform(rotation: .pi / 2).apply(Point(1, 0))
        #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12)
        #expect(AffineTransform(scaleX: 4, y: 1).meanScale == 2)
    }

    @Test func boundingRectOfPoints() {
        let r = Rect(bounding: [Point(1, 5), Point(-2, 3), Point(4, -1)])
        #expect(r == Rect(x: -2, y: -1, width: 6, height: 6))
        #expect(Rect(bounding: [Point]()) == nil)
    }
}
