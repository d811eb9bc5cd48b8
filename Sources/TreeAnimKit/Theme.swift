import Raster

/// The colours and stroke widths of an animation: slide-ready light by
/// default, a dark variant for dark decks.
public struct Theme: Sendable, Hashable {
    public var background: Color
    public var nodeFill: Color
    public var nodeStroke: Color
    public var label: Color
    public var edge: Color
    /// The highlight ring and the search path.
    public var accent: Color
    public var caption: Color

    public init(
        background: Color, nodeFill: Color, nodeStroke: Color, label: Color, edge: Color,
        accent: Color, caption: Color
    ) {
        self.background = background
        self.nodeFill = nodeFill
        self.nodeStroke = nodeStroke
        self.label = label
        self.edge = edge
        self.accent = accent
        self.caption = caption
    }

    public static let light = Theme(
        background: .white, nodeFill: Color(hex: 0xF1F3F5), nodeStroke: Color(hex: 0x212529),
        label: Color(hex: 0x212529), edge: Color(hex: 0x495057), accent: Color(hex: 0xE8590C),
        caption: Color(hex: 0x343A40))

    public static let dark = Theme(
        background: Color(hex: 0x1A1B1E), nodeFill: Color(hex: 0x2C2E33), nodeStroke: Color(hex: 0xE9ECEF),
        label: Color(hex: 0xF8F9FA), edge: Color(hex: 0xADB5BD), accent: Color(hex: 0xFF922B),
        caption: Color(hex: 0xDEE2E6))
}
