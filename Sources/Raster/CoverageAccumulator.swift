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
/// clamping: a pixel whose left half two coincident contours both cover
/// reads as fully covered. Overlaps that span whole pixels — a
/// self-crossing star, a stroke's inner joins — come out exact.
///
/// The accumulator covers a clip box of the canvas; only cells that edges
/// touch are read or written: each row keeps the span of columns its edges
/// reached, and beyond that span a row's sum is zero because closed contours
/// cross every row as often downwards as upwards. Cells are zeroed as they
/// are read, so the buffer is reused across draws without clearing.
///
/// A class over raw buffers, not arrays, so the per-edge and per-pixel
/// loops run without bounds or exclusivity checks; it belongs to one
/// canvas's scratch and is used by one thread at a time.
final class CoverageAccumulator {
    /// Row-major cells of `width + 2` columns: an edge at the right clip
    /// writes up to two columns past it. Always zero outside a draw.
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity = 0
    /// Per row, the first and one-past-last column any edge wrote to.
    private var spanStart: UnsafeMutablePointer<Int32>
    private var spanEnd: UnsafeMutablePointer<Int32>
    private var rowCapacity = 0
    /// The clip box, in canvas pixels.
    private(set) var originX = 0
    private(set) var originY = 0
    private(set) var width = 0
    private(set) var height = 0

    var stride: Int { width + 2 }

    init() {
        cells = .allocate(capacity: 0)
        spanStart = .allocate(capacity: 0)
        spanEnd = .allocate(capacity: 0)
    }

    deinit {
        cells.deallocate()
        spanStart.deallocate()
        spanEnd.deallocate()
    }

    /// Prepares for a path whose pixels lie in the given box of the canvas.
    /// Grows the buffers only when the box is bigger than any before.
    func begin(x: Int, y: Int, width: Int, height: Int) {
        (originX, originY, self.width, self.height) = (x, y, width, height)
        let needed = (width + 2) * height
        if cellCapacity < needed {
            cells.deallocate()
            cells = .allocate(capacity: needed)
            cells.initialize(repeating: 0, count: needed)
            cellCapacity = needed
        }
        if rowCapacity < height {
            spanStart.deallocate()
            spanEnd.deallocate()
            spanStart = .allocate(capacity: height)
            spanEnd = .allocate(capacity: height)
            rowCapacity = height
        }
        spanStart.update(repeating: Int32.max, count: height)
        spanEnd.update(repeating: 0, count: height)
    }

    /// Adds the edge from `(x0, y0)` to `(x1, y1)`, in canvas pixels.
    ///
    /// Parts of the edge left or right of the clip box are moved onto its
    /// side as vertical edges: they still wind the pixels to their right,
    /// and a pixel's coverage does not depend on where outside it an edge
    /// runs. Parts above or below the box are dropped, as are edges with a
    /// coordinate that is not finite.
    func addEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        var ax = x0 - Double(originX), ay = y0 - Double(originY)
        var bx = x1 - Double(originX), by = y1 - Double(originY)
        let bottom = Double(height)
        guard ay.isFinite, by.isFinite, ax.isFinite, bx.isFinite, ay != by,
            !(ay <= 0 && by <= 0), !(ay >= bottom && by >= bottom)
        else { return }
        // Rows outside the box do not matter: cut the edge to the box's
        // height first, which also keeps far-away coordinates from
        // overflowing the per-row arithmetic.
        if min(ay, by) < 0 || max(ay, by) > bottom {
            // Along the edge from each end point, not by a parameter t,
            // which would lose a short visible piece of a very long edge.
            let slope = (bx - ax) / (by - ay)
            func clip(_ x: Double, _ y: Double) -> (Double, Double) {
                let clamped = min(max(y, 0), bottom)
                return (clamped == y ? x : x + (clamped - y) * slope, clamped)
            }
            (ax, ay) = clip(ax, ay)
            (bx, by) = clip(bx, by)
            guard ay != by, ax.isFinite, bx.isFinite else { return }
        }
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
    private func accumulate(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        // An edge from near -Double.greatestFiniteMagnitude to near +it
        // overflows its width, and its crossings of the box's sides come out
        // NaN: dropped, rather than trapping on the conversion below.
        guard ay != by, ax.isFinite, bx.isFinite, ay.isFinite, by.isFinite else { return }
        let (direction, x0, y0, x1, y1): (Double, Double, Double, Double, Double) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        let dxdy = (x1 - x0) / (y1 - y0)
        // Clamped before the conversion: a far-off edge stays in Int's range.
        let rowStart = floorToInt(min(max(y0, 0), Double(height)))
        let rowEnd = ceilToInt(min(max(y1, 0), Double(height)))
        guard rowStart < rowEnd else { return }
        var x = y0 < 0 ? x0 - y0 * dxdy : x0
        let (cells, spanStart, spanEnd, stride) = (self.cells, self.spanStart, self.spanEnd, self.stride)
        let right = Double(width)
        for row in rowStart..<rowEnd {
            let top = max(Double(row), y0), bottom = min(Double(row + 1), y1)
            let dy = bottom - top
            // Clamped because rounding can carry x a hair past the box.
            let xNext = min(max(x + dxdy * dy, 0), right)
            let d = dy * direction
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            // Both are ≥ 0, so truncation is floor, and ceil is one more
            // unless already whole: no libm calls in the inner loop.
            let ia = Int(xa)
            let xaFloor = Double(ia)
            let ibTrunc = Int(xb)
            let ib = Double(ibTrunc) < xb ? ibTrunc + 1 : ibTrunc
            let line = cells + row * stride
            let (first, end): (Int, Int)
            if ib <= ia + 1 {
                // Within one column: the trapezoid's area right of the
                // edge, at the edge's mean x.
                let xMid = 0.5 * (x + xNext) - xaFloor
                line[ia] += Float(d - d * xMid)
                line[ia + 1] += Float(d * xMid)
                (first, end) = (ia, ia + 2)
            } else {
                let s = 1 / (xb - xa)
                let fa = xa - xaFloor
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = xb - Double(ib) + 1
                let am = 0.5 * s * fb * fb
                line[ia] += Float(d * a0)
                if ib == ia + 2 {
                    line[ia + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - fa)
                    line[ia + 1] += Float(d * (a1 - a0))
                    let step = Float(d * s)
                    for column in (ia + 2)..<(ib - 1) {
                        line[column] += step
                    }
                    let a2 = a1 + Double(ib - ia - 3) * s
                    line[ib - 1] += Float(d * (1 - a2 - am))
                }
                line[ib] += Float(d * am)
                (first, end) = (ia, ib + 1)
            }
            spanStart[row] = min(spanStart[row], Int32(truncatingIfNeeded: first))
            spanEnd[row] = max(spanEnd[row], Int32(truncatingIfNeeded: end))
            x = xNext
        }
    }

    /// Walks the rows that edges touched: gives `body(row, firstColumn,
    /// cells, count)` the row's span of cells from column `firstColumn`
    /// (box coordinates) on, whose running sum under ``coverage(_:_:)`` is
    /// each pixel's coverage. `body` must set every cell it reads back to
    /// zero, so the buffer is clean for the next path; the sweep zeroes the
    /// rest.
    ///
    /// Columns past the clip box hold only what edges clamped onto its
    /// right side left there: they are zeroed, not drawn.
    @inline(__always)
    func sweep(_ body: (_ row: Int, _ firstColumn: Int, _ cells: UnsafeMutablePointer<Float>, _ count: Int) -> Void) {
        for row in 0..<height {
            let start = Int(spanStart[row])
            guard start != Int(Int32.max) else { continue }
            let spanEnd = Int(self.spanEnd[row])
            let end = min(spanEnd, width)
            let line = cells + row * stride
            if start < end {
                body(row, start, line + start, end - start)
            }
            for column in max(start, end)..<spanEnd { line[column] = 0 }
        }
    }

    /// A pixel's coverage, 0…1, from the running sum of its row's cells.
    @inline(__always)
    static func coverage(_ area: Float, _ rule: FillRule) -> Float {
        let a = abs(area)
        switch rule {
        case .nonZero:
            return min(a, 1)
        case .evenOdd:
            // a ≥ 0, so truncation is floor; a is a winding number, far
            // inside Int's range.
            let r = a - 2 * Float(Int(a * 0.5))
            return r > 1 ? 2 - r : r
        }
    }
}

/// `⌊v⌋` for a finite `v` within Int's range. Baseline x86-64 has no
/// rounding instruction, so `rounded(.down)` is a call into libm: too
/// slow for once an edge.
@inline(__always)
func floorToInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) > v ? i - 1 : i
}

/// `⌈v⌉` for a finite `v` within Int's range; see ``floorToInt(_:)``.
@inline(__always)
func ceilToInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
}
