/// Which points a path's contours enclose.
public enum FillRule: Sendable, Hashable {
    /// Inside where the contours wind round the point any number of times.
    case nonZero
    /// Inside where a ray from the point crosses the contours an odd number
    /// of times.
    case evenOdd
}

/// How an open contour's stroke ends.
public enum LineCap: Sendable, Hashable {
    /// Flat, at the end point.
    case butt
    /// A half disc around the end point.
    case round
    /// Flat, half the width past the end point.
    case square
}

/// How a stroke turns a corner, on the outside of the turn.
public enum LineJoin: Sendable, Hashable {
    /// The offset edges extended to meet, or a bevel where that would reach
    /// beyond the miter limit.
    case miter
    /// An arc around the corner.
    case round
    /// A straight cut across the corner.
    case bevel
}

/// The shape of a stroke.
///
///     let outline = StrokeStyle(width: 2.5)
///     let edge = StrokeStyle(width: 2, cap: .round)
public struct StrokeStyle: Sendable, Hashable {
    /// The stroke's full width, in pixels.
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// The longest a miter may be, as a multiple of the width: past it the
    /// corner is bevelled. 4, as in SVG, bevels corners sharper than about 29°.
    public var miterLimit: Double

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}
