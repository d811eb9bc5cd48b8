import Diagram

/// The frames of each step's clip, as decks and `--steps-dir` cut an
/// animation: the frames of the step's time, from its first frame up to the
/// one before the next step's first; the last clip runs to the last frame.
///
/// A clip ends on its step's conclusion: steps end at rest, so its last
/// picture is the one the next clip starts from, but the caption is still
/// the step's own ("30 becomes the left child of 50"), where the next
/// frame already names the next step. A step that takes no time still gets
/// its one frame.
public struct StepClipPlan: Sendable, Equatable {
    /// Each clip's frames, both ends included, in step order.
    public let clips: [ClosedRange<Int>]

    /// The clips of `steps` in an animation of `frameCount` frames; an
    /// animation without steps is one clip.
    public init(steps: [StepSpan], frameCount: Int) {
        let last = max(frameCount - 1, 0)
        let firsts = steps.map { min($0.frames.lowerBound, last) }
        guard !firsts.isEmpty else {
            clips = [0...last]
            return
        }
        clips = firsts.indices.map { k in
            firsts[k]...(k + 1 < firsts.count ? max(firsts[k + 1] - 1, firsts[k]) : last)
        }
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
