#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring of unit mass, released at rest one unit away from its
/// target: the physics behind spring animations, in closed form.
///
/// A spring is described the way SwiftUI describes it: `response` is the
/// period of the undamped oscillation (ω₀ = 2π / response) and
/// `dampingRatio` the fraction ζ of critical damping. ζ < 1 bounces, ζ = 1
/// is the fastest motion without overshoot, ζ > 1 creeps in slowly.
///
///     let spring = Spring(response: 0.5, dampingRatio: 0.7)
///     spring.value(at: spring.settlingDuration)   // within 0.1% of 1
///
/// Unlike a physical spring it has a finite duration: ``settlingDuration`` is
/// the time from which the motion stays within ``settlingTolerance`` of
/// the target for good.
public struct Spring: Sendable, Hashable {
    /// How close to the target, as a fraction of the distance travelled, a
    /// spring must stay to count as settled: 0.1%.
    public static let settlingTolerance = 1e-3

    /// The period of the undamped oscillation, in seconds.
    public let response: Double
    /// The damping as a fraction of critical damping, ζ.
    public let dampingRatio: Double
    /// The time from which the motion stays within ``settlingTolerance`` of
    /// its target, in seconds.
    public let settlingDuration: Double

    /// Creates a spring from its response (the undamped period) and its
    /// damping ratio.
    ///
    /// - Precondition: `response` and `dampingRatio` are finite and positive;
    ///   an undamped spring would never settle.
    public init(response: Double, dampingRatio: Double) {
        precondition(response > 0 && response.isFinite, "spring response must be positive, got \(response)")
        precondition(
            dampingRatio > 0 && dampingRatio.isFinite,
            "spring damping ratio must be positive, got \(dampingRatio)")
        self.response = response
        self.dampingRatio = dampingRatio
        self.settlingDuration = Self.settlingTime(response: response, dampingRatio: dampingRatio)
    }

    /// Creates a spring from its perceptual duration and bounce, as SwiftUI's
    /// `Spring(duration:bounce:)`: the response is `duration`; a bounce of 0 is
    /// critically damped, positive values bounce (ζ = 1 − bounce) and negative
    /// ones are overdamped (ζ = 1 / (1 + bounce)).
    ///
    /// - Precondition: `duration` is positive and `bounce` lies strictly
    ///   between −1 and 1.
    public init(duration: Double, bounce: Double = 0) {
        precondition(bounce > -1 && bounce < 1, "spring bounce must lie strictly between -1 and 1, got \(bounce)")
        self.init(response: duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// The position `time` seconds after release, moving from 0 towards 1.
    ///
    /// Exactly 0 at time 0; tends to 1 and, for a damping ratio below 1,
    /// overshoots it on the way.
    public func value(at time: Double) -> Double {
        1 - Self.displacement(at: time, response: response, dampingRatio: dampingRatio)
    }

    /// The signed distance to the target at `time`, 1 at release.
    ///
    /// The three regimes solve x″ + 2ζω₀x′ + ω₀²x = 0 with x(0) = 1, x′(0) = 0.
    private static func displacement(at time: Double, response: Double, dampingRatio zeta: Double) -> Double {
        let omega0 = 2 * Double.pi / response
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * omega0
            return exp(-decay * time) * (cos(omegaD * time) + decay / omegaD * sin(omegaD * time))
        } else if zeta == 1 {
            return exp(-omega0 * time) * (1 + omega0 * time)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let slow = omega0 * (zeta - root)
            let fast = omega0 * (zeta + root)
            return (fast * exp(-slow * time) - slow * exp(-fast * time)) / (fast - slow)
        }
    }

    /// An upper bound on |displacement| from `time` on, decreasing in `time`.
    ///
    /// Over- and critically damped springs approach the target monotonically,
    /// so their displacement bounds itself. An underdamped displacement is
    /// e^(−ζω₀t)(cos ω_d t + k sin ω_d t) with k = ζω₀/ω_d; the bracket is at
    /// most √(1 + k²), and also at most 1 + ζω₀t because |sin x| ≤ |x|. The
    /// second bound keeps the estimate tight as ζ approaches 1, where k grows
    /// without limit.
    private static func envelope(at time: Double, response: Double, dampingRatio zeta: Double) -> Double {
        guard zeta < 1 else { return displacement(at: time, response: response, dampingRatio: zeta) }
        let decay = zeta * 2 * Double.pi / response
        let k = zeta / (1 - zeta * zeta).squareRoot()
        return exp(-decay * time) * min((1 + k * k).squareRoot(), 1 + decay * time)
    }

    /// The first time at which the envelope falls to the settling tolerance,
    /// found by bisection: the envelope has no closed-form inverse.
    private static func settlingTime(response: Double, dampingRatio: Double) -> Double {
        // A few ulps of margin absorb the rounding of `1 - displacement` in `value(at:)`.
        let target = settlingTolerance - 4 * Double.ulpOfOne
        func settled(_ t: Double) -> Bool {
            envelope(at: t, response: response, dampingRatio: dampingRatio) <= target
        }
        var low = 0.0
        var high = response
        while !settled(high) {
            low = high
            high *= 2
        }
        // 64 halvings take any bracket below the spacing of doubles near `high`.
        for _ in 0..<64 {
            let mid = (low + high) / 2
            if mid <= low || mid >= high { break }
            if settled(mid) { high = mid } else { low = mid }
        }
        return high
    }
}
