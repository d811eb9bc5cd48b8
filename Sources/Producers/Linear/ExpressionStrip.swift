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
    /// False once the evaluation is over: the strip leaves at the next step.
    var visible = true
    /// How many token elements a strip has drawn so far: those past this
    /// strip's tokens are taken away.
    var drawn = 0

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

    /// The strip drawn with its row's top left at `origin`; once not
    /// visible, its elements are taken away.
    func draw(_ d: inout Diagram, at origin: Point) {
        guard visible else {
            for k in 0..<drawn { d.nodes.remove(Self.token(k)) }
            d.nodes.remove(Self.arrow)
            d.nodes.remove(Self.workingID)
            return
        }
        var x = origin.x
        let y = origin.y + Self.height / 2
        var arrowX: Double?
        for (k, token) in tokens.enumerated() {
            let w = Self.width(token)
            let role: Role = cursor == k ? .new : k < (cursor ?? 0) ? .pointer : .normal
            d.nodes.insert(.box(Self.token(k), at: Point(x + w / 2, y), size: Size(width: w, height: Self.height), cornerRadius: 0.06,
                label: token, labelSize: Self.labelSize, role: role))
            if cursor == k { arrowX = x + w / 2 }
            x += w + Self.gap
        }
        for k in tokens.count..<max(drawn, tokens.count) { d.nodes.remove(Self.token(k)) }
        if let arrowX {
            d.nodes.insert(.box(Self.arrow, at: Point(arrowX, y + Self.height / 2 + Self.arrowRoom / 2), size: Size(width: 0.4, height: 0.4),
                cornerRadius: 0, label: "↑", labelSize: Self.labelSize, role: .pointer))
        } else {
            d.nodes.remove(Self.arrow)
        }
        if let working {
            let w = Self.width(working)
            d.nodes.insert(.box(Self.workingID, at: Point(x + Self.gap + w / 2, y), size: Size(width: w, height: Self.height), cornerRadius: 0.06,
                label: working, labelSize: Self.labelSize, role: .normal))
        } else {
            d.nodes.remove(Self.workingID)
        }
    }
}
