import Foundation
import FoundationXML
import Testing
import TestSupport
import ZIPFoundation

/// The example lecture as each document it is made for, opened in the
/// program people open it with: the HTML deck driven in Chromium, the
/// PPTX in LibreOffice Impress, the handout and the worksheet in poppler,
/// the video in ffprobe.
@Suite(.tags(.cli)) struct LectureDocumentTests {
    static let small = LectureCommandTests.small
    static let example = LectureCommandTests.example

    /// Renders the example lecture to `name` in a folder of its own.
    static func render(_ name: String, _ more: [String] = []) throws -> (dir: String, stderr: String) {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["lecture", example] + small + more + ["-o", name], in: dir)
        try #require(r.status == 0, "stderr: \(r.stderr)")
        return (dir, r.stderr)
    }

    /// The number of steps `wrote …: N slides` reports.
    static func slides(_ stderr: String) throws -> Int {
        let words = stderr.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let at = try #require(words.firstIndex { $0.hasPrefix("slides") || $0.hasPrefix("steps") })
        return try #require(Int(words[at - 1]))
    }

    @Test func theHTMLDeckStopsOnEachQuestionAnswersItOnTheNextPressAndHasAnOverview() async throws {
        let (dir, stderr) = try Self.render("lecture.html")
        let count = try Self.slides(stderr)
        try await Chromium.with { browser in
            let page = try await browser.open(file: dir + "/lecture.html", width: 800, height: 600)
            try await page.waitUntil("typeof window.treeanimDeck === 'object'")
            #expect(try await page.evaluate("document.title") == .string("Search trees and heaps"))
            #expect(try await page.evaluate("treeanimDeck.count") == .number(Double(count)))
            // The keys walk the title slide, then the text slide.
            try await page.press(.arrowRight)
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '1 end'")
            try await page.press(.arrowRight)
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '2 end'")
            // The first question: the deck stops on it, showing it.
            let question = try await page.evaluate(
                "Array.from(document.querySelectorAll('.step'), (s) => s.dataset.question || '').indexOf('Where will 45 go?') + 1")
            let q = try #require(question.number.map(Int.init))
            try #require(q > 2)
            try await page.evaluate("treeanimDeck.go(\(q - 1), 'end')")
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '\(q - 1) end'")
            try await page.press(.arrowRight)
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '\(q) end'")
            #expect(
                try await page.evaluate("document.querySelector('.step.current .question').textContent").string?
                    .contains("Where will 45 go?") == true)
            // The next press plays the step that answers it.
            try await page.press(.arrowRight)
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '\(q + 1) end'")
            #expect(try await page.evaluate("document.getElementById('caption').textContent") == .string("insert 45"))
            // O: the overview, a cell a slide, with its section's name.
            try await page.press(.letter("o"))
            try await page.waitUntil("document.body.dataset.overview === 'open'")
            #expect(try await page.evaluate("document.querySelectorAll('#overview .cell').length") == .number(Double(count)))
            let sections = try await page.evaluate(
                "Array.from(document.querySelectorAll('#overview .cell-section'), (c) => c.textContent)")
            let names = Set(sections.array?.compactMap(\.string) ?? [])
            #expect(names.isSuperset(of: ["Building a BST", "AVL tree", "Insertion sort"]), "\(names)")
            try await page.press(.escape)
            try await page.waitUntil("document.body.dataset.overview === 'closed'")
            #expect(await page.problems() == [])
        }
    }

    @Test func thePPTXOpensInImpressWithASlideAStepTheQuestionsAsTitlesAndTheNotes() throws {
        let (dir, stderr) = try Self.render("lecture.pptx")
        let count = try Self.slides(stderr)
        // PowerPoint's sections, one for each part of the lecture.
        let presentation = try Self.entry("ppt/presentation.xml", of: dir + "/lecture.pptx")
        #expect(presentation.contains("<p14:section name=\"Building a BST\""), "no section for the BST")
        #expect(presentation.contains("<p14:section name=\"Insertion sort\""), "no section for the sort")

        let converted = try convertWithLibreOffice(dir + "/lecture.pptx", to: "odp", in: dir)
        let content = try XMLDocument(data: Data(try Self.entry("content.xml", of: converted).utf8), options: [])
        let pages = try content.nodes(forXPath: "//*[local-name()='page']").compactMap { $0 as? XMLElement }
        #expect(pages.count == count)
        func frames(_ page: XMLElement, _ cls: String) -> String {
            ((try? page.nodes(forXPath: ".//*[local-name()='frame'][@*[local-name()='class']='\(cls)']")) ?? [])
                .map { $0.stringValue ?? "" }.joined()
        }
        let titles = pages.map { frames($0, "title") }
        #expect(titles.contains("Where will 45 go?"), "\(titles)")
        #expect(titles.contains("insert 45"))
        let q = try #require(titles.firstIndex(of: "Where will 45 go?"))
        #expect(titles[q + 1] == "insert 45", "the question's answer is the next slide")
        #expect(frames(pages[q], "notes").contains("Ask the room"))
        #expect(titles.contains("A binary search tree"), "a text slide is titled by its heading")
    }

    @Test func theHandoutPrintsTextSlidesAsTextAndTheWorksheetLeavesRoomForAnswers() throws {
        let (dir, stderr) = try Self.render("lecture.pdf")
        let pdf = dir + "/lecture.pdf"
        #expect(try Poppler.pageCount(pdf) == (try Self.slides(stderr)))
        let text = try Poppler.text(pdf)
        #expect(text.contains("A binary search tree") && text.contains("subtree are"), "a text slide is searchable text")
        #expect(text.contains("Where will 45 go?"))
        #expect(!text.contains("Your answer") && !text.contains("Answer key"))

        let (wdir, _) = try Self.render("worksheet.pdf", ["--worksheet"])
        let sheet = try Poppler.text(wdir + "/worksheet.pdf")
        #expect(sheet.components(separatedBy: "Your answer").count - 1 == 3, "one answer space a question")
        let key = try #require(sheet.range(of: "Answer key"), "no answer key")
        let answers = sheet[key.upperBound...]
        #expect(answers.contains("Where will 45 go?") && answers.contains("insert 45"))
        #expect(answers.contains("Which pair does insertion sort swap first?"))
        // The second BST question is drawn before 45 went in, which the
        // first asks about: the operations since are in words.
        let asked = sheet[..<key.lowerBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(asked.contains("Which key takes 30's place") && asked.contains("since then: insert 45"), "\(asked)")
        #expect(try Poppler.pageCount(wdir + "/worksheet.pdf") > (try Poppler.pageCount(pdf)))
    }

    @Test func theVideoHasEveryFrame() throws {
        let (dir, stderr) = try Self.render("lecture.mp4")
        let probe = try CommandRunner.probe(dir + "/lecture.mp4")
        let frames = stderr.split(separator: " ").firstIndex { $0.hasPrefix("frames") }.flatMap {
            Int(stderr.split(separator: " ")[$0 - 1])
        }
        #expect(frames != nil && probe.frames == frames, "ffprobe: \(probe.frames), treeanim: \(stderr)")
        #expect(probe.width == 320 && probe.height == 180)
        #expect(probe.rate == "5/1")
    }

    static func entry(_ name: String, of zip: String) throws -> String {
        let archive = try Archive(url: URL(fileURLWithPath: zip), accessMode: .read)
        let entry = try #require(archive[name], "\(zip) has no \(name)")
        var data = Data()
        _ = try archive.extract(entry) { data.append($0) }
        return String(decoding: data, as: UTF8.self)
    }
}
