import Diagram
import Raster

// The roles producers name beyond the core's shared ones, and the colours
// each brings for them in its script (see `Palette`).

extension Role {
    /// In its final place: a key a sort has put where it belongs.
    static let sorted: Role = "sorted"
    /// Red and black nodes of a red-black tree.
    static let red: Role = "red"
    static let black: Role = "black"
    /// People in a family chart, by gender (one without a gender is
    /// `normal`).
    static let male: Role = "male"
    static let female: Role = "female"
    static let other: Role = "other"
    /// The pair a sort is comparing.
    static let compare: Role = "compare"
    /// The value a partition is split around (quick sort).
    static let pivot: Role = "pivot"
    /// The regions of a part being partitioned (quick sort): items on the
    /// pivot's low side (≤), its high side (> for Lomuto's partition, ≥
    /// for Hoare's), and those not yet looked at.
    static let regionLow: Role = "region-le"
    static let regionHigh: Role = "region-gt"
    static let regionHighOrEqual: Role = "region-ge"
    static let regionUnseen: Role = "region-unseen"
    /// A chart's grid lines and its zero line.
    static let grid: Role = "grid"
    static let axis: Role = "axis"
}

extension Palette {
    /// A red-black tree's nodes (and the black empty places of a deletion).
    static let redBlack = Palette(
        light: RoleColors(nodes: [
            .red: NodeStyle(fill: Color(hex: 0xC92A2A), stroke: Color(hex: 0xA51111), label: .white),
            .black: NodeStyle(fill: Color(hex: 0x212529), stroke: Color(hex: 0x000000), label: .white),
        ]),
        dark: RoleColors(nodes: [
            .red: NodeStyle(fill: Color(hex: 0xA51111), stroke: Color(hex: 0xFF8787), label: .white),
            .black: NodeStyle(fill: Color(hex: 0x000000), stroke: Color(hex: 0xCED4DA), label: .white),
        ]),
        highContrast: RoleColors(nodes: [
            .red: NodeStyle(fill: Color(hex: 0x8A0000), stroke: .black, label: .white),
            .black: NodeStyle(fill: .black, stroke: .black, label: .white),
        ]))

    /// People in a family chart, by gender.
    static let family = Palette(
        light: RoleColors(nodes: [
            .male: NodeStyle(fill: Color(hex: 0xD0EBFF), stroke: Color(hex: 0x1864AB), label: Color(hex: 0x212529)),
            .female: NodeStyle(fill: Color(hex: 0xFAA2C1), stroke: Color(hex: 0xA61E4D), label: Color(hex: 0x212529)),
            .other: NodeStyle(fill: Color(hex: 0xE5DBFF), stroke: Color(hex: 0x5F3DC4), label: Color(hex: 0x212529)),
        ], texts: years(Color(hex: 0x212529), Color(hex: 0x212529), Color(hex: 0x212529))),
        dark: RoleColors(nodes: [
            .male: NodeStyle(fill: Color(hex: 0x1C4A75), stroke: Color(hex: 0x74C0FC), label: Color(hex: 0xF8F9FA)),
            .female: NodeStyle(fill: Color(hex: 0x4A1E33), stroke: Color(hex: 0xF783AC), label: Color(hex: 0xF8F9FA)),
            .other: NodeStyle(fill: Color(hex: 0x2E2550), stroke: Color(hex: 0xB197FC), label: Color(hex: 0xF8F9FA)),
        ], texts: years(Color(hex: 0xF8F9FA), Color(hex: 0xF8F9FA), Color(hex: 0xF8F9FA))),
        highContrast: RoleColors(nodes: [
            .male: NodeStyle(fill: Color(hex: 0x15AABF), stroke: .black, label: .black),
            .female: NodeStyle(fill: Color(hex: 0xA61E4D), stroke: .black, label: .white),
            .other: NodeStyle(fill: Color(hex: 0xFFD43B), stroke: .black, label: .black),
        ], texts: years(.black, .white, .black)))

    /// A person's years, drawn on their box under the name, in the colour
    /// of the name: by the person's role (male, female, other).
    static func years(_ male: Color, _ female: Color, _ other: Color) -> [Role: Color] {
        [.male: male, .female: female, .other: other]
    }

    /// Sorting, in an array or a heap: the pair compared, the pivot, and
    /// keys in their final place.
    /// A partition's regions are pale tints behind the bars, named by a
    /// legend: in the light and dark themes 10 apart (CIEDE2000, under
    /// every simulated colour vision) from each other, the background and
    /// every bar role beside them; the high-contrast theme keeps the
    /// light ones (see the colour checks).
    static let sorting = Palette(
        light: RoleColors(
            nodes: [.sorted: NodeStyle(fill: Color(hex: 0x2F9E44), stroke: Color(hex: 0x2B8A3E), label: Color(hex: 0x212529))],
            bars: [.compare: Color(hex: 0xF59F00), .pivot: Color(hex: 0x862E9C), .sorted: Color(hex: 0x20C997)].merging(lightRegions) { a, _ in a }),
        dark: RoleColors(
            nodes: [.sorted: NodeStyle(fill: Color(hex: 0x087F5B), stroke: Color(hex: 0x69DB7C), label: Color(hex: 0xF8F9FA))],
            bars: [
                .compare: Color(hex: 0xE8590C), .pivot: Color(hex: 0x6741D9), .sorted: Color(hex: 0x099268),
                .regionLow: Color(hex: 0x2E3F84), .regionHigh: Color(hex: 0x5D2B19), .regionHighOrEqual: Color(hex: 0x5D2B19),
                .regionUnseen: Color(hex: 0x382240),
            ]),
        highContrast: RoleColors(
            nodes: [.sorted: NodeStyle(fill: Color(hex: 0x003D1F), stroke: .black, label: .white)],
            bars: [.compare: Color(hex: 0xFFD43B), .pivot: Color(hex: 0x6741D9), .sorted: Color(hex: 0x1B5E20)].merging(lightRegions) { a, _ in a }))

    /// The regions' tints on a light background.
    private static let lightRegions: [Role: Color] = [
        .regionLow: Color(hex: 0xDBE4FF), .regionHigh: Color(hex: 0xFFC9C9), .regionHighOrEqual: Color(hex: 0xFFC9C9),
        .regionUnseen: Color(hex: 0xFFEC99),
    ]

    /// A chart's grid and zero line.
    static let chart = Palette(
        light: RoleColors(bars: [.grid: Color(hex: 0xE9ECEF), .axis: Color(hex: 0x868E96)]),
        dark: RoleColors(bars: [.grid: Color(hex: 0x2C2E33), .axis: Color(hex: 0x5C5F66)]),
        highContrast: RoleColors(bars: [.grid: Color(hex: 0xCED4DA), .axis: .black]))
}
