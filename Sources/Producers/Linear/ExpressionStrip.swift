import Diagram
import Geometry

/// A postfix expression drawn under the stack that evaluates it: its tokens
/// in a row, the one being read lit with an arrow under it and those read
/// before it dimmed, and beside them the working of the operator being
/// applied (`? + 4` once it has popped its right operand, `3 + 4` once it
/// has both, `3 + 4 = 7` as the result goes on the stack), so that the
/// operands stay in sight until their result replaces them.
struct ExpressionStrip: Sendable, Equatable {
    /// The tokens as written on the strip (`×` for `*`).
    var tokens: [String]
    /// The token being read; `tokens.count` once all are read; nil before
    /// the first.
    var cursor: Int?
    /// The working of the operator being applied.
    var working: String?

    static let labelSize = 0.3
    static let height = 0.55
    static let gap = 0.1
    /// The room under the row for the arrow.
    static let arrowRoom = 0.45

    static func token(_ k: Int) -> ElementID { ElementID("expr:\(k)") }
    static let arrow = ElementID("expr:arrow")
    static let workingID = ElementID("expr:working")

    /// A box's width for `text`, as the markers reckon it.
    static func width(_ text: String) -> Double { max(0.5, Double(text.count) * labelSize * 0.62 + 0.3) }

    /// The room a strip of any of `expressions` takes: as wide as the widest
    /// row with its working (worked out from the widest value, `values`),
    /// and the row's height with the arrow under it; nil without one.
    static func room(for expressions: [[String]], values: [LinearValue]) -> Size? {
        guard !expressions.isEmpty else { return nil }
        let widest = values.map(\.text.count).max() ?? 1
        let working = width(String(repeating: "8", count: 3 * widest + 6))
        let row = expressions.map { $0.map(width).reduce(0, +) + Double($0.count) * gap }.max() ?? 0
        return Size(width: row + 2 * gap + working, height: height + arrowRoom)
    }

    /// `strip` drawn with its row's top left at `origin`, in place of the
    /// strip drawn before; nil: no strip (one drawn before leaves).
    static func draw(_ strip: ExpressionStrip?, _ d: inout Diagram, at origin: Point) {
        let drawn = strip?.draw(&d, at: origin) ?? []
        d.nodes.removeAll { $0.id.name.hasPrefix("expr:") && !drawn.contains($0.id) }
    }

    /// Draws the strip (its elements replaced in place) and returns their ids.
    private func draw(_ d: inout Diagram, at origin: Point) -> Set<ElementID> {
        var drawn = Set<ElementID>()
        var x = origin.x
        let y = origin.y + Self.height / 2
        var arrowX: Double?
        for (k, token) in tokens.enumerated() {
            let w = Self.width(token)
            let role: Role = cursor == k ? .new : k < (cursor ?? 0) ? .pointer : .normal
            d.nodes.insert(.box(Self.token(k), at: Point(x + w / 2, y), size: Size(width: w, height: Self.height), cornerRadius: 0.06,
                label: token, labelSize: Self.labelSize, role: role))
            drawn.insert(Self.token(k))
            if cursor == k { arrowX = x + w / 2 }
            x += w + Self.gap
        }
        if let arrowX {
            d.nodes.insert(.box(Self.arrow, at: Point(arrowX, y + Self.height / 2 + Self.arrowRoom / 2), size: Size(width: 0.4, height: 0.4),
                cornerRadius: 0, label: "↑", labelSize: Self.labelSize, role: .pointer))
            drawn.insert(Self.arrow)
        }
        if let working {
            let w = Self.width(working)
            d.nodes.insert(.box(Self.workingID, at: Point(x + Self.gap + w / 2, y), size: Size(width: w, height: Self.height), cornerRadius: 0.06,
                label: working, labelSize: Self.labelSize, role: .normal))
            drawn.insert(Self.workingID)
        }
        return drawn
    }
}
