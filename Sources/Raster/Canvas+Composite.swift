/// Source-over of one colour, four pixels at a time, in premultiplied
/// 8-bit arithmetic rounded as pixman does: the colour is scaled by the
/// coverage, then the destination by what that leaves.
///
/// Four pixels fill one 128-bit vector of 16-bit lanes, red and blue in
/// one, green and alpha in another (every product is at most 255 · 255 +
/// 255, so no lane carries into the next): SSE2's instructions, the x86-64
/// baseline, or NEON's. A group reaching past a span is blended with zero
/// coverage beyond it, which leaves those pixels as they were; at the
/// canvas's very end the group shrinks to the pixels there are.
///
/// Both compositors below, from the accumulator and from a kept mask, group
/// pixels from the start of each row's span and blend through this one
/// function, so they give the same bytes.
private struct Blender {
    let sourceRB: SIMD8<UInt16>
    let sourceGA: SIMD8<UInt16>
    let solid: SIMD4<UInt32>
    let sourceAlpha: UInt16
    let opaque: Bool
    /// One past the canvas's last pixel.
    let end: UnsafeMutablePointer<UInt32>
    /// Whether to blend in vectors, or a pixel at a time (see
    /// ``RasterScratch/vectorised``); the bytes are the same.
    let vectorised: Bool
    /// The source two channels to a 32-bit word, for a pixel at a time.
    let sourceRB32: UInt32
    let sourceGA32: UInt32
    let sourceWord: UInt32

    init(_ color: Color, end: UnsafeMutablePointer<UInt32>, vectorised: Bool) {
        let (r, g, b, a) = color.premultipliedRGBA8
        let (r16, g16, b16, a16) = (UInt16(r), UInt16(g), UInt16(b), UInt16(a))
        sourceWord = UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
        (sourceRB32, sourceGA32) = (UInt32(r) | UInt32(b) << 16, UInt32(g) | UInt32(a) << 16)
        sourceAlpha = a16
        opaque = a == 255
        self.end = end
        self.vectorised = vectorised
        if vectorised {
            sourceRB = SIMD8(r16, b16, r16, b16, r16, b16, r16, b16)
            sourceGA = SIMD8(g16, a16, g16, a16, g16, a16, g16, a16)
            solid = SIMD4(repeating: sourceWord)
        } else {
            (sourceRB, sourceGA, solid) = (.zero, .zero, .zero)
        }
    }

    /// Blends the four pixels at `p`, pixel k at coverage `m[k]`, 0…255.
    @inline(__always)
    func blend(_ p: UnsafeMutablePointer<UInt32>, _ m0: UInt64, _ m1: UInt64, _ m2: UInt64, _ m3: UInt64) {
        if m0 | m1 | m2 | m3 == 0 { return }
        guard vectorised else {
            for k in 0..<min(4, end - p) {
                let m = k == 0 ? m0 : k == 1 ? m1 : k == 2 ? m2 : m3
                p[k] = blend(p[k], UInt32(truncatingIfNeeded: m))
            }
            return
        }
        if opaque, m0 & m1 & m2 & m3 == 255 {
            // Every pixel inside an opaque shape.
            return UnsafeMutableRawPointer(p).storeBytes(of: solid, as: SIMD4<UInt32>.self)
        }
        // Pixel k's coverage in the 16-bit lanes 2k and 2k + 1.
        let coverage = unsafeBitCast(
            SIMD2<UInt64>((m0 | m1 << 32) &* 0x1_0001, (m2 | m3 << 32) &* 0x1_0001), to: SIMD8<UInt16>.self)
        guard end - p >= 4 else {
            // The canvas's last pixels: through a group on the stack, back
            // as far as there are.
            var group = SIMD4<UInt32>()
            let n = end - p
            withUnsafeMutableBytes(of: &group) { g in
                let g = g.baseAddress.unsafelyUnwrapped
                g.copyMemory(from: p, byteCount: 4 * n)
                blend(g, coverage)
                UnsafeMutableRawPointer(p).copyMemory(from: g, byteCount: 4 * n)
            }
            return
        }
        blend(UnsafeMutableRawPointer(p), coverage)
    }

    /// One pixel, two channels to a 32-bit word: the arithmetic of one
    /// vector lane, so the same bytes.
    @inline(__always)
    private func blend(_ pixel: UInt32, _ m: UInt32) -> UInt32 {
        if m == 0 { return pixel }
        if opaque, m == 255 { return sourceWord }
        let destination = UInt32(littleEndian: pixel)
        let keep = 255 &- div255(UInt32(sourceAlpha) &* m)
        let rb = div255Pair(sourceRB32 &* m) &+ div255Pair((destination & 0x00FF_00FF) &* keep)
        let ga = div255Pair(sourceGA32 &* m) &+ div255Pair((destination >> 8 & 0x00FF_00FF) &* keep)
        return UInt32(littleEndian: rb | ga << 8)
    }

    @inline(__always)
    private func blend(_ p: UnsafeMutableRawPointer, _ coverage: SIMD8<UInt16>) {
        let destination = p.loadUnaligned(as: SIMD8<UInt16>.self)
        let keep = 255 &- div255(sourceAlpha &* coverage)
        let rb = div255(sourceRB &* coverage) &+ div255((destination & 0x00FF) &* keep)
        let ga = div255(sourceGA &* coverage) &+ div255((destination &>> 8) &* keep)
        p.storeBytes(of: rb | ga &<< 8, as: SIMD8<UInt16>.self)
    }
}

extension Canvas {
    /// Source-over of `color` through the coverage in `accumulator`, which
    /// it leaves clean.
    mutating func composite(_ color: Color, rule: FillRule, accumulator: CoverageAccumulator) {
        guard color.alpha > 0 else { return accumulator.sweep { _, _, cells, count in cells.update(repeating: 0, count: count) } }
        let (originX, originY, width, pixelCount) = (accumulator.originX, accumulator.originY, self.width, width * height)
        let vectorised = self.vectorised
        pixels.withUnsafeMutableBytes { raw in
            // Non-nil: a canvas has at least one pixel.
            let base = raw.bindMemory(to: UInt32.self).baseAddress.unsafelyUnwrapped
            let blender = Blender(color, end: base + pixelCount, vectorised: vectorised)
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
                for i in stride(from: 0, to: count, by: 4) {
                    blender.blend(pixel + i, coverage(i), coverage(i + 1), coverage(i + 2), coverage(i + 3))
                }
            }
        }
    }

    /// Source-over of `color` through `mask`, kept in `cache`.
    mutating func composite(_ color: Color, mask: MaskRange, of cache: MaskCache) {
        guard color.alpha > 0, !mask.runs.isEmpty else { return }
        let (width, pixelCount, vectorised) = (self.width, width * height, self.vectorised)
        cache.runs.withUnsafeBufferPointer { runs in
            cache.values.withUnsafeBufferPointer { values in
                pixels.withUnsafeMutableBytes { raw in
                    // Non-nil: a canvas has at least one pixel, and a mask
                    // with runs has values.
                    let base = raw.bindMemory(to: UInt32.self).baseAddress.unsafelyUnwrapped
                    var coverage = UnsafeRawPointer(values.baseAddress.unsafelyUnwrapped + mask.values)
                    let blender = Blender(color, end: base + pixelCount, vectorised: vectorised)
                    for run in runs[mask.runs] {
                        let pixel = base + Int(run.y) * width + Int(run.x)
                        for i in stride(from: 0, to: Int(run.count), by: 4) {
                            // Four values, zero-padded past the run's end.
                            let m = UInt32(littleEndian: coverage.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                            if m == 0 { continue }
                            blender.blend(
                                pixel + i, UInt64(m & 0xFF), UInt64(m >> 8 & 0xFF), UInt64(m >> 16 & 0xFF),
                                UInt64(m >> 24))
                        }
                        coverage += run.stride
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

/// `x / 255` rounded to nearest, exact for `x ≤ 255 · 255`.
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// ``div255(_:)-(UInt32)`` of the two 16-bit halves of `x` at once.
@inline(__always)
func div255Pair(_ x: UInt32) -> UInt32 {
    let t = x &+ 0x0080_0080
    return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}
