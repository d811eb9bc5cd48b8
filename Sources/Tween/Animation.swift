/// How a value moves from one state to the next: a timing curve played over a
/// duration, after a delay.
///
/// Built and modified the way SwiftUI's animations are:
///
///     let a = Animation.easeInOut(duration: 0.6).delay(0.2).speed(2)
///     a.delaySeconds   // 0.1
///     a.duration       // 0.3
///
/// Modifiers apply in order: `speed(_:)` scales the delay that precedes it,
/// while a `delay(_:)` added after a speed change is taken as given.
public struct Animation: Sendable, Hashable {
    /// The timing curve, played over ``duration``.
    public let curve: UnitCurve
    /// The active duration in seconds, after speed changes, without the delay.
    public let duration: Double
    /// The wait before the motion starts, in seconds, after speed changes.
    public let delaySeconds: Double

    /// Creates an animation that waits `delay` seconds, then plays `curve`
    /// over `duration` seconds.
    ///
    /// - Precondition: `duration` is finite and not negative; `delay` is finite.
    public init(curve: UnitCurve, duration: Double, delay: Double = 0) {
        precondition(duration >= 0 && duration.isFinite, "animation duration must be finite and not negative, got \(duration)")
        precondition(delay.isFinite, "animation delay must be finite, got \(delay)")
        self.curve = curve
        self.duration = duration
        self.delaySeconds = delay
    }

    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation {
        Animation(curve: .linear, duration: duration)
    }

    /// Starts slowly and accelerates, over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation {
        Animation(curve: .easeIn, duration: duration)
    }

    /// Starts fast and decelerates, over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation {
        Animation(curve: .easeOut, duration: duration)
    }

    /// Accelerates, then decelerates, over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation {
        Animation(curve: .easeInOut, duration: duration)
    }

    /// The cubic Bézier with control points (c0x, c0y) and (c1x, c1y), over
    /// `duration` seconds.
    ///
    /// - Precondition: `c0x` and `c1x` lie in 0…1.
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double
    ) -> Animation {
        Animation(curve: .bezier(c0x, c0y, c1x, c1y), duration: duration)
    }

    /// A spring with the given response (the undamped period, in seconds)
    /// and damping fraction, lasting until it settles within 0.1% of its
    /// target: its ``duration`` is the spring's settling duration.
    ///
    /// - Precondition: both arguments are positive.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825) -> Animation {
        spring(Spring(response: response, dampingRatio: dampingFraction))
    }

    /// A spring with the given perceptual duration and bounce, as SwiftUI's
    /// `spring(duration:bounce:)`. The animation lasts until the spring
    /// settles, so its ``duration`` is longer than the `duration` passed here.
    ///
    /// - Precondition: `duration` is positive and `bounce` lies strictly
    ///   between −1 and 1.
    public static func spring(duration: Double, bounce: Double = 0) -> Animation {
        spring(Spring(duration: duration, bounce: bounce))
    }

    /// The motion of `spring` until it settles.
    public static func spring(_ spring: Spring) -> Animation {
        Animation(curve: .spring(spring), duration: spring.settlingDuration)
    }

    /// The same animation, started `seconds` later (added to any delay it
    /// already has).
    public func delay(_ seconds: Double) -> Animation {
        Animation(curve: curve, duration: duration, delay: delaySeconds + seconds)
    }

    /// The same animation played `factor` times as fast, delay included.
    ///
    /// - Precondition: `factor` is finite and positive.
    public func speed(_ factor: Double) -> Animation {
        precondition(factor > 0 && factor.isFinite, "animation speed must be finite and positive, got \(factor)")
        return Animation(curve: curve, duration: duration / factor, delay: delaySeconds / factor)
    }

    /// The same timing without overshoot: a curve that would pass its
    /// target (a bouncing spring, a Bézier that backs up) becomes an ease
    /// in and out over the same duration and delay; any other is kept.
    public var withoutOvershoot: Animation {
        curve.overshoots ? Animation(curve: .easeInOut, duration: duration, delay: delaySeconds) : self
    }

    /// The time from the start of the animation to the end of its motion.
    public var totalDuration: Double { delaySeconds + duration }

    /// The progress of the animated value `elapsed` seconds after the
    /// animation was started, delay included.
    ///
    /// 0 up to the end of the delay, exactly 1 from ``totalDuration`` on;
    /// in between it follows the curve, and a spring's may exceed 1.
    public func fraction(at elapsed: Double) -> Double {
        if elapsed >= totalDuration { return 1 }
        if elapsed <= delaySeconds { return 0 }
        return curve.value(at: (elapsed - delaySeconds) / duration)
    }
}
