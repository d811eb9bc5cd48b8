/// The XML namespaces of PresentationML parts.
enum Namespace {
    static let drawing = "http://schemas.openxmlformats.org/drawingml/2006/main"
    static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let presentation = "http://schemas.openxmlformats.org/presentationml/2006/main"
    /// PowerPoint 2010's extensions, such as embedded media.
    static let powerPoint2010 = "http://schemas.microsoft.com/office/powerpoint/2010/main"

    /// The declarations of `a:`, `r:` and `p:` that open every slide, layout,
    /// master and presentation part, in PowerPoint's order.
    static let declarations = #"xmlns:a="\#(drawing)" xmlns:r="\#(relationships)" xmlns:p="\#(presentation)""#
}
