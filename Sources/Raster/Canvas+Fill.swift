import Geometry

extension Canvas {
    /// How far, in pixels, flattened curves may stray from the true ones.
    static let tolerance = 0.2

    /// Paints the inside of `path` with `color`, anti-aliased by exact area
    /// coverage, composited source-over.
    ///
    /// The canvas keeps the coverage of its recent draw calls (see
    /// ``MaskCache``): drawing the same path in the same place again, in any
    /// colour, blends the kept coverage and gives the same pixels.
    ///
    /// - Complexity: O(points + covered pixels): only the rows and columns
    ///   the path's edges reach are visited.
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
        paint(.fill(path, rule, offset: .zero), rule: rule, color: color) { scratch in
            scratch.polylines.removeAll()
            scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance)
            return scratch.polylines
        }
    }

    /// Paints the stroke of `path`: the area within `style.width / 2` of it,
    /// shaped by the caps and joins.
    public mutating func stroke(_ path: Path, style: StrokeStyle, color: Color) {
        paint(.stroke(path, style, offset: .zero), rule: .nonZero, color: color) { scratch in
            scratch.polylines.removeAll()
            scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance, push: 0.5)
            scratch.outline.removeAll()
            scratch.stroker.stroke(scratch.polylines, style: style, tolerance: Self.tolerance, into: &scratch.outline)
            return scratch.outline
        }
    }

    /// Paints the inside of `path` moved by `offset`: a shape drawn many
    /// times (a tree's nodes) is given once, around the origin, and placed
    /// by its offset.
    ///
    /// The canvas also keeps the flattened outline of up to 64 paths
    /// drawn this way, so a repeated shape is flattened once.
    public mutating func fill(_ path: Path, at offset: Vector, color: Color, rule: FillRule = .nonZero) {
        paint(.fill(path, rule, offset: offset), offset: offset, rule: rule, color: color) { scratch in
            scratch.shapes.outline(of: path, style: nil) { polylines in
                polylines.append(path, transform: .identity, tolerance: Self.tolerance)
            }
        }
    }

    /// Paints the stroke of `path` moved by `offset`, its outline kept as
    /// ``fill(_:at:color:rule:)`` keeps a fill's.
    public mutating func stroke(_ path: Path, at offset: Vector, style: StrokeStyle, color: Color) {
        paint(.stroke(path, style, offset: offset), offset: offset, rule: .nonZero, color: color) { scratch in
            scratch.shapes.outline(of: path, style: style) { outline in
                scratch.polylines.removeAll()
                scratch.polylines.append(path, transform: .identity, tolerance: Self.tolerance, push: 0.5)
                scratch.stroker.stroke(scratch.polylines, style: style, tolerance: Self.tolerance, into: &outline)
            }
        }
    }

    /// Blends `color` through the coverage of the draw call `key`: the
    /// kept mask, or else the coverage of the polygons `outline` gives,
    /// moved by `offset`.
    private mutating func paint(
        _ key: MaskKey, offset: Vector = .zero, rule: FillRule, color: Color, outline: (RasterScratch) -> Polylines
    ) {
        guard color.alpha > 0, offset.dx.isFinite, offset.dy.isFinite else { return }
        let scratch = uniqueScratch()
        let cache = scratch.masks
        let key = MaskCache.Hashed(key)
        // A call not seen lately is drawn straight from the accumulator; a
        // call seen before is blended from its kept mask, or kept now.
        if !keepsMasks || cache.isNew(key) {
            let polygons = outline(scratch)
            if scanConvert(polygons, offset: offset, accumulator: scratch.accumulator) {
                composite(color, rule: rule, accumulator: scratch.accumulator)
            }
            return
        }
        if let kept = cache.use(key) { return composite(color, mask: kept.first, of: cache) }
        let polygons = outline(scratch)
        let entry = cache.keep(key) { runs, values in
            (coverage(of: polygons, offset: offset, rule: rule, accumulator: scratch.accumulator, runs: &runs, values: &values),
             nil)
        }
        composite(color, mask: entry.first, of: cache)
    }

    /// Whether the canvas keeps masks: a mask's rows and columns are 16
    /// bits.
    var keepsMasks: Bool { width <= Int(UInt16.max) && height <= Int(UInt16.max) }

    /// Scan-converts closed polygons, moved by `offset`, appending the
    /// mask to `runs` and `values`.
    func coverage(
        of polygons: Polylines, offset: Vector = .zero, rule: FillRule, accumulator: CoverageAccumulator,
        runs: inout [CoverageRun], values: inout [UInt8]
    ) -> MaskRange {
        guard scanConvert(polygons, offset: offset, accumulator: accumulator) else {
            return MaskRange(runs: runs.count..<runs.count, values: values.count)
        }
        return accumulator.collect(rule: rule, runs: &runs, values: &values)
    }

    /// Adds the edges of closed polygons, moved by `offset`, to
    /// `accumulator`, clipped to the canvas; false when their bounds miss it
    /// (then nothing was added).
    func scanConvert(_ polygons: Polylines, offset: Vector = .zero, accumulator: CoverageAccumulator) -> Bool {
        guard let bounds = polygons.bounds() else { return false }
        let (dx, dy) = (offset.dx, offset.dy)
        let (minX, minY, maxX, maxY) = (bounds.0 + dx, bounds.1 + dy, bounds.2 + dx, bounds.3 + dy)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return false }
        // Clamped first, so far-off shapes stay in Int's range; rounding
        // and clamping to whole bounds commute.
        let x0 = floorToInt(min(max(minX, 0), Double(width)))
        let y0 = floorToInt(min(max(minY, 0), Double(height)))
        let x1 = ceilToInt(min(max(maxX, 0), Double(width)))
        let y1 = ceilToInt(min(max(maxY, 0), Double(height)))
        guard x0 < x1, y0 < y1 else { return false }
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
        return true
    }
}
