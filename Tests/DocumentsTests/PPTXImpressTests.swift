import Documents
import Foundation
import FoundationXML
import PNG
import Testing
import TestSupport

/// The deck opened by a real LibreOffice Impress: converted to PDF, whose
/// pages poppler shows and reads, and to Impress's own format, which says
/// what Impress made of each part.
@Suite(.tags(.external)) struct PPTXImpressTests {
    @Test func impressShowsEachStepOnItsOwnSlideWithItsTitleAndItsPosterWhereTheClipPlays() throws {
        let captions = ["insert 42", "rotate left at 30", "delete 7 → done"]
        let fixture = try PPTXFixture(captions: captions, notes: ["Walk down from the root.", nil, "Balanced."])
        defer { fixture.remove() }
        let deck = try fixture.deckPath()
        try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: deck)

        let pdf = try convertWithLibreOffice(deck, to: "pdf", in: fixture.folder)
        #expect(try Poppler.pageCount(pdf) == captions.count)

        let package = try PackageReader(deck)
        let size = try #require(try package.xml("ppt/presentation.xml").elements("sldSz").first)
        let slideWidth = Double(size.attribute("cx") ?? "") ?? 1
        let poster = fixture.posters[0]
        for (index, caption) in captions.enumerated() {
            let picture = try #require(try package.xml("ppt/slides/slide\(index + 1).xml").elements("pic").first)
            let (x, y) = (Double(picture.placement("off", "x")), Double(picture.placement("off", "y")))
            let (width, height) = (Double(picture.placement("ext", "cx")), Double(picture.placement("ext", "cy")))
            // Rendered so the clip's place is twice the poster's size: every
            // poster pixel is the mean of about four of the page's.
            let pixelsPerEMU = 2 * Double(poster.width) / width
            let page = try Poppler.render(pdf, page: index + 1, width: Int((slideWidth * pixelsPerEMU).rounded()))
            let shown = page.region(
                x: x * pixelsPerEMU, y: y * pixelsPerEMU, width: width * pixelsPerEMU, height: height * pixelsPerEMU,
                scaledTo: poster.width, poster.height)

            // A page shows its own step's end, what its title says, not
            // the step before's (the clip's first frame).
            let own = shown.meanDifference(from: fixture.finals[index], inset: 2)
            #expect(own <= 6, "page \(index + 1) shows its step's last frame, off by \(own) a channel on average")
            let first = shown.meanDifference(from: fixture.posters[index], inset: 2)
            #expect(first > own + 8, "page \(index + 1) is told apart from its clip's first frame: \(first) against \(own)")
            for other in [index - 1, index + 1] where fixture.finals.indices.contains(other) {
                let difference = shown.meanDifference(from: fixture.finals[other], inset: 2)
                #expect(
                    difference > 30, "page \(index + 1) is told apart from step \(other + 1)'s end: \(difference)")
            }
            let text = try Poppler.text(pdf, page: index + 1)
            #expect(text.contains(caption), "page \(index + 1) reads '\(text)'")
        }
    }

    /// Impress's own format names what it read: a title placeholder, a
    /// notes page, a media object, and a play command that starts after the
    /// previous effect in a group that begins at once (PowerPoint's "On
    /// Click" comes out as an `on-click` effect in a group that begins on
    /// the "next" click).
    @Test func impressReadsATitleSpeakerNotesAndAClipThatPlaysWhenItsSlideAppears() throws {
        let captions: [String?] = ["insert 42", nil, "delete 7 → done"]
        let notes: [String?] = ["Walk down from the root.\nStop at a leaf.", nil, "Balanced."]
        let fixture = try PPTXFixture(captions: captions, notes: notes)
        defer { fixture.remove() }
        let deck = try fixture.deckPath()
        try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: deck)

        let converted = try convertWithLibreOffice(deck, to: "odp", in: fixture.folder)
        let content = try PackageReader(converted).xml("content.xml")
        let pages = content.elements("page")
        try #require(pages.count == captions.count)
        for (index, page) in pages.enumerated() {
            let title = page.elements("frame").first { $0.attribute("presentation:class") == "title" }
            #expect(title.map(Self.text) == captions[index] ?? "Step \(index + 1)")

            let plugin = try #require(page.elements("plugin").first)
            #expect(plugin.attribute("xlink:href")?.hasSuffix(".mp4") == true)
            let clip = try #require((plugin.parent as? XMLElement)?.attribute("xml:id"))
            let main = try #require(
                page.elements("seq").first { $0.attribute("presentation:node-type") == "main-sequence" })
            let play = try #require(main.elements("command").first { $0.attribute("smil:targetElement") == clip })
            #expect(play.attribute("anim:command") == "play")
            #expect((play.parent as? XMLElement)?.attribute("presentation:node-type") == "after-previous")
            let group = main.elements("par").first
            #expect(group?.attribute("smil:begin") == "0s", "the play effect's group waits for nothing")

            let speakerNotes = page.elements("notes").first?.elements("frame")
                .first { $0.attribute("presentation:class") == "notes" }
            #expect(speakerNotes.map(Self.text) == notes[index] ?? "")
        }
    }

    /// The text of a frame: its paragraphs joined by line feeds.
    private static func text(_ frame: XMLElement) -> String {
        frame.elements("p").map { $0.stringValue ?? "" }.joined(separator: "\n")
    }
}
