import Diagram
import Geometry

/// Where a linked list's cells stand, in layout units: node `i` of the
/// list is a row of cells (`prev`, value, `next`) at `i` pitches from the
/// left, all on one line; pointer variables stand over the nodes they
/// point to (the list's head to the left of the first node); a node being
/// spliced in waits under the gap it goes into; a circular list's pointer
/// back to the head runs under everything.
struct ListGeometry: Sendable {
    static let cellHeight = 0.64
    static let pointerWidth = 0.34
    /// Between one node's last cell and the next one's first: room for an
    /// arrow with its head.
    static let gap = 0.58
    /// The centre line of variables over the list, and of a node waiting
    /// under it.
    static let aboveY = -1.4
    static let belowY = 1.45
    /// The tier of the pointers that walk the list, over the tail's.
    static let walkerY = aboveY - 0.72
    static let variableHeight = 0.5

    /// The value cells' width: the widest value the run holds.
    let valueWidth: Double
    let labelSize: Double
    let doubly: Bool
    /// Each variable's box width, by name: wide enough for `name = ∅`
    /// (the head's box, which stays put, is always that wide), and for the
    /// name alone.
    let variableWidths: [String: Double]
    let plainWidths: [String: Double]
    /// The most nodes the list holds in the run.
    let capacity: Int

    var nodeWidth: Double { valueWidth + Self.pointerWidth * (doubly ? 2 : 1) }
    var pitch: Double { nodeWidth + Self.gap }

    /// The left edge of a node at place `i` (a fraction: between two).
    func left(_ i: Double) -> Double { i * pitch }

    func value(_ i: Double, y: Double = 0) -> Point {
        Point(left(i) + (doubly ? Self.pointerWidth : 0) + valueWidth / 2, y)
    }

    func next(_ i: Double, y: Double = 0) -> Point {
        Point(left(i) + nodeWidth - Self.pointerWidth / 2, y)
    }

    func prev(_ i: Double, y: Double = 0) -> Point {
        Point(left(i) + Self.pointerWidth / 2, y)
    }

    /// The middle of a node at place `i`.
    func centre(_ i: Double) -> Double { left(i) + nodeWidth / 2 }

    /// Where the head variable stands: left of the first node.
    func head(width: Double) -> Point { Point(-Self.gap - width / 2, 0) }

    /// The depth (in cell heights under the list's cells) of a circular
    /// list's way back to the head, and of a doubly linked one's way back
    /// to the tail: under the variables and the node waiting there.
    static let loopDepth = (belowY + variableHeight / 2 + 0.45 - cellHeight / 2) / cellHeight
    static let secondLoopDepth = loopDepth + 0.7

    /// Everything a run may cover.
    func bounds(headWidth: Double, circular: Bool) -> Rect {
        let x0 = head(width: headWidth).x - headWidth / 2
        let x1 = left(Double(max(capacity, 1))) + Self.gap
        let bottom = circular ? Self.cellHeight / 2 + (doubly ? Self.secondLoopDepth : Self.loopDepth) * Self.cellHeight + 0.1
            : Self.belowY + Self.cellHeight / 2 + 0.1
        let top = Self.walkerY - Self.variableHeight / 2 - 0.1
        return Rect(x: x0, y: top, width: x1 - x0, height: bottom - top)
    }
}
