/// A location in the plane, in whatever units the caller works in
/// (layout units in `Trees`, pixels in `Raster`). y grows downwards, as on
/// screen.
@frozen
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public static var zero: Point { Point(0, 0) }

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    @inlinable
    public func distance(to other: Point) -> Double { (other - self).length }

    @inlinable
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(lhs.x + rhs.dx, lhs.y + rhs.dy) }

    @inlinable
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(lhs.x - rhs.dx, lhs.y - rhs.dy) }

    /// The vector from `rhs` to `lhs`.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(lhs.x - rhs.x, lhs.y - rhs.y) }
}

/// Component-wise arithmetic, treating a point as the vector from the origin:
/// what lets a node's centre be interpolated like any other value.
extension Point {
    @inlinable public static func + (lhs: Point, rhs: Point) -> Point { Point(lhs.x + rhs.x, lhs.y + rhs.y) }
    @inlinable public static func - (lhs: Point, rhs: Point) -> Point { Point(lhs.x - rhs.x, lhs.y - rhs.y) }
    @inlinable public mutating func scale(by rhs: Double) { x *= rhs; y *= rhs }
    @inlinable public var magnitudeSquared: Double { x * x + y * y }
}
