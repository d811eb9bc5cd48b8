#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// Turns flattened contours and a ``StrokeStyle`` into closed polygons that,
/// filled with the non-zero rule, paint the stroke.
///
/// Each contour is offset by half the width on both sides. An open contour
/// becomes one polygon: one side forwards, the end cap, the other side
/// backwards, the start cap. A closed contour becomes two polygons of
/// opposite winding, one per side, so a stroked circle is a ring whose
/// inside stays empty.
///
/// On the outside of a turn the join style fills the gap between the two
/// offset segments. On the inside, where they cross, the polygon cuts
/// through their crossing point when it lies within both segments, so a
/// stroked curve has no inner overlaps at all; sharper inner turns go round
/// through the vertex itself, a loop that the non-zero rule fills.
struct Stroker {
    private var vertices: [Point] = []
    private var halfWidth = 0.0
    private var style = StrokeStyle(width: 0)
    private var arcStep = Double.pi / 2

    /// Appends the stroke outline of every contour of `input` to `output`.
    /// Contours that collapse to a point draw nothing.
    mutating func stroke(_ input: Polylines, style: StrokeStyle, tolerance: Double, into output: inout Polylines) {
        halfWidth = style.width / 2
        guard halfWidth > 0, halfWidth.isFinite else { return }
        self.style = style
        // The angle whose chord strays `tolerance` from an arc of radius
        // `halfWidth`.
        let c = 1 - tolerance / halfWidth
        arcStep = c > 0 ? min(2 * acos(c), .pi / 2) : .pi / 2
        for contour in 0..<input.ends.count {
            vertices.removeAll(keepingCapacity: true)
            for i in input.contour(contour) {
                let p = input.points[i]
                if let last = vertices.last, (p - last).magnitudeSquared < 1e-12 { continue }
                vertices.append(p)
            }
            let closed = input.closed[contour]
            if closed, vertices.count > 2, let last = vertices.last, (last - vertices[0]).magnitudeSquared < 1e-12 {
                vertices.removeLast()
            }
            guard vertices.count >= 2 else { continue }
            if closed {
                strokeSide(reversed: false, into: &output)
                strokeSide(reversed: true, into: &output)
            } else {
                strokeOpen(into: &output)
            }
        }
    }

    @inline(__always)
    private func vertex(_ k: Int, reversed: Bool) -> Point {
        reversed ? vertices[vertices.count - 1 - k] : vertices[k]
    }

    /// The unit direction and length of segment `k` (from vertex `k` to the
    /// next, cyclically).
    @inline(__always)
    private func segment(_ k: Int, reversed: Bool) -> (Vector, Double) {
        let m = vertices.count
        let a = vertex((k + m) % m, reversed: reversed), b = vertex((k + 1) % m, reversed: reversed)
        let d: Vector = b - a
        let length = d.length
        return (d * (1 / length), length)
    }

    /// One side of a closed contour, as a closed polygon: the left side when
    /// walking the contour's vertices in the given order.
    private func strokeSide(reversed: Bool, into output: inout Polylines) {
        let m = vertices.count
        var started = false
        var (dIn, lengthIn) = segment(m - 1, reversed: reversed)
        for k in 0..<m {
            let (dOut, lengthOut) = segment(k, reversed: reversed)
            join(at: vertex(k, reversed: reversed), dIn, lengthIn, dOut, lengthOut, started: &started, into: &output)
            (dIn, lengthIn) = (dOut, lengthOut)
        }
        output.finish(closed: true)
    }

    /// An open contour: one side forwards, the end cap, the other side
    /// backwards, the start cap, as one closed polygon.
    private func strokeOpen(into output: inout Polylines) {
        let m = vertices.count
        var started = true
        for pass in 0..<2 {
            let reversed = pass == 1
            var (dIn, lengthIn) = segment(0, reversed: reversed)
            let first = vertex(0, reversed: reversed)
            let startPoint = first + dIn.perpendicular * halfWidth
            if reversed { output.add(startPoint) } else { output.begin(at: startPoint) }
            for k in 1..<(m - 1) {
                let (dOut, lengthOut) = segment(k, reversed: reversed)
                join(at: vertex(k, reversed: reversed), dIn, lengthIn, dOut, lengthOut, started: &started, into: &output)
                (dIn, lengthIn) = (dOut, lengthOut)
            }
            let end = vertex(m - 1, reversed: reversed)
            output.add(end + dIn.perpendicular * halfWidth)
            cap(at: end, direction: dIn, into: &output)
        }
        output.finish(closed: true)
    }

    /// The points between `p + n·w/2` and `p − n·w/2` (exclusive) that close
    /// an end where the contour leaves in direction `d`, with `n` its
    /// perpendicular.
    private func cap(at p: Point, direction d: Vector, into output: inout Polylines) {
        let n = d.perpendicular * halfWidth
        switch style.cap {
        case .butt:
            break
        case .square:
            let ahead = d * halfWidth
            output.add(p + n + ahead)
            output.add(p - n + ahead)
        case .round:
            arc(around: p, from: n, sweep: -.pi, into: &output)
        }
        output.add(p - n)
    }

    /// The points at vertex `p` on the left of a walk that arrives in
    /// direction `dIn` along a segment of length `lengthIn` and leaves in
    /// direction `dOut`.
    private func join(
        at p: Point, _ dIn: Vector, _ lengthIn: Double, _ dOut: Vector, _ lengthOut: Double,
        started: inout Bool, into output: inout Polylines
    ) {
        func emit(_ q: Point) {
            if started { output.add(q) } else { output.begin(at: q); started = true }
        }
        let a = dIn.perpendicular * halfWidth, b = dOut.perpendicular * halfWidth
        let cross = dIn.cross(dOut), dot = dIn.dot(dOut)
        // The offset lines meet at p + (a + b) / (1 + cos θ), θ the turn.
        if cross > 0 {
            // The inside of the turn. The crossing point cuts each offset
            // segment short by w/2·tan(θ/2); use it while both segments are
            // long enough to spare that at both their ends.
            let cut = halfWidth * cross / (1 + dot)
            if dot > -1 + 1e-9, cut <= 0.5 * min(lengthIn, lengthOut) {
                emit(p + (a + b) * (1 / (1 + dot)))
            } else {
                emit(p + a); emit(p); emit(p + b)
            }
            return
        }
        if dot > 1 - 1e-12 {
            emit(p + a)
            return
        }
        switch style.join {
        case .miter:
            // The miter's length over the width is 1 / cos(θ/2).
            if dot > -1 + 1e-9, 2 / (1 + dot) <= style.miterLimit * style.miterLimit {
                emit(p + (a + b) * (1 / (1 + dot)))
            } else {
                emit(p + a); emit(p + b)
            }
        case .bevel:
            emit(p + a); emit(p + b)
        case .round:
            emit(p + a)
            arc(around: p, from: a, sweep: atan2(a.cross(b), a.dot(b)), into: &output)
            emit(p + b)
        }
    }

    /// The inner points of an arc around `center` that starts at
    /// `center + from` and turns by `sweep` radians, with chords no more
    /// than the tolerance from the circle. Inner points sit slightly outside
    /// the circle so the polygon's area matches the arc's, as in flattening.
    private func arc(around center: Point, from: Vector, sweep: Double, into output: inout Polylines) {
        // A NaN sweep (from a NaN coordinate) draws no arc rather than trapping.
        let steps = boundedInt((abs(sweep) / arcStep).rounded(.up), 0...4096)
        guard steps > 1 else { return }
        let step = sweep / Double(steps)
        let push = 1 + (1 - cos(step)) / 6
        for i in 1..<steps {
            let angle = step * Double(i)
            let (c, s) = (cos(angle), sin(angle))
            let v = Vector(from.dx * c - from.dy * s, from.dx * s + from.dy * c) * push
            output.add(center + v)
        }
    }
}

extension Path {
    /// The outline of the stroke of `self`: closed polygons to fill with
    /// the non-zero rule, curves flattened to `tolerance` pixels.
    ///
    ///     let ring = Path.circle(center: Point(50, 50), radius: 20)
    ///         .stroked(StrokeStyle(width: 4))   // two contours: outer, inner
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.2) -> Path {
        var centreLine = Polylines()
        centreLine.append(self, transform: .identity, tolerance: tolerance, push: 0.5)
        var outline = Polylines()
        var stroker = Stroker()
        stroker.stroke(centreLine, style: style, tolerance: tolerance, into: &outline)
        var path = Path()
        for contour in 0..<outline.ends.count {
            let range = outline.contour(contour)
            path.move(to: outline.points[range.lowerBound])
            for i in range.dropFirst() { path.line(to: outline.points[i]) }
            path.close()
        }
        return path
    }
}
