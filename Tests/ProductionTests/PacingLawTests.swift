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

    /// Narrated, the animation waits for each caption's words, which no
    /// speed shortens: the pacing predicts that too, and the length unsaid
    /// (the narration note's "without").
    @Test(arguments: RegistryRun.all(programs: 0))
    func theLengthNarratedAndUnsaidIsTheCompiledLength(_ run: RegistryRun) throws {
        var options = RenderOptions()
        options.fps = 10
        let session = RenderSession(options: options, log: .silent)
        let script = try run.script(in: session)
        let font = try session.font()
        let silent = try session.compile(script, settings: options.settings, font: font)
        var narrated = options.settings
        // Words said at 12 characters a second, slower than most moves.
        narrated.speech = Dictionary(silent.cues.map { ($0.text, Double($0.text.count) / 12) }, uniquingKeysWith: { a, _ in a })
        let timeline = try session.compile(script, settings: narrated, font: font)
        #expect(timeline.speeches.isEmpty == silent.cues.isEmpty)
        for speed in Self.speeds {
            var settings = narrated
            settings.speed = speed
            let compiled = try session.compile(script, settings: settings, font: font)
            let predicted = timeline.pacing.duration(atSpeed: speed)
            #expect(abs(predicted - compiled.duration) <= 1e-6 * compiled.duration,
                "narrated at speed \(speed): predicted \(predicted) s, compiled \(compiled.duration) s")
            settings.speech = [:]
            let unsaid = try session.compile(script, settings: settings, font: font)
            let predictedUnsaid = timeline.pacing.duration(atSpeed: speed, speaking: false)
            #expect(abs(predictedUnsaid - unsaid.duration) <= 1e-6 * unsaid.duration,
                "unsaid at speed \(speed): predicted \(predictedUnsaid) s, compiled \(unsaid.duration) s")
        }
    }
}
