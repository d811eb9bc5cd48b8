#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine map: (x, y) → (a·x + c·y + tx, b·x + d·y + ty), the matrix
/// layout of Core Graphics' `CGAffineTransform`.
///
///     let t = AffineTransform(scale: 2).translatedBy(x: 10, y: 0)
@frozen
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    @inlinable
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    @inlinable
    public init(scale s: Double) { self.init(scaleX: s, y: s) }

    /// A rotation by `angle` radians (clockwise on screen, where y is down).
    @inlinable
    public init(rotation angle: Double) {
        let (s, c) = (sin(angle), cos(angle))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// The transform that applies `self` first, then `other`.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// `self`, preceded by a translation: as in Core Graphics.
    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// `self`, preceded by a scale.
    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// How much the transform scales lengths, on average over directions:
    /// √|det|. Used to turn a pixel tolerance into a local one.
    @inlinable
    public var meanScale: Double { abs(a * d - b * c).squareRoot() }

    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    @inlinable
    public func apply(_ v: Vector) -> Vector {
        Vector(a * v.dx + c * v.dy, b * v.dx + d * v.dy)
    }
}
