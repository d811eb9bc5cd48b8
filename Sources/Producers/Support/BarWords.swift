import Diagram
import Geometry
import Raster

/// The words a chart writes on a bar: its label at its foot and its value
/// at its end, counting as the bar grows (a ``TextElement`` that counts,
/// given the bar's value). Both are placed on the bar's box, so they follow
/// it as it grows and moves, and are drawn with the bars, under a callout.
///
/// A column's label is under it and its value over it; a horizontal bar's
/// label left of it and its value right of it; a negative value's bar runs
/// the other way from the base line, and its two words swap sides.
struct BarWords {
    /// The size of both, in layout units.
    let size: Double
    /// How the value is written; nil writes none.
    let format: ValueFormat?

    static func labelID(of bar: ElementID) -> ElementID { ElementID(bar.name + ":label") }
    static func valueID(of bar: ElementID) -> ElementID { ElementID(bar.name + ":value") }

    /// The two texts of `bar`: its label when it has one, its value when
    /// there is a format.
    func texts(of bar: Bar) -> [TextElement] {
        let gap = 0.3 * size
        let negative = bar.value < 0
        var foot: (Point, Vector, TextAlignment), end: (Point, Vector, TextAlignment)
        switch bar.direction {
        case .up:
            let below = (Point(0.5, 1), Vector(dx: 0, dy: gap + 0.78 * size), TextAlignment.baseline)
            let above = (Point(0.5, 0), Vector(dx: 0, dy: -gap), TextAlignment.baseline)
            (foot, end) = negative ? (above, below) : (below, above)
        case .right:
            let left = (Point(0, 0.5), Vector(dx: -gap, dy: 0.36 * size), TextAlignment.right)
            let right = (Point(1, 0.5), Vector(dx: gap, dy: 0.36 * size), TextAlignment.left)
            (foot, end) = negative ? (right, left) : (left, right)
            // A label of two lines stands with its middle on the bar's.
            foot.1.dy -= Double(LabelFit.lineCount(of: bar.label) - 1) * Font.lineSpacing / 2 * size
        }
        var out = [TextElement]()
        if !bar.label.isEmpty {
            out.append(
                TextElement(
                    id: Self.labelID(of: bar.id), text: bar.label, placement: .box(bar.id, unit: foot.0, offset: foot.1),
                    size: size, alignment: foot.2, opacity: bar.opacity, transition: .opacity, layer: .bars))
        }
        if let format {
            out.append(
                TextElement(
                    id: Self.valueID(of: bar.id), text: "", placement: .box(bar.id, unit: end.0, offset: end.1), size: size,
                    alignment: end.2, opacity: bar.opacity, transition: .opacity, value: bar.value, counting: format,
                    layer: .bars))
        }
        return out
    }

    /// Puts `bar` and its words into `d`; a word it no longer has (an
    /// emptied label, a value no longer written) goes.
    func insert(_ bar: Bar, into d: inout Diagram) {
        d.bars.insert(bar)
        let words = texts(of: bar)
        for t in words { d.texts.insert(t) }
        for id in [Self.labelID(of: bar.id), Self.valueID(of: bar.id)] where !words.contains(where: { $0.id == id }) {
            d.texts.remove(id)
        }
    }

    /// Takes the bars `leaving` says go, with their words, out of `d`.
    static func removeAll(from d: inout Diagram, where leaving: (Bar) -> Bool) {
        let gone = d.bars.filter(leaving).map(\.id)
        for id in gone {
            d.bars.remove(id)
            d.texts.remove(labelID(of: id))
            d.texts.remove(valueID(of: id))
        }
    }
}
