extension HTMLDeck {
    /// The deck's look: a dark room, the stage as large as the window
    /// allows at the frames' aspect (`--aspect`, set on the deck), the
    /// caption, section and counter below it; a question's banner in amber
    /// over the stage's top; the overview a scrolling grid of cards over
    /// the whole deck. Sizes follow the window (`vmin`) so a projector and
    /// a laptop show the same layout.
    /// (In `Resources/deck.css`, compiled into the binary.)
    static let style = HTMLDeck.resource(PackageResources.deck_css)

    /// A text resource as the page embeds it: UTF-8, without the file's
    /// last line break.
    static func resource(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
