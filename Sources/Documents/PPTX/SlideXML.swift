/// A step's slide: its title in the layout's title placeholder, its clip as
/// a movie that plays when the slide appears.
enum SlideXML {
    /// The slide's relationship ids. The clip has two, to one media part, as
    /// PowerPoint 2010 and later write it: `video` for the `a:videoFile`
    /// every reader knows, `media` for the `p14:media` extension that marks
    /// the file as embedded rather than linked.
    enum RelationshipID {
        static let media = "rId1"
        static let video = "rId2"
        static let layout = "rId3"
        static let poster = "rId4"
        static let notes = "rId5"
    }

    /// Shape ids on the slide (1 is the tree itself).
    static let titleShape = 2
    static let movieShape = 3

    /// - Parameters:
    ///   - title: the slide's title, any text.
    ///   - description: the clip's alternative text: what it shows, in
    ///     words (the step's description, else its title).
    ///   - clipName: the movie shape's name, as PowerPoint names a movie
    ///     after its file.
    ///   - milliseconds: how long the clip plays.
    static func slide(title: String, description: String, clipName: String, video: EMURect, milliseconds: Int) -> String {
        XMLDeclaration.standalone + "<p:sld \(Namespace.declarations)><p:cSld><p:spTree>" + ShapeXML.treeHead
            + ShapeXML.placeholder(
                id: titleShape, name: "Title 1", placeholder: #"type="title""#, paragraphs: TextXML.paragraph(title))
            + movie(name: clipName, description: description, placement: video)
            + "</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr>"
            + MediaTiming.playOnEntry(shape: movieShape, milliseconds: milliseconds)
            + "</p:sld>"
    }

    /// The movie: a picture (the poster, shown until it plays) that carries
    /// the video in its non-visual properties. The media-action hyperlink is
    /// what PowerPoint puts on every movie; the description is its
    /// alternative text for screen readers.
    private static func movie(name: String, description: String, placement: EMURect) -> String {
        #"<p:pic><p:nvPicPr><p:cNvPr id="\#(movieShape)" name="\#(xmlEscaped(name))" "#
            + #"descr="\#(xmlEscaped(description))"><a:hlinkClick r:id="" action="ppaction://media"/></p:cNvPr>"#
            + #"<p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr>"#
            + #"<p:nvPr><a:videoFile r:link="\#(RelationshipID.video)"/><p:extLst>"#
            + #"<p:ext uri="{DAA4B4D4-6D71-4841-9C94-3DE7FCFB9230}">"#
            + #"<p14:media xmlns:p14="\#(Namespace.powerPoint2010)" r:embed="\#(RelationshipID.media)"/>"#
            + "</p:ext></p:extLst></p:nvPr></p:nvPicPr>"
            + #"<p:blipFill><a:blip r:embed="\#(RelationshipID.poster)"/>"#
            + "<a:stretch><a:fillRect/></a:stretch></p:blipFill>"
            + ShapeXML.properties(placement) + "</p:pic>"
    }

    /// The slide's relationships, in PowerPoint's order: media, video,
    /// layout, poster image, and notes when it has them.
    static func relationships(media: String, poster: String, notes: String?) -> [Relationship] {
        [
            Relationship(id: RelationshipID.media, type: .media, target: "../media/\(media)"),
            Relationship(id: RelationshipID.video, type: .video, target: "../media/\(media)"),
            Relationship(id: RelationshipID.layout, type: .slideLayout, target: "../slideLayouts/slideLayout2.xml"),
            Relationship(id: RelationshipID.poster, type: .image, target: "../media/\(poster)"),
        ]
            + (notes.map { [Relationship(id: RelationshipID.notes, type: .notesSlide, target: "../notesSlides/\($0)")] }
                ?? [])
    }
}

/// A slide's speaker notes: a notes page with the slide's picture and the
/// notes' text, one paragraph a line.
enum NotesXML {
    static func notes(_ text: String) -> String {
        XMLDeclaration.standalone + "<p:notes \(Namespace.declarations)><p:cSld><p:spTree>" + ShapeXML.treeHead
            + #"<p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image Placeholder 1"/><p:cNvSpPr>"#
            + #"<a:spLocks noGrp="1" noRot="1" noChangeAspect="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldImg"/></p:nvPr>"#
            + "</p:nvSpPr><p:spPr/></p:sp>"
            + ShapeXML.placeholder(
                id: 3, name: "Notes Placeholder 2", placeholder: #"type="body" idx="1""#,
                paragraphs: TextXML.paragraphs(text))
            + "</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:notes>"
    }

    /// A notes page's relationships: its master, and the slide it belongs to.
    static func relationships(slide: String) -> [Relationship] {
        [
            Relationship(id: "rId1", type: .notesMaster, target: "../notesMasters/notesMaster1.xml"),
            Relationship(id: "rId2", type: .slide, target: "../slides/\(slide)"),
        ]
    }
}
