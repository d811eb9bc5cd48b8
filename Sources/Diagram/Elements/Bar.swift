import Geometry
import Raster
import Tween

/// A rectangle in layout units (a bar of a chart, a grid line, a swatch),
/// with the value and label it stands for and the way it grows, which the
/// scene dump reports. It writes no words: a chart places texts on it (a
/// ``Placement/box(_:unit:offset:)`` on its foot or end), and a counting
/// text given the same value tweens with it, so a number counts up while
/// its bar grows, as in a bar chart race.
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
    /// Which way the bar grows from its base.
    public var direction: BarDirection
    /// What the bar is, for the scene dump: `bar` for data; producers
    /// name others (`grid`, `range`).
    public var kind: String
    /// Bars are drawn by layer, then in the order they first appeared: a
    /// grid line on a lower layer stays under bars that came before it.
    public var layer: Int

    public init(
        id: ElementID, frame: Rect, value: Double, label: String, role: Role = .normal, fill: Color? = nil,
        opacity: Double = 1, transition: Transition = .opacity, direction: BarDirection = .up,
        kind: String = "bar", layer: Int = 0
    ) {
        self.id = id
        self.frame = frame
        self.value = value
        self.label = label
        self.role = role
        self.fill = fill
        self.opacity = opacity
        self.transition = transition
        self.direction = direction
        self.kind = kind
        self.layer = layer
    }
}

/// Which way a bar grows from its base.
public enum BarDirection: String, Hashable, Sendable {
    /// A column: base at the bottom.
    case up
    /// A bar of a horizontal chart: base at the left.
    case right
}

/// How a number is written: fixed decimals, groups of thousands, and words
/// around it (`$1,250.5`, `42 %`). Locale-free, so frames are the same on
/// every machine.
public struct ValueFormat: Hashable, Sendable {
    public var decimals: Int
    /// Groups of three digits separated by `,`.
    public var grouping: Bool
    public var prefix: String
    public var suffix: String

    public init(decimals: Int = 0, grouping: Bool = true, prefix: String = "", suffix: String = "") {
        self.decimals = max(0, min(decimals, 6))
        self.grouping = grouping
        self.prefix = prefix
        self.suffix = suffix
    }

    /// `value` written this way.
    ///
    ///     ValueFormat(decimals: 1).string(1234.56)   // "1,234.6"
    ///     ValueFormat().string(-0.2)                 // "0"
    public func string(_ value: Double) -> String {
        guard value.isFinite else { return prefix + "–" + suffix }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Past 2^53 a Double has no exact units to write; such a bar has
        // no readable value anyway.
        guard scaled < 9.0e15 else { return prefix + (value < 0 ? "-" : "") + "∞" + suffix }
        let units = Int64(scaled)
        let integer = units / Int64(scale), fraction = units % Int64(scale)
        var digits = String(integer)
        if grouping, digits.count > 3 {
            var grouped = ""
            for (i, c) in digits.enumerated() {
                if i > 0, (digits.count - i) % 3 == 0 { grouped.append(",") }
                grouped.append(c)
            }
            digits = grouped
        }
        if decimals > 0 {
            let f = String(fraction)
            digits += "." + String(repeating: "0", count: decimals - f.count) + f
        }
        return prefix + (value < 0 && units > 0 ? "-" : "") + digits + suffix
    }
}
