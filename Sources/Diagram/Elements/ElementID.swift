/// The identity of a diagram element across the whole animation: an element
/// with the same id in two diagrams is the same thing, so it tweens from one
/// state to the other instead of leaving and entering.
///
/// Ids share one namespace across nodes, edges, marks, bars and texts. They
/// are names, chosen by the producer (`"n42"`, `"edge:n42"`, `"ring"`):
/// identity is all they carry.
///
///     let root: ElementID = "n0"
///     let edge = ElementID("e", 7)   // "e7"
public struct ElementID: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    /// A prefix and a number, as in `ElementID("n", 3)` for `n3`.
    public init(_ prefix: String, _ number: Int) {
        name = prefix + String(number)
    }

    public init(stringLiteral value: String) {
        name = value
    }

    public var description: String { name }

    public static func < (lhs: ElementID, rhs: ElementID) -> Bool { lhs.name < rhs.name }
}
