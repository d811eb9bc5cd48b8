/// The identity of one node of a ``BinarySearchTree``.
///
/// Ids are handed out in insertion order, from 0, and never reused: a node
/// keeps its id for as long as it is in the tree, so an animation can follow
/// it from one layout to the next. Ids order by creation.
@frozen
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    @inlinable
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    @inlinable
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// The side of a parent a child hangs on, or the way a search goes.
public enum Direction: Sendable, Hashable {
    case left, right

    /// The other side.
    @inlinable
    public var opposite: Direction { self == .left ? .right : .left }
}

/// One comparison of a search down a ``BinarySearchTree``: the search met
/// `node`, holding `key`, and went on to its `direction` side.
public struct PathStep<Key> {
    public var node: NodeID
    public var key: Key
    public var direction: Direction

    @inlinable
    public init(node: NodeID, key: Key, direction: Direction) {
        self.node = node
        self.key = key
        self.direction = direction
    }
}

extension PathStep: Sendable where Key: Sendable {}
extension PathStep: Equatable where Key: Equatable {}
extension PathStep: Hashable where Key: Hashable {}

/// A parent–child link of a tree, as a layout draws it.
public struct TreeEdge: Hashable, Sendable {
    public var parent: NodeID
    public var child: NodeID

    @inlinable
    public init(parent: NodeID, child: NodeID) {
        self.parent = parent
        self.child = child
    }
}
