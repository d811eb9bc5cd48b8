/// One step of an animation as a slide: what the deck writers (HTML, PPTX,
/// PDF) take. They know nothing of frames or timelines: the clip and the
/// pictures are finished files and PNG bytes.
public struct DeckSlide: Sendable, Equatable {
    /// The step's caption, or nil when it has none (or captions are off).
    public var caption: String?
    /// What the presenter says over the step: speaker notes.
    public var note: String?
    /// The clip's place in the whole animation, in seconds.
    public var start: Double
    public var end: Double
    /// The step's clip, an H.264 MP4 file: from the frame after the step
    /// before concluded (so it opens by tidying that one up) to the frame
    /// where this step has made its point.
    public var clipPath: String
    /// PNG bytes of the clip's first frame: what a slide shows before it plays.
    public var poster: [UInt8]
    /// PNG bytes of the clip's last frame: the step's conclusion, where a
    /// deck pauses.
    public var final: [UInt8]
    /// The name of the lecture section the slide belongs to; nil outside a
    /// lecture. Consecutive slides of one name make one section.
    public var section: String?
    /// Set on a question to the room: the deck stops on the slide showing
    /// `question`, and the slide after it is the step that answers it.
    public var question: String?
    /// Set on a lecture's title or text slide: what it says, block by
    /// block. The clip and pictures still show it; a handout sets it as
    /// text instead.
    public var text: [DeckTextBlock]?
    /// The captions the clip shows, as a WebVTT file timed from the clip's
    /// start: a deck's subtitle track. Nil or without cues when it shows none.
    public var subtitles: String?
    /// What the step shows, in words, for a reader who cannot see it: its
    /// captions in the order they show (or a text slide's words). The
    /// alternative text of its clip and pictures.
    public var description: String?

    public init(
        caption: String?, note: String?, start: Double, end: Double, clipPath: String, poster: [UInt8], final: [UInt8],
        section: String? = nil, question: String? = nil, text: [DeckTextBlock]? = nil, subtitles: String? = nil,
        description: String? = nil
    ) {
        self.caption = caption
        self.note = note
        self.start = start
        self.end = end
        self.clipPath = clipPath
        self.poster = poster
        self.final = final
        self.section = section
        self.question = question
        self.text = text
        self.subtitles = subtitles
        self.description = description
    }
}

/// What every slide of a deck shares.
public struct DeckFormat: Sendable, Equatable {
    /// The frames' size in pixels.
    public var width: Int
    public var height: Int
    public var fps: Double
    /// The deck's title (an HTML page's, a PPTX's core properties).
    public var title: String
    /// The language of the deck's words, a BCP 47 tag (`en`, `zh`): the
    /// page's and its subtitle tracks' language.
    public var language: String
    /// The language's name for a reader (`English`), as a subtitle track's
    /// label shows it; the tag itself when not given.
    public var languageName: String
    /// Whether the clips carry sound (narration): it plays from the
    /// viewer's first press, as browsers allow.
    public var sound: Bool

    public init(
        width: Int, height: Int, fps: Double, title: String, language: String = "en", languageName: String? = nil,
        sound: Bool = false
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.title = title
        self.language = language
        self.languageName = languageName ?? language
        self.sound = sound
    }
}
