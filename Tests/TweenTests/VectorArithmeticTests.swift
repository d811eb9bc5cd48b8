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
