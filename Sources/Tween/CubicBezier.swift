/// A CSS-style cubic Bézier timing function: the curve from (0, 0) to (1, 1)
/// with control points (c0x, c0y) and (c1x, c1y), read as y as a function of x.
///
/// Kept in polynomial form, x(s) = ((aₓs + bₓ)s + cₓ)s and likewise y(s), so
/// that each evaluation costs a few multiply-adds.
struct CubicBezier: Sendable, Hashable {
    /// How close x(s) must come to the requested progress.
    static let tolerance = 1e-6

    let c0x, c0y, c1x, c1y: Double
    let ax, bx, cx: Double
    let ay, by, cy: Double

    /// - Precondition: `c0x` and `c1x` lie in 0…1, which keeps x(s)
    ///   monotone so that y is a function of x.
    init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        precondition(
            (0...1).contains(c0x) && (0...1).contains(c1x),
            "Bézier control x coordinates must lie in 0...1, got \(c0x) and \(c1x)")
        precondition(c0y.isFinite && c1y.isFinite, "Bézier control y coordinates must be finite, got \(c0y) and \(c1y)")
        (self.c0x, self.c0y, self.c1x, self.c1y) = (c0x, c0y, c1x, c1y)
        cx = 3 * c0x
        bx = 3 * (c1x - c0x) - cx
        ax = 1 - cx - bx
        cy = 3 * c0y
        by = 3 * (c1y - c0y) - cy
        ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve's y where its x equals `progress`, for `progress` in 0…1.
    ///
    /// Newton's method from s = progress converges in two or three steps on
    /// ordinary curves; where the slope in x nearly vanishes it can stall or
    /// leave 0…1, so bisection, which always converges because x(s) is
    /// monotone, takes over.
    func value(at progress: Double) -> Double {
        var s = progress
        for _ in 0..<8 {
            let error = x(s) - progress
            if abs(error) < Self.tolerance { return y(s) }
            let slope = dx(s)
            if abs(slope) < Self.tolerance { break }
            s -= error / slope
            if !(0...1).contains(s) { break }
        }
        var low = 0.0
        var high = 1.0
        s = progress
        while high - low > Self.tolerance * Self.tolerance {
            let error = x(s) - progress
            if abs(error) < Self.tolerance { break }
            if error < 0 { low = s } else { high = s }
            s = (low + high) / 2
        }
        return y(s)
    }
}
