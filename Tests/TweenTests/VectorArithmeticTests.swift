import PropertyBased
import Testing
import Tween

@Suite struct VectorArithmeticTests {
    @Test func doubleLawsHold() async {
        await propertyCheck(input: Gen.double(in: -1e6...1e6)) { a in
            #expect(a + .zero == a)
            #expect(a.scaled(by: 1) == a)
            #expect(a.interpolated(towards: a + 1, amount: 0) == a)
            #expect(a.interpolated(towards: a + 1, amount: 1) == a + 1)
        }
    }

    @Test func pairInterpolatesBothHalvesAndHitsEndpointsExactly() {
        let a = AnimatablePair(0.1, AnimatablePair(Float(2), 3.0))
        let b = AnimatablePair(0.7, AnimatablePair(Float(-2), 9.0))
        #expect(a.interpolated(towards: b, amount: 0) == a)
        #expect(a.interpolated(towards: b, amount: 1) == b)
        let mid = a.interpolated(towards: b, amount: 0.5)
        #expect(abs(mid.first - 0.4) < 1e-12)
        #expect(mid.second.first == 0 && mid.second.second == 6)
        #expect(b.magnitudeSquared == 0.49 + 4 + 81)
    }
}

@Suite struct VectorSpaceLawTests {
    typealias Pair = AnimatablePair<Double, AnimatablePair<Double, Double>>

    @Test func pairLawsHold() async {
        let component = Gen.double(in: -1e3...1e3)
        await propertyCheck(input: component, component, component, Gen.double(in: -4...4), Gen.double(in: -4...4)) {
            x, y, z, s, t in
            let a = Pair(x, AnimatablePair(y, z))
            #expect(a + .zero == a)
            #expect(a - a == .zero)
            #expect(a.scaled(by: 1) == a)
            #expect(a + a == a.scaled(by: 2))
            let sum = a.scaled(by: s) + a.scaled(by: t), joint = a.scaled(by: s + t)
            #expect((sum - joint).magnitudeSquared <= 1e-20 * max(1, a.magnitudeSquared * (s * s + t * t)))
            #expect(a.magnitudeSquared == x * x + (y * y + z * z))
        }
    }

    @Test func interpolationIsExactAtBothEnds() async {
        let component = Gen.double(in: -1e6...1e6)
        await propertyCheck(input: component, component, component, component) { x0, y0, x1, y1 in
            let a = AnimatablePair(x0, Float(y0)), b = AnimatablePair(x1, Float(y1))
            #expect(a.interpolated(towards: b, amount: 0) == a)
            #expect(a.interpolated(towards: b, amount: 1) == b)
            var moving = a
            moving.interpolate(towards: b, amount: 1)
            #expect(moving == b)
        }
    }
}
