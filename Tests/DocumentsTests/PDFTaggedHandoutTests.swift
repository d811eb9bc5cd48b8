import Documents
import Foundation
import PNG
import Testing
import TestSupport

/// The handout as a tagged PDF, for readers who cannot see its pictures:
/// poppler's word on its structure, and the structure itself read from the
/// file (its objects and page contents are not compressed), since poppler
/// does not print a figure's alternative text.
@Suite final class PDFTaggedHandoutTests {
    /// The PDF files a test wrote, removed when it ends.
    var files = [String]()

    deinit {
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Five steps; the fourth has no description, so its caption stands in.
    static let descriptions: [String?] = [
        "insert 42. 42 > 30 → right. 42 becomes the right child of 30.",
        "插入 42：42 大于 30，向右。",
        "A (rotation) \\ keeps the order: k − 1 ≤ n.",
        nil,
        "size 3, height 2.",
    ]

    @Test(.tags(.external), arguments: PDFHandout.Layout.allCases)
    func eachPictureIsAFigureWhoseAlternativeTextIsItsStepsDescription(layout: PDFHandout.Layout) throws {
        let steps = steps()
        let path = try save(try handout(layout).write(steps))
        #expect(try Poppler.info(path)["Tagged"] == "yes")
        // poppler's outline of the structure: a document of paragraphs and
        // figures, each step's label, picture (with its layout attribute, a
        // bounding box, checked below), caption and note in turn.
        let outline = try Poppler.run("pdfinfo", ["-struct", path]).split(separator: "\n").map { line in
            line.hasPrefix("     /BBox [") ? "     /BBox" : String(line)
        }
        let perStep = ["  P (block)", "  Figure:", "     /BBox", "  P (block)", "  P (block)"]
        #expect(outline == ["Document"] + Array(repeating: perStep, count: steps.count).joined(), "\(outline)")

        let pdf = try TaggedPDF(path)
        let figures = pdf.elements.filter { $0.type == "Figure" }
        #expect(
            figures.map(\.alternative)
                == Self.descriptions.enumerated().map { $0.element ?? steps[$0.offset].caption })
        // Each claims the sequence on its step's page that draws its picture.
        for (index, figure) in figures.enumerated() {
            let page = try #require(pdf.pages.firstIndex { $0.object == figure.page }, "figure \(index + 1)'s page")
            #expect(page == index / layout.rawValue, "figure \(index + 1)")
            let sequence = try #require(pdf.pages[page].sequences.first { $0.mcid == figure.mcid })
            #expect(sequence.tag == "Figure")
            #expect(sequence.operators.count == 1 && sequence.operators[0].hasSuffix("Do Q"), "\(sequence.operators)")
            // Its bounding box is where the picture lies, in points from
            // the page's bottom left.
            let at = try handout(layout).placement(ofStep: index, width: 64, height: 36)
            let scale = 72 / Double(at.dpi)
            let pageHeight = layout == .sixPerPage ? 841.89 : 595.28
            let expected = [
                Double(at.x) * scale, pageHeight - Double(at.y + at.height) * scale, Double(at.x + at.width) * scale,
                pageHeight - Double(at.y) * scale,
            ]
            let bounds = try #require(figure.bounds, "figure \(index + 1) has no /BBox")
            #expect(bounds.count == 4 && zip(bounds, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(bounds) vs \(expected)")
        }
    }

    /// What a checker asks of a tagged PDF: nothing drawn outside a marked
    /// sequence, every sequence the document's (with an MCID a structure
    /// element claims, through the parent tree) or an artifact.
    @Test(.tags(.external), arguments: [PDFHandout.Layout.onePerPage, .sixPerPage], [false, true])
    func everythingAPageDrawsIsTaggedOrAnArtifact(layout: PDFHandout.Layout, worksheet: Bool) throws {
        let path = try save(try handout(layout, worksheet: worksheet).write(lesson()))
        let pdf = try TaggedPDF(path)
        #expect(pdf.catalog.contains("/MarkInfo << /Marked true >>"))
        #expect(pdf.catalog.contains("/StructTreeRoot "))
        #expect(!pdf.pages.isEmpty)
        for (number, page) in pdf.pages.enumerated() {
            #expect(page.unmarked.isEmpty, "page \(number + 1) draws outside marked content: \(page.unmarked)")
            #expect(page.sequences.contains { $0.tag == "Artifact" }, "page \(number + 1): the footer and frames")
            let tagged = page.sequences.filter { $0.tag != "Artifact" }
            #expect(tagged.map(\.mcid) == Array(0..<tagged.count).map(Optional.some), "page \(number + 1)")
            // The page's key in the parent tree leads from each MCID to the
            // one element that claims it, which names this page.
            let parents = try #require(pdf.parentTree[page.structParents ?? -1], "page \(number + 1) has no parents")
            #expect(parents.count == tagged.count)
            for (mcid, object) in parents.enumerated() {
                let element = try #require(pdf.elements.first { $0.object == object })
                #expect(element.page == page.object && element.mcid == mcid, "page \(number + 1) MCID \(mcid)")
                #expect(element.type == tagged[mcid].tag)
            }
        }
        // Every element is the document's child, and claims a sequence.
        #expect(Set(pdf.parentTree.values.joined()) == Set(pdf.elements.map(\.object)))
        #expect(pdf.elements.allSatisfy { $0.parent == pdf.document })
        // poppler reads the same structure without a complaint, and the
        // pages still render.
        _ = try Poppler.run("pdfinfo", ["-struct-text", path])
        _ = try Poppler.render(path, page: 1, dpi: 20)
    }

    /// The words a reader of the structure gets: each paragraph's text is
    /// a label, caption, note or text slide as printed.
    @Test(.tags(.external)) func theParagraphsHoldTheLabelsCaptionsNotesAndTextSlides() throws {
        let path = try save(try handout(.fourPerPage).write(lesson()))
        let text = try Poppler.run("pdfinfo", ["-struct-text", path])
        for expected in [
            "\"Step 1\"", "\"Binary heaps", "\"Step 2\"", "\"insert 42\"", "\"Step 3 · Question\"", "\"Where does 42 go?\"",
            "\"42 goes right of 30\"", "\"Because 42 > 30.\"",
        ] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        // The footer is an artifact: not among the document's words.
        #expect(!text.contains("page 1 of"))
    }

    @Test func theDocumentIsInItsLanguage() throws {
        let chinese = try TaggedPDF(try save(try handout(.sixPerPage, language: "zh-Hans").write(steps())))
        #expect(chinese.catalog.contains("/Lang (zh-Hans)"))
        let unsaid = try TaggedPDF(try save(try handout(.sixPerPage, language: nil).write(steps())))
        #expect(!unsaid.catalog.contains("/Lang"))
    }

    @Test func theSameStepsGiveTheSameTaggedBytes() throws {
        #expect(try handout(.fourPerPage, worksheet: true).write(lesson()) == handout(.fourPerPage, worksheet: true).write(lesson()))
    }

    // MARK: - Steps and files

    func handout(_ layout: PDFHandout.Layout, worksheet: Bool = false, language: String? = "en") throws -> PDFHandout {
        PDFHandout(
            layout: layout, font: try PDFTestFont.dejaVuSansBold(), title: "Tagged", worksheet: worksheet,
            language: language)
    }

    func steps() -> [HandoutStep] {
        Self.descriptions.enumerated().map { index, description in
            HandoutStep(
                caption: "insert \(40 + index) → right", note: "Compare with each key on the way down.",
                png: picture(index), description: description)
        }
    }

    /// A text slide, a step, a question and its answer, and a step.
    func lesson() -> [HandoutStep] {
        [
            HandoutStep(
                caption: nil, note: "Open with the queue at a clinic.", png: picture(0),
                text: [.title("Binary heaps"), .paragraph("A heap keeps the least key at its root.")],
                description: "Binary heaps. A heap keeps the least key at its root."),
            HandoutStep(caption: "insert 42", note: nil, png: picture(1), description: "insert 42."),
            HandoutStep(
                caption: "the caption under the question", note: nil, png: picture(2), question: "Where does 42 go?",
                description: "Question: Where does 42 go?"),
            HandoutStep(
                caption: "42 goes right of 30", note: "Because 42 > 30.", png: picture(3),
                description: "42 > 30 → right. 42 goes right of 30."),
            HandoutStep(caption: "insert 50", note: nil, png: picture(4), description: nil),
        ]
    }

    /// A small opaque picture of a colour of its own.
    func picture(_ index: Int) -> [UInt8] {
        let pixel: [UInt8] = [UInt8(40 * index % 256), 120, UInt8(255 - 30 * index), 255]
        let pixels = Array([[UInt8]](repeating: pixel, count: 64 * 36).joined())
        return (try? PNGFile.encode(straightRGBA: pixels, width: 64, height: 36)) ?? []
    }

    func save(_ pdf: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "treeanim-tagged-" + UUID().uuidString + ".pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        files.append(path)
        return path
    }
}

/// The structure of a tagged PDF as the handout writes it, read from its
/// bytes: objects one a line (`n 0 obj`, then the dictionary on one line),
/// page contents not compressed, one drawing (`q … Q`, `BT … ET`) or one
/// marking operator a line.
struct TaggedPDF {
    struct Element {
        var object: Int
        var type: String
        var parent: Int?
        var page: Int?
        var mcid: Int?
        var alternative: String?
        var bounds: [Double]?
    }

    struct Sequence {
        var tag: String
        var mcid: Int?
        var operators: [String]
    }

    struct Page {
        var object: Int
        var structParents: Int?
        var sequences: [Sequence]
        /// Drawings outside any marked sequence.
        var unmarked: [String]
    }

    var catalog = ""
    var document: Int?
    var elements: [Element] = []
    var pages: [Page] = []
    /// Each page's key to its elements by MCID.
    var parentTree: [Int: [Int]] = [:]

    init(_ path: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Latin-1 keeps every byte a character, so offsets stay offsets.
        let text = String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
        var objects = [Int: String]()
        for match in text.matches(of: #/(?m)^(\d+) 0 obj\n([^\n]*)/#) {
            objects[Int(match.1)!] = String(match.2)
        }
        func reference(_ key: String, in body: String) -> Int? {
            (try? Regex("\(key) (\\d+) 0 R"))
                .flatMap { body.firstMatch(of: $0) }
                .flatMap { Int($0.output[1].substring ?? "") }
        }
        func integer(_ key: String, in body: String) -> Int? {
            (try? Regex("\(key) (\\d+)[ >]")).flatMap { body.firstMatch(of: $0) }.flatMap { Int($0.output[1].substring ?? "") }
        }
        for (number, body) in objects.sorted(by: { $0.key < $1.key }) {
            if body.hasPrefix("<< /Type /Catalog") { catalog = body }
            if body.hasPrefix("<< /Type /StructElem") {
                let type = String(body.firstMatch(of: #/ /S /(\w+)/#)?.1 ?? "")
                if type == "Document" { document = number; continue }
                let alternative = body.firstMatch(of: #//Alt <FEFF([0-9A-F]*)>/#).map { Self.utf16BE(String($0.1)) }
                let bounds = body.firstMatch(of: #//BBox \[([^\]]*)\]/#).map { $0.1.split(separator: " ").compactMap { Double($0) } }
                elements.append(
                    Element(
                        object: number, type: type, parent: reference("/P", in: body), page: reference("/Pg", in: body),
                        mcid: integer("/K", in: body), alternative: alternative, bounds: bounds))
            }
            if body.hasPrefix("<< /Type /StructTreeRoot"), let nums = body.firstMatch(of: #//Nums \[(.*)\] >>/#) {
                for entry in String(nums.1).matches(of: #/(\d+) \[([^\]]*)\]/#) {
                    parentTree[Int(entry.1)!] = String(entry.2).matches(of: #/(\d+) 0 R/#).map { Int($0.1)! }
                }
            }
        }
        // Pages in the order the page tree lists them.
        let kids = objects.values.first { $0.hasPrefix("<< /Type /Pages") }?.firstMatch(of: #//Kids \[([^\]]*)\]/#)
        for kid in String(kids?.1 ?? "").matches(of: #/(\d+) 0 R/#) {
            let object = Int(kid.1)!
            let body = objects[object] ?? ""
            guard let contents = reference("/Contents", in: body) else { throw FixtureError("page \(object) has no contents") }
            let stream = try Self.stream(of: contents, in: text)
            var page = Page(object: object, structParents: integer("/StructParents", in: body), sequences: [], unmarked: [])
            var open: Sequence?
            for line in stream.split(separator: "\n").map(String.init) {
                if let marked = line.firstMatch(of: #/^/(\w+) << /MCID (\d+) >> BDC$/#) {
                    open = Sequence(tag: String(marked.1), mcid: Int(marked.2), operators: [])
                } else if line.hasPrefix("/Artifact") && (line.hasSuffix("BMC") || line.hasSuffix("BDC")) {
                    open = Sequence(tag: "Artifact", mcid: nil, operators: [])
                } else if line == "EMC" {
                    if let sequence = open { page.sequences.append(sequence) }
                    open = nil
                } else if open != nil {
                    open?.operators.append(line)
                } else {
                    page.unmarked.append(line)
                }
            }
            if open != nil { page.unmarked.append("a sequence never ended") }
            pages.append(page)
        }
    }

    /// The data of the stream object `number`.
    static func stream(of number: Int, in text: String) throws -> String {
        guard let match = text.firstMatch(of: try Regex("(?m)^\(number) 0 obj\n<< /Length (\\d+) >>\nstream\n")),
            let length = Int(match.output[1].substring ?? "")
        else { throw FixtureError("no uncompressed stream \(number)") }
        return String(text[match.range.upperBound...].prefix(length))
    }

    /// The text of hex digits of UTF-16BE code units.
    static func utf16BE(_ hex: String) -> String {
        let digits = Array(hex)
        let units = stride(from: 0, to: digits.count - 3, by: 4).compactMap { UInt16(String(digits[$0..<$0 + 4]), radix: 16) }
        return String(decoding: units, as: UTF16.self)
    }
}
