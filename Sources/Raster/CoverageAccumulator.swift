/// Exact-area coverage of polygons, by signed area accumulation: the
/// technique of libart, FreeType's smooth rasteriser, font-rs and
/// stb_truetype 2.
///
/// Every edge adds, to each cell it crosses, the signed area it sweeps
/// between itself and the cell's right side, and to the cell after it the
/// rest of its signed height in that row. A prefix sum along a row then
/// gives, in each pixel, the signed area of the polygon inside it: +1 a
/// pixel for each edge going down to its left, −1 for each going up. No
/// supersampling: coverage is the exact area, to float rounding.
///
/// The sum is the winding number wherever no edge crosses the pixel, and
/// the exact area for a pixel that edges of one contour cross. The fill rule
/// is applied to the summed value (non-zero: `min(|a|, 1)`; even-odd: the
/// distance of `|a|` to the nearest even integer), as FreeType does. Exact
/// for every pixel where covered parts do not overlap; where two contours
/// overlap inside one pixel the area of the overlap is counted twice before
/// clamping (two half-covered pixels of a shape drawn twice read as fully
/// covered). Overlaps that span whole pixels — a self-crossing star, a
/// stroke's inner joins — come out exact.
///
/// The accumulator covers a clip box of the canvas; only cells that edges
/// touch are read or written: each row keeps the span of columns its edges
/// reached, and beyond that span a row's sum is zero because closed contours
/// cross every row as often downwards as upwards. Cells are zeroed as they
/// are read, so the buffer is reused across draws without clearing.
struct CoverageAccumulator {
    /// Row-major cells of `width + 2` columns: an edge at the right clip
    /// writes up to two columns past it.
    private(set) var cells: [Float] = []
    /// Per row, the first and one-past-last column any edge wrote to.
    private(set) var spanStart: [Int32] = []
    private(set) var spanEnd: [Int32] = []
    /// The clip box, in canvas pixels.
    private(set) var originX = 0
    private(set) var originY = 0
    private(set) var width = 0
    private(set) var height = 0

    var stride: Int { width + 2 }

    /// Prepares for a path whose pixels lie in the given box of the canvas.
    /// Grows the buffers only when the box is bigger than any before.
    mutating func begin(x: Int, y: Int, width: Int, height: Int) {
        (originX, originY, self.width, self.height) = (x, y, width, height)
        let needed = (width + 2) * height
        if cells.count < needed {
            cells.append(contentsOf: repeatElement(0, count: needed - cells.count))
        }
        if spanStart.count < height {
            spanStart.append(contentsOf: repeatElement(0, count: height - spanStart.count))
            spanEnd.append(contentsOf: repeatElement(0, count: height - spanEnd.count))
        }
        for row in 0..<height {
            spanStart[row] = Int32.max
            spanEnd[row] = 0
        }
    }

    /// Adds the edge from `(x0, y0)` to `(x1, y1)`, in canvas pixels.
    ///
    /// Parts of the edge left or right of the clip box are moved onto its
    /// side as vertical edges: they still wind the pixels to their right,
    /// and a pixel's coverage does not depend on where outside it an edge
    /// runs. Parts above or below the box are dropped.
    mutating func addEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let ax = x0 - Double(originX), ay = y0 - Double(originY)
        let bx = x1 - Double(originX), by = y1 - Double(originY)
        guard ay != by, !(ay <= 0 && by <= 0), !(ay >= Double(height) && by >= Double(height)) else { return }
        let right = Double(width)
        let (minX, maxX) = (min(ax, bx), max(ax, bx))
        if minX >= 0 && maxX <= right {
            accumulate(ax, ay, bx, by)
            return
        }
        if maxX <= 0 { return accumulate(0, ay, 0, by) }
        if minX >= right { return accumulate(right, ay, right, by) }
        // Split where the edge crosses x = 0 and x = right, then clamp each
        // piece's x into the box.
        let dx = bx - ax, dy = by - ay
        let t0 = (0 - ax) / dx, t1 = (right - ax) / dx
        let ta = min(max(min(t0, t1), 0), 1), tb = min(max(max(t0, t1), 0), 1)
        let (pax, pay) = (ax + dx * ta, ay + dy * ta)
        let (pbx, pby) = (ax + dx * tb, ay + dy * tb)
        accumulate(min(max(ax, 0), right), ay, min(max(pax, 0), right), pay)
        accumulate(min(max(pax, 0), right), pay, min(max(pbx, 0), right), pby)
        accumulate(min(max(pbx, 0), right), pby, min(max(bx, 0), right), by)
    }

    /// Adds an edge lying within `0...width` horizontally, in box
    /// coordinates; the scheme of font-rs's `draw_line`.
    private mutating func accumulate(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        let (direction, x0, y0, x1, y1): (Double, Double, Double, Double, Double) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        let dxdy = (x1 - x0) / (y1 - y0)
        let rowStart = max(0, Int(y0.rounded(.down)))
        let rowEnd = min(height, Int(y1.rounded(.up)))
        guard rowStart < rowEnd else { return }
        var x = y0 < 0 ? x0 - y0 * dxdy : x0
        let stride = self.stride
        let right = Double(width)
        cells.withUnsafeMutableBufferPointer { cells in
        spanStart.withUnsafeMutableBufferPointer { spanStart in
        spanEnd.withUnsafeMutableBufferPointer { spanEnd in
            @inline(__always) func extendSpan(_ row: Int, _ start: Int, _ end: Int) {
                spanStart[row] = min(spanStart[row], Int32(start))
                spanEnd[row] = max(spanEnd[row], Int32(end))
            }
            for row in rowStart..<rowEnd {
                let top = max(Double(row), y0), bottom = min(Double(row + 1), y1)
                let dy = bottom - top
                // Clamped because rounding can carry x a hair past the box.
                let xNext = min(max(x + dxdy * dy, 0), right)
                let d = dy * direction
                let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
                let xaFloor = xa.rounded(.down)
                let xbCeil = xb.rounded(.up)
                let ia = Int(xaFloor), ib = Int(xbCeil)
                let line = row * stride
                if ib <= ia + 1 {
                    // Within one column: the trapezoid's area right of the
                    // edge, at the edge's mean x.
                    let xMid = 0.5 * (x + xNext) - xaFloor
                    cells[line + ia] += Float(d - d * xMid)
                    cells[line + ia + 1] += Float(d * xMid)
                    extendSpan(row, ia, ia + 2)
                } else {
                    let s = 1 / (xb - xa)
                    let fa = xa - xaFloor
                    let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                    let fb = xb - xbCeil + 1
                    let am = 0.5 * s * fb * fb
                    cells[line + ia] += Float(d * a0)
                    if ib == ia + 2 {
                        cells[line + ia + 1] += Float(d * (1 - a0 - am))
                    } else {
                        let a1 = s * (1.5 - fa)
                        cells[line + ia + 1] += Float(d * (a1 - a0))
                        for column in (ia + 2)..<(ib - 1) {
                            cells[line + column] += Float(d * s)
                        }
                        let a2 = a1 + Double(ib - ia - 3) * s
                        cells[line + ib - 1] += Float(d * (1 - a2 - am))
                    }
                    cells[line + ib] += Float(d * am)
                    extendSpan(row, ia, ib + 1)
                }
                x = xNext
            }
        }
        }
        }
    }

    /// Gives the coverage of each pixel of each row, under `rule`, to
    /// `body(row, firstColumn, coverage)`, where `coverage[i]` is the
    /// coverage (0…1) of column `firstColumn + i`, both in box coordinates;
    /// then zeroes the cells for the next path.
    mutating func sweep(
        rule: FillRule, _ body: (_ row: Int, _ firstColumn: Int, _ coverage: UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        let stride = self.stride
        let width = self.width
        for row in 0..<height {
            let start = Int(spanStart[row])
            guard start != Int(Int32.max) else { continue }
            // Columns past the clip box hold only what edges clamped onto
            // its right side left there: they are zeroed, not drawn.
            let end = min(Int(spanEnd[row]), width)
            let clearEnd = Int(spanEnd[row])
            cells.withUnsafeMutableBufferPointer { cells in
                // Non-empty: the box has at least one row and two columns.
                let line = cells.baseAddress.unsafelyUnwrapped + row * stride
                var sum: Float = 0
                if start < end {
                    for i in start..<end {
                        sum += line[i]
                        line[i] = Self.coverage(sum, rule)
                    }
                    body(row, start, UnsafeMutableBufferPointer(start: line + start, count: end - start))
                }
                (line + start).update(repeating: 0, count: clearEnd - start)
            }
        }
    }

    @inline(__always)
    static func coverage(_ area: Float, _ rule: FillRule) -> Float {
        let a = abs(area)
        switch rule {
        case .nonZero:
            return min(a, 1)
        case .evenOdd:
            let r = a - 2 * (a * 0.5).rounded(.down)
            return r > 1 ? 2 - r : r
        }
    }
}
