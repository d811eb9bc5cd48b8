import Geometry
import PropertyBased
import Testing
import Tween

@Suite struct GeometryAnimationTests {
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

    @Test func pointAndSizeInterpolationIsExactAtBothEnds() async {
        let c = Gen.double(in: -1e4...1e4)
        await propertyCheck(input: c, c, c, c) { x0, y0, x1, y1 in
            let a = Point(x0, y0), b = Point(x1, y1)
            #expect(a.interpolated(towards: b, amount: 0) == a)
            #expect(a.interpolated(towards: b, amount: 1) == b)
            let s = Size(width: x0, height: y0), t = Size(width: x1, height: y1)
            #expect(s.interpolated(towards: t, amount: 1) == t)
            #expect(s - s == .zero && s + .zero == s)
        }
    }

    @Test func pointTrackMovesAlongTheSegmentAndLandsOnTheTarget() {
        var centre = Track(Point(0, 0))
        centre.animate(to: Point(100, 50), with: .easeInOut(duration: 1), at: 0)
        let halfway = centre.value(at: 0.5)
        #expect(abs(halfway.x - 50) < 1e-9 && abs(halfway.y - 25) < 1e-9)
        #expect(centre.value(at: 1) == Point(100, 50))
        let quarter = centre.value(at: 0.25)
        // On the straight line between the endpoints, short of the linear position.
        #expect(abs(quarter.y * 2 - quarter.x) < 1e-9 && quarter.x < 25)
    }
}
