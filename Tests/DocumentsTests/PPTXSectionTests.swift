@testable import Documents
import Foundation
import FoundationXML
import Testing
import TestSupport

/// A lecture's deck in PowerPoint: its sections (PowerPoint 2010's
/// `p14:sectionLst`) and its question slides, read back from the package
/// and opened in LibreOffice Impress.
@Suite struct PPTXSectionTests {
    static let sectionsURI = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"

    @Test func consecutiveSlidesOfOneNameMakeASectionAndUnnamedOnesJoinTheSectionBefore() {
        let names: [String?] = [nil, nil, "Heaps", "Heaps", nil, "Tries", "Heaps"]
        #expect(
            SectionXML.sections(of: names, title: "Trees")
                == [
                    .init(name: "Trees", slides: 0..<2), .init(name: "Heaps", slides: 2..<5),
                    .init(name: "Tries", slides: 5..<6), .init(name: "Heaps", slides: 6..<7),
                ])
        #expect(SectionXML.sections(of: [nil, nil], title: "Trees") == [])
        #expect(SectionXML.sections(of: [], title: "Trees") == [])
        #expect(SectionXML.sections(of: [nil, "A"], title: " ") == [
            .init(name: "Default Section", slides: 0..<1), .init(name: "A", slides: 1..<2),
        ])
    }

    @Test func thePresentationListsItsSectionsEachSlideInOneInOrder() throws {
        var fixture = try PPTXFixture(captions: ["a", "b", "c", "d"], notes: [nil, nil, nil, nil])
        defer { fixture.remove() }
        for (index, name) in [nil, "Search & <trees>", "Search & <trees>", "Heaps"].enumerated() {
            fixture.slides[index].section = name
        }
        let package = try PPTXStructureTests.written(fixture)
        let presentation = try package.xml("ppt/presentation.xml")

        let root = try #require(presentation.rootElement())
        let extensions = try #require(root.elements("extLst").first)
        #expect((extensions.parent as? XMLElement) == root, "the extension list is the presentation's own")
        #expect(root.children?.last as? XMLElement == extensions, "extLst is the presentation's last child")
        let ext = try #require(extensions.elements("ext").first { $0.attribute("uri") == Self.sectionsURI })
        let list = try #require(ext.elements("sectionLst").first)
        #expect(list.name == "p14:sectionLst")
        #expect(
            list.namespace(forPrefix: "p14")?.stringValue == "http://schemas.microsoft.com/office/powerpoint/2010/main")
        let sections = list.elements("section")
        #expect(sections.map { $0.attribute("name") } == ["Fixture deck", "Search & <trees>", "Heaps"])
        let ids = sections.map { $0.attribute("id") ?? "" }
        #expect(Set(ids).count == ids.count, "section ids differ: \(ids)")
        for id in ids {
            #expect(
                id.wholeMatch(of: #/\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}/#) != nil,
                "\(id) is a GUID in braces")
        }
        let grouped = sections.map { $0.elements("sldId").map { $0.attribute("id") ?? "" } }
        #expect(grouped == [["256"], ["257", "258"], ["259"]])
        // The sections hold the slide list's ids, each once, in its order.
        let slideIDs = root.elements("sldIdLst").first?.elements("sldId").map { $0.attribute("id") ?? "" }
        #expect(grouped.flatMap { $0 } == slideIDs)
    }

    @Test func aDeckWithoutSectionsHasNoSectionList() throws {
        let fixture = try PPTXFixture(captions: ["a", "b"], notes: [nil, nil])
        defer { fixture.remove() }
        let presentation = try PPTXStructureTests.written(fixture).xml("ppt/presentation.xml")
        #expect(presentation.elements("extLst").isEmpty)
    }

    @Test func aLectureDeckWritesTheSameBytesEveryTime() throws {
        var fixture = try PPTXFixture(captions: ["a", nil, "c"], notes: ["n", nil, nil])
        defer { fixture.remove() }
        fixture.slides[0].section = "One"
        fixture.slides[1].section = "Two"
        fixture.slides[1].question = "Why?"
        fixture.slides[2].text = [.title("Three")]
        let deck = PPTXDeck(format: fixture.format)
        let first = try fixture.deckPath("first.pptx"), second = try fixture.deckPath("second.pptx")
        try deck.write(fixture.slides, toPath: first)
        try deck.write(fixture.slides, toPath: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
    }

    @Test func aQuestionSlideIsTitledByItsQuestionAndATextSlideByItsTitle() throws {
        var fixture = try PPTXFixture(captions: ["insert 42", "the caption", nil, "the answer"], notes: [nil, nil, nil, nil])
        defer { fixture.remove() }
        fixture.slides[1].question = "Where does 42 go?"
        fixture.slides[2].text = [.paragraph("intro"), .heading("  "), .title("Heaps"), .heading("Why heaps")]
        let package = try PPTXStructureTests.written(fixture)
        let titles = try (1...4).map { number in
            try package.xml("ppt/slides/slide\(number).xml").elements("sp")
                .first { $0.elements("ph").first?.attribute("type") == "title" }?.paragraphText
        }
        #expect(titles == ["insert 42", "Where does 42 go?", "Heaps", "the answer"])
    }

    /// Impress knows no sections: it must open the deck all the same, with
    /// every slide, the question as its slide's title.
    @Test(.tags(.external)) func impressOpensALectureDeckWithSectionsAndAQuestion() throws {
        var fixture = try PPTXFixture(captions: ["insert 42", nil, "42 goes right"], notes: [nil, "Ask the room.", nil])
        defer { fixture.remove() }
        fixture.slides[0].section = "Insertion"
        fixture.slides[1].section = "Insertion"
        fixture.slides[1].question = "Where does 42 go?"
        fixture.slides[2].section = "Answers"
        let deck = try fixture.deckPath()
        try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: deck)

        let pdf = try convertWithLibreOffice(deck, to: "pdf", in: fixture.folder)
        #expect(try Poppler.pageCount(pdf) == 3)
        #expect(try Poppler.text(pdf, page: 2).contains("Where does 42 go?"))
        #expect(try Poppler.text(pdf, page: 3).contains("42 goes right"))
    }
}
