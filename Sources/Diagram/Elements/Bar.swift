import Geometry
import Raster
import Tween

/// A bar of a chart: a rectangle in layout units with the value it shows,
/// so a value change tweens the bar and its number together.
public struct Bar: Hashable, Sendable {
    public var id: ElementID
    public var frame: Rect
    public var value: Double
    public var label: String
    public var role: Role
    /// A colour of its own (a legend's), overriding the role's.
    public var fill: Color?
    public var opacity: Double
    public var transition: Transition

    public init(
        id: ElementID, frame: Rect, value: Double, label: String, role: Role = .normal, fill: Color? = nil,
        opacity: Double = 1, transition: Transition = .opacity
    ) {
        self.id = id
        self.frame = frame
        self.value = value
        self.label = label
        self.role = role
        self.fill = fill
        self.opacity = opacity
        self.transition = transition
    }
}
