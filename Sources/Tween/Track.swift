/// The value of one animatable property over time: an initial value followed
/// by segments, each tweening from where the property is when it starts to a
/// new target.
///
/// A track is a pure function of time: ``value(at:)`` keeps no state between
/// calls, so frames can be sampled in any order, in parallel, and each gives
/// the same value as it would in a sequential playback.
///
///     var opacity = Track(0.0)
///     opacity.animate(to: 1, with: .easeOut(duration: 0.3), at: 1)
///     opacity.value(at: 1.3)   // 1
///
/// A segment runs until the next one starts; the next one picks up from the
/// value the property has at that moment, so motion stays continuous when
/// an animation is interrupted.
public struct Track<Value: VectorArithmetic>: Sendable where Value: Sendable {
    @usableFromInline
    struct Segment: Sendable {
        @usableFromInline let start: Double
        /// `start` plus the animation's total duration, kept so that the end is
        /// tested in absolute time: `end - start` may round below the duration.
        @usableFromInline let end: Double
        @usableFromInline let from: Value
        @usableFromInline let to: Value
        @usableFromInline let animation: Animation

        @usableFromInline
        init(start: Double, from: Value, to: Value, animation: Animation) {
            self.start = start
            self.end = start + animation.totalDuration
            self.from = from
            self.to = to
            self.animation = animation
        }
    }

    /// The value before the first segment starts.
    public let initial: Value

    /// Sorted by start time; among equal start times, the later appended wins.
    @usableFromInline
    var segments: [Segment] = []

    /// Creates a track that holds `initial` until its first segment.
    @inlinable
    public init(_ initial: Value) {
        self.initial = initial
    }

    /// Appends a segment that starts at `time` from the track's value at
    /// `time` and moves to `target`.
    ///
    /// Segments must be appended with non-decreasing times. A new segment
    /// that starts while a previous one is still running starts from the
    /// value the track has at that time (evaluated purely from the earlier
    /// segments), so motion stays continuous.
    ///
    /// - Precondition: `time` is finite and not earlier than the start of the
    ///   last segment.
    /// - Complexity: O(log n) for n segments, amortised.
    @inlinable
    public mutating func animate(to target: Value, with animation: Animation, at time: Double) {
        precondition(time.isFinite, "track segment time must be finite, got \(time)")
        if let last = segments.last {
            precondition(time >= last.start, "track segments must be appended in time order: \(time) is before \(last.start)")
        }
        segments.append(Segment(start: time, from: value(at: time), to: target, animation: animation))
    }

    /// Jumps to `value` at `time` (no tween).
    ///
    /// - Precondition: as for ``animate(to:with:at:)``.
    @inlinable
    public mutating func set(_ value: Value, at time: Double) {
        animate(to: value, with: Animation(curve: .linear, duration: 0), at: time)
    }

    /// The property's value at `time`.
    ///
    /// Exactly the initial value before the first segment, exactly a
    /// segment's target once it has finished.
    ///
    /// - Complexity: O(log n) for n segments: a binary search, then one
    ///   curve evaluation and one interpolation. No allocation.
    @inlinable
    public func value(at time: Double) -> Value {
        var low = 0
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return initial }
        let segment = segments[low - 1]
        if time >= segment.end { return segment.to }
        let amount = segment.animation.fraction(at: time - segment.start)
        return segment.from.interpolated(towards: segment.to, amount: amount)
    }

    /// When the last segment finishes; the value stays constant from then
    /// on. 0 for a track without segments.
    @inlinable
    public var endTime: Double { segments.last?.end ?? 0 }

    /// Whether the track has any segments, that is whether it ever changes.
    @inlinable
    public var isEmpty: Bool { segments.isEmpty }
}

extension Track.Segment: Equatable where Value: Equatable {}
extension Track: Equatable where Value: Equatable {}
