import Diagram
import Foundation
import Output
import Rendering
import PNG
import Raster
import TestSupport
import Testing

/// The core animates a diagram it knows nothing about, through the same
/// timeline, renderer and sinks as the BST.
@Suite(.tags(.golden)) struct StructureNeutralTests {
    static func timeline() throws -> Timeline {
        let producer = OutlineTreeProducer(labels: LabelFit(font: try Font.default()))
        return try Timeline(
            script: producer.script(OutlineTreeProducer.versions), settings: FrameSettings(width: 480, height: 270, fps: 10), labels: DiagramLabels.fit)
    }

    static func render(_ tl: Timeline, frame: Int) throws -> Canvas {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: try Font.default()).render(tl.scene(at: frame), into: &canvas)
        return canvas
    }

    @Test func aChildThatArrivesGrowsInAndItsSiblingsMakeRoom() throws {
        let tl = try Self.timeline()
        let gain = tl.steps[1]
        let mid = tl.scene(at: gain.frames.lowerBound + 4)
        let b2 = try #require(mid.node("b2"))
        #expect(b2.opacity > 0 && b2.opacity < 1)
        #expect(mid.node("root")?.shape == .rect && mid.node("b1")?.shape == .circle)
        let before = tl.scene(at: gain.frames.lowerBound - 1), after = tl.scene(at: gain.frames.upperBound - 1)
        #expect(before.node("b1")!.x != after.node("b1")!.x)
        assertFrame(try Self.render(tl, frame: gain.frames.lowerBound + 4), matches: "outline-gain-mid")
    }

    @Test func aChildThatLeavesFadesOutAndTheRestCloseUp() throws {
        let tl = try Self.timeline()
        let lose = tl.steps[2]
        let mid = tl.scene(at: lose.frames.lowerBound + 4)
        #expect(try #require(mid.node("a1")).opacity < 1)
        #expect(mid.edges.count == 8)
        let last = tl.scene(at: tl.frameCount - 1)
        #expect(last.node("a1") == nil && last.nodes.count == 8 && last.edges.count == 7)
        assertFrame(try Self.render(tl, frame: tl.frameCount - 1), matches: "outline-last")
    }

    @Test func itsFramesGoThroughTheSameSinksAsEveryOtherAnimation() throws {
        let tl = try Self.timeline()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("treeanim-outline-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let last = tl.frameCount - 1
        var job = RenderJob(
            source: tl, renderer: FrameRenderer(font: try Font.default()),
            sinks: [try PNGFolderSink(folder: dir + "/"), try SceneDumpSink(path: dir + ".jsonl")])
        job.frames = last - 1..<last + 1
        defer { try? FileManager.default.removeItem(atPath: dir + ".jsonl") }
        let summary = try job.run()
        #expect(summary.frames == 2)
        let image = try PNGFile.read(dir + "/" + PNGFolderSink.fileName(of: last))
        assertFrame(image, matches: "outline-last")
        let dump = try String(contentsOfFile: dir + ".jsonl", encoding: .utf8).split(separator: "\n")
        #expect(dump.count == 2 && dump[1].contains("\"label\":\"gamma\"") && dump[1].contains("\"shape\":\"rect\""))
    }
}
