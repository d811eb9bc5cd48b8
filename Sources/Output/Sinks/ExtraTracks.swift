import Diagram

/// What an MP4 or WebM holds besides the frames: a soft subtitle track of
/// the animation's captions, and a sound track, tagged with the language
/// of their words.
public struct ExtraTracks: Sendable, Equatable {
    /// The captions to carry as subtitles, in the animation's frames.
    public var subtitles: [CaptionCue]?
    /// The sound, as long as the animation: its narration.
    public var sound: Soundtrack?
    public var language: Language

    public init(subtitles: [CaptionCue]? = nil, sound: Soundtrack? = nil, language: Language = .english) {
        self.subtitles = subtitles
        self.sound = sound
        self.language = language
    }

    /// Whether there is nothing besides the frames.
    public var isEmpty: Bool { subtitles == nil && sound == nil }
}
