import Diagram
import Dispatch
import Synchronization

/// The captions of an animation said aloud: each caption's speech, by its
/// words, and the sound track of a timeline compiled with their lengths
/// (``FrameSettings/speech``), which holds each speech from the frame its
/// caption appears on.
///
///     let narration = try Narration(saying: silent.cues.map(\.text), engine: engine, voice: { _ in "en-us" }, language: .english)
///     settings.speech = narration.lengths
///     let timeline = try Timeline(script: script, settings: settings, labels: labels)
///     let sound = narration.soundtrack(for: timeline)
public struct Narration: Sendable {
    /// Each caption's speech, by the caption's words.
    public let clips: [String: Soundtrack]
    /// The voice each caption is said in, by its words.
    public let voices: [String: String]
    /// The sound track's samples a second: the first speech's.
    public let rate: Int

    /// Says each of `captions` (duplicates once) with `engine`, in the voice
    /// `voice` picks for it, as words in `language` (``SpokenText``),
    /// several at a time. The same captions give the same sound on every
    /// run.
    public init(
        saying captions: [String], engine: SpeechEngine, voice: (String) -> String, language: Language
    ) throws(SpeechError) {
        var seen = Set<String>(), texts = [String]()
        for c in captions where !c.allSatisfy(\.isWhitespace) && seen.insert(c).inserted { texts.append(c) }
        let chosen = texts.map(voice)
        let results = Mutex<[Int: Result<Soundtrack, SpeechError>]>([:])
        let spoken = texts.map { SpokenText.words($0, language: language) }
        DispatchQueue.concurrentPerform(iterations: texts.count) { k in
            let result: Result<Soundtrack, SpeechError>
            do throws(SpeechError) { result = .success(try engine.say(spoken[k], voice: chosen[k])) } catch { result = .failure(error) }
            results.withLock { $0[k] = result }
        }
        var clips = [String: Soundtrack](), voices = [String: String]()
        let done = results.withLock { $0 }
        for k in texts.indices {
            switch done[k] {
            case .success(let sound)?: clips[texts[k]] = Self.trimmed(sound)
            case .failure(let error)?: throw error
            case nil: throw .failed(reason: "no sound for '\(texts[k])'")
            }
            voices[texts[k]] = chosen[k]
        }
        let rate = texts.first.flatMap { clips[$0]?.rate } ?? 22050
        self.clips = clips.mapValues { $0.resampled(to: rate) }
        self.voices = voices
        self.rate = rate
    }

    /// How long each caption takes to say, in seconds: what
    /// ``FrameSettings/speech`` takes.
    public var lengths: [String: Double] {
        clips.mapValues(\.seconds)
    }

    /// The sound track of `source`, as long as its frames: each of its
    /// speeches from the frame it starts on.
    public func soundtrack(for source: some FrameSource) -> Soundtrack {
        let clips = source.speeches.compactMap { said in self.clips[said.text].map { (sound: $0, at: said.start) } }
        return Soundtrack.laying(clips, rate: rate, seconds: Double(source.frameCount) / source.fps)
    }

    /// `sound` without the silence espeak-ng leaves after the words
    /// (a pause of its own comes after each caption), keeping a fade's worth.
    static func trimmed(_ sound: Soundtrack) -> Soundtrack {
        var end = sound.samples.count
        while end > 0, abs(Int(sound.samples[end - 1])) < 64 { end -= 1 }
        let keep = min(sound.samples.count, end + sound.rate / 50)
        return Soundtrack(rate: sound.rate, samples: Array(sound.samples[0..<keep]))
    }
}
