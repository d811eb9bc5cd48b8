import Raster

/// The colours and line widths of an animation, by role: slide-ready light
/// by default, a dark variant for dark decks, and a high-contrast one
/// (black on white, strong colours, thicker lines).
///
/// Widths are in layout units, so lines keep their proportion to the nodes
/// as the camera zooms, with a floor in pixels so they never vanish.
public struct Theme: Sendable, Hashable {
    public var background: Color
    public var nodeFill: Color
    public var nodeStroke: Color
    public var label: Color
    public var edge: Color
    /// The highlight ring, lit edges and the new key's outline.
    public var accent: Color
    public var caption: Color
    /// Colours of node roles other than `normal`; a role not listed here is
    /// drawn as `normal`.
    public var nodeRoles: [Role: NodeStyle]
    /// Colours of text roles other than `normal` (which is `label`).
    public var textRoles: [Role: Color]
    /// Colours of edge roles other than `normal` (which is `edge`) and the
    /// lit ones (``isLit(_:)``, which are `accent`).
    public var edgeRoles: [Role: Color]
    /// Fills of bars by role: stronger than node fills, as a bar has no
    /// outline and must read as a solid against the background.
    public var barRoles: [Role: Color]
    public var widths: LineWidths
    /// Whether this is a high-contrast theme: producers' palettes bring
    /// their high-contrast colours to it.
    public var isHighContrast: Bool

    public init(
        background: Color, nodeFill: Color, nodeStroke: Color, label: Color, edge: Color,
        accent: Color, caption: Color, nodeRoles: [Role: NodeStyle] = [:], textRoles: [Role: Color] = [:],
        edgeRoles: [Role: Color] = [:], barRoles: [Role: Color] = [:], widths: LineWidths = .standard,
        highContrast: Bool = false
    ) {
        self.background = background
        self.nodeFill = nodeFill
        self.nodeStroke = nodeStroke
        self.label = label
        self.edge = edge
        self.accent = accent
        self.caption = caption
        self.nodeRoles = nodeRoles
        self.textRoles = textRoles
        self.edgeRoles = edgeRoles
        self.barRoles = barRoles
        self.widths = widths
        self.isHighContrast = highContrast
    }

    /// The colours of a node of `role`.
    public func node(_ role: Role) -> NodeStyle {
        nodeRoles[role] ?? NodeStyle(fill: nodeFill, stroke: nodeStroke, label: label)
    }

    /// Whether an edge of `role` is lit: on the path being walked. Lit
    /// edges are drawn in the accent colour and wider.
    public static func isLit(_ role: Role) -> Bool { role == .accent || role == .visited }

    /// The colour of an edge of `role`.
    public func edge(_ role: Role) -> Color {
        Self.isLit(role) ? accent : edgeRoles[role] ?? edge
    }

    /// The colour of a ring of `role`.
    public func mark(_ role: Role) -> Color {
        role == .accent ? accent : nodeRoles[role]?.stroke ?? accent
    }

    /// The colour of a text of `role`: the theme's own for the role (a
    /// text in the accent may have a shade that reads better as text),
    /// else the accent for `accent`, else the label colour.
    public func text(_ role: Role) -> Color {
        textRoles[role] ?? (role == .accent ? accent : label)
    }

    /// The fill of a bar of `role`: its own bar colour, else the accent
    /// for `accent`, else the role's node fill, else the normal bar's.
    public func bar(_ role: Role) -> Color {
        if let c = barRoles[role] { return c }
        if role == .accent { return accent }
        return nodeRoles[role]?.fill ?? barRoles[.normal] ?? edge
    }

    public static let light = Theme(
        background: .white, nodeFill: Color(hex: 0xC5D8F1), nodeStroke: Color(hex: 0x212529),
        label: Color(hex: 0x212529), edge: Color(hex: 0x495057), accent: Color(hex: 0xE8590C),
        caption: Color(hex: 0x343A40),
        nodeRoles: [
            .new: NodeStyle(fill: Color(hex: 0xC5D8F1), stroke: Color(hex: 0xE8590C), label: Color(hex: 0x212529)),
            .visited: NodeStyle(fill: Color(hex: 0xFFE8CC), stroke: Color(hex: 0x212529), label: Color(hex: 0x212529)),
            .found: NodeStyle(fill: Color(hex: 0xFFC078), stroke: Color(hex: 0xE8590C), label: Color(hex: 0x212529)),
            // Filled with the background: hollow to the eye, and an edge
            // to it (drawn first) stops at its outline.
            .ghost: NodeStyle(fill: .white, stroke: Color(hex: 0x868E96), label: Color(hex: 0x868E96)),
        ],
        // Text in the accent is a shade darker than rings and lit edges,
        // so that it reads on white (WCAG AA).
        textRoles: [.muted: Color(hex: 0x555C63), .accent: Color(hex: 0xC2410C)],
        edgeRoles: [.ghost: Color(hex: 0xADB5BD)],
        barRoles: [
            .normal: Color(hex: 0x4C8DDB), .new: Color(hex: 0xE8590C), .muted: Color(hex: 0xADB5BD),
            .accent: Color(hex: 0xE8590C),
        ])

    /// Black on white with strong, saturated role colours and thicker
    /// lines: text at WCAG AAA (7:1) on what it is drawn on, and roles shown
    /// together a CIEDE2000 ΔE of 20 apart to normal vision and under
    /// simulated protanopia, deuteranopia and tritanopia (see the colour
    /// checks in the tests).
    public static let highContrast = Theme(
        background: .white, nodeFill: Color(hex: 0x74C0FC), nodeStroke: .black,
        label: .black, edge: .black, accent: Color(hex: 0x5F3DC4),
        caption: .black,
        nodeRoles: [
            .new: NodeStyle(fill: Color(hex: 0x74C0FC), stroke: Color(hex: 0x5F3DC4), label: .black),
            .visited: NodeStyle(fill: Color(hex: 0xFFD43B), stroke: .black, label: .black),
            .found: NodeStyle(fill: Color(hex: 0xF06595), stroke: Color(hex: 0x5F3DC4), label: .black),
            // The outline light enough to stand apart from a new key's, the
            // label dark enough to read (AAA).
            .ghost: NodeStyle(fill: .white, stroke: Color(hex: 0x999999), label: Color(hex: 0x555555)),
        ],
        textRoles: [.muted: Color(hex: 0x222222)],
        edgeRoles: [.ghost: Color(hex: 0x868E96)],
        barRoles: [
            .normal: Color(hex: 0x74C0FC), .new: Color(hex: 0x3B0A6B), .muted: Color(hex: 0x868E96),
            .accent: Color(hex: 0x3B0A6B),
        ],
        widths: .thick, highContrast: true)

    public static let dark = Theme(
        background: Color(hex: 0x1A1B1E), nodeFill: Color(hex: 0x34465E), nodeStroke: Color(hex: 0xE9ECEF),
        label: Color(hex: 0xF8F9FA), edge: Color(hex: 0xADB5BD), accent: Color(hex: 0xFF922B),
        caption: Color(hex: 0xDEE2E6),
        nodeRoles: [
            .new: NodeStyle(fill: Color(hex: 0x34465E), stroke: Color(hex: 0xFF922B), label: Color(hex: 0xF8F9FA)),
            .visited: NodeStyle(fill: Color(hex: 0x3D2F22), stroke: Color(hex: 0xE9ECEF), label: Color(hex: 0xF8F9FA)),
            .found: NodeStyle(fill: Color(hex: 0xB35C00), stroke: Color(hex: 0xFF922B), label: .white),
            .ghost: NodeStyle(fill: Color(hex: 0x1A1B1E), stroke: Color(hex: 0x7C7F85), label: Color(hex: 0x7C7F85)),
        ],
        textRoles: [.muted: Color(hex: 0xB0B2B6)],
        edgeRoles: [.ghost: Color(hex: 0x5C5F66)],
        barRoles: [
            // Deep enough for the light words on them (WCAG AA, large).
            .normal: Color(hex: 0x228BE6), .new: Color(hex: 0xC92A2A), .muted: Color(hex: 0x495057),
            .accent: Color(hex: 0xC92A2A),
        ])
}

/// The colours of the code panel (`--code`), as a theme gives them.
public struct CodePanelColors: Sendable, Hashable {
    /// The panel: a tint of the caption's colour over the background.
    public var background: Color
    /// The listing and the running line's number.
    public var text: Color
    /// The other line numbers.
    public var muted: Color
    /// The running line's band: a tint of the accent.
    public var highlight: Color
}

extension Theme {
    /// The code panel's colours in this theme.
    public var codePanel: CodePanelColors {
        CodePanelColors(
            background: background.mixed(with: caption, 0.06), text: caption, muted: text(.muted),
            highlight: background.mixed(with: accent, isDark ? 0.3 : 0.2))
    }
}

/// The fill, outline and label colours of a node.
public struct NodeStyle: Sendable, Hashable {
    public var fill: Color
    public var stroke: Color
    public var label: Color

    public init(fill: Color, stroke: Color, label: Color) {
        self.fill = fill
        self.stroke = stroke
        self.label = label
    }
}

/// Line widths in layout units, each with a floor as a fraction of the
/// frame's shorter side, so lines stay projector-proof however far the
/// camera zooms out (0.0035 is 2.5 px on a 720p frame).
public struct LineWidths: Sendable, Hashable {
    public var nodeOutline: Double
    public var edge: Double
    /// Multiplies the width of a lit edge.
    public var litEdgeScale: Double
    public var ring: Double
    public var minimumOutline: Double
    public var minimumEdge: Double
    public var minimumRing: Double

    public init(
        nodeOutline: Double, edge: Double, litEdgeScale: Double, ring: Double, minimumOutline: Double,
        minimumEdge: Double, minimumRing: Double
    ) {
        self.nodeOutline = nodeOutline
        self.edge = edge
        self.litEdgeScale = litEdgeScale
        self.ring = ring
        self.minimumOutline = minimumOutline
        self.minimumEdge = minimumEdge
        self.minimumRing = minimumRing
    }

    /// Outlines and edges a tenth of a 0.34-unit node radius, rings a
    /// seventh, and never under 2.5 px (rings 3.6 px) on a 720p frame.
    public static let standard = LineWidths(
        nodeOutline: 0.034, edge: 0.034, litEdgeScale: 1.5, ring: 0.05, minimumOutline: 0.0035, minimumEdge: 0.0035,
        minimumRing: 0.005)

    /// The high-contrast theme's: half as wide again, never under 3.6 px
    /// (rings 5 px) on a 720p frame.
    public static let thick = LineWidths(
        nodeOutline: 0.05, edge: 0.05, litEdgeScale: 1.5, ring: 0.075, minimumOutline: 0.005, minimumEdge: 0.005,
        minimumRing: 0.007)
}
