/// An axis-aligned rectangle given by its origin (top-left, y down) and size.
///
/// Animates (in Tween) as `AnimatablePair<Point, Size>`, as SwiftUI's `CGRect` does.
@frozen
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x, y), size: Size(width: width, height: height))
    }

    /// The smallest rectangle holding every point; `nil` for no points.
    @inlinable
    public init?<S: Sequence>(bounding points: S) where S.Element == Point {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        while let p = it.next() {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top
    /// and bottom (shrunk for negative amounts).
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    @inlinable
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    @inlinable
    /// Whether the two share any area (touching edges do not).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
}
