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

    /// Paints the inside of `path` moved by `offset`: a shape drawn many
    /// times (a tree's nodes) is given once, around the origin, and placed
    /// by its offset.
    ///
    /// The canvas keeps the flattened outline of the last few paths drawn
    /// this way, so a repeated shape is flattened once; a kept outline and a
    /// fresh one give the same pixels, byte for byte.
    public mutating func fill(_ path: Path, at offset: Vector, color: Color, rule: FillRule = .nonZero) {
        guard color.alpha > 0 else { return }
        let scratch = uniqueScratch()
        let outline = scratch.shapes.outline(of: path, style: nil) { polylines in
            polylines.append(path, transform: .identity, tolerance: Self.tolerance)
        }
        paint(outline, offset: offset, rule: rule, color: color, accumulator: scratch.accumulator)
    }

    /// Paints the stroke of `path` moved by `offset`, its outline kept as
    /// ``fill(_:at:color:rule:)`` keeps a fill's.
    public mutating func stroke(_ path: Path, at offset: Vector, style: StrokeStyle, color: Color) {
        guard color.alpha > 0 else { return }
        let scratch = uniqueScratch()
        let outline = scratch.shapes.outline(of: path, style: style) { outline in
            scratch.polylines.removeAll()
            scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance, push: 0.5)
            scratch.stroker.stroke(scratch.polylines, style: style, tolerance: Self.tolerance, into: &outline)
        }
        paint(outline, offset: offset, rule: .nonZero, color: color, accumulator: scratch.accumulator)
    }

    /// Scan-converts closed polygons, moved by `offset`, and composites
    /// `color` through their coverage.
    mutating func paint(
        _ polygons: Polylines, offset: Vector = .zero, rule: FillRule, color: Color, accumulator: CoverageAccumulator
    ) {
        guard color.alpha > 0, let bounds = polygons.bounds() else { return }
        let (dx, dy) = (offset.dx, offset.dy)
        let (minX, minY, maxX, maxY) = (bounds.0 + dx, bounds.1 + dy, bounds.2 + dx, bounds.3 + dy)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return }
        // Clamped first, so far-off shapes stay in Int's range; rounding
        // and clamping to whole bounds commute.
        let x0 = floorToInt(min(max(minX, 0), Double(width)))
        let y0 = floorToInt(min(max(minY, 0), Double(height)))
        let x1 = ceilToInt(min(max(maxX, 0), Double(width)))
        let y1 = ceilToInt(min(max(maxY, 0), Double(height)))
        guard x0 < x1, y0 < y1 else { return }
        accumulator.begin(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        polygons.points.withUnsafeBufferPointer { points in
            for contour in 0..<polygons.ends.count {
                let range = polygons.contour(contour)
                // Adding a zero offset changes no coordinate, so a path
                // drawn in place paints as it always has.
                let last = points[range.upperBound - 1]
                var (px, py) = (last.x + dx, last.y + dy)
                for i in range {
                    let (x, y) = (points[i].x + dx, points[i].y + dy)
                    accumulator.addEdge(px, py, x, y)
                    (px, py) = (x, y)
                }
            }
        }
        composite(color, rule: rule, accumulator: accumulator)
    }
}
