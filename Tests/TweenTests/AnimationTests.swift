import Testing
import Tween

@Suite struct AnimationTests {
    @Test func speedScalesTheDelayBeforeItButNotAfter() {
        let scaled = Animation.easeInOut(duration: 0.6).delay(0.2).speed(2)
        #expect(scaled.delaySeconds == 0.1)
        #expect(scaled.duration == 0.3)
        #expect(scaled.totalDuration == 0.4)
        let delayedAfter = Animation.easeInOut(duration: 0.6).speed(2).delay(0.2)
        #expect(delayedAfter.delaySeconds == 0.2)
        #expect(delayedAfter.duration == 0.3)
    }

    @Test func delaysAccumulate() {
        #expect(Animation.linear(duration: 1).delay(0.25).delay(0.5).delaySeconds == 0.75)
    }

    @Test func fractionWaitsForTheDelayThenFollowsTheCurve() {
        let animation = Animation.easeIn(duration: 2).delay(1)
        #expect(animation.fraction(at: -1) == 0)
        #expect(animation.fraction(at: 1) == 0)
        #expect(animation.fraction(at: 2) == UnitCurve.easeIn.value(at: 0.5))
        #expect(animation.fraction(at: 3) == 1)
        #expect(animation.fraction(at: 30) == 1)
    }

    @Test func namedAnimationsUseTheirCurves() {
        let pairs: [(Animation, UnitCurve)] = [
            (.linear(duration: 1), .linear), (.easeIn(duration: 1), .easeIn), (.easeOut(duration: 1), .easeOut),
            (.easeInOut(duration: 1), .easeInOut), (.timingCurve(0.1, 0.2, 0.3, 0.4, duration: 1), .bezier(0.1, 0.2, 0.3, 0.4)),
        ]
        for (animation, curve) in pairs {
            #expect(animation.curve == curve)
            #expect(animation.fraction(at: 0.3) == curve.value(at: 0.3))
        }
    }

    @Test func springLastsUntilItSettles() {
        let animation = Animation.spring(response: 0.5, dampingFraction: 0.7)
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        #expect(animation.duration == spring.settlingDuration)
        #expect(Animation.spring() == .spring(Spring(response: 0.55, dampingRatio: 0.825)))
        #expect(Animation.spring(duration: 0.5, bounce: 0.3) == animation)
        // A bouncy spring passes its target early and comes back.
        let overshoot = (1..<1000).map { animation.fraction(at: animation.duration * Double($0) / 1000) }.max() ?? 0
        #expect(overshoot > 1)
        #expect(animation.fraction(at: animation.duration) == 1)
    }

    @Test func spedUpSpringTakesProportionallyLess() {
        let spring = Animation.spring(response: 0.4, dampingFraction: 0.6)
        let fast = spring.speed(4)
        #expect(fast.duration == spring.duration / 4)
        #expect(fast.fraction(at: fast.duration / 3) == spring.fraction(at: spring.duration / 3))
    }

    @Test func zeroDurationJumpsAtItsStart() {
        let jump = Animation.linear(duration: 0).delay(2)
        #expect(jump.fraction(at: 1.999) == 0)
        #expect(jump.fraction(at: 2) == 1)
    }
}

@Suite struct DescriptionTests {
    @Test func curvesAndAnimationsDescribeThemselvesAsWrittenInCode() {
        #expect(UnitCurve.easeInOut.description == "easeInOut")
        #expect(UnitCurve.bezier(0.25, 0.1, 0.25, 1).description == "bezier(0.25, 0.1, 0.25, 1.0)")
        #expect(UnitCurve.spring(Spring(response: 0.5, dampingRatio: 0.7)).description == "spring(response: 0.5, dampingRatio: 0.7)")
        #expect(Animation.linear(duration: 0.5).description == "linear over 0.5 s")
        #expect(Animation.easeOut(duration: 0.3).delay(0.25).description == "easeOut over 0.3 s after 0.25 s")
    }
}
