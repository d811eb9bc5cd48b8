import Geometry
import Raster

/// Everything one frame shows, in output pixels after the camera: the frame's
/// complete geometry, from which any renderer can redraw it, and what the
/// scene dump writes.
///
/// Drawing order: background, edges, bars, nodes (fill, outline centred on
/// the box, label), marks, texts, caption; each kind in array order.
public struct Scene: Sendable, Equatable {
    /// The frame's index in the full animation.
    public var frame: Int
    /// Seconds from the start of the animation.
    public var time: Double
    /// The index of the step the frame belongs to.
    public var step: Int
    public var width: Int
    public var height: Int
    public var background: Color
    public var caption: String?
    /// The caption's font size in pixels and its baseline-left origin.
    public var captionStyle: CaptionStyle
    public var edges: [EdgeState]
    public var nodes: [NodeState]
    public var marks: [MarkState]
    public var bars: [BarState]
    public var texts: [TextState]
    /// The colour around the caption's and texts' letters on a transparent
    /// frame, so they read on light and dark slides alike: the theme's
    /// background colour. (On an opaque frame the background itself does
    /// that, and a halo would only cost drawing time.)
    public var halo: Color?
    /// The overview in a corner while the camera shows part of a drawing
    /// that has one (see ``Script/overview``); drawn last but the caption.
    public var inset: InsetState? = nil
    /// The pseudocode panel, when the animation shows one at this frame.
    public var code: CodeState? = nil
    /// How far down the band the caption is set in reaches, in pixels,
    /// while the camera shows part of the drawing (a tour, a followed
    /// graph): the band is cleared to the background there, and what the
    /// camera shows runs on under it cut off as at the frame's edge, so
    /// that the caption never lies over a node. Nil when the camera shows
    /// the whole drawing, which stays below the band.
    public var backdrop: Double? = nil
    /// The caption being said at this frame, when narrating: the speech
    /// sounding when the frame shows.
    public var speech: Speech? = nil

    public init(
        frame: Int, time: Double, step: Int, width: Int, height: Int, background: Color, caption: String?,
        captionStyle: CaptionStyle, edges: [EdgeState] = [], nodes: [NodeState] = [], marks: [MarkState] = [],
        bars: [BarState] = [], texts: [TextState] = [], halo: Color? = nil
    ) {
        self.frame = frame
        self.time = time
        self.step = step
        self.width = width
        self.height = height
        self.background = background
        self.caption = caption
        self.captionStyle = captionStyle
        self.edges = edges
        self.nodes = nodes
        self.marks = marks
        self.bars = bars
        self.texts = texts
        self.halo = halo
    }

    /// The first ring drawn, if any: the scene dump's `highlight`.
    public var highlight: MarkState? { marks.first }

    /// Whether `other` draws exactly the same pixels: it shows the same
    /// things, whatever frame, time and step it is. Nothing drawn depends on
    /// those three, so a frame held still (a pause, a rest between steps)
    /// is drawn once and repeated.
    public func drawsSame(as other: Scene) -> Bool {
        var moved = other
        (moved.frame, moved.time, moved.step) = (frame, time, step)
        return moved == self
    }
}

/// Where and how large the caption is drawn; fixed for a whole animation.
public struct CaptionStyle: Sendable, Equatable {
    public var x: Double
    public var baseline: Double
    public var fontSize: Double
    public var color: Color

    public init(x: Double, baseline: Double, fontSize: Double, color: Color) {
        self.x = x
        self.baseline = baseline
        self.fontSize = fontSize
        self.color = color
    }
}

/// The shape of a drawn node.
public enum NodeShape: String, Sendable, Equatable {
    case circle
    /// A rounded rectangle.
    case rect
}

/// A node as drawn: a filled box (a circle when square with fully rounded
/// corners) with an outline and a centred label.
public struct NodeState: Sendable, Equatable {
    /// The node's number in the animation: nodes are numbered from 0 in the
    /// order they first appear.
    public var id: Int
    public var key: Int?
    public var label: String
    /// Centre.
    public var x: Double
    public var y: Double
    public var shape: NodeShape
    /// The drawn box, after any scale transition.
    public var w: Double
    public var h: Double
    public var cornerRadius: Double
    public var role: String
    public var opacity: Double
    public var fill: Color
    public var stroke: Color
    public var strokeWidth: Double
    public var labelColor: Color
    /// Zero when the node is too small for a readable label.
    public var fontSize: Double
    /// A label fading out while `label` fades in, with its opacity; the
    /// label's own opacity is `1 - fading.opacity`.
    public var fading: FadingLabel?
    /// The id the producer gave the node (`n3`, `list:2.next`): what it
    /// stands for, the same in every frame.
    public var name: String = ""

    /// Half the box's smaller side: a circle's radius.
    public var radius: Double { min(w, h) / 2 }
}

/// The label a node or text is changing from, and how much of it still shows.
public struct FadingLabel: Sendable, Equatable {
    public var text: String
    public var opacity: Double
}

/// An edge as drawn: a polyline from the `from` node's centre (or a
/// midpoint of `from` and a second node, see `Edge.fromSecond`) to the
/// `to` node's centre.
public struct EdgeState: Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var kind: String
    /// The drawn polyline, both ends included: at least two points.
    public var points: [Point]
    public var width: Double
    public var color: Color
    public var opacity: Double
    /// Arrowheads, each as its tip and the direction it points in, and
    /// their length in pixels.
    public var arrowheads: [Arrowhead] = []
    public var arrowLength: Double = 0
    /// The ends the edge has arrowheads at, as declared: drawn or not yet
    /// (a line still being drawn out has no head at its far end).
    public var arrows: EdgeArrows = []
    /// Words at the edge's middle (none when empty), their centre and size
    /// in pixels.
    public var label: String = ""
    /// The words it had, fading out as `label` fades in.
    public var labelFading: FadingLabel?
    public var labelPoint: Point = .zero
    public var labelSize: Double = 0
    public var labelColor: Color = .black
    /// The length of its dashes and of the gaps between, in pixels; 0 for
    /// a solid line.
    public var dash: Double = 0
    /// The id the producer gave the edge, the same in every frame.
    public var name: String = ""

    public var x1: Double { points[0].x }
    public var y1: Double { points[0].y }
    public var x2: Double { points[points.count - 1].x }
    public var y2: Double { points[points.count - 1].y }
}

/// A highlight ring: a circle of `radius` when `w == h == 2·radius`, else a
/// rounded rectangle of `w` by `h` around a box node.
public struct MarkState: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var radius: Double
    public var w: Double
    public var h: Double
    public var cornerRadius: Double
    public var width: Double
    public var color: Color
    public var opacity: Double
}

/// A bar as drawn; `x`, `y` is its top-left corner.
public struct BarState: Sendable, Equatable {
    public var id: Int
    public var label: String
    public var value: Double
    public var x: Double
    public var y: Double
    public var w: Double
    public var h: Double
    public var fill: Color
    public var opacity: Double
    /// `bar` for data; others as the producer names them (`grid`, `range`).
    public var kind: String = "bar"
    public var role: String = Role.normal.name
    public var direction: BarDirection = .up
    /// The size in pixels of the texts placed on the bar (its value's,
    /// else its label's); 0 when there are none or they would be too
    /// small to read.
    public var fontSize: Double = 0
    /// The value as the counting text placed on the bar writes it, if
    /// one is.
    public var valueText: String? = nil
    public var textColor: Color = .black
    /// The id the producer gave the bar (`bar3`, `range`, `region:le`),
    /// the same in every frame.
    public var name: String = ""

    /// The bar's length along its direction, in pixels.
    public var length: Double { direction == .up ? h : w }
}

/// A text as drawn: `x`, `y` is its anchor (see ``TextAlignment``).
public struct TextState: Sendable, Equatable {
    public var text: String
    public var x: Double
    public var y: Double
    public var fontSize: Double
    public var alignment: TextAlignment
    public var color: Color
    public var opacity: Double
    public var fading: FadingLabel?
    /// The `id` of the node the text is placed beside (a badge), or nil.
    public var node: Int? = nil
    /// Where it is drawn: over everything, or with the bars.
    public var layer: TextLayer = .top
    /// The number a counting text writes, as tweened; nil for others.
    public var value: Double? = nil
    /// The `id` of the bar the text is placed on (its label, its value),
    /// or nil.
    public var bar: Int? = nil
    /// The typeface it is set in.
    public var face: TextFace = .main
    /// The id the producer gave the text (`counter`, `index:3`,
    /// `marker:i`), the same in every frame.
    public var name: String = ""
}

/// An arrowhead: where its point is, and the unit direction it points in.
public struct Arrowhead: Sendable, Equatable {
    public var tip: Point
    public var direction: Vector
}

/// A small overview of a whole drawing, in a corner of the frame: every node
/// on stage as a box of its fill, the edges as hairlines, and a rectangle
/// where the camera looks. It fades in as the camera closes in on part of
/// the drawing and out as it stands back.
public struct InsetState: Sendable, Equatable {
    /// The panel, in pixels.
    public var frame: Rect
    public var opacity: Double
    /// What the camera shows, in the panel's pixels, clipped to it.
    public var view: Rect
    public var boxes: [InsetBox]
    public var lines: [InsetLine]
    public var background: Color
    public var border: Color
    public var lineColor: Color
    public var viewColor: Color
}

/// A node in an inset: its box and fill, in pixels.
public struct InsetBox: Sendable, Equatable {
    public var rect: Rect
    public var color: Color
}

/// An edge in an inset, from centre to centre, in pixels.
public struct InsetLine: Sendable, Equatable {
    public var from: Point
    public var to: Point
}

/// The pseudocode panel as drawn: a box along the right of the frame with
/// the procedure's heading and its numbered lines, one of them (`line`,
/// from 0) highlighted as the line running.
public struct CodeState: Sendable, Equatable {
    public var title: String
    public var lines: [String]
    /// The index of the highlighted line, from 0; nil when none is.
    public var line: Int?
    /// The panel's box, in pixels.
    public var frame: Rect
    /// The lines' size in pixels; a line is ``lineHeight`` tall.
    public var fontSize: Double
    public var lineHeight: Double
    public var background: Color
    public var text: Color
    /// Line numbers.
    public var muted: Color
    /// The highlighted line's band, and its edge at the left.
    public var highlight: Color
    public var accent: Color

    /// Where line `index`'s band is: the heading takes the first row.
    public func band(ofLine index: Int) -> Rect {
        let pad = fontSize * 0.6
        return Rect(
            x: frame.minX + pad * 0.5, y: frame.minY + pad + lineHeight * Double(index + 1),
            width: frame.width - pad, height: lineHeight)
    }
}
