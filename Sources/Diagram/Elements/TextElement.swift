import Geometry
import Tween

/// A line of text other than a node's label and the caption: a counter, a
/// badge beside a node, a row of visited keys, an axis label.
public struct TextElement: Hashable, Sendable {
    public var id: ElementID
    public var text: String
    /// Where the text's anchor point sits.
    public var placement: Placement
    /// The font size: in layout units for world and node placements (it
    /// zooms with the diagram); as a fraction of the frame's shorter side for
    /// screen placements.
    public var size: Double
    public var alignment: TextAlignment
    public var role: Role
    public var opacity: Double
    public var transition: Transition

    public init(
        id: ElementID, text: String, placement: Placement, size: Double, alignment: TextAlignment = .center,
        role: Role = .normal, opacity: Double = 1, transition: Transition = .opacity
    ) {
        self.id = id
        self.text = text
        self.placement = placement
        self.size = size
        self.alignment = alignment
        self.role = role
        self.opacity = opacity
        self.transition = transition
    }
}

/// Which point of a text its placement names.
public enum TextAlignment: String, Hashable, Sendable {
    /// The middle of the text's box.
    case center
    /// The left end of the baseline.
    case left
    /// The right end of the baseline.
    case right
}
