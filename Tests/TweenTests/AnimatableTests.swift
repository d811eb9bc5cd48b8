import Testing
import Tween

/// A node's drawable state as the storyboard builds it: centre, radius,
/// opacity and a colour, animatable through nested pairs.
struct NodeState: Animatable, Equatable {
    var x, y, radius, opacity: Double
    var color: (r: Double, g: Double, b: Double, a: Double)

    typealias Color4 = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    typealias AnimatableData = AnimatablePair<AnimatablePair<AnimatablePair<Double, Double>, Double>, AnimatablePair<Double, Color4>>

    var animatableData: AnimatableData {
        get {
            AnimatablePair(
                AnimatablePair(AnimatablePair(x, y), radius),
                AnimatablePair(opacity, AnimatablePair(AnimatablePair(color.r, color.g), AnimatablePair(color.b, color.a))))
        }
        set {
            (x, y) = (newValue.first.first.first, newValue.first.first.second)
            radius = newValue.first.second
            opacity = newValue.second.first
            let c = newValue.second.second
            color = (c.first.first, c.first.second, c.second.first, c.second.second)
        }
    }

    static func == (lhs: NodeState, rhs: NodeState) -> Bool { lhs.animatableData == rhs.animatableData }
}

@Suite struct AnimatableTests {
    let hidden = NodeState(x: 0.1, y: 3, radius: 0, opacity: 0, color: (0.2, 0.3, 0.4, 1))
    let shown = NodeState(x: 120.7, y: -40.3, radius: 18, opacity: 1, color: (0.9, 0.1, 0.0, 0.5))

    @Test func compositeStateHitsBothEndpointsExactly() {
        #expect(hidden.interpolated(to: shown, amount: 0) == hidden)
        #expect(hidden.interpolated(to: shown, amount: 1) == shown)
    }

    @Test func compositeStateInterpolatesEveryPart() {
        let mid = hidden.interpolated(to: shown, amount: 0.5)
        #expect(abs(mid.x - 60.4) < 1e-12 && abs(mid.y + 18.65) < 1e-12)
        #expect(mid.radius == 9 && mid.opacity == 0.5)
        #expect(abs(mid.color.r - 0.55) < 1e-12 && abs(mid.color.a - 0.75) < 1e-12)
    }

    @Test func compositeStateAnimatesOnATrack() {
        var track = Track(hidden.animatableData)
        track.animate(to: shown.animatableData, with: .spring(duration: 0.4, bounce: 0.2), at: 1)
        var state = hidden
        state.animatableData = track.value(at: track.endTime)
        #expect(state == shown)
        state.animatableData = track.value(at: 1.2)
        #expect(state.radius > 0 && state.radius != 18)
    }

    @Test func emptyDataHasNothingToAnimate() {
        #expect(EmptyAnimatableData() + .zero == EmptyAnimatableData())
        #expect(EmptyAnimatableData().scaled(by: 3).magnitudeSquared == 0)
    }
}
