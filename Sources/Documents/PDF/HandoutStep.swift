/// One step of an animation as a PDF handout shows it: its picture with the
/// caption and the presenter's note under it.
public struct HandoutStep: Sendable, Equatable {
    /// The step's caption, or nil when it has none.
    public var caption: String?
    /// What the presenter says over the step, printed small under the caption.
    public var note: String?
    /// The step's picture: PNG bytes, 8-bit RGB and not interlaced, as
    /// treeanim writes opaque frames.
    public var png: [UInt8]

    public init(caption: String?, note: String?, png: [UInt8]) {
        self.caption = caption
        self.note = note
        self.png = png
    }

    /// The slide's step, pictured by its last frame: where the step ends,
    /// which is what a reader of the printed page needs to see.
    public init(_ slide: DeckSlide) {
        self.init(caption: slide.caption, note: slide.note, png: slide.final)
    }
}
