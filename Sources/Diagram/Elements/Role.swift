/// What an element means on the slide, which the theme turns into colours:
/// a short word (`normal`, `new`, `visited`, `found`), so producers can
/// name roles the core has never heard of (a red-black tree's `red`), bring
/// their colours in a ``Palette``, and the scene dump stays readable.
///
/// A role the theme does not know is drawn as ``normal``.
public struct Role: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral value: String) {
        name = value
    }

    public var description: String { name }

    /// An element at rest.
    public static let normal: Role = "normal"
    /// What the current operation is about: the key being inserted.
    public static let new: Role = "new"
    /// Compared or walked past by the current operation.
    public static let visited: Role = "visited"
    /// The target of a search, once found.
    public static let found: Role = "found"
    /// A place, not a thing: the empty slot a key is heading for.
    public static let ghost: Role = "ghost"
    /// The highlight colour: rings, lit edges.
    public static let accent: Role = "accent"
    /// Quiet text: counters, indices.
    public static let muted: Role = "muted"
}
