extension Canvas {
    /// Source-over of `color` through the coverage in `accumulator`, in
    /// premultiplied 8-bit arithmetic rounded as pixman does: the colour is
    /// scaled by the coverage, then the destination by what that leaves.
    ///
    /// Four pixels at a time in one 128-bit vector of 16-bit lanes, red and
    /// blue in one, green and alpha in another (every product is at most
    /// 255 · 255 + 255, so no lane carries into the next): SSE2's
    /// instructions, the x86-64 baseline, or NEON's. A group reaching past
    /// the span is blended with zero coverage beyond it, which leaves those
    /// pixels as they were; at the canvas's very end the group shrinks to
    /// the pixels there are.
    mutating func composite(_ color: Color, rule: FillRule, accumulator: CoverageAccumulator) {
        let (r, g, b, a) = color.premultipliedRGBA8
        let sourceRB = SIMD8<UInt16>(UInt16(r), UInt16(b), UInt16(r), UInt16(b), UInt16(r), UInt16(b), UInt16(r), UInt16(b))
        let sourceGA = SIMD8<UInt16>(UInt16(g), UInt16(a), UInt16(g), UInt16(a), UInt16(g), UInt16(a), UInt16(g), UInt16(a))
        let sourceWord = UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
        let solid = SIMD4<UInt32>(repeating: sourceWord)
        let sourceAlpha = UInt16(a)
        let opaque = a == 255
        let (originX, originY, width) = (accumulator.originX, accumulator.originY, self.width)
        let pixelCount = width * height
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            // Non-nil: a canvas has at least one pixel.
            let base = words.baseAddress.unsafelyUnwrapped
            let end = base + pixelCount
            /// Blends four pixels at `p` whose coverage is `m01` and `m23`:
            /// pixel k's, 0…255, in the 16-bit lanes 2k and 2k + 1.
            @inline(__always) func blend4(_ p: UnsafeMutableRawPointer, _ m01: UInt64, _ m23: UInt64) {
                let coverage = unsafeBitCast(SIMD2<UInt64>(m01, m23), to: SIMD8<UInt16>.self)
                let destination = p.loadUnaligned(as: SIMD8<UInt16>.self)
                let keep = 255 &- div255(sourceAlpha &* coverage)
                let rb = div255(sourceRB &* coverage) &+ div255((destination & 0x00FF) &* keep)
                let ga = div255(sourceGA &* coverage) &+ div255((destination &>> 8) &* keep)
                p.storeBytes(of: rb | ga &<< 8, as: SIMD8<UInt16>.self)
            }
            accumulator.sweep { row, firstColumn, cells, count in
                let pixel = base + (originY + row) * width + originX + firstColumn
                var sum: Float = 0
                /// The coverage of cell `k`, 0…255, or zero past the span.
                /// Zeroes the cell.
                @inline(__always) func coverage(_ k: Int) -> UInt64 {
                    guard k < count else { return 0 }
                    sum += cells[k]
                    cells[k] = 0
                    return UInt64(coverage8(CoverageAccumulator.coverage(sum, rule)))
                }
                var i = 0
                while i < count {
                    // Two pixels' coverage in each word, each in two lanes.
                    let m01 = (coverage(i) | coverage(i + 1) << 32) &* 0x1_0001
                    let m23 = (coverage(i + 2) | coverage(i + 3) << 32) &* 0x1_0001
                    defer { i += 4 }
                    if m01 | m23 == 0 { continue }
                    let p = pixel + i
                    if opaque, m01 & m23 == 0x00FF_00FF_00FF_00FF {
                        UnsafeMutableRawPointer(p).storeBytes(of: solid, as: SIMD4<UInt32>.self)
                    } else if end - p >= 4 {
                        blend4(UnsafeMutableRawPointer(p), m01, m23)
                    } else {
                        // The canvas's last pixels: through a group on the
                        // stack, back as far as there are.
                        var group = SIMD4<UInt32>()
                        let n = end - p
                        withUnsafeMutableBytes(of: &group) { g in
                            UnsafeMutableRawPointer(g.baseAddress!).copyMemory(from: p, byteCount: 4 * n)
                            blend4(g.baseAddress!, m01, m23)
                            UnsafeMutableRawPointer(p).copyMemory(from: g.baseAddress!, byteCount: 4 * n)
                        }
                    }
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

/// `x / 255` rounded to nearest in every lane, exact for `x ≤ 255 · 255`.
@inline(__always)
func div255<V: SIMD>(_ x: V) -> V where V.Scalar == UInt16 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}
