import Diagram
import FamilyFiles
import Foundation
import GraphFiles
import Producers
import Raster
import Testing
import TestSupport
import TreeFiles
import Trees

/// The colour promise of issue 37, checked over every producer's real
/// scenes in every theme:
///
/// - every two roles shown together (node fills, bars, edges, a ring and
///   the node under it, anything and the background) stay apart by a
///   CIEDE2000 ΔE of at least 10 (20 in the high-contrast theme) to normal
///   vision and under Machado et al.'s simulation of protanopia,
///   deuteranopia and tritanopia;
/// - every text meets WCAG 2.x AA on what it is drawn on (4.5:1, 3:1 from
///   24 px at 720p), AAA (7:1) in the high-contrast theme.
///
/// Which roles meet is learnt by playing each producer (``ColourAudit``);
/// the colours are each theme's. A transparent frame draws every free text
/// on a halo of the theme's background (checked below), so over white and
/// over black alike a text is read against the theme's background.
@Suite(.tags(.sweep)) struct ColourCheckTests {
    /// A producer's script as the checks play it, small and slow so that a
    /// frame is a moment.
    struct Producer: Sendable {
        var name: String
        var scripts: @Sendable () throws -> [Script]
    }

    static let settings = FrameSettings(width: 480, height: 270, fps: 4)
    static var stage: Stage { Stage(settings) }
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func bst(_ ops: String, _ configure: (inout BSTOptions) -> Void = { _ in }) throws -> Script {
        var o = BSTOptions()
        o.stage = stage
        configure(&o)
        return try BSTAnimation(program: BSTOperation.parse(ops), options: o, labels: BSTBoard.labels).script
    }

    static func linear() -> LinearOptions {
        var o = LinearOptions()
        o.stage = stage
        return o
    }

    static func graph(_ dot: String, _ runs: [GraphRun]) throws -> Script {
        var o = GraphOptions()
        o.stage = stage
        let g = try GraphFile.load(Array(dot.utf8), name: "g").graph
        return try GraphAnimation(graph: g, runs: runs, options: o, labels: BSTBoard.labels).script
    }

    static let lecture = "insert 50 30 70 20 40 60 80 35; search 35; search 65; min; max; delete 20; delete 30; delete 50; inorder; preorder"

    /// Every producer, each with runs that bring out all its roles.
    static let producers: [Producer] = [
        Producer(name: "bst") { [try bst(lecture), try bst("insert 50 30 70 40; insert 45") { $0.code = true }] },
        Producer(name: "avl") { [try bst("insert 30 20 10 40 50 25 60 5 7; delete 60; search 25") { $0.balancing = .avl }] },
        Producer(name: "rb") {
            [try bst("insert 10 20 30 15 25 5 1 8; delete 20; delete 10; search 8") { $0.balancing = .redBlack },
             try bst("insert 10 20 30 15; delete 30") { $0.balancing = .redBlack; $0.showNil = true }]
        },
        Producer(name: "heap") {
            var o = HeapOptions()
            o.stage = stage
            return [try HeapAnimation(program: HeapOperation.parse("heapify 9 4 7 1 8; insert 3; extract; heapsort"), options: o, labels: BSTBoard.labels).script]
        },
        Producer(name: "list") {
            [try ListAnimation(program: ListOperation.parse("append 3 5 8; insert-at 2 4; search 8; delete 5; reverse"), options: linear(), labels: BSTBoard.labels).script]
        },
        Producer(name: "stack") {
            [try StackAnimation(program: StackOperation.parse("push 3 5; pop; peek; postfix 3 4 + 2 *; brackets (a[b]{c})"), options: linear(), labels: BSTBoard.labels).script]
        },
        Producer(name: "queue") {
            var o = linear()
            o.capacity = 4
            return [try QueueAnimation(program: QueueOperation.parse("enqueue 1 2 3; dequeue; peek; enqueue 4 5"), options: o, labels: BSTBoard.labels).script]
        },
        Producer(name: "hash") {
            var probing = HashOptions()
            probing.stage = stage
            probing.probing = .quadratic
            var chaining = HashOptions()
            chaining.stage = stage
            chaining.size = 7
            return [
                try HashAnimation(program: HashOperation.parse("insert 20 42 9 31; delete 42; search 31; insert 53"), options: probing, labels: BSTBoard.labels).script,
                try HashAnimation(program: HashOperation.parse("insert 10 22 31 4 15 8; search 4; delete 22"), options: chaining, labels: BSTBoard.labels).script,
            ]
        },
        Producer(name: "btree") {
            var o = BTreeOptions()
            o.stage = stage
            var plus = o
            plus.plus = true
            return [
                try BTreeAnimation(program: BTreeOperation.parse("insert 10 20 30 40 50 60 70 35; search 35; delete 10; delete 70"), options: o, labels: BSTBoard.labels).script,
                try BTreeAnimation(program: BTreeOperation.parse("insert 10 20 30 40 50; search 40; delete 20"), options: plus, labels: BSTBoard.labels).script,
            ]
        },
        Producer(name: "trie") {
            var o = TrieOptions()
            o.stage = stage
            var radix = o
            radix.compressed = true
            return [
                try TrieAnimation(program: TrieOperation.parse("insert tea ten to inn; prefix te; search ten; search tex; delete to"), options: o, labels: BSTBoard.labels).script,
                try TrieAnimation(program: TrieOperation.parse("insert team toast; insert tea; search tea"), options: radix, labels: BSTBoard.labels).script,
            ]
        },
        Producer(name: "tree") {
            var o = TreeOptions()
            o.stage = stage
            let versions = try TreeFile.read(path: "\(root)/Tests/TreeFilesTests/Fixtures/family.txt")
            return [TreeAnimation(versions: versions.map(TreeFile.items), options: o, labels: BSTBoard.labels).script]
        },
        Producer(name: "family") {
            var o = FamilyOptions()
            o.stage = stage
            var walk = o
            walk.reveal = .none
            walk.lineage = ("zyn", "sy")
            return [
                FamilyAnimation(versions: try FamilyFile.read(path: "\(root)/docs/examples/family.json"), options: o, labels: BSTBoard.labels).script,
                FamilyAnimation(versions: try FamilyFile.read(path: "\(root)/docs/examples/family.yaml"), options: walk, labels: BSTBoard.labels).script,
            ]
        },
        Producer(name: "bars") {
            var o = BarChartOptions()
            o.stage = stage
            var tour = o
            tour.tour = ["Lagos", "北京"]
            return [
                BarChartAnimation(series: BarChartGoldenTests.series, options: o, labels: BSTBoard.labels).script,
                BarChartAnimation(series: BarChartGoldenTests.series, options: tour, labels: BSTBoard.labels).script,
            ]
        },
        Producer(name: "sort") {
            try SortAlgorithm.allCases.map { algorithm in
                var o = SortOptions()
                o.algorithm = algorithm
                o.stage = stage
                return SortAnimation(values: [5, 3, 8, 1, 9, 2, 7, 4], options: o, labels: BSTBoard.labels).script
            } + [try {
                var o = SortOptions()
                o.algorithm = .quick
                o.stage = stage
                o.code = true
                return SortAnimation(values: [5, 3, 8, 1, 9, 2], options: o, labels: BSTBoard.labels).script
            }()]
        },
        Producer(name: "graph") {
            let (roads, course, cycle) = (GraphGoldenTests.roads, GraphGoldenTests.course, GraphGoldenTests.cycle)
            let parts = "graph p { a -- b; b -- c; d -- e; f -- g; g -- h; h -- f; i; j -- k; l -- m; n; o -- p }"
            return [
                try graph(roads, [GraphRun(.bfs, from: "A"), GraphRun(.dfs, from: "A"), GraphRun(.dijkstra, from: "A")]),
                try graph(roads, [GraphRun(.prim, from: "A"), GraphRun(.kruskal)]),
                try graph(roads, [GraphRun(.bellmanFord, from: "A")]),
                try graph(course, [GraphRun(.topo), GraphRun(.topoDFS), GraphRun(.scc)]),
                try graph(cycle, [GraphRun(.dfs, from: "a"), GraphRun(.scc)]),
                try graph(parts, [GraphRun(.components)]),
            ]
        },
        Producer(name: "lecture") {
            let markdown = """
                # Binary search trees
                Every node holds a key, and for every node:
                - keys in its **left** subtree are *smaller*
                - keys in its **right** subtree are *greater*

                So `search(k)` walks one path from the root.
                """
            var script = try bst("insert 50 30 70 20; insert 45") { $0.code = true }
            let last = script.steps.compactMap(\.operation).max() ?? 0
            if let at = script.steps.firstIndex(where: { $0.operation == last }) {
                script.steps.insert(Step.asking("Where will 45 go?", code: true), at: at)
            }
            return [try TextSlide(markdown: markdown, stage: stage, fonts: LectureGoldenTests.fonts).script, script]
        },
    ]

    /// What each producer shows together: played once, in the light theme.
    static let audits: [(Producer, Script, ColourAudit)] = {
        var out = [(Producer, Script, ColourAudit)]()
        for p in producers {
            guard let scripts = try? p.scripts() else { continue }
            var audit = ColourAudit()
            for script in scripts {
                guard let t = try? Timeline(script: script, settings: settings, labels: BSTBoard.labels) else { continue }
                audit.record(t, palette: script.palette)
            }
            out.append((p, scripts.first ?? Script(), audit))
        }
        return out
    }()

    @Test func everyProducerPlaysForTheAudit() throws {
        for p in Self.producers {
            let scripts = try p.scripts()
            #expect(!scripts.isEmpty, "\(p.name)")
            for s in scripts { _ = try Timeline(script: s, settings: Self.settings, labels: BSTBoard.labels) }
        }
        #expect(Self.audits.count == Self.producers.count)
        for (p, _, audit) in Self.audits {
            #expect(audit.frames > 20 && !audit.onBackground.isEmpty && !audit.texts.isEmpty, "\(p.name) shows nothing to check")
            // What the tints' exemption rests on.
            #expect(audit.tintsWithoutBadge == 0, "\(p.name): \(audit.tintsWithoutBadge) tinted nodes with no badge")
        }
    }

    /// The themes checked, with their bars.
    static let themes: [(name: String, theme: Theme, bar: ColourBar)] = [
        ("light", .light, .standard), ("dark", .dark, .standard), ("high-contrast", .highContrast, .strict),
    ]

    @Test(arguments: [0, 1, 2])
    func rolesShownTogetherStayApartUnderEveryColourVision(themeIndex: Int) {
        let (name, base, bar) = Self.themes[themeIndex]
        var failures = [String]()
        var worst = (Double.infinity, "")
        for (p, script, audit) in Self.audits {
            let theme = base.bringing(script.palette)
            for f in ColourBar.pairs(of: audit, producer: p.name) {
                let (a, b, what) = f.colours(theme)
                for vision in ColorVision.allCases {
                    let d = a.deltaE2000(b, as: vision)
                    if d < worst.0 { worst = (d, "\(p.name): \(what) under \(vision)") }
                    if d < bar.deltaE {
                        failures.append(
                            "\(p.name), \(name) theme: \(what) (\(a.hexString) vs \(b.hexString)) under \(vision): ΔE2000 \(Self.fmt(d)) < \(Self.fmt(bar.deltaE))")
                    }
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["TREEANIM_COLOUR_PAIRS"] {
            // Every comparison, for working on a palette: producer, theme,
            // what, and the two colours.
            var lines = [String]()
            for (p, script, audit) in Self.audits {
                let theme = base.bringing(script.palette)
                for f in ColourBar.pairs(of: audit, producer: p.name) {
                    let (a, b, what) = f.colours(theme)
                    lines.append("\(p.name)\t\(name)\t\(what)\t\(a.hexString)\t\(b.hexString)")
                }
                for t in audit.texts {
                    let fg = ColourAudit.Catalogue.color(of: t.item, in: theme), bg = ColourAudit.Catalogue.color(of: t.ground, in: theme)
                    lines.append("\(p.name)\t\(name)\tTEXT \(t.item) on \(t.ground) \(t.size)\t\(fg.hexString)\t\(bg.hexString)")
                }
            }
            try? (lines.joined(separator: "\n") + "\n").write(toFile: path + "-" + name, atomically: true, encoding: .utf8)
        }
        print("colour check, \(name): least ΔE2000 \(Self.fmt(worst.0)) (\(worst.1))")
        #expect(failures.isEmpty, "\(failures.count) pairs too close:\n\(failures.joined(separator: "\n"))")
    }

    @Test(arguments: [0, 1, 2])
    func everyTextReadsOnWhatItIsDrawnOn(themeIndex: Int) {
        let (name, base, bar) = Self.themes[themeIndex]
        var failures = [String]()
        var worst = (Double.infinity, "")
        for (p, script, audit) in Self.audits {
            let theme = base.bringing(script.palette)
            for t in audit.texts {
                if let reason = ColourBar.exemptText(t, producer: p.name) { _ = reason; continue }
                let fg = ColourAudit.Catalogue.color(of: t.item, in: theme)
                let bg = ColourAudit.Catalogue.color(of: t.ground, in: theme)
                let ratio = fg.contrastRatio(with: bg)
                let needed = bar.contrast(size: t.size)
                if ratio / needed < worst.0 { worst = (ratio / needed, "\(p.name): \(t.item) on \(t.ground) at \(t.size) px, \(Self.fmt(ratio)):1") }
                if ratio < needed {
                    failures.append(
                        "\(p.name), \(name) theme: \(t.item) \(fg.hexString) on \(t.ground) \(bg.hexString) at \(t.size) px: contrast \(Self.fmt(ratio)):1 < \(Self.fmt(needed)):1")
                }
            }
        }
        print("colour check, \(name): tightest text \(worst.1)")
        #expect(failures.isEmpty, "\(failures.count) texts too faint:\n\(failures.sorted().joined(separator: "\n"))")
    }

    /// A transparent frame keeps the theme's background as a halo under
    /// every free text, and every node opaque: so what the text checks
    /// measure against the background holds over white and over black.
    @Test func aTransparentFrameDrawsItsTextsOnAHaloOfTheBackground() throws {
        for base in [Theme.light, .dark, .highContrast] {
            var settings = Self.settings
            settings.transparent = true
            settings.theme = base
            let t = try Timeline(script: Self.bst("insert 50 30 70; search 30"), settings: settings, labels: BSTBoard.labels)
            for i in stride(from: 0, to: t.frameCount, by: 5) {
                let scene = t.scene(at: i)
                #expect(scene.background.alpha == 0)
                #expect(scene.halo == base.background)
                #expect(scene.nodes.allSatisfy { $0.fill.alpha == 1 })
            }
        }
    }

    /// A quick sort's region tints, exempt above from the pairs the audit
    /// finds, are still 10 apart (ΔE2000 under every colour vision) from
    /// each other, the background and every bar role of a sort, in the
    /// light and dark themes.
    @Test func aPartitionsRegionTintsStayApartInTheLightAndDarkThemes() {
        let regions: [Role] = ["region-le", "region-gt", "region-unseen"]
        let others: [Role] = ["normal", "compare", "pivot", "sorted", "muted", "accent"]
        let palette = SortAnimation(values: [2, 1], options: SortOptions(), labels: BSTBoard.labels).script.palette
        for base in [Theme.light, .dark] {
            let theme = base.bringing(palette)
            var pairs = [(String, Color, Color)]()
            for (i, r) in regions.enumerated() {
                pairs.append(("\(r) / background", theme.bar(r), theme.background))
                for o in others { pairs.append(("\(r) / \(o)", theme.bar(r), theme.bar(o))) }
                for q in regions[(i + 1)...] { pairs.append(("\(r) / \(q)", theme.bar(r), theme.bar(q))) }
            }
            #expect(theme.bar("region-ge") == theme.bar("region-gt"))
            for (what, a, b) in pairs {
                let d = ColorVision.allCases.map { a.deltaE2000(b, as: $0) }.min()!
                #expect(d >= 10, "\(base.isDark ? "dark" : "light"): \(what) ΔE2000 \(Self.fmt(d))")
            }
        }
    }

    /// Three decimals, so that a value just under its bar never prints as
    /// the bar itself.
    static func fmt(_ x: Double) -> String { String(format: "%.3f", x) }
}

/// The bars a theme's colours must clear, and what the checks compare.
struct ColourBar {
    /// The least CIEDE2000 difference between roles shown together.
    var deltaE: Double
    /// The least contrast of text under 24 px, and from 24 px.
    var text: Double
    var largeText: Double

    /// Light and dark: ΔE 10, WCAG AA.
    static let standard = ColourBar(deltaE: 10, text: 4.5, largeText: 3)
    /// High contrast: ΔE 20, WCAG AAA (7:1 for every size).
    static let strict = ColourBar(deltaE: 20, text: 7, largeText: 7)

    func contrast(size: Int) -> Double { size >= 24 ? largeText : text }

    /// One comparison: two items, or an item and the background.
    struct Check {
        var name: String
        var a: ColourAudit.Item
        var b: ColourAudit.Item
        /// The two colours compared in `theme`, and how: two nodes by their
        /// fills; where the fills are the same on purpose (a new key is a
        /// normal node with an accent outline; a ghost is hollow, filled
        /// with the background), by their outlines, which are then all
        /// that tells them apart.
        func colours(_ theme: Theme) -> (Color, Color, String) {
            let x = ColourAudit.Catalogue.color(of: a, in: theme), y = ColourAudit.Catalogue.color(of: b, in: theme)
            if a.kind == "node", b.kind == "background" {
                // Against the background a node is its silhouette: a fill
                // that stands out, or the outline every node is drawn with
                // (2.5 px at least on a 720p frame) where the fill is pale.
                let stroke = ColourAudit.Catalogue.color(of: ColourAudit.Item(kind: "outline", role: a.role), in: theme)
                let byFill = ColorVision.allCases.map { x.deltaE2000(y, as: $0) }.min()!
                let byOutline = ColorVision.allCases.map { stroke.deltaE2000(y, as: $0) }.min()!
                return byFill >= byOutline ? (x, y, name) : (stroke, y, "\(name) (by its outline)")
            }
            // A hollow node (filled with the background) beside a filled one
            // is told by outlines too: its fill is no colour of its own.
            let hollow = x.hexString == theme.background.hexString || y.hexString == theme.background.hexString
            guard a.kind == "node", b.kind == "node", x.hexString == y.hexString || hollow else {
                return (x, y, name)
            }
            let outline = { (i: ColourAudit.Item) in i.kind == "node" ? ColourAudit.Item(kind: "outline", role: i.role) : i }
            return (ColourAudit.Catalogue.color(of: outline(a), in: theme), ColourAudit.Catalogue.color(of: outline(b), in: theme),
                    "\(name) (same fill on purpose: by outline)")
        }
    }

    /// Every comparison `audit` calls for, less the exemptions below.
    static func pairs(of audit: ColourAudit, producer: String) -> [Check] {
        var out = [Check]()
        func add(_ a: ColourAudit.Item, _ b: ColourAudit.Item, _ what: String) {
            let check = Check(name: what, a: a, b: b)
            if exempt(check, producer: producer) == nil { out.append(check) }
        }
        for p in audit.nodes.sorted(by: { ($0.a, $0.b) < ($1.a, $1.b) }) {
            add(p.a, p.b, "\(p.a) / \(p.b)")
        }
        for p in audit.bars.sorted(by: { ($0.a, $0.b) < ($1.a, $1.b) }) { add(p.a, p.b, "\(p.a) / \(p.b)") }
        for p in audit.edges.sorted(by: { ($0.a, $0.b) < ($1.a, $1.b) }) { add(p.a, p.b, "\(p.a) / \(p.b)") }
        for p in audit.marks.sorted(by: { ($0.a, $0.b) < ($1.a, $1.b) }) { add(p.a, p.b, "\(p.a) on \(p.b)") }
        for item in audit.onBackground.sorted() { add(item, ColourAudit.Catalogue.background, "\(item) on the background") }
        return out
    }

    /// Pairs that are not pairs: the same look on purpose, or told apart
    /// by something other than colour. Each with its reason.
    static func exempt(_ check: Check, producer: String) -> String? {
        let (a, b) = (check.a, check.b)
        let roles = [a.role, b.role]
        if a.kind == "node", b.kind == "node", roles.contains(where: { $0.hasPrefix("tint") }) {
            return "Tints tell a graph's groups apart (a search's levels, components), and every tinted node carries a badge "
                + "naming its group (its level, C1, C2…): colour is not the only cue (WCAG 1.4.1), and eight calm fills cannot "
                + "all stay 10 apart to a dichromat, nor apart from the waiting and finished nodes beside them. (The audit checks the badge is there.) Each tint is still checked against the background and the rings on it."
        }
        if a.kind == "node", b.kind == "node", roles.contains("pointer") {
            return "A pointer variable (head, cur) is a box of its own beside the structure, its name written in it: it is "
                + "never told from a slot or a node by its fill."
        }
        if a.kind == "bar", b.kind == "bar" || b.kind == "background", roles.contains(where: { $0.hasPrefix("region-") }) {
            return "A quick sort's regions (≤ pivot, > or ≥ pivot, unseen) are pale tints behind the bars, named by a legend on "
                + "screen and bounded by the i and j markers under the array: colour is not the only cue (WCAG 1.4.1). They "
                + "recede on purpose, as a chart's grid does, and the bars drawn over them keep their own checked colours; in "
                + "the light and dark themes they are still 10 apart from each other, the background and every bar role "
                + "(checked on their own, below); the high-contrast theme keeps the light theme's tints, which no pale tint "
                + "keeps 20 from white and its strong bars. The indices written on them are checked for contrast."
        }
        if a.kind == "bar", a.role == "grid", b.kind == "background" {
            return "A chart's grid lines recede on purpose; the axis and the tick labels carry the scale."
        }
        return nil
    }

    static func exemptText(_ text: ColourAudit.Text, producer: String) -> String? {
        if text.item.kind == "text", text.item.role == "accent", text.ground.kind == "node" {
            return "The key a deletion moves (in the accent) starts on the node it leaves, which shows the same key; "
                + "on its way over the background it is checked like any text."
        }
        return nil
    }
}
