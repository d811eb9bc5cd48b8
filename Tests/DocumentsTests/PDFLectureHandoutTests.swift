@testable import Documents
import Foundation
import PNG
import Testing
import TestSupport

/// A lecture's handout read back by poppler: text slides set as text,
/// questions with their question, and a worksheet's answer spaces and
/// answer key.
@Suite final class PDFLectureHandoutTests {
    /// The PDF files a test wrote, removed when it ends.
    var files = [String]()

    deinit {
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    static let heapSlide: [DeckTextBlock] = [
        .title("Binary heaps"),
        .heading("Why a heap?"),
        .paragraph("A heap keeps the least key at its root, so the next task to run is always at hand."),
        .bullet("insert: add at the end, then sift up"),
        .bullet("delete-min: move the last key to the root, then sift down"),
        .code("func siftUp(_ i: Int) {\n    while i > 0 { swap(i, parent(i)) }\n}"),
    ]

    @Test(.tags(.external)) func aTextSlideIsPrintedAsItsSearchableTextAndNotAsItsPicture() throws {
        let steps = [
            HandoutStep(caption: nil, note: "Open with the queue at a clinic.", png: noise(0), text: Self.heapSlide),
            HandoutStep(caption: "insert 42", note: nil, png: noise(1)),
        ]
        let handout = PDFHandout(layout: .onePerPage, font: try PDFTestFont.dejaVuSansBold())
        let pdf = try save(try handout.write(steps))
        #expect(try Poppler.pageCount(pdf) == 2)

        let text = collapsed(try Poppler.text(pdf, page: 1))
        for block in Self.heapSlide {
            for line in block.text.split(separator: "\n") {
                #expect(text.contains(collapsed(String(line))), "page 1 lacks '\(line)': \(text)")
            }
        }
        #expect(text.contains("•"), "bullets have their mark")
        #expect(text.contains("Step 1") && text.contains("Open with the queue at a clinic."))
        // The text slide's picture is not on its page; the next step's is.
        #expect(try imagePages(pdf) == [2])

        // The title is set larger than the heading, the heading than the text.
        let words = try wordBoxes(pdf, page: 1)
        func height(_ word: String) throws -> Double { try #require(words.first { $0.text == word }).height }
        #expect(try height("Binary") > 1.3 * height("Why"))
        #expect(try height("Why") > 1.2 * height("keeps"))
        // Code keeps its indentation: its second line starts right of its first.
        let codeStarts = try ["func", "while"].map { word in try #require(words.first { $0.text == word }).x }
        #expect(codeStarts[1] > codeStarts[0] + 5)
        // All of it inside the frame where the picture would be.
        let frame = box(handout.placement(ofStep: 0, width: 320, height: 180))
        for word in words where !["Step", "1", "Open", "page", "of", "2"].contains(word.text) && word.y < frame.maxY {
            #expect(frame.contains(word), "'\(word.text)' lies outside the text frame")
        }
    }

    @Test(.tags(.external)) func aLongTextSlideIsCutWithAnEllipsisInsideItsFrame() throws {
        let words = (1...400).map { "word\($0)" }.joined(separator: " ")
        let step = HandoutStep(caption: nil, note: nil, png: noise(0), text: [.title("Long"), .paragraph(words)])
        let handout = PDFHandout(layout: .sixPerPage, font: try PDFTestFont.dejaVuSansBold())
        let pdf = try save(try handout.write([step]))
        let text = try Poppler.text(pdf)
        #expect(text.contains("word1 word2") && text.contains("…") && !text.contains("word400"))
        let frame = box(handout.placement(ofStep: 0, width: 320, height: 180))
        for word in try wordBoxes(pdf, page: 1) where word.text.hasPrefix("word") || word.text == "Long" {
            #expect(frame.contains(word), "'\(word.text)' lies outside the text frame")
        }
    }

    @Test(.tags(.external)) func withoutAWorksheetAQuestionIsItsPictureWithTheQuestionForCaption() throws {
        let pdf = try write(lesson(), layout: .onePerPage)
        #expect(try Poppler.pageCount(pdf) == 4)
        let question = try Poppler.text(pdf, page: 2)
        #expect(question.contains("Step 2 · Question") && question.contains("Where does 42 go?"))
        #expect(!question.contains("the caption under the question"))
        #expect(try Poppler.text(pdf, page: 3).contains("42 goes right of 30"))
        let all = try Poppler.text(pdf)
        #expect(!all.contains("Your answer") && !all.contains("Answer key"))
        #expect(try imagePages(pdf) == [1, 2, 3, 4])
    }

    @Test(.tags(.external)) func aWorksheetLeavesRoomForEachAnswerAndGivesTheAnswersInAKeyAtTheEnd() throws {
        let steps = lesson()
        let handout = PDFHandout(layout: .onePerPage, font: try PDFTestFont.dejaVuSansBold(), worksheet: true)
        let pdf = try save(try handout.write(steps))
        // insert 30, the question, its answer space; the key's title, the
        // answer and insert 50, held back since its picture shows 42.
        #expect(try Poppler.pageCount(pdf) == 6)
        let pages = try (1...6).map { try Poppler.text(pdf, page: $0) }
        #expect(pages[1].contains("Where does 42 go?") && pages[1].contains("Question"))
        #expect(pages[2].contains("Your answer"))
        for page in pages.prefix(3) {
            #expect(!page.contains("42 goes right of 30") && !page.contains("Because 42 > 30."), "no answer before the key")
        }
        #expect(pages[3].contains("Answer key"))
        let key = collapsed(pages[4])
        #expect(key.contains("Where does 42 go?") && key.contains("42 goes right of 30") && key.contains("Because 42 > 30."))
        #expect(key.contains("Step 3 · answer to step 2"))
        #expect(pages[5].contains("Step 4") && pages[5].contains("insert 50"))
        // The diagram as it stands on the question's page, the answer's
        // only in the key; no picture in the answer space or the key's title.
        #expect(try imagePages(pdf) == [1, 2, 5, 6])

        // The answer space: a ruled frame the size of the question's
        // picture, empty inside.
        let at = handout.placement(ofStep: 2, width: 320, height: 180)
        let page = try Poppler.render(pdf, page: 3, dpi: at.dpi)
        func grey(_ x: Int, _ y: Int) -> Int {
            let offset = (y * page.width + x) * 4
            return (0..<3).map { Int(page.pixels[offset + $0]) }.reduce(0, +) / 3
        }
        let inside = (at.y + 4..<at.y + at.height - 4).flatMap { y in (at.x + 4..<at.x + at.width - 4).map { (($0), y) } }
        #expect(inside.allSatisfy { grey($0.0, $0.1) == 255 }, "the answer space is empty")
        // The rule, 1.25 points out from the space: found on each side.
        let out = Int((1.25 * Double(at.dpi) / 72).rounded())
        let middleY = at.y + at.height / 2, middleX = at.x + at.width / 2
        let left = (at.x - out - 2...at.x - out + 2).map { grey($0, middleY) }.min() ?? 255
        let top = (at.y - out - 2...at.y - out + 2).map { grey(middleX, $0) }.min() ?? 255
        #expect(left < 200 && top < 200, "the answer space is ruled: \(left), \(top)")
    }

    @Test(.tags(.external)) func aWorksheetInAGridKeepsEachQuestionBesideItsAnswerSpaceAndStartsTheKeyOnAPageOfItsOwn() throws {
        let png = noise(0)
        let steps = [
            HandoutStep(caption: "a", note: nil, png: png), HandoutStep(caption: "b", note: nil, png: png),
            HandoutStep(caption: "c", note: nil, png: png),
            HandoutStep(caption: nil, note: nil, png: png, question: "Which way?"),
            HandoutStep(caption: "this way", note: nil, png: png),
        ]
        let cells = HandoutCell.plan(steps, perPage: 4, worksheet: true)
        #expect(
            cells == [
                .picture(step: 0, label: "Step 1", texts: [.init(text: "a", style: .caption)]),
                .picture(step: 1, label: "Step 2", texts: [.init(text: "b", style: .caption)]),
                .picture(step: 2, label: "Step 3", texts: [.init(text: "c", style: .caption)]),
                .blank,
                .picture(step: 3, label: "Step 4 · Question", texts: [.init(text: "Which way?", style: .caption)]),
                .answerSpace(sizedAs: 3, label: "Your answer"),
                .blank, .blank,
                .text(
                    blocks: [.title("Answer key"), .paragraph("Each question with the step that answers it.")],
                    sizedAs: 3, label: nil, texts: []),
                .picture(
                    step: 4, label: "Step 5 · answer to step 4",
                    texts: [.init(text: "Question: Which way?", style: .caption), .init(text: "this way", style: .caption)]),
            ])
        let pdf = try write(steps, layout: .fourPerPage, worksheet: true)
        #expect(try Poppler.pageCount(pdf) == 3)
        #expect(try Poppler.text(pdf, page: 2).contains("Your answer"))
        #expect(try Poppler.text(pdf, page: 3).contains("Answer key"))
    }

    /// A later question of the same section is drawn as the student last
    /// saw the structure, before the first answer held back, with the
    /// operations since in words; a new section starts afresh.
    @Test func aLaterQuestionShowsNoEarlierAnswer() throws {
        let png = noise(0)
        func step(_ caption: String?, _ section: String, question: String? = nil) -> HandoutStep {
            HandoutStep(caption: caption, note: nil, png: png, section: section, question: question)
        }
        let steps = [
            step("insert 50", "BST"), step(nil, "BST", question: "Where will 45 go?"), step("insert 45", "BST"),
            step("insert 90", "BST"), step(nil, "BST", question: "Which key takes 50's place?"), step("delete 50", "BST"),
            step("insert 7", "Heap"), step(nil, "Heap", question: "Where does 3 go?"), step("insert 3", "Heap"),
        ]
        let cells = HandoutCell.plan(steps, perPage: 1, worksheet: true)
        let body = Array(cells.prefix { if case .text = $0 { false } else { true } })
        #expect(
            body == [
                .picture(step: 0, label: "Step 1", texts: [.init(text: "insert 50", style: .caption)]),
                .picture(step: 1, label: "Step 2 · Question", texts: [.init(text: "Where will 45 go?", style: .caption)]),
                .answerSpace(sizedAs: 1, label: "Your answer"),
                .picture(
                    step: 1, label: "Step 5 · Question",
                    texts: [
                        .init(text: "Which key takes 50's place?", style: .caption),
                        .init(text: "Drawn as at step 2; since then: insert 45 (step 3, the answer to step 2), insert 90.", style: .note),
                    ]),
                .answerSpace(sizedAs: 4, label: "Your answer"),
                .picture(step: 6, label: "Step 7", texts: [.init(text: "insert 7", style: .caption)]),
                .picture(step: 7, label: "Step 8 · Question", texts: [.init(text: "Where does 3 go?", style: .caption)]),
                .answerSpace(sizedAs: 7, label: "Your answer"),
            ])
        // No picture in the body is drawn after an answer it comes before.
        let pictured = body.compactMap { if case .picture(let step, _, _) = $0 { step } else { nil } }
        for (question, _) in HandoutCell.answered(steps) {
            let asked = body.firstIndex(of: .answerSpace(sizedAs: question, label: "Your answer"))!
            for cell in body[asked...] {
                if case .picture(let step, _, _) = cell, steps[step].section == steps[question].section {
                    #expect(step <= question, "a picture after question \(question + 1) shows step \(step + 1), past its answer")
                }
            }
        }
        #expect(pictured == [0, 1, 1, 6, 7])
        // The key holds what the body held back, in order.
        let key = cells.dropFirst(body.count + 1).compactMap { if case .picture(let step, _, _) = $0 { step } else { nil } }
        #expect(key == [2, 3, 5, 8])
    }

    /// The last step can ask with nothing after it to answer; a question
    /// straight after a question answers nothing but is asked in turn.
    @Test(.tags(.external)) func aQuestionWithoutAnAnswerGetsItsSpaceButNoPlaceInTheKey() throws {
        let png = noise(0)
        let steps = [
            HandoutStep(caption: nil, note: nil, png: png, question: "First?"),
            HandoutStep(caption: nil, note: nil, png: png, question: "Second?"),
            HandoutStep(caption: "answer", note: nil, png: png),
            HandoutStep(caption: nil, note: nil, png: png, question: "Last?"),
        ]
        #expect(HandoutCell.answered(steps).map { [$0.question, $0.answer] } == [[1, 2]])
        let cells = HandoutCell.plan(steps, perPage: 1, worksheet: true)
        #expect(cells.filter { if case .answerSpace = $0 { true } else { false } }.count == 3)
        let pdf = try write(steps, layout: .onePerPage, worksheet: true)
        let key = try Poppler.text(pdf, page: try Poppler.pageCount(pdf))
        #expect(key.contains("Second?") && key.contains("answer") && !key.contains("First?") && !key.contains("Last?"))
        #expect(!HandoutCell.plan(steps, perPage: 1, worksheet: false).contains(.blank))
    }

    @Test func theSameWorksheetGivesTheSameBytes() throws {
        let handout = PDFHandout(layout: .sixPerPage, font: try PDFTestFont.dejaVuSansBold(), worksheet: true)
        var steps = lesson()
        steps[0].text = Self.heapSlide
        #expect(try handout.write(steps) == handout.write(steps))
    }

    // MARK: - Steps, files and readings

    /// insert 30; a question; its answer; insert 50.
    func lesson() -> [HandoutStep] {
        [
            HandoutStep(caption: "insert 30", note: nil, png: noise(0), section: "Insertion"),
            HandoutStep(
                caption: "the caption under the question", note: nil, png: noise(1), section: "Insertion",
                question: "Where does 42 go?"),
            HandoutStep(caption: "42 goes right of 30", note: "Because 42 > 30.", png: noise(2), section: "Insertion"),
            HandoutStep(caption: "insert 50", note: nil, png: noise(3), section: "Insertion"),
        ]
    }

    /// A 320×180 opaque picture of seeded noise, its own for each `seed`.
    func noise(_ seed: Int) -> [UInt8] {
        var state = UInt32(truncatingIfNeeded: 2_654_435_761 &* (seed + 1))
        var pixels = [UInt8]()
        for _ in 0..<320 * 180 {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels += [UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16), 90, 255]
        }
        return (try? PNGFile.encode(straightRGBA: pixels, width: 320, height: 180)) ?? []
    }

    func write(_ steps: [HandoutStep], layout: PDFHandout.Layout, worksheet: Bool = false) throws -> String {
        try save(try PDFHandout(layout: layout, font: PDFTestFont.dejaVuSansBold(), worksheet: worksheet).write(steps))
    }

    func save(_ pdf: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "treeanim-lecture-" + UUID().uuidString + ".pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        files.append(path)
        return path
    }

    /// The pages (from 1) that draw an image, one entry per image drawn, as
    /// `pdfimages -list` lists them.
    func imagePages(_ pdf: String) throws -> [Int] {
        try Poppler.run("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).compactMap { line in
            line.split(separator: " ").first.flatMap { Int($0) }
        }
    }

    /// A word as `pdftotext -bbox` places it, in points from the page's
    /// top-left corner.
    struct Word {
        var text: String
        var x: Double
        var y: Double
        var maxX: Double
        var maxY: Double
        var height: Double { maxY - y }
    }

    func wordBoxes(_ pdf: String, page: Int) throws -> [Word] {
        let html = try Poppler.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-bbox", pdf, "-"])
        let pattern = #/<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>/#
        return html.matches(of: pattern).compactMap { match in
            guard let x = Double(match.1), let y = Double(match.2), let maxX = Double(match.3),
                let maxY = Double(match.4)
            else { return nil }
            return Word(text: String(match.5), x: x, y: y, maxX: maxX, maxY: maxY)
        }
    }

    /// Where a placement's picture lies, in points.
    func box(_ placement: ImagePlacement) -> (x: Double, y: Double, maxX: Double, maxY: Double, contains: (Word) -> Bool) {
        let scale = 72 / Double(placement.dpi)
        let (x, y) = (Double(placement.x) * scale, Double(placement.y) * scale)
        let (maxX, maxY) = (x + Double(placement.width) * scale, y + Double(placement.height) * scale)
        return (x, y, maxX, maxY, { $0.x >= x && $0.maxX <= maxX && $0.y >= y && $0.maxY <= maxY })
    }

    /// `text` with every run of white space one space.
    func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
