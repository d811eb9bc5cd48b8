import Geometry
import Tween

/// A line of text other than a node's label and the caption: a counter, a
/// badge beside a node, a row of visited keys, an axis label, a bar's
/// label and value.
///
/// A text that counts (``counting`` set) writes ``value`` in that format
/// at every frame, tweened as it changes: a number that counts up while
/// the bar it is placed on grows.
public struct TextElement: Hashable, Sendable {
    public var id: ElementID
    public var text: String
    /// The number a counting text writes.
    public var value: Double
    /// How a counting text writes ``value``; nil for a text that writes
    /// ``text``.
    public var counting: ValueFormat?
    /// Whether it is drawn with the bars, under the nodes (a bar's own
    /// words, which a callout box may cover), or over everything.
    public var layer: TextLayer
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
    /// The typeface: the animation's own (``TextFace/main``) for labels and
    /// counters; a text slide sets its body in ``TextFace/regular`` and its
    /// code in ``TextFace/mono``.
    public var face: TextFace = .main

    public init(
        id: ElementID, text: String, placement: Placement, size: Double, alignment: TextAlignment = .center,
        role: Role = .normal, opacity: Double = 1, transition: Transition = .opacity, value: Double = 0,
        counting: ValueFormat? = nil, layer: TextLayer = .top
    ) {
        self.id = id
        self.text = text
        self.value = value
        self.counting = counting
        self.layer = layer
        self.placement = placement
        self.size = size
        self.alignment = alignment
        self.role = role
        self.opacity = opacity
        self.transition = transition
    }
}

/// The typefaces a frame is drawn in.
public enum TextFace: String, Hashable, Sendable {
    /// The animation's font (`--font`; DejaVu Sans Bold by default).
    case main
    /// An upright face of ordinary weight for running text: DejaVu Sans,
    /// or the `--font` given.
    case regular
    /// A fixed-width face for code: DejaVu Sans Mono.
    case mono
}

/// Which point of a text its placement names.
public enum TextAlignment: String, Hashable, Sendable {
    /// The middle of the text's box.
    case center
    /// The left end of the baseline.
    case left
    /// The right end of the baseline.
    case right
    /// The middle of the baseline: a text that stands on a point, as a
    /// value over a column.
    case baseline
}

/// Where a text is drawn among the elements.
public enum TextLayer: String, Hashable, Sendable {
    /// After everything but the caption.
    case top
    /// Just after the bars, under the nodes, edge labels and marks.
    case bars
}
