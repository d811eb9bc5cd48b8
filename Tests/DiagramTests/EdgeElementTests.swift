import Diagram
import Foundation
import Geometry
import Output
import Raster
import TestSupport
import Testing

/// The generic edges the next structures draw with: arrowheads, weights,
/// curves bent apart, self-loops and splines (see GraphAndListProducer).
@Suite struct EdgeElementTests {
    static let settings = FrameSettings(width: 480, height: 270, fps: 10)

    static func render(_ tl: Timeline, frame: Int) throws -> Canvas {
        var canvas = Canvas(width: settings.width, height: settings.height)
        FrameRenderer(font: try Font.default()).render(tl.scene(at: frame), into: &canvas)
        return canvas
    }

    static func edge(_ scene: Scene, _ from: String, _ to: String, in tl: Timeline) throws -> EdgeState {
        let (a, b) = (try #require(scene.node(from)), try #require(scene.node(to)))
        return try #require(scene.edges.first { $0.from == a.id && $0.to == b.id })
    }

    @Test func anArrowheadPointsAtItsNodesOutlineAndTheLineStopsUnderIt() throws {
        let tl = try Timeline(script: GraphAndListProducer.graph(), settings: Self.settings, labels: DiagramLabels.fit)
        let scene = tl.scene(at: tl.frameCount - 1)
        let e = try Self.edge(scene, "A", "B", in: tl)
        let b = try #require(scene.node("B"))
        let head = try #require(e.arrowheads.first)
        #expect(e.arrowheads.count == 1)
        // On the circle's outline, within a tenth of a pixel.
        #expect(abs(head.tip.distance(to: Point(b.x, b.y)) - b.w / 2) < 0.1)
        // Pointing from A to B, and the line ends behind the point.
        let a = try #require(scene.node("A"))
        let way = Vector(b.x - a.x, b.y - a.y)
        #expect(abs(head.direction.dx - way.dx / way.length) < 1e-6 && abs(head.direction.dy - way.dy / way.length) < 1e-6)
        #expect(e.points.last!.distance(to: head.tip) > e.arrowLength * 0.5)
        #expect(e.arrowLength >= 7)
    }

    @Test func twoEdgesEachWayBendApartAndALoopLeavesItsNode() throws {
        let tl = try Timeline(script: GraphAndListProducer.graph(), settings: Self.settings, labels: DiagramLabels.fit)
        let scene = tl.scene(at: tl.frameCount - 1)
        let there = try Self.edge(scene, "B", "C", in: tl), back = try Self.edge(scene, "C", "B", in: tl)
        // Their middles lie on either side of the straight line, far apart.
        #expect(there.labelPoint.distance(to: back.labelPoint) > 20)
        let c = try #require(scene.node("C"))
        let loop = try Self.edge(scene, "C", "C", in: tl)
        let farthest = loop.points.map { $0.distance(to: Point(c.x, c.y)) }.max() ?? 0
        #expect(farthest > c.w)
        // It leaves upwards, as asked, and comes back with its arrowhead.
        #expect(loop.points.map(\.y).min()! < c.y - c.w)
        #expect(loop.arrowheads.count == 1)
    }

    @Test func aWeightSitsAtItsEdgesMiddleNoSmallerThanTheFloor() throws {
        let tl = try Timeline(script: GraphAndListProducer.graph(), settings: Self.settings, labels: DiagramLabels.fit)
        let scene = tl.scene(at: tl.frameCount - 1)
        let e = try Self.edge(scene, "D", "C", in: tl)
        #expect(e.label == "5")
        // 14 px at 720p is 5.25 px at 270p.
        #expect(e.labelSize >= 14 * 270 / 720 - 1e-9)
        let (d, c) = (try #require(scene.node("D")), try #require(scene.node("C")))
        #expect(e.labelPoint.distance(to: Point((d.x + c.x) / 2, (d.y + c.y) / 2)) < 2)
    }

    @Test func theDumpTellsArrowheadsAndLabelsAndOnlyForEdgesThatHaveThem() throws {
        let tl = try Timeline(script: GraphAndListProducer.graph(), settings: Self.settings, labels: DiagramLabels.fit)
        let line = SceneDump.line(for: tl.scene(at: tl.frameCount - 1))
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let edges = try #require(frame["edges"] as? [[String: Any]])
        #expect(edges.allSatisfy { ($0["arrowheads"] as? [[Double]])?.count == 1 && $0["label"] is String })
        let list = try Timeline(script: GraphAndListProducer.list(), settings: Self.settings, labels: DiagramLabels.fit)
        let listLine = SceneDump.line(for: list.scene(at: list.frameCount - 1))
        #expect(listLine.contains("\"arrowheads\"") && !listLine.contains("\"label\":\"\""))
        #expect(!listLine.contains("labelX"))
    }

    @Test(.tags(.golden)) func theGraphAndTheListMatchTheirGoldens() throws {
        let graph = try Timeline(script: GraphAndListProducer.graph(), settings: Self.settings, labels: DiagramLabels.fit)
        assertFrame(try Self.render(graph, frame: graph.frameCount - 1), matches: "graph-walked")
        let list = try Timeline(script: GraphAndListProducer.list(), settings: Self.settings, labels: DiagramLabels.fit)
        let insert = list.steps[1]
        // Mid-swing: 3's pointer on its way from 7 to 5.
        assertFrame(try Self.render(list, frame: insert.frames.upperBound - 9), matches: "list-insert-swing")
        assertFrame(try Self.render(list, frame: list.frameCount - 1), matches: "list-inserted")
    }

    /// Large enough for the indices (under 7 px a text is not drawn).
    static let wide = FrameSettings(width: 640, height: 360, fps: 10)

    @Test func cellsStandSideBySideWithTheirIndicesAndEdgesLeaveThem() throws {
        let tl = try Timeline(script: GraphAndListProducer.hashTable(), settings: Self.wide, labels: DiagramLabels.fit)
        let scene = tl.scene(at: tl.frameCount - 1)
        // The buckets are the nodes without a label, top to bottom.
        let column = scene.nodes.filter { $0.label.isEmpty }.sorted { $0.y < $1.y }
        try #require(column.count == 5)
        // A column: one above the next, touching.
        for (a, b) in zip(column, column.dropFirst()) {
            #expect(abs(a.x - b.x) < 1e-9 && abs((b.y - a.y) - a.h) < 1e-6)
        }
        // Each index is left of its cell, at its height.
        for i in 0..<5 {
            let index = try #require(scene.texts.first { $0.text == String(i) && $0.x < column[i].x - column[i].w / 2 })
            #expect(abs(index.y - column[i].y) < column[i].h / 2)
        }
        // Bucket 2's chain starts at its outline and points at 17.
        let seventeen = try #require(scene.node("17"))
        let chain = try #require(scene.edges.first { $0.from == column[2].id && $0.to == seventeen.id })
        #expect(abs(chain.points[0].x - (column[2].x + column[2].w / 2)) < 0.1)
        #expect(abs(try #require(chain.arrowheads.first).tip.x - (seventeen.x - seventeen.w / 2)) < 0.1)
    }

    @Test(.tags(.golden)) func theHashTableMatchesItsGolden() throws {
        let tl = try Timeline(script: GraphAndListProducer.hashTable(), settings: Self.wide, labels: DiagramLabels.fit)
        var canvas = Canvas(width: Self.wide.width, height: Self.wide.height)
        FrameRenderer(font: try Font.default()).render(tl.scene(at: tl.frameCount - 1), into: &canvas)
        assertFrame(canvas, matches: "hash-table-chained")
    }

    @Test func aWeightThatChangesCrossFades() throws {
        var builder = ScriptBuilder()
        builder.step("a weight") { s in
            s.beat(.easeOut(duration: 0.3)) { d in
                d.nodes.insert(GraphAndListProducer.node("A", 0, 0))
                d.nodes.insert(GraphAndListProducer.node("B", 3, 0))
                d.edges.insert(GraphAndListProducer.arc("A", "B", weight: 4))
            }
        }
        builder.step("relaxed") { s in
            s.beat(.linear(duration: 1)) { d in d.edges[ElementID("A->B")]?.label = "9" }
        }
        let tl = try Timeline(script: builder.script, settings: Self.settings, labels: DiagramLabels.fit)
        let mid = tl.scene(at: tl.steps[1].frames.lowerBound + 5)
        let e = try #require(mid.edges.first)
        let fading = try #require(e.labelFading)
        #expect(e.label == "9" && fading.text == "4" && fading.opacity > 0.2 && fading.opacity < 0.8)
        let end = try #require(tl.scene(at: tl.frameCount - 1).edges.first)
        #expect(end.label == "9" && end.labelFading == nil)
    }
}
