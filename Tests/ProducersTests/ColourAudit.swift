import Diagram
import Geometry
import Raster

/// What a colour check learns by playing a producer's script and looking at
/// every frame: which roles are shown together, which texts are drawn on
/// what, at what size. Colours are then read from the theme (the colour
/// each role settles in), so one playing serves every theme, and a palette
/// change is checked against the scenes the producers really make.
///
/// Why real scenes and not a list written by hand: which roles meet in one
/// frame (a pivot beside a compared pair, a back edge beside a lit one, a
/// ring on a found node) is the producers' business and changes with
/// them; a list written by hand would go stale in silence. An element
/// counts only at full opacity and in its role's own colour (so colours
/// half way through a tween, and colours a user gave, are not taken for a
/// role's).
struct ColourAudit {
    /// A thing drawn in one colour, as a check names it: `node fill pivot`,
    /// `edge accent`, `text caption`.
    struct Item: Hashable, Comparable, CustomStringConvertible {
        var kind: String
        var role: String
        var description: String { "\(kind) \(role)" }
        static func < (a: Item, b: Item) -> Bool { (a.kind, a.role) < (b.kind, b.role) }
    }

    /// Two items shown together, in order.
    struct Pair: Hashable {
        var a: Item
        var b: Item
        init(_ x: Item, _ y: Item) { (a, b) = x < y ? (x, y) : (y, x) }
    }

    /// A text and what it is drawn on: `ground` names the background item.
    struct Text: Hashable {
        var item: Item
        var ground: Item
        /// Its size in pixels of a 720p frame, rounded down to whole pixels.
        var size: Int
    }

    /// Node roles shown together (fills compared), bar roles, edge looks.
    var nodes = Set<Pair>()
    var bars = Set<Pair>()
    var edges = Set<Pair>()
    /// A ring and the node it sits on.
    var marks = Set<Pair>()
    /// What is drawn straight on the background.
    var onBackground = Set<Item>()
    var texts = Set<Text>()
    /// Frames looked at, and elements skipped as not (yet) in a role's colour.
    var frames = 0
    var skipped = 0
    /// Tinted nodes (a graph's groups) seen with no text attached to them.
    var tintsWithoutBadge = 0

    /// Plays `timeline` of a script with `palette` (in any theme: roles,
    /// not colours, are recorded).
    mutating func record(_ timeline: Timeline, palette: Palette) {
        let theme = timeline.settings.theme.bringing(palette)
        let catalogue = Catalogue(theme)
        for index in 0..<timeline.frameCount {
            frames += 1
            let scene = timeline.scene(at: index)
            let scale = 720 / Double(min(scene.width, scene.height))
            var shownNodes = [(NodeState, Item)]()
            for n in scene.nodes where n.opacity >= 0.999 && n.w > 0 {
                let style = theme.node(Role(n.role))
                guard same(n.fill, style.fill), same(n.stroke, style.stroke) else { skipped += 1; continue }
                let item = Item(kind: "node", role: n.role)
                shownNodes.append((n, item))
                if n.role.hasPrefix("tint"), !scene.texts.contains(where: { $0.node == n.id && $0.opacity > 0 }) {
                    tintsWithoutBadge += 1
                }
                onBackground.insert(item)
                if n.fontSize > 0, !n.label.trimmingCharacters(in: .whitespaces).isEmpty, same(n.labelColor, style.label) {
                    texts.insert(Text(item: Item(kind: "label", role: n.role), ground: item, size: Int(n.fontSize * scale)))
                }
            }
            for (i, a) in shownNodes.enumerated() {
                for b in shownNodes[(i + 1)...] where a.1 != b.1 { nodes.insert(Pair(a.1, b.1)) }
            }
            var shownBars = [(BarState, Item)]()
            for b in scene.bars where b.opacity >= 0.999 && b.w > 0 && b.h > 0 {
                guard same(b.fill, theme.bar(Role(b.role))) else { skipped += 1; continue }
                let item = Item(kind: "bar", role: b.role)
                shownBars.append((b, item))
                onBackground.insert(item)
            }
            for (i, a) in shownBars.enumerated() {
                for b in shownBars[(i + 1)...] where a.1 != b.1 { bars.insert(Pair(a.1, b.1)) }
            }
            var shownEdges = Set<Item>()
            for e in scene.edges where e.opacity >= 0.999 {
                guard let item = catalogue.edge(e.color) else { skipped += 1; continue }
                shownEdges.insert(item)
                onBackground.insert(item)
                if e.labelSize > 0, !e.label.isEmpty {
                    // Drawn on a halo of the background.
                    if let text = catalogue.text(e.labelColor) {
                        texts.insert(Text(item: text, ground: Catalogue.background, size: Int(e.labelSize * scale)))
                    } else {
                        skipped += 1
                    }
                }
            }
            let edgeList = shownEdges.sorted()
            for (i, a) in edgeList.enumerated() {
                for b in edgeList[(i + 1)...] { edges.insert(Pair(a, b)) }
            }
            for m in scene.marks where m.opacity >= 0.999 {
                guard let item = catalogue.mark(m.color) else { skipped += 1; continue }
                onBackground.insert(item)
                if let under = shownNodes.first(where: { abs($0.0.x - m.x) < 1 && abs($0.0.y - m.y) < 1 }) {
                    marks.insert(Pair(item, under.1))
                }
            }
            for t in scene.texts where t.opacity >= 0.999 && t.fontSize > 0 {
                guard !t.text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                guard let item = catalogue.text(t.color) else { skipped += 1; continue }
                let p = Point(t.x, t.y)
                // A bar's own words stand beside it, on the background;
                // another text is on a bar or a node when its anchor lies
                // in one, else on the background (or its halo, on a
                // transparent frame).
                let ground =
                    t.bar != nil ? Catalogue.background
                    : shownBars.last(where: { Rect(x: $0.0.x, y: $0.0.y, width: $0.0.w, height: $0.0.h).contains(p) })?.1
                    ?? shownNodes.last(where: { abs($0.0.x - t.x) < $0.0.w / 2 && abs($0.0.y - t.y) < $0.0.h / 2 })?.1
                    ?? Catalogue.background
                // Roles that share this theme's colour are told apart where
                // the text takes the role of the node it is on (a person's
                // years on their box): it is that role's text.
                let roles = item.role.split(separator: "=").map(String.init)
                let own = ground.kind == "node" && roles.count > 1 && roles.contains(ground.role)
                texts.insert(Text(item: own ? Item(kind: "text", role: ground.role) : item, ground: ground, size: Int(t.fontSize * scale)))
            }
            if scene.caption.map({ !$0.isEmpty }) == true {
                texts.insert(Text(item: Item(kind: "text", role: "caption"), ground: Catalogue.background, size: Int(scene.captionStyle.fontSize * scale)))
            }
            if let code = scene.code {
                let size = Int(code.fontSize * scale)
                for role in ["code text", "code muted"] {
                    texts.insert(Text(item: Item(kind: "text", role: role), ground: Item(kind: "panel", role: "code"), size: size))
                }
                if code.line != nil {
                    texts.insert(Text(item: Item(kind: "text", role: "code text"), ground: Item(kind: "panel", role: "code line"), size: size))
                }
            }
        }
    }

    /// Whether two colours are the same to 8 bits.
    func same(_ a: Color, _ b: Color) -> Bool { a.hexString == b.hexString && abs(a.alpha - b.alpha) < 0.01 }

    /// The colours a theme gives each role, and back from a colour to the
    /// role (roles that share a colour share a name, `back=cycle`).
    struct Catalogue {
        static let background = Item(kind: "background", role: "")
        let theme: Theme
        let edges: [String: Item]
        let marks: [String: Item]
        let texts: [String: Item]

        init(_ theme: Theme) {
            self.theme = theme
            func index(_ kind: String, _ pairs: [(String, Color)]) -> [String: Item] {
                var names = [String: [String]]()
                for (role, colour) in pairs { names[colour.hexString, default: []].append(role) }
                return names.mapValues { Item(kind: kind, role: Set($0).sorted().joined(separator: "=")) }
            }
            edges = index("edge", Self.edgeRoles(theme).map { ($0, theme.edge(Role($0))) })
            marks = index("mark", Self.markRoles(theme).map { ($0, theme.mark(Role($0))) })
            texts = index("text", Self.textRoles(theme).map { ($0, Self.color(ofText: $0, theme)) })
        }

        func edge(_ c: Color) -> Item? { edges[c.hexString] }
        func mark(_ c: Color) -> Item? { marks[c.hexString] }
        func text(_ c: Color) -> Item? { texts[c.hexString] }

        /// An edge is `normal`, lit (`accent`) or one of the theme's own roles.
        static func edgeRoles(_ theme: Theme) -> [String] { ["normal", "accent"] + theme.edgeRoles.keys.map(\.name) }
        /// A ring is the accent or a node role's outline.
        static func markRoles(_ theme: Theme) -> [String] { ["accent"] + theme.nodeRoles.keys.map(\.name) }
        /// Free texts: the label colour, the caption's, the accent, the
        /// theme's text roles.
        static func textRoles(_ theme: Theme) -> [String] { ["normal", "caption", "accent"] + theme.textRoles.keys.map(\.name) }

        static func color(ofText role: String, _ theme: Theme) -> Color {
            role == "caption" ? theme.caption : theme.text(Role(role))
        }
    }
}

extension ColourAudit.Catalogue {
    /// The colour of `item` in `theme`: what the checks compare. A node is
    /// named by its fill (and `outline` by its stroke), a label by its
    /// role's label colour.
    static func color(of item: ColourAudit.Item, in theme: Theme, transparent: Bool = false) -> Color {
        let first = String(item.role.split(separator: "=").first ?? "")
        switch item.kind {
        case "background": return theme.background
        case "node": return theme.node(Role(item.role)).fill
        case "outline": return theme.node(Role(item.role)).stroke
        case "label": return theme.node(Role(item.role)).label
        case "bar": return theme.bar(Role(item.role))
        case "edge": return theme.edge(Role(first))
        case "mark": return theme.mark(Role(first))
        case "panel":
            return item.role == "code" ? theme.codePanel.background : theme.codePanel.highlight
        default:
            switch item.role {
            case "code text": return theme.codePanel.text
            case "code muted": return theme.codePanel.muted
            default: return color(ofText: first, theme)
            }
        }
    }
}
