import Testing
import Tween

/// What reduced motion takes from Tween: a cut halfway, animations that
/// never pass their target, transitions that only fade.
@Suite struct ReducedMotionTweenTests {
    @Test func aJumpHoldsThenArrivesAtOnce() {
        let jump = UnitCurve.jump(at: 0.5)
        #expect([0, 0.1, 0.49].map(jump.value(at:)) == [0, 0, 0])
        #expect([0.5, 0.9, 1].map(jump.value(at:)) == [1, 1, 1])
        #expect(jump.description == "jump(at: 0.5)")
        #expect(!jump.overshoots)
    }

    @Test func anAnimationWithoutOvershootEasesWhereItWouldBounce() {
        let spring = Animation.spring(duration: 0.5, bounce: 0.4)
        #expect(spring.curve.overshoots)
        let calm = spring.delay(0.2).withoutOvershoot
        #expect(calm.curve == .easeInOut && calm.duration == spring.duration && calm.delaySeconds == 0.2)
        #expect(Animation.timingCurve(0.3, -0.5, 0.7, 1.4, duration: 1).withoutOvershoot.curve == .easeInOut)
        let plain = Animation.easeOut(duration: 0.3)
        #expect(plain.withoutOvershoot == plain)
    }

    @Test func aTransitionWithoutMotionOnlyFades() {
        let grow = Transition.opacity.combined(with: .scale(from: 0.3)).combined(with: .move(dx: 0, dy: 2))
        for phase in [TransitionPhase.insertion, .removal] {
            let e = grow.withoutMotion.effect(phase, progress: 0.5)
            #expect(e.scale == 1 && e.offsetX == 0 && e.offsetY == 0 && e.opacity == 0.5)
            // A scale alone becomes a fade; nothing at all stays nothing.
            #expect(Transition.scale(from: 0).withoutMotion.effect(phase, progress: 0.5).opacity == 0.5)
            #expect(Transition.identity.withoutMotion.effect(phase, progress: 0.5) == .identity)
        }
    }
}
