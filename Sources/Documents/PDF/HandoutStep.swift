/// One step of an animation as a PDF handout shows it: its picture with the
/// caption and the presenter's note under it; a lecture's text slide as its
/// text; a question as its picture with the question under it, or in a
/// worksheet, with room for the answer.
public struct HandoutStep: Sendable, Equatable {
    /// The step's caption, or nil when it has none.
    public var caption: String?
    /// What the presenter says over the step, printed small under the caption.
    public var note: String?
    /// The step's picture: PNG bytes, 8-bit RGB and not interlaced, as
    /// treeanim writes opaque frames.
    public var png: [UInt8]
    /// The lecture section the step belongs to; nil outside a lecture.
    public var section: String?
    /// Set on a question to the room; the step after it is its answer.
    public var question: String?
    /// Set on a lecture's text slide: its blocks, printed as text in place
    /// of its picture.
    public var text: [DeckTextBlock]?
    /// What the picture shows, in words: its alternative text
    /// (``DeckSlide/description``).
    public var description: String?

    public init(
        caption: String?, note: String?, png: [UInt8], section: String? = nil, question: String? = nil,
        text: [DeckTextBlock]? = nil, description: String? = nil
    ) {
        self.caption = caption
        self.note = note
        self.png = png
        self.section = section
        self.question = question
        self.text = text
        self.description = description
    }

    /// The slide's step, pictured by its last frame: where the step ends,
    /// which is what a reader of the printed page needs to see.
    public init(_ slide: DeckSlide) {
        self.init(
            caption: slide.caption, note: slide.note, png: slide.final, section: slide.section,
            question: slide.question, text: slide.text, description: slide.description)
    }
}
