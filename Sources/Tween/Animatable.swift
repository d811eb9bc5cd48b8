/// A type whose state can be interpolated through its `animatableData`.
///
/// Composite states expose their parts as nested ``AnimatablePair``s; a type
/// that is itself ``VectorArithmetic`` is its own data by default.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic, AnimatableData == Self {
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Animatable {
    /// The state a fraction `amount` of the way from `self` to `other`,
    /// interpolating only the animatable data.
    @inlinable
    public func interpolated(to other: Self, amount: Double) -> Self {
        var result = self
        result.animatableData = animatableData.interpolated(towards: other.animatableData, amount: amount)
        return result
    }
}

extension Double: Animatable {}
extension Float: Animatable {}
extension AnimatablePair: Animatable {}

/// The animatable data of a type with nothing to animate.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Sendable, Hashable {
    @inlinable public init() {}
    @inlinable public static var zero: Self { Self() }
    @inlinable public static func + (lhs: Self, rhs: Self) -> Self { Self() }
    @inlinable public static func - (lhs: Self, rhs: Self) -> Self { Self() }
    @inlinable public mutating func scale(by rhs: Double) {}
    @inlinable public var magnitudeSquared: Double { 0 }
}
