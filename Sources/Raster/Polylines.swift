import Geometry

/// Flattened contours, stored end to end in one reusable buffer: the form
/// the stroker and the scan converter consume. Paths become polylines in
/// `Polylines+Flattening.swift`.
///
/// Contour `i` is `points[ends[i - 1] ..< ends[i]]` (from 0 for the first);
/// `closed[i]` tells whether it was closed with `close()`. Every contour has
/// at least two points, and no two consecutive points are equal.
struct Polylines {
    var points: [Point] = []
    var ends: [Int] = []
    var closed: [Bool] = []

    /// Per-point displacements gathered while flattening, applied when a
    /// contour is finished; see `append(_:transform:tolerance:push:)`.
    var offsets: [Vector] = []
    /// Where in `points` the open contour begins, and its first point.
    var contourBegin = 0
    var contourStart = Point(0, 0)
    private var inContour = false
    /// Half the push of the curve that ended at the last point: applied
    /// only if another curve goes on from there (see `append`).
    var pendingEndPush: Vector?
    /// Half the push of the contour's first curve at the contour's start,
    /// applied only if the contour also ends with a curve there.
    var firstStartPush: Vector?

    /// Forgets every contour, keeping the storage for the next path.
    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        closed.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        inContour = false
    }

    /// The range of `points` that contour `i` occupies.
    @inline(__always)
    func contour(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : ends[i - 1])..<ends[i]
    }

    /// Appends finished closed contours, given as points and contour ends
    /// the way `Polylines` stores them, moved by `offset`.
    mutating func appendClosedContours(_ contours: [Point], ends contourEnds: [Int], offset: Vector) {
        let base = points.count
        for p in contours { points.append(p + offset) }
        offsets.append(contentsOf: repeatElement(.zero, count: contours.count))
        for end in contourEnds {
            ends.append(base + end)
            closed.append(true)
        }
    }

    /// The smallest rectangle holding every point, as (minX, minY, maxX, maxY).
    func bounds() -> (Double, Double, Double, Double)? {
        guard var minX = points.first?.x, var minY = points.first?.y else { return nil }
        var (maxX, maxY) = (minX, minY)
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return (minX, minY, maxX, maxY)
    }

    mutating func begin(at p: Point) {
        finish(closed: false)
        contourBegin = points.count
        contourStart = p
        inContour = true
        pendingEndPush = nil
        firstStartPush = nil
        points.append(p)
        offsets.append(.zero)
    }

    /// Appends `p` to the open contour, dropping it when it repeats the last
    /// point.
    @inline(__always)
    mutating func add(_ p: Point) {
        if points.last == p && points.count > contourBegin { return }
        points.append(p)
        offsets.append(.zero)
    }

    /// Ends the open contour, if any: merges a closing point that repeats
    /// the start, moves the points by their gathered offsets, and drops
    /// contours of fewer than two points.
    mutating func finish(closed isClosed: Bool) {
        guard inContour else { return }
        inContour = false
        // Within 1e-9 px rather than exactly: an arc drawn round to its start
        // meets it only up to the rounding of sin and cos.
        if isClosed, points.count - contourBegin >= 2, let last = points.last,
            (last - points[contourBegin] as Vector).magnitudeSquared < 1e-18 {
            if let end = pendingEndPush, let start = firstStartPush {
                offsets[contourBegin] = offsets[contourBegin] + end + start
            }
            points.removeLast()
            offsets.removeLast()
        }
        for i in contourBegin..<points.count {
            points[i] = points[i] + offsets[i]
        }
        if points.count - contourBegin < 2 {
            points.removeSubrange(contourBegin...)
            offsets.removeSubrange(contourBegin...)
            return
        }
        ends.append(points.count)
        closed.append(isClosed)
    }
}
