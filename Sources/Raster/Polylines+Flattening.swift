#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension Polylines {
    /// Appends the contours of `path`, mapped by `transform`, with curves
    /// flattened so that no point of a curve is more than about
    /// `tolerance` pixels from the polyline.
    ///
    /// A quadratic gets ⌈√(‖p₀ − 2c + p₂‖ / 4·tol)⌉ chords and a cubic
    /// ⌈√(3·max‖Δ²‖ / 4·tol)⌉, from the chord-error bound ‖B″‖h²/8, so the
    /// count grows as 1/√tolerance: a circle of radius 36 px gets 32 chords
    /// at 0.2 px. A chord also turns through at most π/8 (judged from the
    /// corners of the control polygon), which keeps the area correction below accurate on
    /// tiny, sharply curved shapes: a circle gets at least 16 chords. That
    /// minimum stops at about one chord a pixel of control polygon, where
    /// more chords would change no pixel.
    ///
    /// Chords of a convex arc all lie inside it, so a plain polyline loses
    /// about ⅔·sagitta·length of area on every curve, 0.4% of a 32-chord
    /// circle. With `push` 1 (fills), each vertex is therefore moved
    /// outwards by −B″(t)h²/12, which is ⅔ of the local sagitta: the polyline
    /// then crosses the curve, its area matches the curve's to O(h⁴) and its
    /// largest distance from the curve drops from the sagitta to ⅔ of it. A
    /// curve's end point gets half of that move from each curve that meets
    /// there and none from a straight line, so lines stay straight and a
    /// join between two curves gets the whole move. With
    /// `push` ½ (centre lines of strokes) the polyline's length matches the
    /// curve's instead, so a stroke covers width × length.
        mutating func append(_ path: Path, transform t: AffineTransform, tolerance: Double, push weight: Double = 1) {
        var last = Point(0, 0)
        var afterClose = false
        for element in path.elements {
            switch element {
            case .move(let p):
                last = t.apply(p)
                begin(at: last)
                afterClose = false
            case .close:
                finish(closed: true)
                last = contourStart
                afterClose = true
            case .line(let p):
                if afterClose { begin(at: last); afterClose = false }
                last = t.apply(p)
                add(last)
                pendingEndPush = nil
            case .quad(let p, let c):
                if afterClose { begin(at: last); afterClose = false }
                let (p1, p2) = (t.apply(c), t.apply(p))
                addQuad(last, p1, p2, tolerance: tolerance, push: weight)
                last = p2
            case .cubic(let p, let c1, let c2):
                if afterClose { begin(at: last); afterClose = false }
                let (p1, p2, p3) = (t.apply(c1), t.apply(c2), t.apply(p))
                addCubic(last, p1, p2, p3, tolerance: tolerance, push: weight)
                last = p3
            }
        }
        finish(closed: false)
    }

    @inline(__always)
    private static func chordCount(_ x: Double, minimum: Int) -> Int {
        guard x.isFinite, x > 0 else { return max(minimum, 1) }
        return Int(min(max(x.squareRoot().rounded(.up), Double(minimum), 1), 4096))
    }

    /// cos(k·π/8) for k = 1…8.
    private static let eighthTurnCosines = (1...8).map { cos(Double($0) * .pi / 8) }

    /// The fewest eighths of a half turn (π/8 each) that make up the angle
    /// between two directions; 0 when either is zero. Compares cosines, which
    /// is cheaper than taking the angle.
    @inline(__always)
    private static func eighths(_ u: Vector, _ v: Vector) -> Int {
        let lengths = (u.magnitudeSquared * v.magnitudeSquared).squareRoot()
        guard lengths > 0 else { return 0 }
        let c = u.dot(v) / lengths
        var k = 1
        // With slack, so that the π/4 corners of a circle's Béziers count
        // as two eighths however the coordinates were rounded.
        while k < 8 && c < eighthTurnCosines[k - 1] - 1e-9 { k += 1 }
        return k
    }

    /// Gives the point where a curve starts its share of the push: when a
    /// curve ended there too, both halves; at the contour's start, a half
    /// kept until the contour closes; after a straight line, nothing, so the
    /// line stays straight.
    private mutating func curveStarts(halfPush: Vector) {
        if let end = pendingEndPush {
            offsets[offsets.count - 1] = offsets[offsets.count - 1] + end + halfPush
        } else if points.count - 1 == contourBegin {
            firstStartPush = halfPush
        }
        pendingEndPush = nil
    }

    private mutating func addQuad(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double, push weight: Double) {
        let dd = Vector(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let (e0, e1): (Vector, Vector) = (p1 - p0, p2 - p1)
        let minimum = min(Self.eighths(e0, e1), boundedInt((e0.length + e1.length).rounded(.up), 0...4096))
        let n = Self.chordCount(dd.length / (4 * tolerance), minimum: minimum)
        let h = 1 / Double(n)
        // B″ = 2·Δ², constant along a quadratic.
        let push = dd * (-2 * h * h / 12 * weight)
        curveStarts(halfPush: push * 0.5)
        for i in 1...n {
            let s = Double(i) * h
            let u = 1 - s
            let p = i == n ? p2 : Point(
                u * u * p0.x + 2 * u * s * p1.x + s * s * p2.x,
                u * u * p0.y + 2 * u * s * p1.y + s * s * p2.y)
            add(p)
            if i < n { offsets[offsets.count - 1] = offsets[offsets.count - 1] + push }
        }
        pendingEndPush = push * 0.5
    }

    private mutating func addCubic(
        _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, push weight: Double
    ) {
        let d1 = Vector(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let d2 = Vector(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
        let (e0, e1, e2): (Vector, Vector, Vector) = (p1 - p0, p2 - p1, p3 - p2)
        // Bounds the control polygon's turn by the sum of its two corners'.
        let turn = e1 == .zero ? Self.eighths(e0, e2) : Self.eighths(e0, e1) + Self.eighths(e1, e2)
        let minimum = min(turn, boundedInt((e0.length + e1.length + e2.length).rounded(.up), 0...4096))
        let n = Self.chordCount(3 * max(d1.length, d2.length) / (4 * tolerance), minimum: minimum)
        let h = 1 / Double(n)
        // B″(s) = 6·((1 − s)·Δ²₀ + s·Δ²₁).
        func push(_ s: Double) -> Vector { (d1 * (1 - s) + d2 * s) * (-6 * h * h / 12 * weight) }
        curveStarts(halfPush: push(0) * 0.5)
        for i in 1...n {
            let s = Double(i) * h
            let u = 1 - s
            let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s)
            let p = i == n ? p3 : Point(
                b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
                b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
            add(p)
            if i < n { offsets[offsets.count - 1] = offsets[offsets.count - 1] + push(s) }
        }
        pendingEndPush = push(1) * 0.5
    }
}
