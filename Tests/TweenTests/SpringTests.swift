import PropertyBased
import Testing
import Tween

@Suite struct SpringTests {
    /// The largest value of `spring` sampled finely over twice its settling duration.
    private func peak(of spring: Spring) -> Double {
        let end = 2 * spring.settlingDuration
        return (0...20_000).map { spring.value(at: end * Double($0) / 20_000) }.max() ?? 0
    }

    @Test func criticallyDampedSpringNeverOvershoots() {
        for response in [0.1, 0.5, 1, 3] {
            let spring = Spring(response: response, dampingRatio: 1)
            #expect(peak(of: spring) <= 1)
            let curve = UnitCurve.spring(spring)
            for i in 0...10_000 { #expect(curve.value(at: Double(i) / 10_000) <= 1) }
        }
    }

    @Test func overdampedSpringNeverOvershoots() {
        #expect(peak(of: Spring(response: 0.5, dampingRatio: 1.8)) <= 1)
        #expect(peak(of: Spring(duration: 0.5, bounce: -0.6)) <= 1)
    }

    @Test func underdampedSpringOvershootsAsTheoryPredicts() {
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        // The step response of a damped oscillator overshoots by e^(−πζ/√(1−ζ²)) ≈ 4.6% at ζ = 0.7.
        #expect(abs(peak(of: spring) - 1.046) <= 0.005)
        let curve = UnitCurve.spring(spring)
        let curvePeak = (0...20_000).map { curve.value(at: Double($0) / 20_000) }.max() ?? 0
        #expect(abs(curvePeak - 1.046) <= 0.005)
    }

    @Test func everySpringStaysWithinATenthOfAPercentFromItsSettlingDurationOn() async {
        await propertyCheck(input: Gen.double(in: 0.05...3), Gen.double(in: 0.05...4)) { response, zeta in
            let spring = Spring(response: response, dampingRatio: zeta)
            let settled = spring.settlingDuration
            #expect(settled > 0 && settled.isFinite)
            for i in 0...2_000 {
                let t = settled * (1 + 3 * Double(i) / 2_000)
                #expect(abs(spring.value(at: t) - 1) <= Spring.settlingTolerance)
            }
        }
    }

    @Test func settlingDurationIsTightForMonotoneSprings() {
        // Without overshoot the envelope is the motion itself, so the spring
        // must still be measurably short of its target just before settling.
        for zeta in [1.0, 1.5, 3] {
            let spring = Spring(response: 0.5, dampingRatio: zeta)
            #expect(abs(spring.value(at: 0.99 * spring.settlingDuration) - 1) > Spring.settlingTolerance)
        }
    }

    @Test(arguments: [0.2, 0.7, 0.999_999, 1, 1.000_001, 2.5])
    func closedFormSolvesTheSpringEquation(_ zeta: Double) {
        let spring = Spring(response: 0.5, dampingRatio: zeta)
        let omega0 = 2 * Double.pi / 0.5
        let h = 1e-4
        #expect(spring.value(at: 0) == 0)
        // Released at rest: the velocity starts at zero.
        #expect(abs(spring.value(at: h) / h) < 0.05)
        for i in 1...50 {
            let t = Double(i) / 50
            let x = spring.value(at: t)
            let velocity = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
            let acceleration = (spring.value(at: t + h) - 2 * x + spring.value(at: t - h)) / (h * h)
            let residual = acceleration + 2 * zeta * omega0 * velocity + omega0 * omega0 * (x - 1)
            #expect(abs(residual) < 1e-4 * omega0 * omega0)
        }
    }

    @Test func durationAndBounceMapToResponseAndDampingAsSwiftUIDoes() {
        #expect(Spring(duration: 0.4).dampingRatio == 1)
        #expect(Spring(duration: 0.4, bounce: 0.3) == Spring(response: 0.4, dampingRatio: 0.7))
        #expect(Spring(duration: 0.4, bounce: -0.5) == Spring(response: 0.4, dampingRatio: 2))
    }

    @Test func bouncierSpringsTakeLongerToSettle() {
        let durations = [1.0, 0.8, 0.5, 0.2].map { Spring(response: 0.5, dampingRatio: $0).settlingDuration }
        #expect(durations == durations.sorted())
    }
}
