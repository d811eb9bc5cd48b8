import Geometry
import Raster
import Testing

@Suite struct TextTests {
    @Test func defaultFontIsDejaVuSansBold() throws {
        let font = try Font.default()
        #expect(font.path.hasSuffix("DejaVuSans-Bold.ttf"))
        #expect(try Font.default() === font)
    }

    @Test func missingFontFileIsAnErrorNamingThePath() {
        let path = "/nonexistent/fonts/Missing.ttf"
        #expect(throws: FontError.fileNotFound(path: path)) { try Font(path: path) }
        #expect(FontError.fileNotFound(path: path).description.contains(path))
    }

    @Test func fileThatIsNotAFontIsAnErrorNamingThePath() {
        let path = #filePath
        do {
            _ = try Font(path: path)
            Issue.record("a Swift source file loaded as a font")
        } catch {
            guard case .unreadable(let named, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(named == path)
            #expect(error.description.contains(path))
            #expect(error.description.contains("is not a font file"))
        }
    }

    @Test func missingCharactersAreTheOnesTheFontHasNoGlyphFor() throws {
        let font = try Font.default()
        #expect(font.missingCharacters(in: "50 < 72 → left, −3").isEmpty)
        // Chinese comes from the fallback font: nothing is missing.
        #expect(font.missingCharacters(in: "爷爷 and 大爷, 爷").isEmpty)
        #expect(font.missingCharacters(in: "\u{10FFFD}爷\u{10FFFE}\u{10FFFD}") == ["\u{10FFFD}", "\u{10FFFE}"])
    }

    @Test func patternForAMissingFamilyIsAnErrorNamingThePattern() {
        let pattern = "No Such Family Qwertyuiop:bold"
        do {
            _ = try Font(matching: pattern)
            Issue.record("fontconfig fell back silently")
        } catch {
            guard case .noMatch(let named, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(named == pattern)
            #expect(error.description.contains(pattern))
        }
    }

    @Test func measuringAddsAdvancesAndScalesWithSize() throws {
        let font = try Font.default()
        let one = font.measure("1", size: 18)
        let eleven = font.measure("11", size: 18)
        #expect(one.advance > 5 && one.advance < 18)
        #expect(abs(eleven.advance - 2 * one.advance) < 1e-9)
        let big = font.measure("42", size: 36), small = font.measure("42", size: 18)
        #expect(abs(big.advance - 2 * small.advance) < 1e-9)
        #expect(small.ascent > 10 && small.descent > 2)
        let ink = try #require(small.inkBounds)
        // Digits sit on the baseline and rise to about 0.73 em.
        #expect(abs(ink.maxY) < 0.5)
        #expect(abs(ink.minY + 0.73 * 18) < 1)
        #expect(font.measure(" ", size: 18).inkBounds == nil)
    }

    @Test func kerningPairsFromTheFontsKernTableAreApplied() throws {
        let font = try Font.default()
        let pair = font.measure("AV", size: 100).advance
        let apart = font.measure("A", size: 100).advance + font.measure("V", size: 100).advance
        #expect(pair < apart - 1)
    }

    @Test func centreAnchorPutsTheInkCentreOnThePoint() throws {
        let font = try Font.default()
        var canvas = Canvas(width: 80, height: 60)
        let point = Point(40.3, 30.7)
        canvas.draw(text: "47", at: point, font: font, size: 24, color: .white, anchor: .center)
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].3 > 127 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let centre = Point(Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2)
        #expect(abs(centre.x - point.x) <= 1 && abs(centre.y - point.y) <= 1)
    }

    @Test func baselineAnchorsPlaceThePenOrigin() throws {
        let font = try Font.default()
        let metrics = font.measure("H", size: 30)
        let ink = try #require(metrics.inkBounds)
        var left = Canvas(width: 100, height: 60)
        left.draw(text: "H", at: Point(20, 45), font: font, size: 30, color: .white, anchor: .baselineLeft)
        var centred = Canvas(width: 100, height: 60)
        centred.draw(
            text: "H", at: Point(20 + metrics.advance / 2, 45), font: font, size: 30, color: .white,
            anchor: .baselineCenter)
        #expect(left.pixels == centred.pixels)
        // The H's stem: full coverage just inside its left ink edge, on the
        // row above the baseline.
        #expect(left[Int((20 + ink.minX).rounded(.up)), 44].3 == 255)
        #expect(left[Int(20 + ink.minX) - 1, 44].3 == 0)
        #expect(left[30, 46].3 == 0)
    }

    /// The box of the pixels more than half covered, in pixel edges.
    static func inkBox(_ canvas: Canvas, rows: Range<Int>? = nil) -> Rect? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in rows ?? 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].3 > 127 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX + 1 - minX), height: Double(maxY + 1 - minY))
    }

    @Test func textOfSeveralLinesIsABlockCentredOnThePointEachLineCentred() throws {
        let font = try Font.default()
        var canvas = Canvas(width: 200, height: 120)
        let point = Point(100.4, 60.2)
        canvas.draw(text: "HHHH\nHH", at: point, font: font, size: 24, color: .white, anchor: .center)
        let block = try #require(Self.inkBox(canvas))
        #expect(abs(block.center.x - point.x) <= 1 && abs(block.center.y - point.y) <= 1)
        // Two lines of capitals, one pitch apart, with a gap between them.
        let pitch = Font.lineSpacing * 24
        let capital = try #require(font.measure("H", size: 24).inkBounds).height
        #expect(abs(block.height - (pitch + capital)) <= 1.5)
        let gap = Int(block.minY + capital + 2)..<Int(block.minY + pitch - 2)
        #expect(Self.inkBox(canvas, rows: gap) == nil)
        let top = try #require(Self.inkBox(canvas, rows: 0..<gap.lowerBound))
        let bottom = try #require(Self.inkBox(canvas, rows: gap.upperBound..<canvas.height))
        #expect(abs(top.width - bottom.width - 2 * font.measure("H", size: 24).advance) <= 2)
        #expect(abs(top.center.x - point.x) <= 1 && abs(bottom.center.x - point.x) <= 1)
        // Measured as drawn: the widest line's advance, both lines' ink.
        let metrics = font.measure("HHHH\nHH", size: 24)
        #expect(metrics.advance == font.measure("HHHH", size: 24).advance)
        #expect(abs(try #require(metrics.inkBounds).height - (pitch + capital)) < 1e-9)
    }

    @Test func linesOfBaselineAnchoredTextShareTheAnchor() throws {
        let font = try Font.default()
        for anchor in [TextAnchor.baselineLeft, .baselineRight] {
            var canvas = Canvas(width: 200, height: 100)
            canvas.draw(text: "HHHH\nH", at: Point(100, 30), font: font, size: 24, color: .white, anchor: anchor)
            let top = try #require(Self.inkBox(canvas, rows: 0..<31))
            let bottom = try #require(Self.inkBox(canvas, rows: 32..<100))
            // The second baseline is one pitch below the first.
            #expect(abs(bottom.maxY - (30 + Font.lineSpacing * 24)) <= 1)
            if anchor == .baselineLeft {
                #expect(abs(top.minX - bottom.minX) <= 1)
            } else {
                #expect(abs(top.maxX - bottom.maxX) <= 1)
            }
        }
    }

    @Test func framesDrawnOnManyThreadsAreByteIdentical() async throws {
        let font = try Font.default()
        func frame() -> [UInt8] {
            var canvas = Canvas(width: 240, height: 120)
            canvas.clear(to: .white)
            for i in 0..<8 {
                let c = Point(20 + Double(i) * 28.3, 60.4)
                canvas.fill(.circle(center: c, radius: 12), color: Color(hex: 0xF4D03F))
                canvas.stroke(.circle(center: c, radius: 12), style: StrokeStyle(width: 2.5), color: .black)
                canvas.draw(text: String(10 + i * 11), at: c, font: font, size: 12, color: .black)
            }
            return canvas.pixels
        }
        let reference = frame()
        let frames = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { frame() } }
            var all: [[UInt8]] = []
            for await pixels in group { all.append(pixels) }
            return all
        }
        #expect(frames.count == 8)
        #expect(frames.allSatisfy { $0 == reference })
    }
}
