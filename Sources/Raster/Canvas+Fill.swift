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
        paint(scratch.polylines, rule: rule, color: color, accumulator: &scratch.accumulator)
    }

    /// Paints the stroke of `path`: the area within `style.width / 2` of it,
    /// shaped by the caps and joins.
    public mutating func stroke(_ path: Path, style: StrokeStyle, color: Color) {
        let scratch = uniqueScratch()
        scratch.polylines.removeAll()
        scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance, push: 0.5)
        scratch.outline.removeAll()
        scratch.stroker.stroke(scratch.polylines, style: style, tolerance: Self.tolerance, into: &scratch.outline)
        paint(scratch.outline, rule: .nonZero, color: color, accumulator: &scratch.accumulator)
    }

    /// Scan-converts closed polygons and composites `color` through their
    /// coverage.
    mutating func paint(_ polygons: Polylines, rule: FillRule, color: Color, accumulator: inout CoverageAccumulator) {
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
        composite(color, rule: rule, accumulator: &accumulator)
    }

    /// Source-over of `color` through the coverage in `accumulator`, in
    /// premultiplied 8-bit arithmetic rounded as pixman does: the colour is
    /// scaled by the coverage, then the destination by what that leaves.
    private mutating func composite(_ color: Color, rule: FillRule, accumulator: inout CoverageAccumulator) {
        let (r, g, b, a) = color.premultipliedRGBA8
        let (sr, sg, sb, sa) = (UInt32(r), UInt32(g), UInt32(b), UInt32(a))
        let opaque = sa == 255
        let (originX, originY, width) = (accumulator.originX, accumulator.originY, self.width)
        pixels.withUnsafeMutableBufferPointer { px in
            accumulator.sweep(rule: rule) { row, firstColumn, coverage in
                var i = ((originY + row) * width + originX + firstColumn) * 4
                for c in coverage {
                    let m = UInt32(c * 255 + 0.5)
                    if m == 255 && opaque {
                        (px[i], px[i + 1], px[i + 2], px[i + 3]) = (r, g, b, a)
                    } else if m != 0 {
                        let ma = div255(sa * m)
                        let keep = 255 - ma
                        px[i] = UInt8(truncatingIfNeeded: div255(sr * m) + div255(UInt32(px[i]) * keep))
                        px[i + 1] = UInt8(truncatingIfNeeded: div255(sg * m) + div255(UInt32(px[i + 1]) * keep))
                        px[i + 2] = UInt8(truncatingIfNeeded: div255(sb * m) + div255(UInt32(px[i + 2]) * keep))
                        px[i + 3] = UInt8(truncatingIfNeeded: ma + div255(UInt32(px[i + 3]) * keep))
                    }
                    i += 4
                }
            }
        }
    }
}

/// `x / 255` rounded to nearest, exact for `x ≤ 255 · 255`.
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}
