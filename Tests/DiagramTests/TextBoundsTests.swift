import Diagram
import Geometry
import Testing

/// The camera fits texts by their width in the font they are drawn in:
/// a row of wide letters (an estimate of 0.6 em a letter would cut it)
/// and a narrow one are both drawn whole and fill the viewport's width.
@Suite struct TextBoundsTests {
    @Test(arguments: ["WWWWWWWWWWWW", "illillillillill", "第一章 数据结构"])
    func aWorldTextIsFittedWhole(words: String) throws {
        var d = Diagram()
        d.texts.insert(TextElement(id: "t", text: words, placement: .world(Point(0, 0)), size: 1, alignment: .left))
        let bounds = try #require(d.bounds(measuring: DiagramLabels.fit))
        #expect(abs(bounds.width - DiagramLabels.fit.width(of: words)) < 1e-9)

        let settings = FrameSettings(width: 640, height: 360, fps: 10)
        var builder = ScriptBuilder(camera: CameraOptions(maxUnit: 10, padding: 0))
        builder.step("words") { s in s.beat(.linear(duration: 0.1)) { $0 = d } }
        let timeline = try Timeline(script: builder.script, settings: settings, labels: DiagramLabels.fit)
        let scene = timeline.scene(at: timeline.frameCount - 1)
        let text = try #require(scene.texts.first)
        let right = text.x + DiagramLabels.fit.width(of: words) * text.fontSize
        let stage = Stage(settings)
        let view = stage.viewport(bottomBand: 0)
        // The text spans the viewport's width: it is neither cut at the
        // right nor drawn smaller than the room allows.
        #expect(abs(text.x - view.minX * stage.scale) < 0.5, "\(text.x)")
        #expect(abs(right - view.maxX * stage.scale) < 0.5, "\(right) for \(view.maxX * stage.scale)")
    }
}
