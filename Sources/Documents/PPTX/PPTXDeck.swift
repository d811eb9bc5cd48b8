/// Writes a deck's steps as a PowerPoint presentation (`.pptx`): a slide a
/// step, its caption (a question's question) the slide's title, its clip a
/// movie that plays by itself when the slide appears, its note the slide's
/// speaker notes. A lecture's sections become PowerPoint's sections.
///
///     let deck = PPTXDeck(format: DeckFormat(width: 1280, height: 720, fps: 30, title: "BST"))
///     try deck.write(slides, toPath: temporaryPath)
///
/// The package has the parts and relationships PowerPoint itself writes,
/// since PowerPoint and Keynote ask to repair a file that strays from them:
/// one slide master with a "Title and Content" and a "Title Only" layout, a
/// theme, a notes master with its own theme, and each clip embedded once
/// under the two relationships of PowerPoint 2010 and later. The slide is
/// 16:9 for 16:9 frames and keeps the frames' aspect otherwise, 13.33 in
/// wide; the title sits in a band across the top, the clip fills the rest,
/// centred.
public struct PPTXDeck: Sendable {
    /// The frames' size, which sets the slides' aspect, and the deck's
    /// title, which becomes the document's.
    public var format: DeckFormat

    /// A writer of decks of `format`.
    public init(format: DeckFormat) {
        self.format = format
    }

    /// Writes `slides`, in order, as a whole package over the content of
    /// `path`, a file the caller made.
    ///
    /// The clips are streamed into the package, never read whole; each is
    /// checked readable first, so a missing one leaves `path` untouched. The
    /// same slides always give the same bytes. A question slide is titled
    /// by its question; a slide whose caption is nil or blank by its text's
    /// first title or heading, or else "Step N" (N from 1); one with no note
    /// has no notes page. When a slide has a section, the deck has
    /// sections: see ``DeckSlide/section``; those before the first named
    /// one are in a section named after the deck's title.
    ///
    /// - Throws: ``PPTXError``: the frames' size is not positive, a poster
    ///   is not PNG, a clip cannot be read, or `path` cannot be written; on
    ///   a failure to write, `path` holds part of a package.
    public func write(_ slides: [DeckSlide], toPath path: String) throws(PPTXError) {
        guard format.width > 0, format.height > 0 else {
            throw .badFrameSize(width: format.width, height: format.height)
        }
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if let bad = slides.firstIndex(where: { !$0.final.starts(with: pngSignature) }) {
            throw .posterNotPNG(step: bad + 1)
        }
        var clips: [ClipFile] = []
        for slide in slides {
            clips.append(try ClipFile(checking: slide.clipPath))
        }
        try package(slides, clips: clips).write(toPath: path)
    }

    private func package(_ slides: [DeckSlide], clips: [ClipFile]) -> OPCPackage {
        let geometry = DeckGeometry(frameWidth: format.width, frameHeight: format.height)
        let noted = slides.filter { $0.note != nil }.count
        var parts = [
            PackagePart(
                name: "docProps/core.xml", contentType: ContentType.coreProperties,
                content: .xml(PresentationXML.coreProperties(title: format.title))),
            PackagePart(
                name: "docProps/app.xml", contentType: ContentType.extendedProperties,
                content: .xml(PresentationXML.appProperties(slides: slides.count, notes: noted))),
            PackagePart(
                name: "ppt/presentation.xml", contentType: ContentType.presentation,
                content: .xml(
                    PresentationXML.presentation(
                        geometry, slides: slides.count,
                        sections: SectionXML.sections(of: slides.map(\.section), title: format.title))),
                relationships: PresentationXML.relationships(slides: slides.count)),
            PackagePart(
                name: "ppt/slideMasters/slideMaster1.xml", contentType: ContentType.slideMaster,
                content: .xml(MasterXML.slideMaster(geometry)), relationships: MasterXML.slideMasterRelationships),
            PackagePart(
                name: "ppt/slideLayouts/slideLayout1.xml", contentType: ContentType.slideLayout,
                content: .xml(MasterXML.titleAndContentLayout), relationships: MasterXML.layoutRelationships),
            PackagePart(
                name: "ppt/slideLayouts/slideLayout2.xml", contentType: ContentType.slideLayout,
                content: .xml(MasterXML.titleOnlyLayout), relationships: MasterXML.layoutRelationships),
            PackagePart(name: "ppt/theme/theme1.xml", contentType: ContentType.theme, content: .xml(ThemeXML.xml)),
            PackagePart(
                name: "ppt/notesMasters/notesMaster1.xml", contentType: ContentType.notesMaster,
                content: .xml(MasterXML.notesMaster(geometry)), relationships: MasterXML.notesMasterRelationships),
            PackagePart(name: "ppt/theme/theme2.xml", contentType: ContentType.theme, content: .xml(ThemeXML.xml)),
            PackagePart(
                name: "ppt/presProps.xml", contentType: ContentType.presProps,
                content: .xml(PresentationXML.presentationProperties)),
            PackagePart(
                name: "ppt/viewProps.xml", contentType: ContentType.viewProps,
                content: .xml(PresentationXML.viewProperties)),
            PackagePart(
                name: "ppt/tableStyles.xml", contentType: ContentType.tableStyles,
                content: .xml(PresentationXML.tableStyles)),
        ]
        for (index, (slide, clip)) in zip(slides, clips).enumerated() {
            parts += stepParts(slide, clip: clip, number: index + 1, geometry: geometry)
        }
        return OPCPackage(
            parts: parts,
            relationships: [
                Relationship(id: "rId1", type: .officeDocument, target: "ppt/presentation.xml"),
                Relationship(id: "rId2", type: .coreProperties, target: "docProps/core.xml"),
                Relationship(id: "rId3", type: .extendedProperties, target: "docProps/app.xml"),
            ])
    }

    /// Step `number`'s slide, its notes page if it has a note, its
    /// picture (the step's last frame) and its clip.
    private func stepParts(_ slide: DeckSlide, clip: ClipFile, number: Int, geometry: DeckGeometry) -> [PackagePart] {
        let slideName = "slide\(number).xml"
        let media = "media\(number).mp4"
        let poster = "image\(number).png"
        let notesName = slide.note.map { _ in "notesSlide\(number).xml" }
        let caption = title(of: slide, number: number)

        var parts = [
            PackagePart(
                name: "ppt/slides/\(slideName)", contentType: ContentType.slide,
                content: .xml(
                    SlideXML.slide(
                        title: caption, description: slide.description ?? caption, clipName: "Step \(number) clip",
                        video: geometry.video, milliseconds: clipMilliseconds(slide))),
                relationships: SlideXML.relationships(media: media, poster: poster, notes: notesName))
        ]
        if let note = slide.note, let notesName {
            parts.append(
                PackagePart(
                    name: "ppt/notesSlides/\(notesName)", contentType: ContentType.notesSlide,
                    content: .xml(NotesXML.notes(note)), relationships: NotesXML.relationships(slide: slideName)))
        }
        // The movie's picture, shown before it plays, in the slide sorter
        // and on paper: the step's own end, what its title says (its first
        // frame is the step before's end).
        parts.append(
            PackagePart(name: "ppt/media/\(poster)", contentType: ContentType.png, content: .bytes(slide.final)))
        parts.append(PackagePart(name: "ppt/media/\(media)", contentType: ContentType.mp4, content: .file(clip)))
        return parts
    }

    /// A slide's title: its question, else its caption, else a text
    /// slide's first title or heading, else "Step N" (N from 1); a blank
    /// one counts as none.
    private func title(of slide: DeckSlide, number: Int) -> String {
        let heading = slide.text?.lazy.compactMap { block -> String? in
            switch block {
            case .title(let text), .heading(let text): text
            case .paragraph, .bullet, .code: nil
            }
        }.first { !$0.allSatisfy(\.isWhitespace) }
        let candidates = [slide.question, slide.caption, heading]
        return candidates.lazy.compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) } ?? "Step \(number)"
    }

    /// How long a step's clip plays, in milliseconds from 1 to the largest
    /// time PowerPoint reads (2³² - 1): from its first frame to the next
    /// step's first, which it also shows, so one frame longer than the step.
    private func clipMilliseconds(_ slide: DeckSlide) -> Int {
        let frame = format.fps > 0 ? 1 / format.fps : 0
        let milliseconds = ((slide.end - slide.start + frame) * 1000).rounded(.up)
        guard milliseconds.isFinite else { return 1 }
        return Int(min(max(milliseconds, 1), 4_294_967_295))
    }
}
