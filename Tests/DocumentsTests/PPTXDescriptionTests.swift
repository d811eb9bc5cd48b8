import Documents
import Foundation
import FoundationXML
import Testing
import TestSupport

/// A slide's clip described in words for a screen reader: its alternative
/// text (`descr`) is the step's description, else the slide's title; read
/// from the package and from what LibreOffice Impress makes of it.
@Suite struct PPTXDescriptionTests {
    static let captions: [String?] = ["insert 42", nil, "delete 7 → done"]
    /// The second step has none: its clip is described by its title.
    static let descriptions: [String?] = [
        "insert 42. 42 > 30 → right. 42 becomes the right child of 30.", nil,
        "delete 7 → done. 7 & its \"leaf\" go; 树 stays <balanced>.",
    ]
    static let expected = [descriptions[0]!, "Step 2", descriptions[2]!]

    @Test func eachClipsAlternativeTextIsItsStepsDescriptionElseItsTitle() throws {
        let (fixture, deck) = try Self.deck()
        defer { fixture.remove() }
        let package = try PackageReader(deck)
        for (index, expected) in Self.expected.enumerated() {
            let picture = try #require(try package.xml("ppt/slides/slide\(index + 1).xml").elements("pic").first)
            let properties = try #require(picture.elements("cNvPr").first)
            #expect(properties.attribute("name") == "Step \(index + 1) clip")
            #expect(properties.attribute("descr") == expected, "slide \(index + 1)")
        }
    }

    /// Impress reads `descr` as the media frame's description (`svg:desc`
    /// in its own format), which it gives to screen readers.
    @Test(.tags(.external)) func impressKeepsTheDescriptionAsTheClipsDescription() throws {
        let (fixture, deck) = try Self.deck()
        defer { fixture.remove() }
        let converted = try convertWithLibreOffice(deck, to: "odp", in: fixture.folder)
        let pages = try PackageReader(converted).xml("content.xml").elements("page")
        try #require(pages.count == Self.expected.count)
        for (index, page) in pages.enumerated() {
            let plugin = try #require(page.elements("plugin").first, "page \(index + 1) has no clip")
            let frame = try #require(plugin.parent as? XMLElement)
            let description = frame.children?.compactMap { $0 as? XMLElement }.first { $0.localName == "desc" }
            #expect(description?.stringValue == Self.expected[index], "page \(index + 1)")
        }
    }

    /// A deck of the fixture's steps with the descriptions above.
    static func deck() throws -> (PPTXFixture, String) {
        var fixture = try PPTXFixture(captions: captions, notes: [nil, nil, nil])
        for index in fixture.slides.indices { fixture.slides[index].description = descriptions[index] }
        let deck = try fixture.deckPath()
        try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: deck)
        return (fixture, deck)
    }
}
