/// The deck's theme: Office's colours and fonts, and the plainest format
/// scheme the schema allows (three of each style list, which PowerPoint
/// needs to open a theme without repair). The slide master and the notes
/// master each have a copy, as PowerPoint writes them.
enum ThemeXML {
    static let xml = XMLDeclaration.standalone
        + #"<a:theme xmlns:a="\#(Namespace.drawing)" name="Office Theme"><a:themeElements>"#
        + colors + fonts + formats
        + "</a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>"

    private static let colors =
        #"<a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1>"#
        + #"<a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>"#
        + [
            ("dk2", "44546A"), ("lt2", "E7E6E6"), ("accent1", "4472C4"), ("accent2", "ED7D31"),
            ("accent3", "A5A5A5"), ("accent4", "FFC000"), ("accent5", "5B9BD5"), ("accent6", "70AD47"),
            ("hlink", "0563C1"), ("folHlink", "954F72"),
        ].map { #"<a:\#($0.0)><a:srgbClr val="\#($0.1)"/></a:\#($0.0)>"# }.joined()
        + "</a:clrScheme>"

    private static let fonts =
        #"<a:fontScheme name="Office">"#
        + #"<a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>"#
        + #"<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont>"#
        + "</a:fontScheme>"

    private static let solid = #"<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>"#

    private static let formats =
        #"<a:fmtScheme name="Office">"#
        + "<a:fillStyleLst>" + String(repeating: solid, count: 3) + "</a:fillStyleLst>"
        + "<a:lnStyleLst>"
        + [6350, 12700, 19050].map {
            #"<a:ln w="\#($0)" cap="flat" cmpd="sng" algn="ctr">\#(solid)"#
                + #"<a:prstDash val="solid"/><a:miter lim="800000"/></a:ln>"#
        }.joined()
        + "</a:lnStyleLst>"
        + "<a:effectStyleLst>" + String(repeating: "<a:effectStyle><a:effectLst/></a:effectStyle>", count: 3)
        + "</a:effectStyleLst>"
        + "<a:bgFillStyleLst>" + String(repeating: solid, count: 3) + "</a:bgFillStyleLst>"
        + "</a:fmtScheme>"
}
