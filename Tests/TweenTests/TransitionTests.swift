import Testing
import Tween

@Suite struct TransitionTests {
    static let transitions: [Transition] = [
        .identity, .opacity, .scale(from: 0.2), .move(dx: 0, dy: -30),
        .opacity.combined(with: .scale(from: 0.5)).combined(with: .move(dx: 4, dy: 8)),
        .asymmetric(insertion: .scale(from: 0), removal: .opacity),
    ]

    @Test(arguments: transitions)
    func fullyPresentThingIsUntouched(_ transition: Transition) {
        #expect(transition.effect(.insertion, progress: 1) == .identity)
        #expect(transition.effect(.removal, progress: 0) == .identity)
    }

    @Test func opacityFadesLinearlyWithProgress() {
        #expect(Transition.opacity.effect(.insertion, progress: 0) == TransitionEffect(opacity: 0))
        #expect(Transition.opacity.effect(.insertion, progress: 0.25) == TransitionEffect(opacity: 0.25))
        #expect(Transition.opacity.effect(.removal, progress: 0.25) == TransitionEffect(opacity: 0.75))
        #expect(Transition.opacity.effect(.removal, progress: 1) == TransitionEffect(opacity: 0))
    }

    @Test func scaleGrowsFromItsStartingFactor() {
        let grow = Transition.scale(from: 0.5)
        #expect(grow.effect(.insertion, progress: 0).scale == 0.5)
        #expect(grow.effect(.insertion, progress: 0.5).scale == 0.75)
        #expect(grow.effect(.removal, progress: 1).scale == 0.5)
    }

    @Test func moveSlidesFromAndToItsOffset() {
        let slide = Transition.move(dx: 10, dy: -20)
        #expect(slide.effect(.insertion, progress: 0) == TransitionEffect(offsetX: 10, offsetY: -20))
        #expect(slide.effect(.insertion, progress: 0.75) == TransitionEffect(offsetX: 2.5, offsetY: -5))
        #expect(slide.effect(.removal, progress: 1) == TransitionEffect(offsetX: 10, offsetY: -20))
    }

    @Test func combinedEffectsComposeAsNestedModifiers() {
        let t = Transition.opacity.combined(with: .scale(from: 0.5)).combined(with: .scale(from: 0))
            .combined(with: .move(dx: 1, dy: 2)).combined(with: .move(dx: 3, dy: 4))
        let effect = t.effect(.insertion, progress: 0.5)
        #expect(effect.opacity == 0.5)
        #expect(effect.scale == 0.75 * 0.5)
        #expect(effect.offsetX == 2 && effect.offsetY == 3)
    }

    @Test func combinationOrderDoesNotMatter() {
        let a = Transition.opacity.combined(with: .scale(from: 0.3)).combined(with: .scale(from: 0.6))
        let b = Transition.scale(from: 0.6).combined(with: .scale(from: 0.3)).combined(with: .opacity)
        #expect(a == b)
        #expect(a != .opacity)
    }

    @Test func asymmetricUsesEachSideForItsPhase() {
        let t = Transition.asymmetric(insertion: .move(dx: -50, dy: 0), removal: .opacity)
        #expect(t.effect(.insertion, progress: 0) == TransitionEffect(offsetX: -50))
        #expect(t.effect(.removal, progress: 1) == TransitionEffect(opacity: 0))
    }

    @Test func springOvershootExtrapolatesScaleButNotOpacity() {
        let t = Transition.opacity.combined(with: .scale(from: 0))
        let effect = t.effect(.insertion, progress: 1.1)
        #expect(effect.opacity == 1)
        #expect(abs(effect.scale - 1.1) < 1e-12)
        #expect(t.effect(.removal, progress: 1.1).opacity == 0)
    }
}
