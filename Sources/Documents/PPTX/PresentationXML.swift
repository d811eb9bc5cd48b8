/// The presentation part and the small parts around it: properties of the
/// presentation, its views and table styles, and of the document.
enum PresentationXML {
    /// The presentation's relationship ids: the master, the notes master,
    /// then one per slide from `rId3`, then the rest.
    static func slideRelationshipID(_ index: Int) -> String { "rId\(index + 3)" }

    /// The slides' ids in the slide list: 256, the least PowerPoint
    /// allows, for the first, and one more for each after it.
    static let firstSlideID = 256

    /// - Parameters:
    ///   - slides: how many slides the deck has.
    ///   - sections: the deck's sections, if it has any.
    static func presentation(_ geometry: DeckGeometry, slides: Int, sections: [SectionXML.Section] = []) -> String {
        let slideIDs = (0..<slides).map { #"<p:sldId id="\#(firstSlideID + $0)" r:id="\#(slideRelationshipID($0))"/>"# }
        return XMLDeclaration.standalone + #"<p:presentation \#(Namespace.declarations) saveSubsetFonts="1">"#
            + #"<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>"#
            + #"<p:notesMasterIdLst><p:notesMasterId r:id="rId2"/></p:notesMasterIdLst>"#
            + (slides == 0 ? "" : "<p:sldIdLst>\(slideIDs.joined())</p:sldIdLst>")
            + #"<p:sldSz cx="\#(geometry.slide.width)" cy="\#(geometry.slide.height)"/>"#
            + #"<p:notesSz cx="\#(DeckGeometry.notesPage.width)" cy="\#(DeckGeometry.notesPage.height)"/>"#
            + "<p:defaultTextStyle>" + TextXML.levels(sizes: [1800], font: "mn") + "</p:defaultTextStyle>"
            + SectionXML.extensionList(sections, firstSlideID: firstSlideID)
            + "</p:presentation>"
    }

    static func relationships(slides: Int) -> [Relationship] {
        let after = slides + 3
        return [
            Relationship(id: "rId1", type: .slideMaster, target: "slideMasters/slideMaster1.xml"),
            Relationship(id: "rId2", type: .notesMaster, target: "notesMasters/notesMaster1.xml"),
        ]
            + (0..<slides).map {
                Relationship(id: slideRelationshipID($0), type: .slide, target: "slides/slide\($0 + 1).xml")
            }
            + [
                Relationship(id: "rId\(after)", type: .presProps, target: "presProps.xml"),
                Relationship(id: "rId\(after + 1)", type: .viewProps, target: "viewProps.xml"),
                Relationship(id: "rId\(after + 2)", type: .theme, target: "theme/theme1.xml"),
                Relationship(id: "rId\(after + 3)", type: .tableStyles, target: "tableStyles.xml"),
            ]
    }

    static let presentationProperties =
        XMLDeclaration.standalone + "<p:presentationPr \(Namespace.declarations)/>"

    /// Normal view, with the slide list and notes pane at PowerPoint's sizes.
    static let viewProperties =
        XMLDeclaration.standalone + "<p:viewPr \(Namespace.declarations)><p:normalViewPr>"
        + #"<p:restoredLeft sz="15620"/><p:restoredTop sz="94660"/></p:normalViewPr>"#
        + #"<p:gridSpacing cx="72008" cy="72008"/></p:viewPr>"#

    /// No table styles, Office's default one named as the default.
    static let tableStyles =
        XMLDeclaration.standalone
        + #"<a:tblStyleLst xmlns:a="\#(Namespace.drawing)" def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>"#

    /// The core properties: the title. No dates, so the same slides give
    /// the same file.
    static func coreProperties(title: String) -> String {
        XMLDeclaration.standalone
            + #"<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" "#
            + #"xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" "#
            + #"xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">"#
            + "<dc:title>\(xmlEscaped(title))</dc:title></cp:coreProperties>"
    }

    /// The extended properties: the counts PowerPoint shows under
    /// Properties.
    static func appProperties(slides: Int, notes: Int) -> String {
        XMLDeclaration.standalone
            + #"<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" "#
            + #"xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">"#
            + "<TotalTime>0</TotalTime><Application>treeanim</Application><Slides>\(slides)</Slides>"
            + "<Notes>\(notes)</Notes><HiddenSlides>0</HiddenSlides><MMClips>\(slides)</MMClips>"
            + "<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc>"
            + "<HyperlinksChanged>false</HyperlinksChanged></Properties>"
    }
}
