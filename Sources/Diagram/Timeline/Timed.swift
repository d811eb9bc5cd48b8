import Tween

/// The changes of one property over time, each started at a time and
/// played with an animation, in the order they start: what every track of
/// the timeline is made of, whatever it changes (a point, a placement, an
/// edge's end, a text, a presence).
///
/// A pure function of time like ``Track``: looking up a time keeps no state.
struct Timed<Change: Sendable>: Sendable {
    struct Entry: Sendable {
        let start: Double
        /// `start` plus the animation's total duration, kept so that the end
        /// is tested in absolute time.
        let end: Double
        let animation: Animation
        let change: Change

        /// How far the change has got at `time`, or `nil` once it is done.
        func fraction(at time: Double) -> Double? {
            time >= end ? nil : animation.fraction(at: time - start)
        }
    }

    private(set) var entries: [Entry] = []

    /// Appends a change that starts at `time`.
    ///
    /// - Precondition: `time` is not before the last change's start: the
    ///   compiler walks the script in time order.
    mutating func append(_ change: Change, at time: Double, with animation: Animation) {
        precondition(time >= (entries.last?.start ?? -.infinity), "changes must be appended in time order")
        entries.append(Entry(start: time, end: time + animation.totalDuration, animation: animation, change: change))
    }

    /// How many changes have started at or before `time`: a binary search.
    func count(startingBy time: Double) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].start <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The latest change started at or before `time`.
    func latest(at time: Double) -> Entry? {
        let n = count(startingBy: time)
        return n == 0 ? nil : entries[n - 1]
    }

    var last: Entry? { entries.last }
}
