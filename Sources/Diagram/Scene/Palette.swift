import Raster

/// The colours a producer brings for roles of its own (a red-black tree's
/// `red` and `black`, a sort's `pivot`), in a light and a dark variant and,
/// optionally, a high-contrast one: the core's ``Theme`` knows only the
/// roles every animation shares, and a script carries the rest. A palette
/// without high-contrast colours lends its light ones to the high-contrast
/// theme.
///
///     let palette = Palette(
///         light: RoleColors(nodes: ["red": NodeStyle(fill: .red, stroke: .red, label: .white)]),
///         dark: RoleColors(nodes: ["red": NodeStyle(fill: .red, stroke: .white, label: .white)]))
///     var builder = ScriptBuilder(palette: palette)
public struct Palette: Sendable, Hashable {
    public var light: RoleColors
    public var dark: RoleColors
    /// The colours for ``Theme/highContrast``; `light`'s where nil.
    public var highContrast: RoleColors?

    public init(light: RoleColors = RoleColors(), dark: RoleColors = RoleColors(), highContrast: RoleColors? = nil) {
        self.light = light
        self.dark = dark
        self.highContrast = highContrast
    }
}

/// Colours by role for each kind of element, as ``Theme`` keeps them.
public struct RoleColors: Sendable, Hashable {
    public var nodes: [Role: NodeStyle]
    public var texts: [Role: Color]
    public var edges: [Role: Color]
    public var bars: [Role: Color]

    public init(
        nodes: [Role: NodeStyle] = [:], texts: [Role: Color] = [:], edges: [Role: Color] = [:], bars: [Role: Color] = [:]
    ) {
        self.nodes = nodes
        self.texts = texts
        self.edges = edges
        self.bars = bars
    }
}

extension Theme {
    /// Whether the background is dark: the theme a palette's dark colours
    /// are for.
    public var isDark: Bool {
        0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue < 0.5
    }

    /// This theme with `palette`'s roles for its variant added (the
    /// palette's colour where both name a role): the high-contrast colours
    /// for a high-contrast theme (else the light ones), the dark ones for a
    /// dark background, else the light ones.
    public func bringing(_ palette: Palette) -> Theme {
        let roles = isHighContrast ? palette.highContrast ?? palette.light : isDark ? palette.dark : palette.light
        var theme = self
        theme.nodeRoles.merge(roles.nodes) { _, b in b }
        theme.textRoles.merge(roles.texts) { _, b in b }
        theme.edgeRoles.merge(roles.edges) { _, b in b }
        theme.barRoles.merge(roles.bars) { _, b in b }
        return theme
    }
}
