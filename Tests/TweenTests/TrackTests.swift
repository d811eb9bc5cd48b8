import PropertyBased
import Testing
import Tween

@Suite struct TrackTests {
    @Test func holdsTheInitialValueUntilTheFirstSegment() {
        var track = Track(3.0)
        #expect(track.value(at: -100) == 3)
        #expect(track.endTime == 0)
        track.animate(to: 5, with: .linear(duration: 2), at: 1)
        #expect(track.value(at: 0.5) == 3)
        #expect(track.value(at: 1) == 3)
        #expect(track.value(at: 2) == 4)
        #expect(track.value(at: 3) == 5)
        #expect(track.value(at: 1e9) == 5)
        #expect(track.endTime == 3)
    }

    @Test func landsExactlyOnTheTargetAtTheEndTime() {
        var track = Track(0.1)
        // Start and duration chosen so that (start + duration) − start rounds below the duration.
        track.animate(to: 0.7, with: .linear(duration: 0.7), at: 0.35)
        #expect(track.value(at: track.endTime) == 0.7)
        #expect(track.value(at: track.endTime.nextDown) < 0.7)
    }

    @Test func interruptingSegmentStartsFromTheCurrentValue() {
        var track = Track(0.0)
        track.animate(to: 10, with: .linear(duration: 4), at: 0)
        track.animate(to: -2, with: .easeOut(duration: 1), at: 1)
        #expect(track.value(at: 1) == 2.5)
        #expect(abs(track.value(at: 1.000_001) - 2.5) < 1e-4)
        #expect(track.value(at: 2) == -2)
        #expect(track.endTime == 2)
    }

    @Test func setJumpsAndLaterAnimationsStartFromIt() {
        var track = Track(1.0)
        track.animate(to: 4, with: .linear(duration: 2), at: 0)
        track.set(9, at: 1)
        #expect(track.value(at: 0.999) < 3)
        #expect(track.value(at: 1) == 9)
        track.animate(to: 7, with: .linear(duration: 1), at: 1)
        #expect(track.value(at: 1) == 9)
        #expect(track.value(at: 1.5) == 8)
    }

    @Test func delayedSegmentHoldsItsStartValueDuringTheDelay() {
        var track = Track(0.0)
        track.animate(to: 1, with: .linear(duration: 1).delay(0.5), at: 2)
        #expect(track.value(at: 2.4) == 0)
        #expect(track.value(at: 3) == 0.5)
        #expect(track.endTime == 3.5)
    }

    @Test func samplingOrderDoesNotChangeValues() async {
        let steps = zip(Gen.double(in: 0...2), Gen.double(in: -50...50)).array(of: 1...12)
        await propertyCheck(input: steps, Gen.int(in: 0...1_000_000)) { steps, seed in
            var track = Track(AnimatablePair(0.0, 1.0))
            var time = 0.0
            let animations: [Animation] = [.easeInOut(duration: 0.7), .spring(duration: 0.4, bounce: 0.4), .linear(duration: 0)]
            for (index, (gap, target)) in steps.enumerated() {
                time += gap
                track.animate(to: AnimatablePair(target, -target), with: animations[index % 3], at: time)
            }
            let times = (0...300).map { track.endTime * 1.1 * Double($0) / 300 - 0.1 }
            let inOrder = times.map { track.value(at: $0) }
            // A permutation per seed: a rotation of the indices, walked backwards.
            let rotation = seed % times.count
            var outOfOrder = Array(repeating: AnimatablePair(Double.nan, Double.nan), count: times.count)
            for index in (Array(rotation..<times.count) + Array(0..<rotation)).reversed() {
                outOfOrder[index] = track.value(at: times[index])
            }
            #expect(outOfOrder == inOrder)
        }
    }

    @Test func tracksWithTheSameSegmentsAreEqual() {
        var a = Track(0.0), b = Track(0.0)
        a.animate(to: 1, with: .easeIn(duration: 1), at: 0)
        #expect(a != b)
        b.animate(to: 1, with: .easeIn(duration: 1), at: 0)
        #expect(a == b)
    }
}
