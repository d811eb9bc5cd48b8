import Diagram
import Production
import Testing
import TestSupport

/// A compiled timeline knows how long its script lasts at any speed
/// (``Pacing``) without compiling it again: what `--duration` and the note
/// on a long animation use. Over every producer, the length it predicts is
/// the length a compile at that speed gives.
@Suite(.tags(.sweep)) struct PacingLawTests {
    static let speeds = [0.1, 0.35, 0.7, 1.6, 3, 10]

    @Test(arguments: RegistryRun.all(programs: 2))
    func theLengthAtEverySpeedIsTheCompiledLength(_ run: RegistryRun) throws {
        var options = RenderOptions()
        options.fps = 10
        let session = RenderSession(options: options, log: .silent)
        let script = try run.script(in: session)
        let font = try session.font()
        let timeline = try session.compile(script, settings: options.settings, font: font)
        #expect(abs(timeline.pacing.duration(atSpeed: 1) - timeline.duration) < 1e-6)
        #expect(timeline.duration > 3, "\(timeline.duration)")
        for speed in Self.speeds {
            var settings = options.settings
            settings.speed = speed
            let compiled = try session.compile(script, settings: settings, font: font)
            let predicted = timeline.pacing.duration(atSpeed: speed)
            #expect(abs(predicted - compiled.duration) <= 1e-6 * compiled.duration,
                "at speed \(speed): predicted \(predicted) s, compiled \(compiled.duration) s")
        }
    }
}
