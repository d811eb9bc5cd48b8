import PropertyBased
import Testing
import Tween

/// A CSS Bézier in Bernstein form, solved by plain bisection: slow but
/// independent of the polynomial form and Newton solver under test.
private struct ReferenceBezier {
    let c0x, c0y, c1x, c1y: Double

    private func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    /// The parameter s at which x(s) = `progress`.
    func parameter(at progress: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bernstein(c0x, c1x, mid) < progress { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    func value(at progress: Double) -> Double { bernstein(c0y, c1y, parameter(at: progress)) }

    /// The y values the curve takes while x stays within `tolerance` of
    /// `progress`: what a solver accurate to `tolerance` in x may return.
    func values(near progress: Double, tolerance: Double) -> ClosedRange<Double> {
        let s0 = parameter(at: max(0, progress - tolerance)), s1 = parameter(at: min(1, progress + tolerance))
        let ys = (0...16).map { bernstein(c0y, c1y, s0 + (s1 - s0) * Double($0) / 16) }
        return (ys.min() ?? 0) - 1e-12...(ys.max() ?? 0) + 1e-12
    }
}

@Suite struct UnitCurveTests {
    static let curves: [UnitCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .bezier(0.68, -0.55, 0.27, 1.55), .bezier(1, 0, 0, 1),
        .spring(Spring(response: 0.5, dampingRatio: 0.3)), .spring(Spring(response: 0.5, dampingRatio: 1)),
        .spring(Spring(response: 0.5, dampingRatio: 2.5)),
    ]

    @Test(arguments: curves)
    func curveIsExactlyZeroAtStartAndOneAtEnd(_ curve: UnitCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 7) == 1)
    }

    @Test(arguments: curves)
    func curveIsContinuousAtBothEnds(_ curve: UnitCurve) {
        #expect(abs(curve.value(at: 1e-9)) < 1e-6)
        #expect(abs(curve.value(at: 1 - 1e-9) - 1) < 1e-6)
    }

    @Test func easeInOutMatchesCSS() {
        #expect(abs(UnitCurve.easeInOut.value(at: 0.25) - 0.129) <= 0.002)
        #expect(UnitCurve.easeInOut.value(at: 0.5) == 0.5)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.75) - 0.871) <= 0.002)
    }

    @Test func easeInAndEaseOutAreMirrorImages() {
        for i in 1..<100 {
            let p = Double(i) / 100
            #expect(abs(UnitCurve.easeIn.value(at: p) + UnitCurve.easeOut.value(at: 1 - p) - 1) < 1e-5)
        }
        #expect(UnitCurve.easeIn.value(at: 0.5) < 0.5)
    }

    @Test func bezierThroughTheDiagonalIsLinear() {
        let curve = UnitCurve.bezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        for i in 0...100 {
            let p = Double(i) / 100
            #expect(abs(curve.value(at: p) - p) < 1e-6)
        }
    }

    @Test func bezierSolverAgreesWithBisection() async {
        let unit = Gen.double(in: 0...1)
        await propertyCheck(input: unit, Gen.double(in: -1...2), unit, Gen.double(in: -1...2), unit) {
            c0x, c0y, c1x, c1y, p in
            let curve = UnitCurve.bezier(c0x, c0y, c1x, c1y)
            let reference = ReferenceBezier(c0x: c0x, c0y: c0y, c1x: c1x, c1y: c1y)
            #expect(reference.values(near: p, tolerance: 1e-6).contains(curve.value(at: p)))
        }
    }

    @Test func bezierWithAFlatSpotInXStillSolves() {
        // x(s) = 3s − 6s² + 4s³ has zero slope at s = 0.5, where Newton's step is undefined.
        let curve = UnitCurve.bezier(1, 0, 0, 1)
        let reference = ReferenceBezier(c0x: 1, c0y: 0, c1x: 0, c1y: 1)
        for i in 0...200 {
            let p = Double(i) / 200
            #expect(reference.values(near: p, tolerance: 1e-6).contains(curve.value(at: p)))
        }
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-3)
    }

    @Test func bezierWithMonotoneControlPointsIsMonotone() async {
        let unit = Gen.double(in: 0...1)
        await propertyCheck(input: unit, unit, unit, unit) { c0x, c0y, c1x, c1y in
            let curve = UnitCurve.bezier(c0x, c0y, c1x, c1y)
            var previous = 0.0
            for i in 1...400 {
                let value = curve.value(at: Double(i) / 400)
                // The solver stops within 1e-6 in x, so neighbours may swap by that much.
                #expect(value >= previous - 1e-6)
                #expect((0...1).contains(value))
                previous = value
            }
        }
    }
}
