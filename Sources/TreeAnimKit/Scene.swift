import Raster

/// Everything one frame shows, in output pixels after the camera: the frame's
/// complete geometry, from which any renderer can redraw it.
///
/// Drawing order is background, edges in array order, nodes in array order
/// (fill, then a stroke centred on the circle of `radius`, then the label),
/// the highlight ring, then the caption.
public struct Scene: Sendable, Equatable {
    /// The frame's index in the full animation.
    public var frame: Int
    /// Seconds from the start of the animation.
    public var time: Double
    public var width: Int
    public var height: Int
    public var background: Color
    public var caption: String?
    /// The caption's font size in pixels and its baseline-left origin.
    public var captionStyle: CaptionStyle
    public var edges: [EdgeState]
    public var nodes: [NodeState]
    public var highlight: HighlightState?
}

/// Where and how large the caption is drawn; fixed for a whole animation.
public struct CaptionStyle: Sendable, Equatable {
    public var x: Double
    public var baseline: Double
    public var fontSize: Double
    public var color: Color
}

/// A node as drawn: a filled disc with an outline and a centred label.
public struct NodeState: Sendable, Equatable {
    public var id: Int
    public var key: Int
    public var label: String
    public var x: Double
    public var y: Double
    /// The drawn radius, after any scale transition.
    public var radius: Double
    public var opacity: Double
    public var fill: Color
    public var stroke: Color
    public var strokeWidth: Double
    public var labelColor: Color
    /// Zero when the node is too small for a readable label.
    public var fontSize: Double
}

/// An edge as drawn: a straight line from the parent's centre towards the
/// child's.
public struct EdgeState: Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double
    public var width: Double
    public var color: Color
    public var opacity: Double
}

/// The ring that walks the search path.
public struct HighlightState: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var radius: Double
    public var width: Double
    public var color: Color
    public var opacity: Double
}
