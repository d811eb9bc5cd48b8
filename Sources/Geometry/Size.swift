/// A width and a height.
@frozen
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable public static var zero: Size { Size(width: 0, height: 0) }

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Component-wise arithmetic.
extension Size {
    @inlinable public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }
    @inlinable public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }
    @inlinable public mutating func scale(by rhs: Double) { width *= rhs; height *= rhs }
    @inlinable public var magnitudeSquared: Double { width * width + height * height }
}
