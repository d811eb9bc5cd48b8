/// PowerPoint's sections (2010 and later): named runs of consecutive
/// slides, which the slide list shows as collapsible groups. Written in the
/// presentation's extension list, which readers without sections skip.
enum SectionXML {
    /// A section: its name and the slides it holds, counted from 0.
    struct Section: Equatable {
        var name: String
        var slides: Range<Int>
    }

    /// The extension's URI, as PowerPoint writes it.
    static let extensionURI = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"

    /// The sections of slides named by `names` (a slide's section, in
    /// order): none when no slide has a name. Consecutive slides of one
    /// name make one section; slides without a name before the first named
    /// one make a section named `title` (or "Default Section", PowerPoint's
    /// name, for a blank title), and one after a named slide stays in that
    /// slide's section, since every slide of a deck with sections is in one.
    ///
    ///     sections(of: [nil, "Heaps", "Heaps", nil, "Tries"], title: "Trees")
    ///     // Trees: 0..<1, Heaps: 1..<4, Tries: 4..<5
    static func sections(of names: [String?], title: String) -> [Section] {
        guard names.contains(where: { $0 != nil }) else { return [] }
        let untitled = title.allSatisfy(\.isWhitespace) ? "Default Section" : title
        var sections = [Section]()
        for (index, name) in names.enumerated() {
            if let last = sections.last, name == nil || name == last.name {
                sections[sections.count - 1].slides = last.slides.lowerBound..<index + 1
            } else {
                sections.append(Section(name: name ?? untitled, slides: index..<index + 1))
            }
        }
        return sections
    }

    /// The presentation's `p:extLst` holding `sections`, each slide by its
    /// id in the slide list (`firstSlideID` for the first); empty for no
    /// sections.
    static func extensionList(_ sections: [Section], firstSlideID: Int) -> String {
        guard !sections.isEmpty else { return "" }
        let list = sections.enumerated().map { index, section in
            let slides = section.slides.map { #"<p14:sldId id="\#(firstSlideID + $0)"/>"# }.joined()
            return #"<p14:section name="\#(xmlEscaped(section.name))" id="\#(guid(index))">"#
                + "<p14:sldIdLst>\(slides)</p14:sldIdLst></p14:section>"
        }
        return #"<p:extLst><p:ext uri="\#(extensionURI)">"#
            + #"<p14:sectionLst xmlns:p14="\#(Namespace.powerPoint2010)">\#(list.joined())</p14:sectionLst>"#
            + "</p:ext></p:extLst>"
    }

    /// Section `index`'s identifier: a GUID made from the index alone, so
    /// the same slides give the same file (PowerPoint asks only that a
    /// deck's section ids differ).
    static func guid(_ index: Int) -> String {
        let hex = String(UInt64(index + 1), radix: 16, uppercase: true)
        return "{5EC7104A-7C1D-4E5A-9D0C-\(String(repeating: "0", count: max(0, 12 - hex.count)) + hex)}"
    }
}
