import Geometry
import Raster
import Testing

@Suite struct StrokerTests {
    func strokedArea(_ path: Path, _ style: StrokeStyle) -> Double {
        var canvas = Canvas(width: 200, height: 200)
        canvas.stroke(path, style: style, color: .white)
        return totalCoverage(canvas)
    }

    /// Issue 47: a NaN or huge coordinate (a graph file's position) reaches
    /// the stroker's round joins and caps, the flattener and the scan
    /// converter; it draws nothing where it cannot be drawn, never traps.
    @Test(arguments: [Double.nan, 1e300, -1e308, 1e20, .infinity])
    func aNaNOrHugeCoordinateDrawsWithoutATrap(_ bad: Double) {
        var path = Path()
        path.move(to: Point(20, 20))
        path.line(to: Point(bad, 40))
        path.cubic(to: Point(60, bad), control1: Point(bad, bad), control2: Point(30, 90))
        path.quad(to: Point(bad, 70), control: Point(1e250, 5))
        path.line(to: Point(100, 100))
        for join in [LineJoin.round, .miter, .bevel] {
            var canvas = Canvas(width: 120, height: 120)
            canvas.stroke(path, style: StrokeStyle(width: 6, cap: .round, join: join), color: .white)
            canvas.fill(path, color: .white)
            canvas.stroke(Path.circle(center: Point(bad, 50), radius: 10), style: StrokeStyle(width: 2), color: .white)
        }
    }

    @Test func capsExtendTheLineAsTheyShould() {
        let line = Path.line(from: Point(50.5, 100.25), to: Point(150.5, 100.25))
        let (length, width) = (100.0, 8.0)
        let butt = strokedArea(line, StrokeStyle(width: width, cap: .butt))
        let square = strokedArea(line, StrokeStyle(width: width, cap: .square))
        let round = strokedArea(line, StrokeStyle(width: width, cap: .round))
        #expect(abs(butt - length * width) < 0.01 * length * width)
        #expect(abs(square - (length + width) * width) < 0.01 * length * width)
        let roundArea = length * width + Double.pi * width * width / 4
        #expect(abs(round - roundArea) < 0.01 * roundArea)
    }

    @Test func joinsFillTheOuterCornerByTheirShape() {
        var corner = Path()
        corner.move(to: Point(40, 150))
        corner.line(to: Point(100, 150))
        corner.line(to: Point(100, 90))
        let w = 10.0
        let miter = strokedArea(corner, StrokeStyle(width: w, join: .miter))
        let bevel = strokedArea(corner, StrokeStyle(width: w, join: .bevel))
        let round = strokedArea(corner, StrokeStyle(width: w, join: .round))
        // Two 60 × w arms sharing a (w/2)² inner square; the miter adds the
        // outer (w/2)² square, the bevel half of it, the round join a
        // quarter disc.
        let arms = 2 * 60 * w - 0.25 * w * w
        #expect(abs(miter - (arms + 0.25 * w * w)) < 0.5)
        #expect(abs(bevel - (arms + 0.125 * w * w)) < 0.5)
        #expect(abs(round - (arms + Double.pi * w * w / 16)) < 0.5)
    }

    @Test func sharpCornersPastTheMiterLimitAreBevelled() {
        var spike = Path()
        spike.move(to: Point(40, 150))
        spike.line(to: Point(150, 130))
        spike.line(to: Point(40, 110))
        let limited = strokedArea(spike, StrokeStyle(width: 6, join: .miter, miterLimit: 4))
        let unlimited = strokedArea(spike, StrokeStyle(width: 6, join: .miter, miterLimit: 100))
        let bevelled = strokedArea(spike, StrokeStyle(width: 6, join: .bevel))
        #expect(abs(limited - bevelled) < 0.01)
        #expect(unlimited > bevelled + 10)
    }

    @Test func strokeOfAClosedCircleIsARingOfTwoOppositeContours() {
        let ring = Path.circle(center: Point(50, 50), radius: 20).stroked(StrokeStyle(width: 4))
        let moves = ring.elements.filter { if case .move = $0 { true } else { false } }
        #expect(moves.count == 2)
        var canvas = Canvas(width: 100, height: 100)
        canvas.fill(ring, color: .white)
        #expect(canvas[50, 50].3 == 0)
        #expect(canvas[50, 30].3 == 255)
        #expect(canvas[70, 50].3 == 255)
    }

    @Test func zeroWidthOrDegenerateStrokesDrawNothing() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.stroke(.line(from: Point(5, 5), to: Point(15, 15)), style: StrokeStyle(width: 0), color: .white)
        canvas.stroke(.line(from: Point(5, 5), to: Point(5, 5)), style: StrokeStyle(width: 3, cap: .round), color: .white)
        #expect(totalCoverage(canvas) == 0)
    }
}
