/// A type that can be added, subtracted and scaled: the values an animation
/// interpolates between.
///
/// Modelled on SwiftUI's protocol of the same name. Conforming types keep the
/// vector-space laws: `a + .zero == a`, `a - a == .zero`,
/// `a.scaled(by: 1) == a`, and `a.scaled(by: s + t) ≈ a.scaled(by: s) + a.scaled(by: t)`.
///
///     let halfway = 10.0.interpolated(towards: 20, amount: 0.5)   // 15
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)

    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value with every component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// The value a fraction `amount` of the way from `self` to `other`.
    ///
    /// Exact at both ends: `amount == 0` gives `self` and `amount == 1` gives
    /// `other`, with no rounding error, so tweens land precisely on their
    /// targets.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        if amount == 0 { return self }
        if amount == 1 { return other }
        return self + (other - self).scaled(by: amount)
    }

    /// Moves `self` a fraction `amount` of the way towards `other`.
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        self = interpolated(towards: other, amount: amount)
    }
}

extension Double: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= rhs }
    @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self = Float(Double(self) * rhs) }
    @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}
