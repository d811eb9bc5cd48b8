import Diagram
import Raster

extension Role {
    /// A graph's node that has been found and waits its turn (in a queue,
    /// a priority queue, on a stack).
    static let frontier: Role = "frontier"
    /// A graph's node that is finished with: expanded, settled, output.
    static let done: Role = "done"
    /// Edges an algorithm classifies: a depth-first search's back,
    /// forward and cross edges, and a cycle found.
    static let back: Role = "back"
    static let forward: Role = "forward"
    static let cross: Role = "cross"
    static let cycle: Role = "cycle"
    /// An edge that may yet join a spanning tree: the lightest known to a
    /// waiting node.
    static let candidate: Role = "candidate"
    /// A badge's words: the value an algorithm keeps for a node, in a
    /// colour of their own so they do not read as an edge's weight.
    static let badge: Role = "badge"

    /// The `i`th of eight tints that tell groups apart: a search's levels,
    /// components.
    static func tint(_ i: Int) -> Role { Role("tint\(i % Palette.tintCount)") }
}

extension Palette {
    static let tintCount = 8

    /// A graph's states and groups: light fills with dark outlines in the
    /// light theme, dark fills with light outlines in the dark one.
    static let graph: Palette = {
        let lightTints: [(UInt32, UInt32)] = [
            (0xFFC9C9, 0xC92A2A), (0xB2F2BB, 0x2B8A3E), (0xA5D8FF, 0x1864AB), (0xFFEC99, 0xE67700),
            (0xD0BFFF, 0x5F3DC4), (0x99E9F2, 0x0B7285), (0xFFD8A8, 0xD9480F), (0xEEBEFA, 0x862E9C),
        ]
        let darkTints: [(UInt32, UInt32)] = [
            (0x5C2B2B, 0xFF8787), (0x1F3D27, 0x69DB7C), (0x1B3A57, 0x74C0FC), (0x4D3F12, 0xFFD43B),
            (0x362A5C, 0xB197FC), (0x0F3D44, 0x66D9E8), (0x5A3214, 0xFFA94D), (0x4A2452, 0xE599F7),
        ]
        var light: [Role: NodeStyle] = [
            .frontier: NodeStyle(fill: Color(hex: 0xFFF3BF), stroke: Color(hex: 0xE67700), label: Color(hex: 0x212529)),
            .done: NodeStyle(fill: Color(hex: 0xF1F3F5), stroke: Color(hex: 0x495057), label: Color(hex: 0x212529)),
        ]
        var dark: [Role: NodeStyle] = [
            .frontier: NodeStyle(fill: Color(hex: 0x4D3F12), stroke: Color(hex: 0xFFD43B), label: Color(hex: 0xF8F9FA)),
            .done: NodeStyle(fill: Color(hex: 0x2C2E33), stroke: Color(hex: 0xADB5BD), label: Color(hex: 0xF8F9FA)),
        ]
        var high: [Role: NodeStyle] = [
            .frontier: NodeStyle(fill: Color(hex: 0xFAB005), stroke: .black, label: .black),
            .done: NodeStyle(fill: Color(hex: 0xF8F9FA), stroke: .black, label: .black),
        ]
        for i in 0..<tintCount {
            high[.tint(i)] = NodeStyle(fill: Color(hex: lightTints[i].0), stroke: .black, label: .black)
            light[.tint(i)] = NodeStyle(fill: Color(hex: lightTints[i].0), stroke: Color(hex: lightTints[i].1), label: Color(hex: 0x212529))
            dark[.tint(i)] = NodeStyle(fill: Color(hex: darkTints[i].0), stroke: Color(hex: darkTints[i].1), label: Color(hex: 0xF8F9FA))
        }
        return Palette(
            light: RoleColors(
                nodes: light, texts: [.badge: Color(hex: 0x1864AB)],
                edges: [.back: Color(hex: 0xC92A2A), .forward: Color(hex: 0x9C36B5), .cross: Color(hex: 0x0C8599), .cycle: Color(hex: 0xC92A2A), .candidate: Color(hex: 0xF59F00)]),
            dark: RoleColors(
                nodes: dark, texts: [.badge: Color(hex: 0x74C0FC)],
                edges: [.back: Color(hex: 0xFA5252), .forward: Color(hex: 0xDA77F2), .cross: Color(hex: 0x1098AD), .cycle: Color(hex: 0xFA5252), .candidate: Color(hex: 0xFFE066)]),
            highContrast: RoleColors(
                nodes: high, texts: [.badge: Color(hex: 0x0B3D91)],
                edges: [.back: Color(hex: 0x8A0000), .forward: Color(hex: 0xF06595), .cross: Color(hex: 0x40C057), .cycle: Color(hex: 0x8A0000), .candidate: Color(hex: 0xE8590C)]))
    }()
}
