@testable import Diagram
import Foundation
import Geometry
import Production
import Raster
import Testing
import TestSupport

/// Nothing cropped, nothing covered, a law of the stage held over every
/// producer: at the rest of every step, where nothing moves,
/// - every node, edge label, text (a row's cell, a count, a badge), bar,
///   code panel and corner map is inside the frame, unless the camera
///   shows part of the drawing on purpose (a tour, a followed graph, with
///   the corner map saying where it is);
/// - the caption's band covers no node, edge label, text or bar;
/// - the corner map covers no node, edge label, text or bar;
/// - the caption fits the frame's width at the legibility floor or over
///   (a longer one is set smaller to keep its margins).
/// Over every producer's defaults and seeded programs, and over the real
/// files of `../shared/corpus/` and generated large inputs, at 1280×720
/// and at 640×360.
@Suite(.tags(.sweep)) struct FrameRoomLawTests {
    static let fps = 10.0
    /// How far a thing may reach over an edge, in pixels: a box rounded to
    /// the pixel touches it by a hair.
    static let slack = 1.0

    /// A thing a student must see whole, as drawn.
    struct Thing {
        var what: String
        var box: Rect
    }

    /// The things `scene` shows (opacity over a half): nodes (their
    /// outline's outer edge), edge labels' and texts' ink, bars.
    static func things(_ scene: Scene, renderer: FrameRenderer) -> [Thing] {
        var out = [Thing]()
        for n in scene.nodes where n.opacity > 0.5 && (n.w > 0 || n.h > 0) {
            let s = n.strokeWidth / 2
            out.append(Thing(what: "the node '\(n.label)'", box: Rect(x: n.x - n.w / 2 - s, y: n.y - n.h / 2 - s, width: n.w + 2 * s, height: n.h + 2 * s)))
        }
        for b in scene.bars where b.opacity > 0.5 && b.w > 0 && b.h > 0 {
            out.append(Thing(what: "the bar '\(b.label)'", box: Rect(x: b.x, y: b.y, width: b.w, height: b.h)))
        }
        for ink in TextOverlapLawTests.inks(scene, renderer: renderer) where ink.kind != .nodeLabel {
            out.append(Thing(what: "\(ink)", box: ink.box))
        }
        return out
    }

    static func depth(_ a: Rect, _ b: Rect) -> Double { TextOverlapLawTests.depth(a, b) }

    /// How far `box` reaches out of a `w` × `h` frame, in pixels.
    static func outside(_ box: Rect, _ w: Double, _ h: Double) -> Double {
        max(-box.minX, -box.minY, box.maxX - w, box.maxY - h)
    }

    /// What is cropped or covered in `scene`; `part` when the camera shows
    /// part of the drawing on purpose.
    static func faults(_ scene: Scene, part: Bool, renderer: FrameRenderer) -> [String] {
        var out = [String]()
        let (w, h) = (Double(scene.width), Double(scene.height))
        let things = Self.things(scene, renderer: renderer)
        if !part {
            for t in things where outside(t.box, w, h) > slack { out.append("\(t.what) is cut off by the frame's edge") }
        }
        if let code = scene.code, outside(code.frame, w, h) > slack { out.append("the code panel is cut off") }
        if let map = scene.inset, map.opacity > 0.5 {
            if outside(map.frame, w, h) > slack { out.append("the corner map is cut off") }
            for t in things where depth(t.box, map.frame) > slack { out.append("the corner map covers \(t.what)") }
        }
        // While the camera shows part of the drawing, the band is cleared:
        // what runs on under it is cut off there, as at the frame's edge.
        if let caption = scene.caption, !caption.isEmpty, !(part && scene.backdrop != nil) {
            let style = scene.captionStyle
            let band = Rect(x: 0, y: 0, width: w, height: style.baseline + renderer.font.measure(caption, size: style.fontSize).descent)
            for t in things where depth(t.box, band) > slack { out.append("the caption's band covers \(t.what)") }
        }
        // A caption too long for the frame's width is set smaller to keep
        // its margins (``FrameRenderer``): never under the floor.
        if let caption = scene.caption, !caption.isEmpty {
            let size = FrameRenderer.captionSize(of: caption, style: scene.captionStyle, width: scene.width, font: renderer.font)
            let floor = Stage.legibleText * min(w / 1280, h / 720)
            if size < floor - 0.01 { out.append("the caption is set at \(String(format: "%.1f", size)) px to fit: '\(caption)'") }
        }
        return out
    }

    /// Every fault at the rest of every step, each with the first step it
    /// is seen at and how many steps show it; and how many frames were
    /// looked at.
    static func faults(_ timeline: Timeline, renderer: FrameRenderer) -> (found: [String], frames: Int) {
        TextOverlapLawTests.atRest(timeline) { scene in
            faults(scene, part: timeline.showsPart(atFrame: scene.frame), renderer: renderer)
        }
    }

    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus").path

    /// A run, at a size.
    struct Case: Sendable, CustomTestStringConvertible {
        var run: RegistryRun
        var width: Int
        var height: Int
        var testDescription: String { "\(width)×\(height) " + run.testDescription }
    }

    /// The real files, each with its natural producer (graphs with and
    /// without an algorithm), and the generated large inputs.
    static var files: [RegistryRun] {
        let c = corpus
        let graphs: [(String, [String])] = [
            ("fsm.gv", ["", "bfs", "scc"]), ("unix.gv", ["", "dfs", "topo"]), ("clust.gv", ["", "bfs"]),
            ("Petersen.gv", ["", "bfs", "dfs", "kruskal", "prim"]),
        ]
        let graphRuns = graphs.flatMap { file, algorithms in
            algorithms.map { a in
                RegistryRun(producer: "graph", keys: ["file": "\(c)/graphs/\(file)"].merging(a.isEmpty ? [:] : ["algorithm": a]) { x, _ in x })
            }
        }
        let families = ["kennedy.ged", "Harry_Potter.ged", "555SAMPLE.GED"].map {
            RegistryRun(producer: "family", keys: ["file": "\(c)/gedcom/\($0)"])
        }
        let trees = ["d3_flare.json", "outline_mdlist_rust-book_SUMMARY_2016.md", "outline_unix_tree_cookiecutter_ds.txt"].map {
            RegistryRun(producer: "tree", keys: ["file": "\(c)/trees/\($0)"])
        }
        let charts = [
            RegistryRun(producer: "bars", keys: ["file": "\(c)/csv/bcr_covid19.csv"]),
            RegistryRun(producer: "bars", keys: ["file": "\(c)/csv/bcr_urban_pop.csv", "race": "true"]),
        ]
        return graphRuns + families + trees + charts + LastFrameLawTests.large
    }

    static var cases: [Case] {
        let small = RegistryRun.all(programs: 1) + files
        return small.map { Case(run: $0, width: 1280, height: 720) }
            + (RegistryRun.defaults(seeds: 1...1) + files).map { Case(run: $0, width: 640, height: 360) }
    }

    @Test(arguments: cases)
    func nothingIsCutOffOrCoveredAtRest(_ c: Case) throws {
        var options = RenderOptions()
        options.fps = Self.fps
        options.size = FrameSize(width: c.width, height: c.height)
        let session = RenderSession(options: options, log: .silent)
        let font = try session.font()
        let timeline = try session.compile(try c.run.script(in: session), settings: options.settings, font: font)
        let (found, frames) = Self.faults(timeline, renderer: session.renderer(font: font))
        #expect(frames >= timeline.steps.count / 2, "\(frames) frames at rest of \(timeline.steps.count) steps")
        #expect(found.isEmpty, "\(found.count) faults: \(found.prefix(6).joined(separator: "; "))")
    }

    /// The law sees what it looks for: a node off the frame's edge, a node
    /// under the caption's band, a text under the corner map; and lets a
    /// node off the edge be while the camera tours.
    @Test func theLawSeesAFault() throws {
        let renderer = FrameRenderer(font: try Font.default())
        let node = NodeState(
            id: 0, key: nil, label: "h", x: 300, y: 300, shape: .circle, w: 40, h: 40, cornerRadius: 20, role: "normal",
            opacity: 1, fill: .white, stroke: .black, strokeWidth: 2, labelColor: .black, fontSize: 20)
        func scene(_ nodes: [NodeState], texts: [TextState] = [], map: Rect? = nil) -> Scene {
            var s = Scene(
                frame: 0, time: 0, step: 0, width: 1280, height: 720, background: .white, caption: "Prim",
                captionStyle: CaptionStyle(x: 20, baseline: 40, fontSize: 24, color: .black), nodes: nodes, texts: texts)
            if let map {
                s.inset = InsetState(
                    frame: map, opacity: 1, view: map, boxes: [], lines: [], background: .white, border: .black, lineColor: .black,
                    viewColor: .black)
            }
            return s
        }
        #expect(Self.faults(scene([node]), part: false, renderer: renderer).isEmpty)
        var off = node
        off.x = 1270
        #expect(Self.faults(scene([off]), part: false, renderer: renderer).contains { $0.contains("cut off") })
        #expect(Self.faults(scene([off]), part: true, renderer: renderer).isEmpty)
        var high = node
        high.y = 30
        #expect(Self.faults(scene([high]), part: false, renderer: renderer).contains { $0.contains("caption's band covers the node 'h'") })
        let count = TextState(text: "+12 more", x: 1200, y: 700, fontSize: 20, alignment: .center, color: .black, opacity: 1, fading: nil)
        let map = Rect(x: 1000, y: 560, width: 280, height: 160)
        #expect(Self.faults(scene([node], texts: [count], map: map), part: true, renderer: renderer).contains {
            $0.contains("corner map covers '+12 more'")
        })
    }
}
