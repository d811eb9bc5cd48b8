#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
@testable import Raster
import Testing

/// The number of points the flattener makes of `path` at `tolerance`.
func flattenedPointCount(_ path: Path, tolerance: Double = 0.2) -> Int {
    var polylines = Polylines()
    polylines.append(path, transform: .identity, tolerance: tolerance)
    return polylines.points.count
}

@Suite struct PathTests {
    @Test func circleOfRadius36FlattensToAboutThirtyChords() {
        let count = flattenedPointCount(.circle(center: Point(100, 100), radius: 36))
        #expect((26...36).contains(count))
    }

    @Test func chordCountGrowsAsOneOverTheSquareRootOfTheTolerance() {
        let circle = Path.circle(center: Point(0, 0), radius: 200)
        let coarse = Double(flattenedPointCount(circle, tolerance: 0.2))
        let fine = Double(flattenedPointCount(circle, tolerance: 0.05))
        #expect(abs(fine / coarse - 2) < 0.15)
    }

    @Test func flattenedCurvesStayWithinTheTolerance() {
        let center = Point(50, 50)
        var polylines = Polylines()
        polylines.append(.circle(center: center, radius: 40), transform: .identity, tolerance: 0.2)
        let points = polylines.points
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            #expect(abs(a.distance(to: center) - 40) <= 0.2)
            let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
            #expect(abs(mid.distance(to: center) - 40) <= 0.2)
        }
    }

    @Test func transformedPathDrawsLikeAPathBuiltInPlace() {
        var moved = Canvas(width: 60, height: 60)
        var built = Canvas(width: 60, height: 60)
        let t = AffineTransform(translationX: 20, y: 10)
        moved.fill(Path.roundedRect(Rect(x: 5, y: 5, width: 25, height: 30), cornerRadius: 6).applying(t), color: .white)
        built.fill(.roundedRect(Rect(x: 25, y: 15, width: 25, height: 30), cornerRadius: 6), color: .white)
        // Equal up to the rounding of coordinates computed in another order.
        #expect(zip(moved.pixels, built.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test func roundedRectAndEllipseCoverTheirAreas() {
        var canvas = Canvas(width: 200, height: 200)
        canvas.fill(.roundedRect(Rect(x: 10.5, y: 20.25, width: 120, height: 70), cornerRadius: 15), color: .white)
        let rounded = 120 * 70 - (4 - Double.pi) * 15 * 15
        #expect(abs(totalCoverage(canvas) - rounded) / rounded < 0.001)

        canvas.clear(to: .clear)
        canvas.fill(.ellipse(in: Rect(x: 20.3, y: 30.6, width: 150, height: 60)), color: .white)
        let ellipse = Double.pi * 75 * 30
        #expect(abs(totalCoverage(canvas) - ellipse) / ellipse < 0.001)
    }

    @Test func arcsGoClockwiseOnScreenWhenAsked() {
        var clockwise = Path()
        clockwise.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        var counter = Path()
        counter.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let end = Point(10 * cos(Double.pi / 2), 10)
        #expect(clockwise.currentPoint.map { $0.distance(to: end) < 1e-9 } == true)
        #expect(counter.currentPoint.map { $0.distance(to: end) < 1e-9 } == true)
        // A quarter turn is one cubic, three quarters are three.
        #expect(clockwise.elements.count == 2)
        #expect(counter.elements.count == 4)
        guard case .cubic(_, let c1, _) = clockwise.elements[1] else {
            Issue.record("expected a cubic")
            return
        }
        #expect(c1.y > 0, "the clockwise arc leaves (10, 0) downwards, into y > 0")
    }

    @Test func drawingAfterCloseStartsANewContourAtTheClosedOnesStart() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(10, 0))
        path.line(to: Point(10, 10))
        path.close()
        path.line(to: Point(0, 10))
        path.line(to: Point(-5, 5))
        var polylines = Polylines()
        polylines.append(path, transform: .identity, tolerance: 0.2)
        #expect(polylines.ends == [3, 6])
        #expect(polylines.closed == [true, false])
        #expect(polylines.points[3] == Point(0, 0))
    }
}
