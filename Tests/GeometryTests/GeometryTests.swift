import Geometry
import PropertyBased
import Testing
import Tween

@Suite struct GeometryTests {
    @Test func pointInterpolationHitsBothEndpointsExactly() {
        let a = Point(0.5, 1), b = Point(2.5, -3)
        #expect(a.interpolated(towards: b, amount: 0) == a)
        #expect(a.interpolated(towards: b, amount: 1) == b)
        #expect(a.interpolated(towards: b, amount: 0.5) == Point(1.5, -1))
    }

    @Test func rectAnimatesThroughOriginAndSize() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 10, y: 20, width: 30, height: 50)
        #expect(a.interpolated(to: b, amount: 0.5) == Rect(x: 5, y: 10, width: 20, height: 30))
    }

    @Test func vectorLawsHold() async {
        await propertyCheck(input: Gen.double(in: -1e3...1e3), Gen.double(in: -1e3...1e3)) { x, y in
            let v = Vector(x, y)
            #expect(v + .zero == v)
            #expect(v.scaled(by: 1) == v)
            #expect(v - v == .zero)
        }
    }

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
