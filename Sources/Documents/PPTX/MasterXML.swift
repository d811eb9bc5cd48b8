/// The slide master, its layouts and the notes master: where a slide's
/// title and a notes page's parts are placed and styled, so the slides
/// themselves only say what they hold.
enum MasterXML {
    /// The one slide master: the title in the band at the top, the body
    /// where the clip goes, and the text styles of both.
    static func slideMaster(_ geometry: DeckGeometry) -> String {
        XMLDeclaration.standalone + "<p:sldMaster \(Namespace.declarations)><p:cSld>" + ShapeXML.background
            + "<p:spTree>" + ShapeXML.treeHead
            + ShapeXML.placeholder(
                id: 2, name: "Title Placeholder 1", placeholder: #"type="title""#,
                properties: ShapeXML.properties(geometry.titleBand), body: titleBody,
                paragraphs: TextXML.paragraph("Title"))
            + ShapeXML.placeholder(
                id: 3, name: "Text Placeholder 2", placeholder: #"type="body" idx="1""#,
                properties: ShapeXML.properties(geometry.video), body: textBody,
                paragraphs: TextXML.paragraph("Text"))
            + "</p:spTree></p:cSld>" + ShapeXML.colorMap
            + #"<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/>"#
            + #"<p:sldLayoutId id="2147483650" r:id="rId2"/></p:sldLayoutIdLst>"#
            + "<p:txStyles>" + titleStyle(size: geometry.titleSize)
            + "<p:bodyStyle>" + TextXML.levels(sizes: [2800, 2400, 2000, 1800], font: "mn", bullets: true)
            + "</p:bodyStyle><p:otherStyle>" + TextXML.levels(sizes: [1800], font: "mn") + "</p:otherStyle>"
            + "</p:txStyles></p:sldMaster>"
    }

    /// The master's relationships: its two layouts (`rId1`, `rId2`, as its
    /// layout list names them) and the theme.
    static let slideMasterRelationships = [
        Relationship(id: "rId1", type: .slideLayout, target: "../slideLayouts/slideLayout1.xml"),
        Relationship(id: "rId2", type: .slideLayout, target: "../slideLayouts/slideLayout2.xml"),
        Relationship(id: "rId3", type: .theme, target: "../theme/theme1.xml"),
    ]

    /// Layout 1, "Title and Content": what PowerPoint gives a new slide,
    /// there for whoever adds one to the deck.
    static let titleAndContentLayout = layout(
        type: "obj", name: "Title and Content",
        shapes: titlePlaceholder
            + ShapeXML.placeholder(
                id: 3, name: "Content Placeholder 2", placeholder: #"idx="1""#, paragraphs: TextXML.paragraph("Text")))

    /// Layout 2, "Title Only": every step's slide, its clip placed on the
    /// slide itself.
    static let titleOnlyLayout = layout(type: "titleOnly", name: "Title Only", shapes: titlePlaceholder)

    /// Each layout's one relationship, to the master.
    static let layoutRelationships = [
        Relationship(id: "rId1", type: .slideMaster, target: "../slideMasters/slideMaster1.xml")
    ]

    /// The notes master: a notes page with the slide's picture above the
    /// notes.
    static func notesMaster(_ geometry: DeckGeometry) -> String {
        XMLDeclaration.standalone + "<p:notesMaster \(Namespace.declarations)><p:cSld>" + ShapeXML.background
            + "<p:spTree>" + ShapeXML.treeHead
            + #"<p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image Placeholder 1"/><p:cNvSpPr>"#
            + #"<a:spLocks noGrp="1" noRot="1" noChangeAspect="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldImg" idx="2"/>"#
            + "</p:nvPr></p:nvSpPr><p:spPr>" + ShapeXML.transform(geometry.notesImage)
            + #"<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/><a:ln w="12700"><a:solidFill>"#
            + #"<a:prstClr val="black"/></a:solidFill></a:ln></p:spPr></p:sp>"#
            + ShapeXML.placeholder(
                id: 3, name: "Notes Placeholder 2", placeholder: #"type="body" sz="quarter" idx="3""#,
                properties: ShapeXML.properties(geometry.notesBody), body: textBody,
                paragraphs: TextXML.paragraph("Notes"))
            + "</p:spTree></p:cSld>" + ShapeXML.colorMap
            + "<p:notesStyle>" + TextXML.levels(sizes: [1200], font: "mn") + "</p:notesStyle></p:notesMaster>"
    }

    static let notesMasterRelationships = [
        Relationship(id: "rId1", type: .theme, target: "../theme/theme2.xml")
    ]

    /// A title that shrinks to fit its band rather than overflow into the
    /// clip, centred in it.
    private static let titleBody =
        #"<a:bodyPr vert="horz" lIns="91440" tIns="45720" rIns="91440" bIns="45720" rtlCol="0" anchor="ctr">"#
        + "<a:normAutofit/></a:bodyPr>"

    private static let textBody =
        #"<a:bodyPr vert="horz" lIns="91440" tIns="45720" rIns="91440" bIns="45720" rtlCol="0">"#
        + "<a:normAutofit/></a:bodyPr>"

    /// Titles centred over the centred clip, in the theme's heading font.
    private static func titleStyle(size: Int) -> String {
        #"<p:titleStyle><a:lvl1pPr algn="ctr" defTabSz="914400" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">"#
            + #"<a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="0"/></a:spcBef><a:buNone/>"#
            + TextXML.runDefaults(size: size, font: "mj") + "</a:lvl1pPr></p:titleStyle>"
    }

    private static let titlePlaceholder = ShapeXML.placeholder(
        id: 2, name: "Title 1", placeholder: #"type="title""#, paragraphs: TextXML.paragraph("Title"))

    private static func layout(type: String, name: String, shapes: String) -> String {
        XMLDeclaration.standalone + #"<p:sldLayout \#(Namespace.declarations) type="\#(type)" preserve="1">"#
            + #"<p:cSld name="\#(name)"><p:spTree>"# + ShapeXML.treeHead + shapes + "</p:spTree></p:cSld>"
            + "<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>"
    }
}
