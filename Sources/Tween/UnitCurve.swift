/// A timing curve: maps the progress of an animation's time, 0…1, to the
/// progress of its value.
///
/// Every curve gives exactly 0 at progress 0 and exactly 1 at progress 1, so
/// animated values start and land precisely on their endpoints. Bézier curves
/// stay within 0…1 when their control points do; a spring curve overshoots 1
/// in the middle when it bounces.
///
///     UnitCurve.easeInOut.value(at: 0.25)   // ≈ 0.129
///
/// The named curves use the CSS / Core Animation control points.
public struct UnitCurve: Sendable, Hashable {
    enum Shape: Sendable, Hashable {
        case linear
        case bezier(CubicBezier)
        /// A spring sped up to settle at progress 1; `residual` is its
        /// distance from the target there.
        case spring(Spring, residual: Double)
        /// 0 before the progress given, 1 from it on.
        case jump(Double)
    }

    let shape: Shape

    private init(_ shape: Shape) {
        self.shape = shape
    }

    /// Constant speed: the value's progress equals the time's.
    public static let linear = UnitCurve(.linear)
    /// Starts slowly and accelerates: Bézier (0.42, 0) (1, 1).
    public static let easeIn = bezier(0.42, 0, 1, 1)
    /// Starts fast and decelerates: Bézier (0, 0) (0.58, 1).
    public static let easeOut = bezier(0, 0, 0.58, 1)
    /// Accelerates, then decelerates: Bézier (0.42, 0) (0.58, 1).
    public static let easeInOut = bezier(0.42, 0, 0.58, 1)

    /// The cubic Bézier from (0, 0) to (1, 1) with control points
    /// (c0x, c0y) and (c1x, c1y), as CSS `cubic-bezier()`.
    ///
    /// - Precondition: `c0x` and `c1x` lie in 0…1.
    public static func bezier(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) -> UnitCurve {
        UnitCurve(.bezier(CubicBezier(c0x, c0y, c1x, c1y)))
    }

    /// No motion at all: the value stays where it was until progress `at`
    /// (within 0…1), then is at its target at once. A cut halfway through
    /// an animation whose element fades out and back in meanwhile.
    ///
    /// - Precondition: `at` lies in 0…1.
    public static func jump(at: Double) -> UnitCurve {
        precondition((0...1).contains(at), "a jump's progress must lie in 0...1, got \(at)")
        return UnitCurve(.jump(at))
    }

    /// Whether the value can pass its target or go back beyond its start on
    /// the way: a bouncing spring, or a Bézier with a control point above 1
    /// or below 0.
    public var overshoots: Bool {
        switch shape {
        case .linear, .jump: false
        case .bezier(let b): !(0...1).contains(b.c0y) || !(0...1).contains(b.c1y)
        case .spring(let s, _): s.dampingRatio < 1
        }
    }

    /// The motion of `spring` over its settling duration, so that progress 1
    /// is the moment it settles.
    ///
    /// At that moment the spring is still up to 0.1% from its target; that
    /// remainder is taken up linearly over the whole curve, so the curve ends
    /// exactly at 1 without a visible jump on the last frame.
    public static func spring(_ spring: Spring) -> UnitCurve {
        UnitCurve(.spring(spring, residual: 1 - spring.value(at: spring.settlingDuration)))
    }

    /// The value's progress when the time's progress is `progress`, which is
    /// clamped to 0…1.
    ///
    /// - Complexity: O(1); a Bézier curve takes a few Newton steps.
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        switch shape {
        case .linear:
            return progress
        case .bezier(let bezier):
            return bezier.value(at: progress)
        case .spring(let spring, let residual):
            return spring.value(at: progress * spring.settlingDuration) + residual * progress
        case .jump(let at):
            return progress >= at ? 1 : 0
        }
    }
}
