import Diagram
import Foundation
import Output

/// `--narrate`: the captions said by the speech engine in the voice the
/// options choose, ready for the timeline to wait on and the outputs to
/// carry.
public enum Narrator {
    /// The narration of `captions` as `options` ask, or nil without
    /// `--narrate`. The voice is `--voice`, else the best installed for the
    /// language (`--lang`, else guessed from the captions); a caption in
    /// Chinese characters in an animation of another language is said by
    /// the Mandarin voice.
    public static func narration(of captions: [String], options: RenderOptions, log: ProductionLog) throws(ProductionFailure) -> (narration: Narration, voice: String)? {
        guard options.narrate else { return nil }
        let engine: SpeechEngine
        do throws(SpeechError) { engine = try SpeechEngine(environment: ProcessInfo.processInfo.environment) } catch {
            throw ProductionFailure("--narrate: \(error)", status: 69)
        }
        let language = options.lang ?? Language.guess(from: captions)
        let voices: [Voice]
        do throws(SpeechError) { voices = try engine.voices() } catch { throw ProductionFailure("--narrate: \(error)", status: 69) }
        let main: String
        if let given = options.voice {
            guard let voice = voices.first(where: { $0.isNamed(given) }) else {
                throw ProductionFailure("--voice '\(given)': espeak-ng has no such voice; `espeak-ng --voices` lists them", status: 64)
            }
            guard engine.isInstalled(voice) else {
                throw ProductionFailure(
                    "--voice '\(given)' is an MBROLA voice, and MBROLA or its \(voice.identifier.dropFirst(3)) voice is not installed "
                        + "here; choose an espeak-ng voice (such as en-us) or install MBROLA", status: 64)
            }
            main = voice.argument(for: given)
        } else {
            guard let voice = engine.voice(for: language, among: voices) else {
                throw ProductionFailure(
                    "--lang \(language): espeak-ng has no voice for it; give --voice (`espeak-ng --voices` lists them)", status: 64)
            }
            main = voice.identifier
        }
        // A name in Chinese characters in an English animation is said in
        // Mandarin; a voice that reads Han characters itself reads them.
        let mandarin = options.voice == nil && !SpeechEngine.readsHan(language.tag)
            ? engine.voice(for: .chinese, among: voices)?.identifier : nil
        let pick = { (text: String) -> String in
            if let mandarin, text.unicodeScalars.contains(where: Language.isHan) { return mandarin }
            return main
        }
        // Many captions take a while to say before the first frame: said so.
        let distinct = Set(captions).count
        if distinct > 40 { log.write("treeanim: saying \(distinct) captions with espeak-ng (voice \(main)) …\n") }
        do throws(SpeechError) {
            return (try Narration(saying: captions, engine: engine, voice: pick, language: language), main)
        } catch {
            throw ProductionFailure("--narrate: \(error)", status: 1)
        }
    }

    /// What to say of the narration: how many captions were said, for how
    /// long, in which voice,
    /// and how long the animation lasts with it and without.
    public static func note(_ speeches: [Speech], voice: String, with: Double, without: Double) -> String {
        guard !speeches.isEmpty else { return "--narrate: the animation shows no caption, so nothing is said and it has no sound" }
        let count = speeches.count, spoken = speeches.reduce(0) { $0 + $1.length }
        return "--narrate: \(count) \(count == 1 ? "caption" : "captions") said in \(Format.duration(spoken)) "
            + "(voice \(voice)); the animation lasts \(Format.duration(with)) with the speech, \(Format.duration(without)) without"
    }
}
