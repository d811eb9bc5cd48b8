/// DrawingML text: paragraphs, runs and the level styles of masters.
enum TextXML {
    /// `text` as one paragraph, its lines joined by line breaks: a title
    /// stays one paragraph however many lines it has.
    static func paragraph(_ text: String) -> String {
        "<a:p>" + lines(of: text).map(run).joined(separator: "<a:br/>") + "</a:p>"
    }

    /// `text` as one paragraph per line, empty lines kept: speaker notes.
    static func paragraphs(_ text: String) -> String {
        lines(of: text).map { $0.isEmpty ? "<a:p/>" : "<a:p>\(run($0))</a:p>" }.joined()
    }

    private static func run(_ text: Substring) -> String {
        "<a:r><a:t>\(xmlEscaped(String(text)))</a:t></a:r>"
    }

    /// Paragraph properties for outline levels 1…9 (`a:lvl1pPr`…), in the
    /// theme's `font` (`mj` major, `mn` minor), indented half an inch a
    /// level, at `sizes[level]` hundredths of a point (the last size for
    /// levels beyond).
    static func levels(sizes: [Int], font: String, bullets: Bool = false) -> String {
        (1...9).map { level in
            let size = sizes[min(level - 1, sizes.count - 1)]
            let indent = bullets ? #" marL="\#(228_600 + 457_200 * (level - 1))" indent="-228600""# :
                #" marL="\#(457_200 * (level - 1))""#
            let bullet = bullets ? #"<a:buFont typeface="Arial"/><a:buChar char="•"/>"# : ""
            return #"<a:lvl\#(level)pPr\#(indent) algn="l" defTabSz="914400" rtl="0" eaLnBrk="1" latinLnBrk="0" "#
                + #"hangingPunct="1">"# + bullet + runDefaults(size: size, font: font) + "</a:lvl\(level)pPr>"
        }.joined()
    }

    /// Default run properties: `size` hundredths of a point, the first text
    /// colour, the theme's `font` (`mj` or `mn`) for every script.
    static func runDefaults(size: Int, font: String) -> String {
        #"<a:defRPr sz="\#(size)" kern="1200"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>"#
            + #"<a:latin typeface="+\#(font)-lt"/><a:ea typeface="+\#(font)-ea"/><a:cs typeface="+\#(font)-cs"/>"#
            + "</a:defRPr>"
    }
}

/// The XML of pieces every shape tree shares.
enum ShapeXML {
    /// The group properties that open every shape tree.
    static let treeHead =
        #"<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm>"#
        + #"<a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/>"#
        + "</a:xfrm></p:grpSpPr>"

    /// A placement and a rectangle's geometry: a shape's `p:spPr`.
    static func properties(_ rect: EMURect) -> String {
        "<p:spPr>" + transform(rect) + #"<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>"#
    }

    static func transform(_ rect: EMURect) -> String {
        #"<a:xfrm><a:off x="\#(rect.x)" y="\#(rect.y)"/><a:ext cx="\#(rect.width)" cy="\#(rect.height)"/></a:xfrm>"#
    }

    /// A placeholder shape: `id` and `name` in the tree, `placeholder` the
    /// `p:ph` attributes, `properties` its `p:spPr` (empty to inherit the
    /// layout's or master's placement), `body` its `a:bodyPr` and
    /// `paragraphs` its text.
    static func placeholder(
        id: Int, name: String, placeholder: String, locks: String = #"noGrp="1""#, properties: String = "<p:spPr/>",
        body: String = "<a:bodyPr/>", paragraphs: String
    ) -> String {
        #"<p:sp><p:nvSpPr><p:cNvPr id="\#(id)" name="\#(xmlEscaped(name))"/>"#
            + #"<p:cNvSpPr><a:spLocks \#(locks)/></p:cNvSpPr>"#
            + #"<p:nvPr><p:ph \#(placeholder)/></p:nvPr></p:nvSpPr>"# + properties
            + "<p:txBody>\(body)<a:lstStyle/>\(paragraphs)</p:txBody></p:sp>"
    }

    /// The colour mapping of a master: the theme's colours under their usual
    /// names (background 1 is light 1, text 1 is dark 1…).
    static let colorMap =
        #"<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" "#
        + #"accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>"#

    /// A background of the first background colour: a master's `p:bg`.
    static let background = #"<p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>"#
}
