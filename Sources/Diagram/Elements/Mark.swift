import Geometry
import Tween

/// A highlight ring: around a node when placed on one (taking the node's
/// shape and size, and following it), or a circle of `radius` elsewhere.
/// Moving a mark from node to node slides it along the way.
public struct Mark: Hashable, Sendable {
    public var id: ElementID
    public var placement: Placement
    /// The ring's radius when it is not on a node, in layout units.
    public var radius: Double
    /// How far the ring stands off a node's outline, as a fraction of the
    /// node's smaller side.
    public var padding: Double
    public var role: Role
    public var opacity: Double
    public var transition: Transition

    public init(
        id: ElementID, placement: Placement, radius: Double = 0.45, padding: Double = 0.15, role: Role = .accent,
        opacity: Double = 1, transition: Transition = .opacity
    ) {
        self.id = id
        self.placement = placement
        self.radius = radius
        self.padding = padding
        self.role = role
        self.opacity = opacity
        self.transition = transition
    }

    /// A ring on node `node`.
    public static func ring(_ id: ElementID, on node: ElementID, role: Role = .accent) -> Mark {
        Mark(id: id, placement: .on(node), role: role)
    }
}
