import Documents
import Foundation
import PNG
import Testing
import TestSupport

/// The handout read back by poppler, the reference reader: page counts and
/// sizes, the text, and the pictures pixel for pixel.
@Suite final class PDFHandoutTests {
    /// The PDF files a test wrote, removed when it ends.
    var files = [String]()

    deinit {
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    @Test(.tags(.external)) func onePerPageGivesAnA4LandscapePageForEachStep() throws {
        let pdf = try write(steps(3), layout: .onePerPage, title: "Building a BST")
        let info = try Poppler.info(pdf)
        #expect(info["Pages"] == "3")
        #expect(info["Page size"] == "841.89 x 595.28 pts (A4)")
        #expect(info["Title"] == "Building a BST")
        #expect(info["Producer"] == "treeanim")
        #expect(info["PDF version"] == "1.7")
    }

    @Test(.tags(.external), arguments: [
        (PDFHandout.Layout.fourPerPage, 7, 2, "841.89 x 595.28 pts (A4)"),
        (.fourPerPage, 8, 2, "841.89 x 595.28 pts (A4)"),
        (.fourPerPage, 9, 3, "841.89 x 595.28 pts (A4)"),
        (.sixPerPage, 7, 2, "595.28 x 841.89 pts (A4)"),
        (.sixPerPage, 6, 1, "595.28 x 841.89 pts (A4)"),
    ])
    func gridsShareOutTheStepsInOrder(layout: PDFHandout.Layout, count: Int, pages: Int, size: String) throws {
        let pdf = try write(steps(count, width: 160, height: 90), layout: layout)
        let info = try Poppler.info(pdf)
        #expect(info["Pages"] == "\(pages)")
        #expect(info["Page size"] == size)
        #expect(layout.pageCount(steps: count) == pages)
        // Each page holds its own steps' labels, and the next page starts
        // where this one stopped.
        for page in 1...pages {
            let text = try Poppler.text(pdf, page: page)
            let first = (page - 1) * layout.rawValue + 1
            for number in first...min(first + layout.rawValue - 1, count) {
                #expect(text.contains("Step \(number)\n"), "page \(page) lacks Step \(number)")
            }
            #expect(!text.contains("Step \(first + layout.rawValue)\n"))
            #expect(text.contains("page \(page) of \(pages)"))
        }
    }

    @Test(.tags(.external), arguments: PDFHandout.Layout.allCases)
    func pdftotextGivesBackEveryCaptionAndNote(layout: PDFHandout.Layout) throws {
        let steps = steps(4, width: 160, height: 90)
        let text = collapsed(try Poppler.text(try write(steps, layout: layout, title: "Árboles → BST")))
        for step in steps {
            #expect(text.contains(collapsed(step.caption ?? "")), "\(step.caption ?? "")")
            #expect(text.contains(collapsed(step.note ?? "")), "\(step.note ?? "")")
        }
        #expect(text.contains("→") && text.contains("−") && text.contains("≤") && text.contains("λ"))
        #expect(text.contains("Árboles → BST"))
        #expect(try Poppler.info(write(steps, layout: layout, title: "Árboles → BST"))["Title"] == "Árboles → BST")
    }

    @Test(.tags(.external)) func aOnePerPagePageRenderedAtItsDPIHoldsItsFramePixelForPixel() throws {
        let steps = steps(3, width: 400, height: 240)
        let handout = PDFHandout(layout: .onePerPage, font: try PDFTestFont.dejaVuSansBold())
        let pdf = try save(try handout.write(steps))
        let frames = try steps.map { try PNGFile.decode($0.png) }
        for (index, frame) in frames.enumerated() {
            let at = handout.placement(ofStep: index, width: frame.width, height: frame.height)
            #expect(at.page == index)
            let page = try Poppler.render(pdf, page: index + 1, dpi: at.dpi)
            let picture = crop(page, x: at.x, y: at.y, width: frame.width, height: frame.height)
            let differing = differingPixels(frame, picture)
            #expect(differing == 0, "page \(index + 1): \(differing) pixels differ from frame \(index + 1)")
            let next = frames[(index + 1) % frames.count]
            #expect(differingPixels(next, picture) > frame.width * frame.height / 2, "page \(index + 1) matches the next frame")
        }
    }

    @Test(.tags(.external), arguments: [PDFHandout.Layout.fourPerPage, .sixPerPage])
    func aGridCellRendersItsFramePixelForPixelToo(layout: PDFHandout.Layout) throws {
        let steps = steps(layout.rawValue, width: 320, height: 180)
        let handout = PDFHandout(layout: layout, font: try PDFTestFont.dejaVuSansBold())
        let pdf = try save(try handout.write(steps))
        let last = steps.count - 1
        let frame = try PNGFile.decode(steps[last].png)
        let at = handout.placement(ofStep: last, width: frame.width, height: frame.height)
        let page = try Poppler.render(pdf, page: 1, dpi: at.dpi)
        #expect(differingPixels(frame, crop(page, x: at.x, y: at.y, width: frame.width, height: frame.height)) == 0)
    }

    /// The rule of ``ImagePlacement`` for a 1280×720 frame one per page: the
    /// least whole DPI at which it fits under its label and above the text
    /// (72 × 720 / 396 points = 130.9 → 131), centred across the page.
    @Test func aFrameOnePerPageIsPlacedAtTheLeastDPIThatFitsIt() throws {
        let handout = PDFHandout(layout: .onePerPage, font: try PDFTestFont.dejaVuSansBold())
        #expect(
            handout.placement(ofStep: 2, width: 1280, height: 720)
                == ImagePlacement(page: 2, dpi: 131, x: 126, y: 97, width: 1280, height: 720))
        let six = PDFHandout(layout: .sixPerPage, font: handout.font)
        #expect(six.placement(ofStep: 7, width: 1280, height: 720).page == 1)
    }

    @Test func theSameStepsGiveTheSameBytes() throws {
        let font = try PDFTestFont.dejaVuSansBold()
        let handout = PDFHandout(layout: .fourPerPage, font: font, title: "t")
        let steps = steps(5, width: 64, height: 36)
        #expect(try handout.write(steps) == handout.write(steps))
    }

    /// poppler rebuilds a broken cross-reference table without a word, so
    /// the table is checked here: each entry points at its object's header.
    @Test func theCrossReferenceTablePointsAtEachObject() throws {
        let pdf = try PDFHandout(layout: .sixPerPage, font: PDFTestFont.dejaVuSansBold(), title: "x")
            .write(steps(7, width: 64, height: 36))
        // The trailer is ASCII; the bytes before it are not all UTF-8.
        let trailer = String(decoding: pdf.suffix(64), as: UTF8.self)
        #expect(trailer.hasSuffix("%%EOF\n"))
        let lastLines = trailer.split(separator: "\n")
        let table = try #require(Int(lastLines[lastLines.count - 2]))
        let lines = String(decoding: pdf[table...], as: UTF8.self).split(separator: "\n")
        #expect(lines[0] == "xref")
        let count = try #require(Int(lines[1].split(separator: " ")[1]))
        #expect(lines[2] == "0000000000 65535 f ")
        for number in 1..<count {
            let offset = try #require(Int(lines[2 + number].prefix(10)))
            let header = String(decoding: pdf[offset..<min(offset + 16, pdf.count)], as: UTF8.self)
            #expect(header.hasPrefix("\(number) 0 obj\n"), "object \(number)")
        }
    }

    @Test(.tags(.external)) func theFontIsAnEmbeddedSubsetWithAUnicodeMap() throws {
        let pdf = try write(steps(2, width: 64, height: 36), layout: .onePerPage)
        let fonts = try Poppler.run("pdffonts", [pdf]).split(separator: "\n")
        #expect(fonts.count == 3, "one font: \(fonts)")
        let columns = fonts.last?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        // name, type (2 words), encoding, emb, sub, uni, object, generation
        #expect(columns.first?.hasSuffix("+DejaVuSans-Bold") ?? false)
        #expect(columns.dropFirst().prefix(4) == ["CID", "TrueType", "Identity-H", "yes"])
        #expect(columns.dropFirst(5).prefix(2) == ["yes", "yes"])
        // A subset, not the 700 KB font file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).count < 120_000)
    }

    /// Á is a composite glyph in DejaVu, drawn from the glyphs of A and the
    /// acute accent: the subset must keep those too, or Á draws nothing.
    @Test(.tags(.external)) func compositeGlyphsKeepTheirComponentsInTheSubset() throws {
        let white = try PNGFile.encode(straightRGBA: [UInt8](repeating: 255, count: 8 * 8 * 4), width: 8, height: 8)
        func ink(_ caption: String?) throws -> Int {
            let pdf = try write([HandoutStep(caption: caption, note: nil, png: white)], layout: .onePerPage)
            let pixels = try Poppler.render(pdf, page: 1, dpi: 72).pixels
            return stride(from: 0, to: pixels.count, by: 4).count { pixels[$0] < 128 }
        }
        let bare = try ink(nil), plain = try ink("A"), accented = try ink("Á")
        #expect(plain > bare && accented > plain, "ink: none \(bare), A \(plain), Á \(accented)")
    }

    @Test(.tags(.external)) func aLongNoteIsCutWithAnEllipsisInsideItsCell() throws {
        let words = (1...400).map { "word\($0)" }.joined(separator: " ")
        let step = HandoutStep(caption: "a caption", note: words, png: frame(0, width: 64, height: 36))
        let text = try Poppler.text(try write([step], layout: .sixPerPage))
        #expect(text.contains("word1 word2"))
        #expect(text.contains("…"))
        #expect(!text.contains("word400"))
    }

    @Test func aHandoutOfNoStepsIsRefused() throws {
        let handout = PDFHandout(layout: .onePerPage, font: try PDFTestFont.dejaVuSansBold())
        #expect(throws: PDFHandoutError.noSteps) { try handout.write([]) }
    }

    @Test func aFontWithoutUnitsPerEmIsRefused() throws {
        var font = try PDFTestFont.dejaVuSansBold()
        font.unitsPerEm = 0
        #expect(throws: PDFHandoutError.fontNotEmbeddable(font: "DejaVuSans-Bold", reason: "its units per em are 0")) {
            try PDFHandout(layout: .onePerPage, font: font).write(steps(1, width: 8, height: 8))
        }
    }

    @Test func imagesThatAreNotOpaqueRGBPNGsAreRefusedWithTheirStep() throws {
        let handout = PDFHandout(layout: .fourPerPage, font: try PDFTestFont.dejaVuSansBold())
        let good = frame(1, width: 8, height: 8)
        func refused(_ png: [UInt8]) -> PDFHandoutError? {
            let steps = [HandoutStep(caption: nil, note: nil, png: good), HandoutStep(caption: nil, note: nil, png: png)]
            do {
                _ = try handout.write(steps)
                return nil
            } catch {
                return error
            }
        }
        // IHDR's data starts at byte 16: depth at 24, colour type at 25,
        // interlace at 28. The handout does not check CRCs, so a patched
        // header stands for a PNG written that way.
        func patched(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var png = good
            png[offset] = value
            return png
        }
        var translucent = [UInt8](repeating: 200, count: 8 * 8 * 4)
        translucent[3] = 100
        let rgba = try PNGFile.encode(straightRGBA: translucent, width: 8, height: 8)
        #expect(refused(rgba) == .unsupportedPNG(step: 2, kind: "RGBA, with alpha"))
        #expect(refused(patched(28, 1)) == .unsupportedPNG(step: 2, kind: "interlaced"))
        #expect(refused(patched(24, 16)) == .unsupportedPNG(step: 2, kind: "16-bit"))
        #expect(refused(patched(25, 3)) == .unsupportedPNG(step: 2, kind: "palette-based"))
        #expect(refused(Array("GIF89a".utf8)) == .notPNG(step: 2))
        // The signature and IHDR take 33 bytes; IDAT follows.
        #expect(refused(Array(good.prefix(33))) == .damagedPNG(step: 2, reason: "it ends before its IEND chunk"))
        #expect(refused(Array(good.prefix(50))) == .damagedPNG(step: 2, reason: "a chunk runs past the end of the file"))
        #expect(
            PDFHandoutError.unsupportedPNG(step: 2, kind: "interlaced").description
                == "the image of step 2 is an unsupported PNG (interlaced); a PDF handout takes 8-bit RGB PNGs without interlacing (opaque frames)"
        )
    }

    @Test func aSlideGoesInAsItsLastFrame() {
        let slide = DeckSlide(
            caption: "c", note: "n", start: 0, end: 1, clipPath: "/c.mp4", poster: [1], final: [2])
        #expect(HandoutStep(slide) == HandoutStep(caption: "c", note: "n", png: [2]))
    }

    // MARK: - Steps and files

    /// `count` steps whose captions and notes use the characters a
    /// teacher's do, each with its own picture.
    func steps(_ count: Int, width: Int = 320, height: Int = 180) -> [HandoutStep] {
        (0..<count).map { index in
            HandoutStep(
                caption: "insert \(40 + index) → right of 30, then k − 1 ≤ n",
                note: "Step \(index + 1) of the walk: compare with each key on the way down; λ-calculus aside, a rotation keeps the order ≥ left.",
                png: frame(index, width: width, height: height))
        }
    }

    /// An opaque picture unlike any other index's in nearly every pixel: a
    /// colour per index, stripes and a seeded noise.
    func frame(_ index: Int, width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8]()
        var seed = UInt32(truncatingIfNeeded: 2_654_435_761 &* (index + 1))
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let stripe = ((x + y + index * 7) / 9) % 2 == 0
                pixels += [
                    UInt8(truncatingIfNeeded: 40 * index + (stripe ? 30 : 160)), UInt8(truncatingIfNeeded: x * 255 / width),
                    UInt8(truncatingIfNeeded: seed >> 24), 255,
                ]
            }
        }
        // An opaque image is written as RGB, as the frames are.
        return (try? PNGFile.encode(straightRGBA: pixels, width: width, height: height)) ?? []
    }

    func write(_ steps: [HandoutStep], layout: PDFHandout.Layout, title: String? = nil) throws -> String {
        try save(try PDFHandout(layout: layout, font: PDFTestFont.dejaVuSansBold(), title: title).write(steps))
    }

    func save(_ pdf: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "treeanim-handout-" + UUID().uuidString + ".pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        files.append(path)
        return path
    }

    func crop(_ image: PNGImage, x: Int, y: Int, width: Int, height: Int) -> PNGImage {
        var pixels = [UInt8]()
        for row in y..<y + height {
            let start = (row * image.width + x) * 4
            pixels += image.pixels[start..<start + width * 4]
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    /// How many pixels of two same-sized opaque images differ by more than 1
    /// in a channel: poppler copies a picture drawn pixel for pixel exactly,
    /// and 1 allows for a reader that rounds its colours.
    func differingPixels(_ a: PNGImage, _ b: PNGImage) -> Int {
        (0..<a.width * a.height).count { pixel in
            (0..<3).contains { abs(Int(a.pixels[pixel * 4 + $0]) - Int(b.pixels[pixel * 4 + $0])) > 1 }
        }
    }

    /// `text` with every run of white space one space: pdftotext breaks
    /// lines where the handout wrapped them.
    func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
