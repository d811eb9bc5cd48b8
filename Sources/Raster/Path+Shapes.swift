#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension Path {
    /// A circle as four cubic arcs, drawn clockwise on screen from its
    /// rightmost point.
    public static func circle(center: Point, radius: Double) -> Path {
        var path = Path()
        path.move(to: Point(center.x + radius, center.y))
        path.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        path.close()
        return path
    }

    /// The ellipse inscribed in `rect`.
    public static func ellipse(in rect: Rect) -> Path {
        let unit = circle(center: Point(0, 0), radius: 1)
        let t = AffineTransform(scaleX: rect.width / 2, y: rect.height / 2)
            .concatenating(AffineTransform(translationX: rect.center.x, y: rect.center.y))
        return unit.applying(t)
    }

    /// An axis-aligned rectangle, clockwise on screen from its top-left
    /// corner.
    public static func rect(_ rect: Rect) -> Path {
        var path = Path()
        path.move(to: Point(rect.minX, rect.minY))
        path.line(to: Point(rect.maxX, rect.minY))
        path.line(to: Point(rect.maxX, rect.maxY))
        path.line(to: Point(rect.minX, rect.maxY))
        path.close()
        return path
    }

    /// A rectangle with circular corners; the radius is clamped to half the
    /// shorter side, so a large radius gives a capsule.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        let r = min(max(cornerRadius, 0), min(abs(rect.width), abs(rect.height)) / 2)
        guard r > 0 else { return Path.rect(rect) }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        var path = Path()
        path.move(to: Point(x0 + r, y0))
        path.addArc(center: Point(x1 - r, y0 + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        path.addArc(center: Point(x1 - r, y1 - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        path.addArc(center: Point(x0 + r, y1 - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        path.addArc(center: Point(x0 + r, y0 + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true)
        path.close()
        return path
    }

    /// An open path of one straight segment: stroke it to draw a line.
    public static func line(from a: Point, to b: Point) -> Path {
        var path = Path()
        path.move(to: a)
        path.line(to: b)
        return path
    }

    /// An open path through `points` in order: stroke it to draw a
    /// connector. Empty for no points.
    public static func polyline(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for p in points.dropFirst() { path.line(to: p) }
        return path
    }

    /// Adds a circular arc, joined to the current point by a straight line
    /// (or starting a contour when there is none).
    ///
    /// Angles are in radians from the positive x axis. `clockwise` is as seen
    /// on screen, where y grows downwards: the angle increases along the
    /// arc. A sweep of 2π or more draws the full circle once.
    ///
    /// The arc is drawn as cubic Béziers of at most a quarter turn each,
    /// whose radial error is below 0.03% of the radius.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep >= 2 * .pi { sweep = 2 * .pi } else { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi); if sweep < 0 { sweep += 2 * .pi } }
        } else {
            if sweep <= -2 * .pi { sweep = -2 * .pi } else { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi); if sweep > 0 { sweep -= 2 * .pi } }
        }
        let start = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else if currentPoint != start { line(to: start) }
        let pieces = max(1, boundedInt((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up), 1...4))
        let step = sweep / Double(pieces)
        // The standard control-arm length for a circular arc of angle `step`:
        // it makes the Bézier's midpoint lie on the circle.
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for i in 1...pieces {
            let a1 = i == pieces ? startAngle + sweep : startAngle + Double(i) * step
            let (c0, s0, c1, s1) = (cos(a0), sin(a0), cos(a1), sin(a1))
            let p0 = Point(center.x + radius * c0, center.y + radius * s0)
            // A full turn ends exactly where it started, so the contour closes
            // without a sliver of a segment.
            let p1 = i == pieces && abs(sweep) == 2 * .pi
                ? start : Point(center.x + radius * c1, center.y + radius * s1)
            cubic(
                to: p1,
                control1: Point(p0.x - k * radius * s0, p0.y + k * radius * c0),
                control2: Point(p1.x + k * radius * s1, p1.y - k * radius * c1))
            a0 = a1
        }
    }

    /// The path with every point mapped by `t`. Béziers stay Béziers under
    /// affine maps, so this is exact.
    public func applying(_ t: AffineTransform) -> Path {
        var result = Path()
        result.elements.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move(let p): result.move(to: t.apply(p))
            case .line(let p): result.line(to: t.apply(p))
            case .quad(let p, let c): result.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let p, let c1, let c2): result.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: result.close()
            }
        }
        return result
    }
}
