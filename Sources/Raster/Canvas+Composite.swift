extension Canvas {
    /// Source-over of `color` through the coverage in `accumulator`, in
    /// premultiplied 8-bit arithmetic rounded as pixman does: the colour is
    /// scaled by the coverage, then the destination by what that leaves.
    /// Two channels at a time in one 32-bit word; no channel can carry into
    /// the next because every product is at most 255 · 255 + 255.
    mutating func composite(_ color: Color, rule: FillRule, accumulator: CoverageAccumulator) {
        let (r, g, b, a) = color.premultipliedRGBA8
        let source = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        let (sourceRB, sourceGA) = (source & 0x00FF_00FF, (source >> 8) & 0x00FF_00FF)
        let sourceAlpha = UInt32(a)
        let opaque = sourceAlpha == 255
        let (originX, originY, width) = (accumulator.originX, accumulator.originY, self.width)
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            // Non-nil: a canvas has at least one pixel.
            let base = words.baseAddress.unsafelyUnwrapped
            accumulator.sweep { row, firstColumn, cells, count in
                var pixel = base + (originY + row) * width + originX + firstColumn
                var sum: Float = 0
                var m: UInt32 = 0
                for i in 0..<count {
                    // A zero cell leaves the running sum, and so the
                    // coverage, as it was: inside a shape most cells are.
                    let cell = cells[i]
                    cells[i] = 0
                    if cell != 0 || i == 0 {
                        sum += cell
                        m = coverage8(CoverageAccumulator.coverage(sum, rule))
                    }
                    if m == 255 && opaque {
                        pixel.pointee = UInt32(littleEndian: source)
                    } else if m != 0 {
                        let keep = 255 &- div255(sourceAlpha &* m)
                        let dst = UInt32(littleEndian: pixel.pointee)
                        let rb = div255Pair(sourceRB &* m) &+ div255Pair((dst & 0x00FF_00FF) &* keep)
                        let ga = div255Pair(sourceGA &* m) &+ div255Pair(((dst >> 8) & 0x00FF_00FF) &* keep)
                        pixel.pointee = UInt32(littleEndian: rb | ga << 8)
                    }
                    pixel += 1
                }
            }
        }
    }
}

/// Coverage 0…1 as 0…255, rounded to nearest (ties to even): adding
/// 1.5 · 2²³ leaves the rounded value in the float's low mantissa bits,
/// without a checked float-to-integer conversion.
@inline(__always)
func coverage8(_ c: Float) -> UInt32 {
    (c * 255 + 12_582_912).bitPattern & 0x3F_FFFF
}

/// `x / 255` rounded to nearest, exact for `x ≤ 255 · 255`.
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// ``div255(_:)`` of the two 16-bit halves of `x` at once.
@inline(__always)
func div255Pair(_ x: UInt32) -> UInt32 {
    let t = x &+ 0x0080_0080
    return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}
