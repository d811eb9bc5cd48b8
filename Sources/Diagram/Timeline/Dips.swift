import Tween

/// When an element fades out and back in under reduced motion, over time:
/// each dip takes its opacity down to nothing and back, and whatever the
/// element changes on screen (its place, its size) jumps at the bottom of
/// the dip, where nothing of it shows. Empty (and so 1 throughout) unless
/// the settings ask for reduced motion.
struct Dips: Sendable {
    struct Dip: Sendable {
        /// When the fade out starts and the fade in ends.
        let start: Double
        let end: Double
    }

    private var dips: [Dip] = []
    /// The latest end of the dips up to each one: how far back a dip may
    /// still be under way.
    private var reach: [Double] = []

    /// The longest a fade out (and so a fade in) takes, in seconds of the
    /// animation as played: long enough to see where the element goes,
    /// short enough that it is never gone for long.
    static let longestFade = 0.3

    /// A dip centred on the middle of `animation` started at `time`, as
    /// long as its motion or (longer ones) twice ``longestFade``.
    mutating func add(at time: Double, for animation: Animation) {
        let middle = time + animation.delaySeconds + animation.duration / 2
        let half = min(animation.duration / 2, Self.longestFade)
        guard half > 0 else { return }
        dips.append(Dip(start: middle - half, end: middle + half))
        reach.append(max(reach.last ?? -.infinity, middle + half))
    }

    /// The cut made by a dip for `animation`: the change stays as it was
    /// until the middle of its motion, then is made at once.
    static func cut(_ animation: Animation) -> Animation {
        Animation(curve: .jump(at: 0.5), duration: animation.duration, delay: animation.delaySeconds)
    }

    var isEmpty: Bool { dips.isEmpty }

    /// The opacity the dips leave at `time`: 1 outside every dip, 0 at
    /// the bottom of one; the lowest where dips overlap.
    func value(at time: Double) -> Double {
        var lo = 0, hi = dips.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if dips[mid].start <= time { lo = mid + 1 } else { hi = mid }
        }
        var opacity = 1.0
        var i = lo - 1
        while i >= 0, reach[i] > time {
            let d = dips[i]
            if time < d.end {
                let half = (d.end - d.start) / 2
                let away = abs(time - (d.start + half)) / half
                opacity = min(opacity, UnitCurve.easeInOut.value(at: away))
            }
            i -= 1
        }
        return opacity
    }
}
