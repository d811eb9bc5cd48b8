import Geometry

/// A shape made of contours of straight lines and quadratic and cubic Bézier
/// curves, in canvas pixels (y down).
///
/// A contour starts with ``move(to:)``; drawing without a current point
/// starts one at the segment's end point. ``close()`` ends a contour with a straight
/// line back to its start. Fills treat every contour as closed.
///
///     var triangle = Path()
///     triangle.move(to: Point(0, 0))
///     triangle.line(to: Point(10, 0))
///     triangle.line(to: Point(0, 10))
///     triangle.close()
public struct Path: Sendable, Hashable {
    /// One drawing command. Curves name their end point first, then their
    /// control points, in the order the path meets them.
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, control: Point)
        case cubic(Point, control1: Point, control2: Point)
        case close
    }

    /// The commands, in drawing order.
    public internal(set) var elements: [Element]
    /// Where the next segment starts, or `nil` before the first move.
    public private(set) var currentPoint: Point?
    private var contourStart: Point?

    /// An empty path.
    public init() {
        elements = []
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p))
        currentPoint = p
        contourStart = p
    }

    public mutating func line(to p: Point) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.line(p))
        currentPoint = p
    }

    public mutating func quad(to p: Point, control c: Point) {
        if currentPoint == nil { move(to: p) }
        elements.append(.quad(p, control: c))
        currentPoint = p
    }

    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        if currentPoint == nil { move(to: p) }
        elements.append(.cubic(p, control1: c1, control2: c2))
        currentPoint = p
    }

    /// Closes the current contour with a line to its start; the current
    /// point becomes that start, so drawing on begins a contour there.
    public mutating func close() {
        guard let start = contourStart else { return }
        elements.append(.close)
        currentPoint = start
    }
}
