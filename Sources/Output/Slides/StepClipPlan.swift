import Diagram

/// The frames of each step's clip, as decks and `--steps-dir` cut an
/// animation: each clip ends on its step's conclusion (``StepSpan/restFrame``:
/// the key in its slot, the ghost where a missing key would go, the caption
/// saying so), and the next clip starts on the frame after, with the tidying
/// up of the step before (a ring fading, marks clearing) and then its own
/// step. The first clip starts on frame 0, the last runs to the last frame,
/// so the clips played one after another are the whole animation. A step
/// that takes no time still gets its one frame.
public struct StepClipPlan: Sendable, Equatable {
    /// Each clip's frames, both ends included, in step order.
    public let clips: [ClosedRange<Int>]

    /// The clips of `steps` in an animation of `frameCount` frames; an
    /// animation without steps is one clip.
    public init(steps: [StepSpan], frameCount: Int) {
        let last = max(frameCount - 1, 0)
        guard !steps.isEmpty else {
            clips = [0...last]
            return
        }
        var clips = [ClosedRange<Int>]()
        for (k, step) in steps.enumerated() {
            let previous = clips.last?.upperBound ?? -1
            let end = k == steps.count - 1 ? last : min(max(step.restFrame, previous), last)
            clips.append(min(previous + 1, end)...end)
        }
        self.clips = clips
    }

    /// Clip `k`'s place in the animation's time, in seconds: from its first
    /// frame to the end of its last, so one clip ends where the next starts.
    public func times(ofClip k: Int, fps: Double) -> (start: Double, end: Double) {
        (Double(clips[k].lowerBound) / fps, Double(clips[k].upperBound + 1) / fps)
    }

    /// The clips that hold `frame`, in order: one, or more where steps take
    /// no time.
    public func clips(containing frame: Int) -> [Int] {
        // Clips are sorted by both ends: find the first that reaches the frame.
        var lo = 0, hi = clips.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if clips[mid].upperBound < frame { lo = mid + 1 } else { hi = mid }
        }
        var found = [Int]()
        while lo < clips.count, clips[lo].lowerBound <= frame {
            if clips[lo].contains(frame) { found.append(lo) }
            lo += 1
        }
        return found
    }

    /// Whether `frame` is the first frame of some clip (a poster).
    public func isFirst(_ frame: Int) -> Bool { clips(containing: frame).contains { clips[$0].lowerBound == frame } }

    /// Whether `frame` is the last frame of some clip (where a step ends).
    public func isLast(_ frame: Int) -> Bool { clips(containing: frame).contains { clips[$0].upperBound == frame } }
}
