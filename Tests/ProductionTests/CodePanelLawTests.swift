import Diagram
import Foundation
import Geometry
import Production
import Testing
import TestSupport

/// The code panel's room, a law of the stage held over every producer that
/// shows pseudocode (`code:`): with the panel, the drawing keeps at least
/// 85% of the label size it has without it, and every row and text it
/// shows without it, at the rest of every step; and the panel is never
/// under the caption nor past the frame. Each producer's defaults and
/// seeded random programs, with the panel and without.
@Suite(.tags(.sweep)) struct CodePanelLawTests {
    static let fps = 4.0

    /// The runs of every producer that takes `code`.
    static let runs = RegistryRun.all(programs: 2).filter { run in
        ProducerRegistry.named(run.producer)?.optionKeys.contains { $0.name == "code" } == true
    }

    /// At the rest of each step: the largest node label (px) and how many
    /// texts are shown.
    static func rests(_ timeline: Timeline) -> [(label: Double, texts: Int, scene: Scene)] {
        timeline.steps.map { span in
            let scene = timeline.scene(at: span.restFrame)
            let label = scene.nodes.filter { $0.opacity > 0.99 }.map(\.fontSize).max() ?? 0
            return (label, scene.texts.filter { $0.opacity > 0.99 }.count, scene)
        }
    }

    static func timeline(_ run: RegistryRun) throws -> Timeline {
        var options = RenderOptions()
        options.fps = fps
        let session = RenderSession(options: options, log: .silent)
        return try session.compile(try run.script(in: session), settings: options.settings, font: try session.font())
    }

    @Test func everyProducerWithPseudocodeIsSwept() {
        #expect(Set(Self.runs.map(\.producer)) == ["bst", "avl", "rb", "heap", "sort", "graph"])
    }

    /// CLRS figure 24.6, Dijkstra's example: a tall graph beside its rows.
    static let clrs246: String = {
        let path = (try? TestFolders.make("code-panel")).map { $0 + "/clrs-24-6.dot" } ?? "/nonexistent"
        try? Data(
            """
            digraph G {
              s -> t [label=10]; s -> y [label=5]; t -> x [label=1]; t -> y [label=2]; y -> t [label=3];
              y -> x [label=9]; y -> z [label=2]; x -> z [label=4]; z -> s [label=7]; z -> x [label=6];
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        return path
    }()

    /// roads.dot's runs one at a time (the defaults run three: BFS,
    /// Dijkstra and Kruskal): Kruskal's rows and union-find forest fill the
    /// frame's right side down to just over the panel's height, so the
    /// panel takes the corner under the graph, and the camera sets each
    /// step's drawing a little smaller, pushed across from it.
    static let roads = ["kruskal", "prim A", "dijkstra A", "bfs A"].map { RegistryRun(producer: "graph", keys: ["file": "roads.dot", "ops": $0]) }

    @Test(arguments: runs + roads + [RegistryRun(producer: "graph", keys: ["file": clrs246, "ops": "dijkstra s"])])
    func theDrawingKeepsItsSizeBesideTheCode(_ run: RegistryRun) throws {
        var coded = run
        coded.keys["code"] = "true"
        let plain = Self.rests(try Self.timeline(run)), code = Self.rests(try Self.timeline(coded))
        try #require(plain.count == code.count, "\(plain.count) steps without the panel, \(code.count) with it")
        var worst = (ratio: 1.0, step: -1)
        for (i, (p, c)) in zip(plain, code).enumerated() where p.label > 0 {
            let ratio = c.label / p.label
            if ratio < worst.ratio { worst = (ratio, i) }
            #expect(c.texts >= p.texts, "step \(i) shows \(c.texts) texts with the panel, \(p.texts) without")
            guard let box = c.scene.code?.frame else { continue }
            let under = c.scene.nodes.filter {
                $0.opacity > 0.5 && box.intersects(Rect(x: $0.x - $0.w / 2, y: $0.y - $0.h / 2, width: $0.w, height: $0.h))
            }.map(\.label) + c.scene.texts.filter { $0.opacity > 0.5 && box.contains(Point($0.x, $0.y)) }.map(\.text)
            #expect(under.isEmpty, "step \(i): \(under) under the panel")
            #expect(box.minY >= c.scene.captionStyle.baseline, "step \(i): the panel is under the caption")
            #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(c.scene.width) && box.maxY <= Double(c.scene.height))
        }
        #expect(worst.ratio >= 0.85, "step \(worst.step): labels come out at \(Int(worst.ratio * 100))% of their size without the panel")
    }
}
