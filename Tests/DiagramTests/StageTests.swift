import Diagram
import Geometry
import Testing

/// The stage a producer lays out on is the frame the camera draws: a
/// rectangle laid over the stage's viewport lands on the viewport's pixels,
/// and the caption sits at the stage's margin, at every frame size, with
/// and without captions.
@Suite struct StageTests {
    static let sizes = [(480, 270), (1280, 720), (1920, 1080), (1000, 1000), (333, 777), (641, 361)]

    @Test(arguments: [true, false])
    func theStagesViewportIsTheCamerasAtEverySize(captions: Bool) throws {
        for (width, height) in Self.sizes {
            let settings = FrameSettings(width: width, height: height, fps: 10, captions: captions)
            let stage = Stage(settings)
            let view = stage.viewport(bottomBand: 0.06)
            var builder = ScriptBuilder(camera: CameraOptions(maxUnit: 10, padding: 0, bottomBand: 0.06))
            builder.step("the stage") { s in
                s.beat(.linear(duration: 0.1)) { d in
                    d.reserved = [view]
                    d.bars.insert(Bar(id: "plate", frame: view, value: 0, label: ""))
                }
            }
            let timeline = try Timeline(script: builder.script, settings: settings, labels: DiagramLabels.fit)
            let scene = timeline.scene(at: timeline.frameCount - 1)
            let plate = try #require(scene.bars.first)
            let expected = [view.minX, view.minY, view.width, view.height].map { $0 * stage.scale }
            let drawn = [plate.x, plate.y, plate.w, plate.h]
            for (e, d) in zip(expected, drawn) {
                #expect(abs(e - d) < 1e-6, "\(width)×\(height): \(drawn) for \(expected)")
            }
            // Whole pixels: the band and the caption line up at any size.
            #expect(stage.margin * stage.scale == (stage.margin * stage.scale).rounded())
            if captions {
                #expect(abs(scene.captionStyle.x - stage.margin * stage.scale) < 1e-9)
                #expect(abs(scene.captionStyle.fontSize - stage.captionSize * stage.scale) < 1e-9)
            }
            #expect(stage.minimumText * stage.scale >= 9)
            #expect(stage.minimumText >= Stage.legibleText)
        }
    }

    @Test func wholePixelsAreAtLeastOne() {
        let stage = Stage(FrameSettings(width: 480, height: 270))
        #expect(stage.wholePixels(0.1) * stage.scale == 1)
        #expect(stage.wholePixels(8) * stage.scale == 3)
    }
}
