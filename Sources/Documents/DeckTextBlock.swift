/// One block of a text slide's content (a lecture's title or text slide):
/// plain text, emphasis already stripped, in the order the slide shows it.
///
///     let slide: [DeckTextBlock] = [.title("Search trees"), .bullet("ordered"), .bullet("balanced")]
///
/// Line breaks inside a block's text are kept: a paragraph's end its
/// lines, a code block's its source lines.
public enum DeckTextBlock: Sendable, Equatable {
    /// The slide's title: the largest text on it.
    case title(String)
    /// A heading within the slide.
    case heading(String)
    case paragraph(String)
    /// One item of a bulleted list.
    case bullet(String)
    /// Source code or other preformatted text: its lines and their
    /// indentation kept as written.
    case code(String)

    /// The block's text, whatever its kind.
    var text: String {
        switch self {
        case .title(let text), .heading(let text), .paragraph(let text), .bullet(let text), .code(let text): text
        }
    }
}
