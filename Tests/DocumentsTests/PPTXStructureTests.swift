import Documents
import Foundation
import FoundationXML
import Testing

/// The written package read back with ZIPFoundation: the Open Packaging
/// structure PowerPoint checks before it opens a file, and what each slide
/// holds.
@Suite struct PPTXStructureTests {
    static let captions: [String?] = ["insert 42", nil, "rotate left at 30 → done"]
    static let notes: [String?] = ["The key walks down from the root.\nIt stops at a leaf.", nil, "Balanced again."]

    /// Writes a deck of the fixture and reads it back.
    static func written(_ fixture: PPTXFixture) throws -> PackageReader {
        let path = try fixture.deckPath()
        try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: path)
        return try PackageReader(path)
    }

    /// The slides' part names, in the order the presentation lists them.
    static func slideNames(_ package: PackageReader) throws -> [String] {
        try package.xml("ppt/presentation.xml").elements("sldId").map { slideID in
            try package.target(of: slideID.attribute("r:id") ?? "", from: "ppt/presentation.xml")
        }
    }

    @Test(arguments: [3, 0])
    func everyPartHasAContentTypeParsesAndIsReachedByRelationshipsThatAllResolve(steps: Int) throws {
        let fixture = try PPTXFixture(
            captions: Array(Self.captions.prefix(steps)), notes: Array(Self.notes.prefix(steps)))
        defer { fixture.remove() }
        let package = try Self.written(fixture)

        #expect(package.names.first == "[Content_Types].xml")
        let parts = package.names.filter { $0 != "[Content_Types].xml" }
        var reached: Set<String> = []
        for name in [""] + parts where !name.hasSuffix(".rels") {
            for link in try package.links(of: name) {
                #expect(!link.external, "\(name) links outside the package: \(link.target)")
                #expect(package.entries[link.target] != nil, "\(name) → \(link.id) → \(link.target) is missing")
                reached.insert(link.target)
            }
        }
        for name in parts {
            #expect(try package.contentType(of: name) != nil, "\(name) has no content type")
            if name.hasSuffix(".xml") || name.hasSuffix(".rels") {
                #expect(throws: Never.self, "\(name) is not well-formed XML") { try package.xml(name) }
            } else {
                #expect(reached.contains(name), "no relationship reaches \(name)")
            }
        }
        for name in parts where !name.hasSuffix(".rels") {
            #expect(reached.contains(name), "no relationship reaches \(name)")
        }
        #expect(try package.contentType(of: "ppt/presentation.xml")
            == "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml")
        #expect(try package.contentType(of: "ppt/media/media1.mp4") == (steps > 0 ? "video/mp4" : nil))
        #expect(try Self.slideNames(package).count == steps)
        let core = try package.xml("docProps/core.xml")
        #expect(core.elements("title").first?.stringValue == "Fixture deck")
    }

    @Test func slidesFollowTheStepsWithTheirTitlesClipsPostersAndNotes() throws {
        let fixture = try PPTXFixture(captions: Self.captions, notes: Self.notes)
        defer { fixture.remove() }
        let package = try Self.written(fixture)

        let slides = try Self.slideNames(package)
        #expect(slides == ["ppt/slides/slide1.xml", "ppt/slides/slide2.xml", "ppt/slides/slide3.xml"])
        for (index, name) in slides.enumerated() {
            let slide = try package.xml(name)
            let step = fixture.slides[index]
            let title = slide.elements("sp").first { $0.elements("ph").first?.attribute("type") == "title" }
            #expect(title?.paragraphText == step.caption ?? "Step \(index + 1)")

            let picture = try #require(slide.elements("pic").first)
            let links = try package.links(of: name)
            let videoID = picture.elements("videoFile").first?.attribute("r:link") ?? ""
            let mediaID = picture.elements("media").first?.attribute("r:embed") ?? ""
            let video = try package.target(of: videoID, from: name)
            #expect(video.hasPrefix("ppt/media/") && video.hasSuffix(".mp4"))
            #expect(try package.target(of: mediaID, from: name) == video)
            let types = Dictionary(uniqueKeysWithValues: links.map { ($0.id, $0.type) })
            #expect(types[videoID] == "http://schemas.openxmlformats.org/officeDocument/2006/relationships/video")
            #expect(types[mediaID] == "http://schemas.microsoft.com/office/2007/relationships/media")
            #expect(try package.data(video) == Data(contentsOf: URL(fileURLWithPath: step.clipPath)))
            // The movie's picture is the step's last frame: what its title says.
            let image = try package.target(of: picture.elements("blip").first?.attribute("r:embed") ?? "", from: name)
            #expect(try package.data(image) == Data(step.final))

            let notes = links.first { $0.type.hasSuffix("/relationships/notesSlide") }
            if let note = step.note {
                let page = try package.xml(try #require(notes?.target))
                let body = page.elements("sp").first { $0.elements("ph").first?.attribute("type") == "body" }
                #expect(body?.paragraphText == note)
                #expect(try package.links(of: try #require(notes?.target)).contains { $0.target == name })
            } else {
                #expect(notes == nil)
            }
        }
        #expect(package.names.filter { $0.hasPrefix("ppt/notesSlides/notesSlide") }.count == 2)
    }

    @Test func titlesAndNotesKeepEveryCharacterAndDropOnlyWhatXMLCannotHold() throws {
        let caption = #"a < b && "c" → 'd' 🌳 二叉树 ﬁ"# + "\u{7}end"
        let longNote = (1...400).map { "Line \($0): <key> & value → \u{1F600}" }.joined(separator: "\r\n")
        let fixture = try PPTXFixture(captions: [caption, "two\nlines"], notes: [longNote, "\n\nafter two empty lines"])
        defer { fixture.remove() }
        let package = try Self.written(fixture)

        let first = try package.xml("ppt/slides/slide1.xml")
        let title = first.elements("sp").first?.paragraphText
        #expect(title == #"a < b && "c" → 'd' 🌳 二叉树 ﬁ"# + "\u{FFFD}end")
        #expect(first.elements("pic").first?.elements("cNvPr").first?.attribute("descr") == title)
        let notes = try package.xml("ppt/notesSlides/notesSlide1.xml")
        #expect(notes.elements("sp").last?.paragraphText == longNote.replacingOccurrences(of: "\r\n", with: "\n"))
        let second = try package.xml("ppt/slides/slide2.xml")
        #expect(second.elements("sp").first?.paragraphText == "two\nlines")
        #expect(second.elements("sp").first?.elements("p").count == 1)
        let secondNotes = try package.xml("ppt/notesSlides/notesSlide2.xml")
        #expect(secondNotes.elements("sp").last?.elements("p").count == 3)
    }

    @Test(arguments: [
        (1280, 720, 6_858_000), (1024, 768, 9_144_000), (720, 1280, 21_674_667), (320, 180, 6_858_000),
        (100, 1000, 51_206_400), (4000, 100, 914_400),
    ])
    func theSlideKeepsTheFramesAspectAndTheClipFillsTheAreaUnderTheTitleBand(
        width: Int, height: Int, slideHeight: Int
    ) throws {
        let fixture = try PPTXFixture(captions: ["only"], notes: [nil])
        defer { fixture.remove() }
        var format = fixture.format
        format.width = width
        format.height = height
        let path = try fixture.deckPath()
        try PPTXDeck(format: format).write(fixture.slides, toPath: path)
        let package = try PackageReader(path)

        let size = try #require(try package.xml("ppt/presentation.xml").elements("sldSz").first)
        #expect(size.attribute("cx") == "12192000")
        #expect(size.attribute("cy") == "\(slideHeight)")
        let master = try package.xml("ppt/slideMasters/slideMaster1.xml")
        let band = try #require(master.elements("sp").first { $0.elements("ph").first?.attribute("type") == "title" })
        let bandBottom = band.placement("off", "y") + band.placement("ext", "cy")
        #expect(bandBottom > 0)

        let picture = try #require(try package.xml("ppt/slides/slide1.xml").elements("pic").first)
        let (x, y) = (picture.placement("off", "x"), picture.placement("off", "y"))
        let (w, h) = (picture.placement("ext", "cx"), picture.placement("ext", "cy"))
        #expect(abs(Double(w) / Double(h) - Double(width) / Double(height)) < 0.002 * Double(width) / Double(height))
        #expect(abs(2 * x + w - 12_192_000) <= 1, "centred across")
        #expect(y >= bandBottom && y + h <= slideHeight, "under the band, on the slide")
        let fillsAcross = w >= 12_192_000 * 9 / 10
        let fillsDown = h >= (slideHeight - bandBottom) * 9 / 10
        #expect(fillsAcross || fillsDown, "the clip fills the area under the band one way")
    }

    @Test func theClipPlaysByItselfWhenTheSlideAppears() throws {
        let fixture = try PPTXFixture(captions: ["play"], notes: [nil])
        defer { fixture.remove() }
        let slide = try Self.written(fixture).xml("ppt/slides/slide1.xml")

        let movie = try #require(slide.elements("pic").first?.elements("cNvPr").first?.attribute("id"))
        let main = try #require(slide.elements("cTn").first { $0.attribute("nodeType") == "mainSeq" })
        let effect = try #require(main.elements("cTn").first { $0.attribute("presetClass") == "mediacall" })
        #expect(effect.attribute("nodeType") == "afterEffect")
        let command = try #require(effect.elements("cmd").first)
        #expect(command.attribute("type") == "call" && command.attribute("cmd") == "playFrom(0.0)")
        #expect(command.elements("spTgt").first?.attribute("spid") == movie)
        #expect(command.elements("cTn").first?.attribute("dur") == "1000")

        // The outermost time node of the main sequence that holds the effect:
        // its group, which starts on a click or, with this condition, at once.
        let group = try #require(main.elements("cTn").first { $0.elements("cTn").contains(effect) })
        let starts = group.elements("stCondLst").first?.elements("cond") ?? []
        let onBegin = starts.first { $0.attribute("evt") == "onBegin" }
        #expect(onBegin?.elements("tn").first?.attribute("val") == main.attribute("id"))

        let media = try #require(slide.elements("video").first?.elements("cMediaNode").first)
        #expect(media.elements("spTgt").first?.attribute("spid") == movie)
        let ids = slide.elements("cTn").compactMap { $0.attribute("id") }
        #expect(Set(ids).count == ids.count, "time node ids are unique")
    }

    @Test func clipsAndPostersAreStoredAsTheyAreAndXMLIsDeflated() throws {
        let fixture = try PPTXFixture(captions: ["a", "b"], notes: [nil, nil])
        defer { fixture.remove() }
        let package = try Self.written(fixture)
        for name in package.names {
            let binary = name.hasSuffix(".mp4") || name.hasSuffix(".png")
            #expect(package.compressed[name] == !binary, "\(name)")
        }
    }

    @Test func theSameStepsWriteTheSameBytes() throws {
        let fixture = try PPTXFixture(captions: ["a", nil], notes: ["n", nil])
        defer { fixture.remove() }
        let deck = PPTXDeck(format: fixture.format)
        let first = try fixture.deckPath("first.pptx")
        let second = try fixture.deckPath("second.pptx")
        try deck.write(fixture.slides, toPath: first)
        try deck.write(fixture.slides, toPath: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
    }

    @Test func writingReplacesWhatTheFileHeld() throws {
        let fixture = try PPTXFixture(captions: ["a"], notes: [nil])
        defer { fixture.remove() }
        let path = try fixture.deckPath()
        try Data(repeating: 0x41, count: 5_000_000).write(to: URL(fileURLWithPath: path))
        try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: path)
        let package = try PackageReader(path)
        #expect(package.names.count > 10)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 < 5_000_000)
    }
}
