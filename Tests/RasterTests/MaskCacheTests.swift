import Geometry
@testable import Raster
import Testing

/// The canvas keeps the coverage of draw calls it sees again and blends the
/// kept coverage: frames must come out the same bytes as on a canvas that
/// has never drawn before.
@Suite struct MaskCacheTests {
    static let (width, height) = (97, 61)

    /// A small scene of every kind of draw call. Frames 0 and 1 differ only
    /// in colours and opacities (which a kept mask must not keep); frame 2
    /// moves an edge, a node and a label.
    static func draw(frame: Int, on canvas: inout Canvas, font: Font) {
        canvas.clear(to: Color(red: 0.98, green: 0.98, blue: 0.97))
        let moved = frame == 2
        let shade = 0.15 * Double(frame % 2)
        let edge = Color(red: 0.5 - shade, green: 0.55, blue: 0.55)
        canvas.stroke(
            .line(from: Point(10.3, 5.2), to: Point(80.7, moved ? 50.47 : 50.1)),
            style: StrokeStyle(width: 2, cap: .round), color: edge)
        canvas.stroke(
            .polyline([Point(5, 55.5), Point(30.2, 40.8), Point(60.1, 58.3)]),
            style: StrokeStyle(width: 3.5, cap: .round, join: .round), color: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.6))
        let disc = Path.circle(center: Point(0, 0), radius: 9.5)
        let ring = StrokeStyle(width: 1.5)
        for i in 0..<4 {
            let offset = Vector(dx: 15.25 + Double(i) * 21.1, dy: moved && i == 1 ? 31.1 : 30.6)
            canvas.fill(disc, at: offset, color: Color(red: 0.96, green: 0.82 - shade, blue: 0.25, alpha: 0.9))
            canvas.stroke(disc, at: offset, style: ring, color: Color(red: 0.1, green: 0.15, blue: 0.2))
        }
        var star = Path()
        star.move(to: Point(70, 2))
        star.line(to: Point(76, 20))
        star.line(to: Point(61, 9))
        star.line(to: Point(79, 9))
        star.line(to: Point(64, 20))
        star.close()
        canvas.fill(star, color: Color(red: 0.8, green: 0.2, blue: 0.2, alpha: 0.7), rule: .evenOdd)
        canvas.draw(
            text: "42", at: Point(moved ? 36.9 : 36.5, 30.2), font: font, size: 11,
            color: Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1 - shade),
            halo: (Color(red: 1, green: 1, blue: 1, alpha: 0.5 + shade), 1.4))
        canvas.draw(
            text: "爷\nb", at: Point(50, 12), font: font, size: 9, color: Color(red: 0.2, green: 0.1, blue: 0.5),
            anchor: .baselineLeft)
        // Over the canvas's last pixels: the compositor's shortened group.
        canvas.fill(disc, at: Vector(dx: Double(width) - 2.3, dy: Double(height) - 1.7), color: .black)
    }

    @Test func framesDrawnFromKeptCoverageAreTheBytesOfAFreshCanvas() throws {
        let font = try Font.default()
        var kept = Canvas(width: Self.width, height: Self.height)
        // Each call is new, then seen again (kept), then blended from its
        // mask; moved calls are new again; a return goes back to masks.
        for frame in [0, 1, 0, 1, 2, 2, 1, 0, 2] {
            Self.draw(frame: frame, on: &kept, font: font)
            var fresh = Canvas(width: Self.width, height: Self.height)
            Self.draw(frame: frame, on: &fresh, font: font)
            let differing = zip(kept.pixels, fresh.pixels).count { $0 != $1 }
            #expect(differing == 0, "frame \(frame)")
        }
    }

    /// Release builds blend four pixels at a time in vectors, debug builds
    /// one at a time: the same bytes, kept masks or not.
    @Test func vectorsAndSinglePixelsBlendTheSameBytes() throws {
        let font = try Font.default()
        var vectors = Canvas(width: Self.width, height: Self.height)
        var single = Canvas(width: Self.width, height: Self.height)
        (vectors.vectorised, single.vectorised) = (true, false)
        for frame in [0, 1, 0, 2] {
            Self.draw(frame: frame, on: &vectors, font: font)
            Self.draw(frame: frame, on: &single, font: font)
            let differing = zip(vectors.pixels, single.pixels).count { $0 != $1 }
            #expect(differing == 0, "frame \(frame)")
        }
    }

    /// "é" as one scalar and as "e" with a combining accent are equal
    /// Strings, but the font draws different glyphs: one's kept mask must
    /// not stand in for the other's.
    @Test func canonicallyEqualTextsKeepTheirOwnMasks() throws {
        let font = try Font.default()
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        #expect(composed == decomposed)
        var kept = Canvas(width: 60, height: 30)
        for text in [composed, composed, composed, decomposed] {
            kept.clear(to: .white)
            kept.draw(text: text, at: Point(30, 15), font: font, size: 14, color: .black)
        }
        var fresh = Canvas(width: 60, height: 30)
        fresh.clear(to: .white)
        fresh.draw(text: decomposed, at: Point(30, 15), font: font, size: 14, color: .black)
        #expect(kept.pixels == fresh.pixels)
    }

    /// An edge whose ends are at ±1e308 overflows its width: it draws
    /// nothing sensible, but it must not trap.
    @Test func anEdgeAcrossTheWholeDoubleRangeDoesNotTrap() {
        var canvas = Canvas(width: 20, height: 20)
        var path = Path()
        path.move(to: Point(-1e308, 5))
        path.line(to: Point(1e308, 15))
        path.line(to: Point(10, 18))
        path.close()
        canvas.fill(path, color: .black)
        canvas.stroke(path, style: StrokeStyle(width: 2), color: .black)
    }

    @Test func aShapeDrawnAtAnOffsetIsTheMovedShape() {
        let offset = Vector(dx: 20.37, dy: 14.81)
        var placed = Canvas(width: 40, height: 30)
        placed.fill(Path.circle(center: Point(0, 0), radius: 7.3), at: offset, color: .black)
        placed.stroke(Path.circle(center: Point(0, 0), radius: 7.3), at: offset, style: StrokeStyle(width: 2), color: .white)
        var moved = Canvas(width: 40, height: 30)
        moved.fill(Path.circle(center: Point(20.37, 14.81), radius: 7.3), color: .black)
        moved.stroke(Path.circle(center: Point(20.37, 14.81), radius: 7.3), style: StrokeStyle(width: 2), color: .white)
        // The same shape, flattened around another origin: equal but for
        // the rounding of the last bit.
        let worst = zip(placed.pixels, moved.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
        #expect(placed.pixels.contains { $0 != 0 })
    }

    /// A full 64 × 64 square's mask: 64 runs of 64 values.
    static func keepSquare(_ key: MaskCache.Hashed, in cache: MaskCache) {
        let canvas = Canvas(width: 64, height: 64)
        var polygons = Polylines()
        polygons.append(.rect(Rect(x: 0, y: 0, width: 64, height: 64)), transform: .identity, tolerance: 0.2)
        let accumulator = CoverageAccumulator()
        _ = cache.keep(key) { runs, values in
            (canvas.coverage(of: polygons, rule: .nonZero, accumulator: accumulator, runs: &runs, values: &values), nil)
        }
    }

    static func key(_ dx: Double) -> MaskCache.Hashed {
        MaskCache.Hashed(.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 64)), .nonZero, offset: Vector(dx: dx, dy: 0)))
    }

    @Test func aCallIsKeptTheSecondTimeItIsSeen() {
        let cache = MaskCache()
        #expect(cache.isNew(Self.key(0)))
        #expect(!cache.isNew(Self.key(0)))
        #expect(cache.isNew(Self.key(1)))
        #expect(cache.use(Self.key(0)) == nil)
        Self.keepSquare(Self.key(0), in: cache)
        #expect(cache.use(Self.key(0))?.first.runs.count == 64)
    }

    @Test func theCacheStartsOverPastItsBudget() {
        // 64 rows of 64 values and their runs, and the entry: about 4.6 kB.
        let cache = MaskCache(budget: 8_000)
        Self.keepSquare(Self.key(0), in: cache)
        Self.keepSquare(Self.key(1), in: cache)
        #expect(cache.use(Self.key(0)) != nil && cache.use(Self.key(1)) != nil)
        Self.keepSquare(Self.key(2), in: cache)
        #expect(cache.use(Self.key(0)) == nil, "over budget: the masks before are dropped")
        #expect(cache.use(Self.key(2))?.first.runs.count == 64)
    }

    @Test func masksAFrameDoesNotUseGoAtTheNextFrame() {
        let cache = MaskCache()
        // Frame 1 keeps ten squares; frame 2 uses one of them and keeps one.
        for i in 0..<10 { Self.keepSquare(Self.key(Double(i)), in: cache) }
        cache.startFrame()
        #expect(cache.use(Self.key(3)) != nil)
        Self.keepSquare(Self.key(20), in: cache)
        let before = cache.values.count
        cache.startFrame()
        #expect(cache.values.count < before)
        #expect(cache.use(Self.key(0)) == nil)
        #expect(cache.use(Self.key(20)) != nil)
        // The one kept from frame 1, moved in the buffers, is still its mask.
        let square = try! #require(cache.use(Self.key(3)))
        var offset = square.first.values
        for run in cache.runs[square.first.runs] {
            #expect(run.count == 64 && cache.values[offset..<offset + 64].allSatisfy { $0 == 255 })
            offset += run.stride
        }
    }
}
