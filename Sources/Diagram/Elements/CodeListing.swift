import Geometry

/// Pseudocode shown beside the diagram: a procedure's name and its lines,
/// one of which a beat may highlight as the line being executed.
///
/// The panel is part of the frame's furniture, as the caption is: the
/// camera fits the drawing into what the panel leaves, and a producer only
/// says which listing shows and which line is running (see
/// ``StepBuilder/code(_:line:)`` and ``StepBuilder/line(_:)``).
///
///     let insert = CodeListing("TREE-INSERT(T, z)", [
///         "y = NIL", "x = T.root", "while x ≠ NIL", "  y = x", …])
///     step.code(insert, line: 2)
public struct CodeListing: Hashable, Sendable {
    /// The procedure's heading, as a textbook writes it (`TREE-INSERT(T, z)`).
    public var title: String
    /// The lines, numbered from 1 when drawn; indentation is two spaces a
    /// level.
    public var lines: [String]

    public init(_ title: String, _ lines: [String]) {
        self.title = title
        self.lines = lines
    }

    /// The widest line, in characters, counting its number and the space
    /// after it (the gutter), or the title's.
    public var columns: Int {
        max(title.count, (lines.map(\.count).max() ?? 0) + Self.gutter(lines.count))
    }

    /// The characters a line's number takes with its space.
    static func gutter(_ count: Int) -> Int { String(max(count, 1)).count + 1 }
}

/// A change to the code panel, made with a beat.
public enum CodeChange: Sendable, Hashable {
    /// Shows `listing`, with the line at index `line` (from 0) highlighted,
    /// or none.
    case show(CodeListing, line: Int?)
    /// Highlights the line at this index of the listing shown, or none.
    case line(Int?)
    /// Takes the panel away.
    case hide
}

/// The room a code panel takes: its widest listing in characters and its
/// tallest in lines (the heading included), and, when the producer knows
/// it, the drawing the panel stands beside, so that the stage can put the
/// panel where it costs the drawing least (see ``Stage/codePanel(bottomBand:)``).
public struct CodeRoom: Sendable, Hashable {
    public var columns: Int
    public var rows: Int
    public var drawing: Drawing?

    /// The drawing beside the panel as the camera fits it: its region at
    /// its most compact (layout units), and the camera's padding and
    /// largest zoom.
    public struct Drawing: Sendable, Hashable {
        /// The region with the camera's padding round it.
        public var size: Size
        /// ``CameraOptions/maxUnit``.
        public var maxUnit: Double
        /// Where the drawing's parts stand in its region, when the camera
        /// shows the whole region on every step (layout units, from its
        /// top left, padding included): a panel may then stand in a corner
        /// of the region that no part reaches, and cost the drawing
        /// nothing. Empty for a drawing whose parts move about.
        public var parts: [Rect] = []

        public init(region: Size, camera: CameraOptions) {
            size = Size(width: region.width + 2 * camera.padding, height: region.height + 2 * camera.padding)
            maxUnit = camera.maxUnit
        }

        /// A drawing of `parts` that the camera shows whole on every step.
        public init?(parts: [Rect], camera: CameraOptions) {
            guard var whole = parts.first else { return nil }
            for p in parts.dropFirst() { whole = whole.union(p) }
            self.init(region: whole.size, camera: camera)
            let origin = Point(whole.minX - camera.padding, whole.minY - camera.padding)
            self.parts = parts.map { Rect(x: $0.minX - origin.x, y: $0.minY - origin.y, width: $0.width, height: $0.height) }
        }
    }

    public init(columns: Int, rows: Int, drawing: Drawing? = nil) {
        self.columns = columns
        self.rows = rows
        self.drawing = drawing
    }

    /// The room that every one of `listings` fits, or nil for none.
    public init?(fitting listings: some Sequence<CodeListing>, drawing: Drawing? = nil) {
        var columns = 0, rows = 0, any = false
        for l in listings {
            any = true
            columns = max(columns, l.columns)
            rows = max(rows, l.lines.count + 1)
        }
        guard any else { return nil }
        self.init(columns: columns, rows: rows, drawing: drawing)
    }
}
