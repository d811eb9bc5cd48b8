/// A displacement in the plane.
@frozen
public struct Vector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    @inlinable public static var zero: Vector { Vector(0, 0) }

    @inlinable
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    @inlinable
    public init(_ dx: Double, _ dy: Double) {
        self.init(dx: dx, dy: dy)
    }

    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// The vector of length 1 in the same direction, or `.zero` for `.zero`.
    @inlinable
    public var normalized: Vector {
        let l = length
        return l > 0 ? Vector(dx / l, dy / l) : .zero
    }

    /// The vector turned a quarter turn, (dx, dy) → (−dy, dx).
    @inlinable public var perpendicular: Vector { Vector(-dy, dx) }

    @inlinable public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The z component of the 3-D cross product; positive when `other` turns
    /// clockwise from `self` on screen (y down).
    @inlinable public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }

    @inlinable public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(lhs.dx * rhs, lhs.dy * rhs) }
    @inlinable public static func * (lhs: Double, rhs: Vector) -> Vector { rhs * lhs }
    @inlinable public static prefix func - (v: Vector) -> Vector { Vector(-v.dx, -v.dy) }
}

/// Component-wise arithmetic.
extension Vector {
    @inlinable public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(lhs.dx + rhs.dx, lhs.dy + rhs.dy) }
    @inlinable public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(lhs.dx - rhs.dx, lhs.dy - rhs.dy) }
    @inlinable public mutating func scale(by rhs: Double) { dx *= rhs; dy *= rhs }
    @inlinable public var magnitudeSquared: Double { dx * dx + dy * dy }
}
