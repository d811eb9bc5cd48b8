#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster
import Testing

/// Coverage read back from the alpha channel of opaque white drawn on a
/// transparent canvas.
func coverage(_ canvas: Canvas, _ x: Int, _ y: Int) -> Double {
    Double(canvas[x, y].3) / 255
}

func totalCoverage(_ canvas: Canvas) -> Double {
    var sum = 0
    for i in stride(from: 3, to: canvas.pixels.count, by: 4) { sum += Int(canvas.pixels[i]) }
    return Double(sum) / 255
}

@Suite struct CoverageTests {
    @Test func rectangleEdgePixelsGetTheirExactFractionalArea() {
        var canvas = Canvas(width: 40, height: 40)
        canvas.fill(.rect(Rect(x: 10.25, y: 10.5, width: 10.5, height: 19.5)), color: .white)
        func expected(_ x: Int, _ y: Int) -> Double {
            let cx = max(0, min(Double(x + 1), 20.75) - max(Double(x), 10.25))
            let cy = max(0, min(Double(y + 1), 30) - max(Double(y), 10.5))
            return cx * cy
        }
        for y in 0..<40 {
            for x in 0..<40 {
                #expect(abs(coverage(canvas, x, y) - expected(x, y)) <= 1.0 / 255, "pixel (\(x), \(y))")
            }
        }
        #expect(abs(coverage(canvas, 10, 20) - 0.75) <= 1.0 / 255)
        #expect(abs(coverage(canvas, 15, 10) - 0.5) <= 1.0 / 255)
        #expect(abs(coverage(canvas, 10, 10) - 0.375) <= 1.0 / 255)
        #expect(coverage(canvas, 15, 30) == 0)
    }

    @Test(arguments: [2.0, 3, 5, 8, 13, 22, 36, 60, 100, 150, 200])
    func filledCircleCoversItsArea(radius: Double) {
        var canvas = Canvas(width: 420, height: 420)
        canvas.fill(.circle(center: Point(210.3, 209.6), radius: radius), color: .white)
        let area = Double.pi * radius * radius
        #expect(abs(totalCoverage(canvas) - area) / area < 0.001)
    }

    @Test func onePixelLineOnAHalfPixelBoundaryCoversTwoColumnsByHalf() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.stroke(.line(from: Point(10, 2), to: Point(10, 18)), style: StrokeStyle(width: 1), color: .white)
        for y in 2..<18 {
            #expect(abs(coverage(canvas, 9, y) - 0.5) <= 1.0 / 255)
            #expect(abs(coverage(canvas, 10, y) - 0.5) <= 1.0 / 255)
            #expect(coverage(canvas, 8, y) == 0 && coverage(canvas, 11, y) == 0)
        }
        #expect(coverage(canvas, 9, 1) == 0 && coverage(canvas, 9, 18) == 0)
    }

    /// A five-pointed star drawn in one stroke {5/2}: its pentagon centre
    /// winds twice.
    static func star(center: Point, radius: Double) -> Path {
        var path = Path()
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(k * 2) * 2 * .pi / 5
            let p = Point(center.x + radius * cos(angle), center.y + radius * sin(angle))
            if k == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }

    @Test func nonZeroAndEvenOddDifferExactlyInTheStarsCentre() {
        var nonZero = Canvas(width: 100, height: 100)
        var evenOdd = Canvas(width: 100, height: 100)
        let star = Self.star(center: Point(50, 50), radius: 45)
        nonZero.fill(star, color: .white, rule: .nonZero)
        evenOdd.fill(star, color: .white, rule: .evenOdd)
        // The inner pentagon's vertices lie at 0.382 of the radius; its
        // inscribed circle at 0.309.
        let inner = 45 * 0.381966
        let apothem = inner * cos(Double.pi / 5)
        for y in 0..<100 {
            for x in 0..<100 {
                let (a, b) = (coverage(nonZero, x, y), coverage(evenOdd, x, y))
                let d = Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: Point(50, 50))
                if d < apothem - 1 {
                    #expect(a == 1 && b == 0, "inside the pentagon at (\(x), \(y))")
                } else if d > inner + 1 {
                    #expect(a == b, "outside the pentagon at (\(x), \(y))")
                }
            }
        }
        let pentagonArea = 2.5 * inner * inner * sin(2 * Double.pi / 5)
        #expect(abs(totalCoverage(nonZero) - totalCoverage(evenOdd) - pentagonArea) < 0.01 * pentagonArea)
    }

    @Test(arguments: [(20.0, 2.5), (36, 1), (60, 4), (8, 3), (3, 1)])
    func strokedCircleIsARingOfArea2πrw(radius: Double, width: Double) {
        var canvas = Canvas(width: 160, height: 160)
        canvas.stroke(.circle(center: Point(80.2, 79.7), radius: radius), style: StrokeStyle(width: width), color: .white)
        let area = 2 * Double.pi * radius * width
        #expect(abs(totalCoverage(canvas) - area) / area < 0.001)
        #expect(coverage(canvas, 80, 80) == 0)
    }

    @Test func shapesClippedByTheCanvasEdgeKeepTheirVisiblePart() {
        var clipped = Canvas(width: 50, height: 50)
        var whole = Canvas(width: 150, height: 150)
        let circle = Path.circle(center: Point(10.5, 45.25), radius: 30)
        clipped.fill(circle, color: .white)
        whole.fill(circle.applying(AffineTransform(translationX: 50, y: 50)), color: .white)
        for y in 0..<50 {
            for x in 0..<50 {
                #expect(clipped[x, y] == whole[x + 50, y + 50], "pixel (\(x), \(y))")
            }
        }
    }

    @Test func farAwayAndNonFiniteCoordinatesNeitherCrashNorSmear() {
        var canvas = Canvas(width: 30, height: 30)
        var huge = Path()
        huge.move(to: Point(-1e300, -1e300))
        huge.line(to: Point(1e300, 15))
        huge.line(to: Point(-1e300, 1e300))
        huge.close()
        canvas.fill(huge, color: .white)
        // The triangle's tip lies far to the right: every row is covered,
        // the rows just around y = 15 most of all.
        #expect(coverage(canvas, 29, 15) == 1)
        var broken = Path()
        broken.move(to: Point(5, 5))
        broken.line(to: Point(.nan, 20))
        broken.line(to: Point(20, .infinity))
        broken.close()
        canvas.clear(to: .clear)
        canvas.fill(broken, color: .white)
        canvas.stroke(broken, style: StrokeStyle(width: 2), color: .white)
        // A path with a point at infinity has no bounds to draw in.
        #expect(canvas.pixels.allSatisfy { $0 == 0 })
    }

    @Test func translucentColourCompositesSourceOverInPremultipliedSpace() {
        var canvas = Canvas(width: 4, height: 4)
        canvas.clear(to: Color(red: 0, green: 0, blue: 1))
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let p = canvas[1, 1]
        #expect(p.0 == 128 && p.1 == 0 && p.2 == 127 && p.3 == 255)
    }

    @Test func drawingTheSameCallsGivesTheSameBytesFromReusedAndFreshCanvases() {
        func draw(_ canvas: inout Canvas) {
            canvas.clear(to: .white)
            canvas.fill(.circle(center: Point(30.3, 40.1), radius: 22), color: Color(hex: 0x3366CC, alpha: 0.8))
            canvas.stroke(.circle(center: Point(30.3, 40.1), radius: 22), style: StrokeStyle(width: 2.5), color: .black)
            canvas.stroke(.line(from: Point(3, 70), to: Point(97, 12)), style: StrokeStyle(width: 2, cap: .round), color: .black)
        }
        var reused = Canvas(width: 100, height: 80)
        draw(&reused)
        draw(&reused)
        var fresh = Canvas(width: 100, height: 80)
        draw(&fresh)
        #expect(reused.pixels == fresh.pixels)
        var copy = reused
        draw(&copy)
        #expect(copy.pixels == fresh.pixels)
    }
}
