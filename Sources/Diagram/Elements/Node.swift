import Geometry
import Raster
import Tween

/// A node of a diagram: a circle or a rounded rectangle with a label.
///
/// Shape is continuous: a circle is a square box whose corner radius is
/// half its side, so a node that changes from circle to box morphs instead
/// of jumping. Sizes and positions are in layout units; the camera turns
/// them into pixels.
public struct Node: Hashable, Sendable {
    public var id: ElementID
    /// The centre.
    public var position: Point
    /// The drawn box.
    public var size: Size
    public var cornerRadius: Double
    public var label: String
    /// The label's font size in layout units; the renderer leaves a label
    /// out where it would be too small to read.
    public var labelSize: Double
    public var role: Role
    /// The number the node stands for, if it stands for one (a key, an
    /// array's value): the scene dump's `key`, for tests and tools that
    /// read which node is which.
    public var key: Int?
    /// Multiplies the node's opacity: 1 for a node at rest.
    public var opacity: Double
    /// Multiplies the node's size about its centre: an emphasis pulse.
    public var scale: Double
    /// Colours that override the role's, for data that carries its own
    /// (a legend, a person's gender).
    public var fill: Color?
    /// Later in the stacking order than nodes of lower `layer`; nodes of one
    /// layer stack in the order they first appeared.
    public var layer: Int
    /// How the node appears and disappears.
    public var transition: Transition

    /// A circle of `radius` with `label` at `position`.
    public static func circle(
        _ id: ElementID, at position: Point, radius: Double, label: String, labelSize: Double,
        role: Role = .normal, key: Int? = nil
    ) -> Node {
        Node(
            id: id, position: position, size: Size(width: 2 * radius, height: 2 * radius), cornerRadius: radius,
            label: label, labelSize: labelSize, role: role, key: key)
    }

    /// A rounded rectangle of `size` with `label` at `position`.
    public static func box(
        _ id: ElementID, at position: Point, size: Size, cornerRadius: Double, label: String, labelSize: Double,
        role: Role = .normal, key: Int? = nil
    ) -> Node {
        Node(
            id: id, position: position, size: size, cornerRadius: min(cornerRadius, min(size.width, size.height) / 2),
            label: label, labelSize: labelSize, role: role, key: key)
    }

    public init(
        id: ElementID, position: Point, size: Size, cornerRadius: Double, label: String, labelSize: Double,
        role: Role = .normal, key: Int? = nil, opacity: Double = 1, scale: Double = 1, fill: Color? = nil,
        layer: Int = 0, transition: Transition = .grow
    ) {
        self.id = id
        self.position = position
        self.size = size
        self.cornerRadius = cornerRadius
        self.label = label
        self.labelSize = labelSize
        self.role = role
        self.key = key
        self.opacity = opacity
        self.scale = scale
        self.fill = fill
        self.layer = layer
        self.transition = transition
    }

    /// The box the node covers, at scale 1.
    public var frame: Rect {
        Rect(x: position.x - size.width / 2, y: position.y - size.height / 2, width: size.width, height: size.height)
    }
}

extension Transition {
    /// The default way a node or mark appears: it grows from a third of its
    /// size as it fades in, and shrinks as it fades out.
    public static let grow = Transition.opacity.combined(with: .scale(from: 0.3))
}
