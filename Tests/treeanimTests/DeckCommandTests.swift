import Documents
import Foundation
import PNG
import Testing
import TestSupport

/// `-o deck.html`, `-o deck.pptx` and `-o handout.pdf` from the command
/// line, each opened by the program people open it with: headless
/// Chromium, LibreOffice Impress, poppler.
@Suite(.tags(.cli)) struct DeckCommandTests {
    static let small = CommandOutputTests.small
    /// The steps of `small`: four inserts and the finished tree.
    static let captions = ["insert 50", "insert 17", "insert 72", "insert 12", "size 4, height 2"]

    /// The frames of `small` as PNGs in `dir/frames`, and the steps as
    /// `steps.json` says them: where each one starts and ends.
    static func framesAndSteps(in dir: String) throws -> [SlideOutputTests.StepsIndex.Step] {
        let r = try CommandRunner.run(
            small + ["-o", "frames/", "--steps-dir", "steps", "--step-format", "gif"], in: dir)
        try #require(r.status == 0, "stderr: \(r.stderr)")
        let json = try #require(FileManager.default.contents(atPath: dir + "/steps/steps.json"))
        return try JSONDecoder().decode(SlideOutputTests.StepsIndex.self, from: json).steps
    }

    static func frame(_ index: Int, in dir: String) throws -> PNGImage {
        try PNGFile.read("\(dir)/frames/frame_\(String(format: "%05d", index)).png")
    }

    @Test func anHTMLDeckOpensInChromiumAndItsKeysWalkTheSteps() async throws {
        let dir = try CommandRunner.temporaryFolder()
        let steps = try Self.framesAndSteps(in: dir)
        let r = try CommandRunner.run(Self.small + ["-o", "deck.html", "--title", "Four keys"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("wrote deck.html: 5 slides"), "stderr: \(r.stderr)")
        // Self-contained: nothing the page would fetch.
        let html = try String(contentsOfFile: dir + "/deck.html", encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\"/"))

        // It reads the stage off the screen: a browser of its own.
        try await Chromium.withOwnBrowser { browser in
            let page = try await browser.open(file: dir + "/deck.html", width: 800, height: 600)
            try await page.waitUntil("typeof window.treeanimDeck === 'object'")
            #expect(try await page.evaluate("document.title") == .string("Four keys"))
            #expect(try await page.evaluate("treeanimDeck.count") == .number(5))
            let captions = try await page.evaluate(
                "Array.from(document.querySelectorAll('.step-caption'), (e) => e.textContent)")
            #expect(captions.array?.compactMap(\.string) == Self.captions)

            // → plays step 1 and stops on its last frame; → again, step 2.
            let ends = try [steps[0].lastFrame, steps[1].lastFrame].map { try Self.frame($0, in: dir) }
            for (index, end) in ends.enumerated() {
                try await page.press(.arrowRight)
                try await page.waitUntil(
                    "document.body.dataset.step + ' ' + document.body.dataset.state === '\(index + 1) end'")
                #expect(try await page.evaluate("document.getElementById('caption').textContent")
                    == .string(Self.captions[index]))
                let shot = try await Self.stage(of: page, settlingOn: end)
                let own = shot.meanDifference(from: end, inset: 2)
                let other = shot.meanDifference(from: ends[1 - index], inset: 2)
                #expect(own < 6, "step \(index + 1) shows its last frame, off by \(own) a channel on average")
                #expect(other > 2 * own, "step \(index + 1) is told apart from the other step: \(other) vs \(own)")
            }
            // ← goes back to where step 1 ends.
            try await page.press(.arrowLeft)
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '1 end'")
            #expect(await page.problems() == [])
        }
    }

    /// The stage's picture in a screenshot of `page`, brought to the size
    /// of `frame`, once it shows `frame` (a video frame can reach the screen
    /// a little after the page has decided it, later on a busy machine), or
    /// as it is when the page's patience runs out.
    static func stage(of page: ChromiumPage, settlingOn frame: PNGImage) async throws -> PNGImage {
        let box = try await page.evaluate(
            "(() => { const r = document.querySelector('.step.current video').getBoundingClientRect();"
                + " return [r.left, r.top, r.width, r.height]; })()")
        let numbers = box.array?.compactMap(\.number) ?? []
        try #require(numbers.count == 4, "\(box)")
        let region = { (shot: PNGImage) in
            shot.region(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], scaledTo: frame.width, frame.height)
        }
        let shot = try await page.screenshot(until: { region($0).meanDifference(from: frame, inset: 2) < 6 })
        return region(shot)
    }

    @Test func aPPTXDeckOpensInImpressWithASlideAStepAndItsCaption() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(Self.small + ["-o", "deck.pptx"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let pdf = try convertWithLibreOffice(dir + "/deck.pptx", to: "pdf", in: dir)
        #expect(try Poppler.pageCount(pdf) == Self.captions.count)
        for (index, caption) in Self.captions.enumerated() {
            let text = try Poppler.text(pdf, page: index + 1)
            #expect(text.contains(caption), "page \(index + 1) reads '\(text)'")
        }
        // Nothing but the deck is left: the clips went inside it.
        #expect(CommandRunner.files(in: dir).sorted() == ["deck.pdf", "deck.pptx"])
    }

    /// The handout's picture of a step is the step's last frame, pixel for
    /// pixel, with its caption lifted out into the page's text: where the
    /// frame's caption was, the picture shows the white of paper.
    @Test(arguments: [1, 4, 6])
    func aHandoutShowsEachStepsLastFrameWithItsCaptionAsText(perPage: Int) throws {
        let dir = try CommandRunner.temporaryFolder()
        let steps = try Self.framesAndSteps(in: dir)
        let r = try CommandRunner.run(Self.small + ["-o", "handout.pdf", "--per-page", "\(perPage)"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let pdf = dir + "/handout.pdf"
        let layout = try #require(PDFHandout.Layout(rawValue: perPage))
        #expect(try Poppler.pageCount(pdf) == layout.pageCount(steps: steps.count))
        let text = try Poppler.text(pdf)
        for caption in Self.captions { #expect(text.contains(caption), "\(caption) in '\(text)'") }
        for (index, step) in steps.enumerated() {
            let frame = try Self.frame(step.lastFrame, in: dir)
            let at = layout.placement(ofStep: index, width: frame.width, height: frame.height)
            let page = try Poppler.render(pdf, page: at.page + 1, dpi: at.dpi)
            let picture = page.region(
                x: Double(at.x), y: Double(at.y), width: Double(frame.width), height: Double(frame.height),
                scaledTo: frame.width, frame.height)
            var same = 0, lifted = 0, wrong = 0
            for at in stride(from: 0, to: frame.pixels.count, by: 4) {
                let close = (0..<3).allSatisfy { abs(Int(picture.pixels[at + $0]) - Int(frame.pixels[at + $0])) <= 1 }
                let white = (0..<3).allSatisfy { picture.pixels[at + $0] == 255 }
                if close { same += 1 } else if white { lifted += 1 } else { wrong += 1 }
            }
            #expect(wrong == 0, "step \(index + 1) on page \(at.page + 1): \(wrong) pixels are not the frame's")
            #expect(lifted > 0, "step \(index + 1): the caption was lifted out of the picture")
            #expect(lifted < frame.width * frame.height / 10, "step \(index + 1): only the caption, \(lifted) pixels")
        }
    }

    /// A B-tree insert that splits is one picture of a handout, as it is
    /// one slide of a deck: the tree where its last phase rests, under the
    /// operation's caption, with each phase's caption as a line of text;
    /// the run says as many steps as the handout has pictures.
    @Test func aHandoutPrintsAnOperationWithItsPhasesAsOnePicture() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["btree", "--ops", "insert 10 20 30; insert 40", "--size", "640x360", "--fps", "10", "-o", "handout.pdf", "--per-page", "1"],
            in: dir)
        try #require(r.status == 0, "stderr: \(r.stderr)")
        // insert 10, 20, 30 (which splits), 40, and the finished tree.
        #expect(try Poppler.pageCount(dir + "/handout.pdf") == 5)
        #expect(r.stderr.contains("handout.pdf: 5 steps"), "stderr: \(r.stderr)")
        let page = try Poppler.text(dir + "/handout.pdf", page: 3)
        #expect(page.contains("insert 30"), "page 3 reads '\(page)'")
        #expect(page.contains("split at the median 20"), "page 3 reads '\(page)'")
    }

    @Test func anInterruptedDeckLeavesNothingBehind() throws {
        let dir = try CommandRunner.temporaryFolder()
        let (seen, r) = try CommandRunner.interrupt(
            ["--inserts", "12", "--size", "640x360", "-o", "deck.pptx"], in: dir
        ) { CommandRunner.files(in: dir).contains { $0.hasPrefix(".") } }
        #expect(seen, "the run began writing before the signal")
        #expect(r.status == 130, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == [])
    }
}
