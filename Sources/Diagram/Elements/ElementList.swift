/// The elements of one kind in a diagram, by id, in the order they were
/// added. (The animation draws elements in the order they first appear in
/// it, nodes by their `layer` first; removing and adding an element again
/// does not bring it to the front: raise its `layer`.)
///
///     var nodes = ElementList<Node>()
///     nodes.insert(.circle("n0", at: .zero, radius: 0.34, label: "50", labelSize: 0.3))
///     nodes["n0"]?.role = .visited
///
/// A list keeps a note of the ids it changes while a ``StepBuilder`` has
/// it, so that each beat is compiled from what changed instead of from a
/// comparison of whole diagrams.
public struct ElementList<Element: DiagramElement>: Sendable, Equatable {
    private var order: [ElementID] = []
    private var items: [ElementID: Element] = [:]
    /// Changed ids since the builder last looked, with the builder's token.
    var journal: Journal?

    struct Journal: Sendable, Equatable {
        let token: Int
        var touched: [ElementID] = []
    }

    public init() {}

    public init(_ elements: some Sequence<Element>) {
        for e in elements { insert(e) }
    }

    /// The element with `id`, if any. Setting `nil` removes it; setting an
    /// element whose id is new adds it at the end.
    ///
    /// - Precondition: a set element has id `id`.
    public subscript(id: ElementID) -> Element? {
        get { items[id] }
        set {
            if let newValue {
                precondition(newValue.id == id, "element \(newValue.id) set under id \(id)")
                insert(newValue)
            } else {
                remove(id)
            }
        }
    }

    /// Adds `element`, or replaces the element with its id in place.
    public mutating func insert(_ element: Element) {
        if items.updateValue(element, forKey: element.id) == nil { order.append(element.id) }
        journal?.touched.append(element.id)
    }

    /// Removes the element with `id`, if any.
    public mutating func remove(_ id: ElementID) {
        guard items.removeValue(forKey: id) != nil else { return }
        // Removal is rare next to moves; a linear search keeps `order` simple.
        if let i = order.lastIndex(of: id) { order.remove(at: i) }
        journal?.touched.append(id)
    }

    /// Removes every element that `shouldRemove` is true of.
    public mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        // `order` and `items` always hold the same ids.
        for id in order where shouldRemove(items[id]!) { remove(id) }
    }

    /// Applies `change` to every element.
    public mutating func update(_ change: (inout Element) -> Void) {
        for id in order {
            // `order` and `items` always hold the same ids.
            var e = items[id]!
            change(&e)
            if e != items[id] { insert(e) }
        }
    }

    public var count: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    public var ids: [ElementID] { order }
    /// The elements in the order they were added.
    public var all: [Element] {
        // `order` and `items` always hold the same ids.
        order.map { items[$0]! }
    }

    public func contains(_ id: ElementID) -> Bool { items[id] != nil }

    /// The elements in no particular order: for what the order does not
    /// change (a region's extremes), without looking each one up by id.
    var unordered: Dictionary<ElementID, Element>.Values { items.values }

    public static func == (a: Self, b: Self) -> Bool { a.order == b.order && a.items == b.items }
}

extension ElementList: Sequence {
    public func makeIterator() -> IndexingIterator<[Element]> { all.makeIterator() }
}

/// What every element of a diagram has: an identity.
public protocol DiagramElement: Hashable, Sendable {
    var id: ElementID { get }
}

extension Node: DiagramElement {}
extension Edge: DiagramElement {}
extension Mark: DiagramElement {}
extension Bar: DiagramElement {}
extension TextElement: DiagramElement {}
