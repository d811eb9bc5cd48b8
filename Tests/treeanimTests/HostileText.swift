import Foundation
import FoundationXML
import Testing
import TestSupport
import ZIPFoundation

/// Text a user can put into an animation (labels, names, categories, a
/// title) that would break an output that pasted it in as it is: markup
/// that closes a script or opens one, the end of an XML CDATA section, an
/// entity that must stay five characters, spreadsheet formulas, JavaScript's
/// line terminators, control characters, a right-to-left override, emoji
/// and Chinese, and a label of thousands of characters.
enum HostileText {
    static let closesScript = #"</script><img src=x onerror="window.pwned=1">"#
    static let opensScript = "<script>window.pwned=2</script>"
    static let closesCDATA = "]]>"
    static let markup = ["&", "<", ">", "\"", "'"]
    static let entity = "&amp;"
    static let formulas = ["=cmd|' /C calc'!A0", "+1+1", "@SUM(1)"]
    /// U+2028 and U+2029 end a JavaScript string literal before ES2019.
    static let separators = "a\u{2028}b\u{2029}c"
    /// NUL, a C0 control, an escape sequence (red, on a terminal) and a
    /// carriage return: XML 1.0 has no way to write the first three.
    static let controls = "nul\u{0}x\u{1}y\u{1B}[31mz\rw"
    static let override = "rtl\u{202E}abc"
    static let world = "😀 王建国"
    static let combined =
        ([closesScript, opensScript, closesCDATA] + markup + [entity] + formulas + [override, world])
        .joined(separator: " ")

    /// `text` as a file of raw bytes can carry it: a NUL byte marks a file
    /// as binary, not text, and the readers refuse it in one line (see
    /// HostileInputTests), so text read from raw bytes holds none. (A JSON
    /// file can still write one as `\u0000`.)
    static func withoutNUL(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{0}", with: "")
    }

    /// Every string, each alone, then several together.
    static let all = [closesScript, opensScript, closesCDATA] + markup + [entity] + formulas
        + [separators, controls, override, world, combined]

    /// `count` characters of the strings above, repeated, without controls,
    /// ending in a full stop (a browser's title drops white space at the end).
    static func long(_ count: Int) -> String {
        String(String(repeating: combined + " ", count: count / combined.count + 1).prefix(count - 1)) + "."
    }

    /// A deck's title: a line separator early (a handout's one-line footer
    /// must not stop at it), markup, a control character. No NUL: a
    /// command-line argument cannot hold one.
    static let title = "Deck\u{2028}two " + combined + " \u{1}end"

    // MARK: What each output makes of a string

    /// The text a browser gives back: NUL, which no HTML can carry, is
    /// U+FFFD, as the parser itself makes it in an attribute or a title.
    static func inHTML(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }

    /// The text an XML parser gives back: characters XML 1.0 forbids (C0
    /// controls other than tab, line feed and carriage return, U+FFFE,
    /// U+FFFF) are U+FFFD.
    static func inXML(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: scalar
            default: "\u{FFFD}"
            }
        }))
    }

    /// A DrawingML text body's lines (a slide title's runs and breaks, a
    /// notes page's paragraphs) joined by line feeds: the text split at
    /// every line break, each line as XML gives it back.
    static func inSlideText(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { inXML(String($0)) }
            .joined(separator: "\n")
    }

    /// The text a PDF reader extracts from text set in a handout's fonts: a
    /// control character is drawn as the missing-glyph box, which reads as
    /// U+FFFD.
    static func inPDF(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control && !scalar.properties.isWhitespace ? "\u{FFFD}" : scalar
        }))
    }

    /// `text` without white space or line breaks, and without the embedding
    /// marks (U+202A…U+202C) poppler puts around words it reads right to
    /// left: where lines break and which spaces pdftotext keeps are the
    /// page layout's, not the text's.
    static func squeezed(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !$0.properties.isWhitespace && !(0x202A...0x202C).contains($0.value)
        }))
    }

    // MARK: The outputs

    /// A step's caption and note, as `steps.json` lists them.
    struct Step: Equatable {
        var caption: String?
        var note: String?
    }

    /// `DIR/steps.json` read by Foundation's JSON parser: its steps. The
    /// file must also hold no bare U+2028 or U+2029, which a script before
    /// ES2019 could not take.
    static func steps(in folder: String) throws -> [Step] {
        let data = try #require(FileManager.default.contents(atPath: folder + "/steps.json"))
        #expect(!String(decoding: data, as: UTF8.self).contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let steps = try #require(root["steps"] as? [[String: Any]])
        return steps.map { Step(caption: $0["caption"] as? String, note: $0["note"] as? String) }
    }

    /// Every line of a scene dump read by Foundation's JSON parser, which
    /// must take each one: the text of its captions, node and bar labels
    /// and texts.
    static func dumpedText(_ path: String) throws -> Set<String> {
        let data = try #require(FileManager.default.contents(atPath: path))
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        try #require(!lines.isEmpty)
        #expect(!lines.contains { $0.contains("\u{2028}") || $0.contains("\u{2029}") })
        var text = Set<String>()
        for (index, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let frame = try #require(object, "line \(index + 1) is a JSON object")
            if let caption = frame["caption"] as? String { text.insert(caption) }
            for (key, field) in [("nodes", "label"), ("bars", "label"), ("texts", "text")] {
                for element in frame[key] as? [[String: Any]] ?? [] {
                    if let value = element[field] as? String { text.insert(value) }
                }
            }
        }
        return text
    }

    /// Opens the HTML deck at `path` in Chromium, with its speaker notes,
    /// and checks that the page's title, every step's caption and note (in
    /// the page, on the stage as each step ends, in the notes window) are
    /// `steps` and `title` exactly, that nothing of the text ran or made an
    /// element, and that neither window logged an error. Returns each
    /// step's description (its words for a reader who cannot see it) as
    /// the page holds it, which is also its still's alternative text.
    @discardableResult
    static func checkHTMLDeck(_ path: String, title: String, steps: [Step]) async throws -> [String?] {
        func string(_ text: String?) -> Chromium.Value { .string(inHTML(text ?? "")) }
        return try await Chromium.with { browser in
            let page = try await browser.open(file: path, width: 800, height: 600)
            try await page.waitUntil("typeof window.treeanimDeck === 'object'")
            // The title element's text; `document.title` is what a browser
            // shows, which Chromium makes with controls and line separators
            // as spaces.
            #expect(try await page.evaluate("document.querySelector('title').textContent") == string(title))
            #expect(try await page.evaluate("document.getElementById('deck').getAttribute('aria-label')") == string(title))
            #expect(
                try await page.evaluate("Array.from(document.querySelectorAll('.step-caption'), (e) => e.textContent)")
                    == .array(steps.map { string($0.caption) }))
            #expect(
                try await page.evaluate("Array.from(document.querySelectorAll('.step-note'), (e) => e.textContent)")
                    == .array(steps.map { string($0.note) }))

            let before = try await browser.pageIDs()
            try await page.press(.letter("s"))
            let notes = try await browser.newPage(besides: before)
            try await notes.waitUntil("document.getElementById('note') !== null")
            let shownTitle = try await page.evaluate("document.title").string ?? ""
            #expect(try await notes.evaluate("document.title") == .string("Notes: " + shownTitle))
            for (index, step) in steps.enumerated() {
                try await page.evaluate("treeanimDeck.go(\(index + 1), 'end')")
                try await page.waitUntil("document.body.dataset.step === '\(index + 1)'")
                #expect(try await page.evaluate("document.getElementById('caption').textContent") == string(step.caption))
                #expect(try await notes.evaluate("document.getElementById('caption').textContent") == string(step.caption))
                #expect(try await notes.evaluate("document.getElementById('note').textContent") == string(step.note))
            }
            for (window, scripts) in [(page, 1), (notes, 0)] {
                #expect(try await window.evaluate("window.pwned === undefined") == .bool(true))
                #expect(try await window.evaluate("document.querySelectorAll('img[src=x]').length") == .number(0))
                #expect(try await window.evaluate("document.scripts.length") == .number(Double(scripts)))
                #expect(await window.problems() == [])
            }
            let described = try await page.evaluate(
                """
                Array.from(document.querySelectorAll('section.step'), (s) => {
                  const id = s.getAttribute('aria-describedby');
                  const words = id === null ? null : document.getElementById(id).textContent;
                  return [words, s.querySelector('img.final').getAttribute('alt') === (words ?? '')];
                })
                """)
            let pairs = described.array?.compactMap(\.array) ?? []
            #expect(pairs.count == steps.count)
            #expect(pairs.allSatisfy { $0.last == .bool(true) }, "each still's alt is its step's description: \(described)")
            return pairs.map { $0.first?.string }
        }
    }

    /// Reads the PowerPoint deck at `path`: every XML part parses with
    /// Foundation's XMLParser; the document's title, each slide's title and
    /// its movie's description, and each notes page are `title` and
    /// `steps` as XML can hold them, the movie's description being the
    /// step's `descriptions` entry (else its title). Then LibreOffice
    /// converts it to PDF, whose title and pages (read by poppler) show them.
    static func checkPPTX(
        _ path: String, title: String, steps: [Step], descriptions: [String?], in folder: String
    ) throws {
        var parts = [String: Data]()
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        for entry in archive where entry.path.hasSuffix(".xml") || entry.path.hasSuffix(".rels") {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            let parser = XMLParser(data: data)
            #expect(parser.parse(), "\(entry.path): \(parser.parserError.map { "\($0)" } ?? "")")
            parts[entry.path] = data
        }
        func document(_ name: String) throws -> XMLDocument {
            try XMLDocument(data: try #require(parts[name], "the deck has \(name)"), options: [])
        }
        let core = try document("docProps/core.xml")
        #expect(try core.nodes(forXPath: "//*[local-name()='title']").first?.stringValue == inXML(title))
        for (index, step) in steps.enumerated() {
            var caption = step.caption ?? ""
            if caption.allSatisfy(\.isWhitespace) { caption = "Step \(index + 1)" }
            let slide = try document("ppt/slides/slide\(index + 1).xml")
            let titleShape = try slide.nodes(forXPath: "//*[local-name()='sp'][.//*[local-name()='ph'][@type='title']]")
            #expect(titleShape.first.map(bodyText) == inSlideText(caption), "slide \(index + 1)")
            let movie = try slide.nodes(forXPath: "//*[local-name()='pic']/*/*[local-name()='cNvPr']").first
            #expect(
                (movie as? XMLElement)?.attribute(forName: "descr")?.stringValue
                    == inXML((descriptions.indices.contains(index) ? descriptions[index] : nil) ?? caption),
                "slide \(index + 1)")
            let notesName = "ppt/notesSlides/notesSlide\(index + 1).xml"
            #expect((parts[notesName] != nil) == (step.note != nil), "slide \(index + 1) has notes")
            if let note = step.note {
                let body = try document(notesName).nodes(
                    forXPath: "//*[local-name()='sp'][.//*[local-name()='ph'][@type='body']]")
                #expect(body.first.map(bodyText) == inSlideText(note), "notes of slide \(index + 1)")
            }
        }

        let pdf = try convertWithLibreOffice(path, to: "pdf", in: folder)
        #expect(try Poppler.info(pdf)["Title"] == inXML(title))
        #expect(try Poppler.pageCount(pdf) == steps.count)
        for (index, step) in steps.enumerated() {
            guard let caption = step.caption, !caption.unicodeScalars.contains(where: \.properties.isBidiControl)
            else { continue }
            // Impress lays a right-to-left override out as it says; a title
            // too long for its band overflows the slide.
            let page = squeezed(try Poppler.text(pdf, page: index + 1, raw: true))
            let shown = squeezed(inXML(caption))
            #expect(page.contains(shown.count > 100 ? String(shown.prefix(100)) : shown), "page \(index + 1): \(page)")
        }
    }

    /// A text body's text: its paragraphs' runs, a line break as a line
    /// feed, paragraphs joined by line feeds.
    private static func bodyText(_ shape: XMLNode) -> String {
        let paragraphs = (try? shape.nodes(forXPath: ".//*[local-name()='p']")) ?? []
        return paragraphs.map { paragraph in
            (paragraph.children ?? []).map { child in
                child.localName == "br" ? "\n" : child.localName == "r" ? child.stringValue ?? "" : ""
            }.joined()
        }.joined(separator: "\n")
    }

    /// Reads the PDF handout at `path` with poppler: its document title is
    /// `title`, its footer shows the title's start on one line, and its
    /// text holds the start of each step's caption and note (a handout
    /// cuts a caption at two lines and a note where its cell ends).
    static func checkHandout(_ path: String, title: String, steps: [Step]) throws {
        #expect(try Poppler.info(path)["Title"] == title)
        let text = squeezed(try Poppler.text(path, raw: true))
        #expect(text.contains(String(squeezed(inPDF(title)).prefix(24))), "the footer: \(text)")
        for step in steps {
            for said in [step.caption, step.note].compactMap({ $0 }) {
                let firstLine = said.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                let shown = String(squeezed(inPDF(firstLine)).prefix(16))
                #expect(text.contains(shown), "\(shown.debugDescription) of \(said.debugDescription) in \(text)")
            }
        }
    }

    /// A hostile file name: the default title of a deck of a file.
    static let fileName = #"<img src=x onerror="window.pwned=3">&amp;"#
}
