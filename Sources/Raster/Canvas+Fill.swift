import Geometry

extension Canvas {
    /// How far, in pixels, flattened curves may stray from the true ones.
    static let tolerance = 0.2

    /// Paints the inside of `path` with `color`, anti-aliased by exact area
    /// coverage, composited source-over.
    ///
    /// - Complexity: O(points + covered pixels): only the rows and columns
    ///   the path's edges reach are visited.
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
        let scratch = uniqueScratch()
        scratch.polylines.removeAll()
        scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance)
        paint(scratch.polylines, rule: rule, color: color, accumulator: scratch.accumulator)
    }

    /// Paints the stroke of `path`: the area within `style.width / 2` of it,
    /// shaped by the caps and joins.
    public mutating func stroke(_ path: Path, style: StrokeStyle, color: Color) {
        let scratch = uniqueScratch()
        scratch.polylines.removeAll()
        scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance, push: 0.5)
        scratch.outline.removeAll()
        scratch.stroker.stroke(scratch.polylines, style: style, tolerance: Self.tolerance, into: &scratch.outline)
        paint(scratch.outline, rule: .nonZero, color: color, accumulator: scratch.accumulator)
    }

    /// Scan-converts closed polygons and composites `color` through their
    /// coverage.
    mutating func paint(_ polygons: Polylines, rule: FillRule, color: Color, accumulator: CoverageAccumulator) {
        guard color.alpha > 0, let (minX, minY, maxX, maxY) = polygons.bounds(),
            minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite
        else { return }
        let x0 = Int(min(max(minX.rounded(.down), 0), Double(width)))
        let y0 = Int(min(max(minY.rounded(.down), 0), Double(height)))
        let x1 = Int(min(max(maxX.rounded(.up), 0), Double(width)))
        let y1 = Int(min(max(maxY.rounded(.up), 0), Double(height)))
        guard x0 < x1, y0 < y1 else { return }
        accumulator.begin(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        polygons.points.withUnsafeBufferPointer { points in
            for contour in 0..<polygons.ends.count {
                let range = polygons.contour(contour)
                var previous = points[range.upperBound - 1]
                for i in range {
                    let p = points[i]
                    accumulator.addEdge(previous.x, previous.y, p.x, p.y)
                    previous = p
                }
            }
        }
        composite(color, rule: rule, accumulator: accumulator)
    }
}
