import Diagram
import Geometry

/// Where a sort's bars go, in layout units: index i's bar is centred on
/// x = i, one unit to a place; heights are in proportion to the values,
/// from a base line at y = 0 (up for positive values, down for negative
/// ones). Merge sort's auxiliary row is the same again, lower down.
struct SortGeometry {
    static let barWidth = 0.8
    let count: Int
    /// Units of height per unit of value.
    let scale: Double
    /// The top of the tallest bar and the bottom of the deepest, from the
    /// base line (both 0 when every value is).
    let top: Double
    let bottom: Double
    /// How far the auxiliary row's base line is below the array's.
    let auxShift: Double
    let hasAux: Bool
    /// Whether a bracket marks the part being worked on (quick and merge
    /// sort), which needs room under the array.
    let hasBracket: Bool
    /// The size of the values written over the bars; 0 for long arrays.
    let textSize: Double
    /// Stage units a place is at most: the whole array across the viewport.
    let stagePerPlace: Double
    /// The viewport's diagonal, in stage units.
    let diagonal: Double

    /// The layout of `values` for the viewport `stage` leaves above the
    /// operation band.
    init(values: [Int], aux: Bool, bracket: Bool, stage: Stage) {
        let viewport = stage.viewport(bottomBand: OperationBand.band).size
        count = values.count
        hasAux = aux
        hasBracket = bracket
        let width = Double(max(values.count, 1))
        let most = Double(max(values.max() ?? 1, 0)), least = Double(min(values.min() ?? 0, 0))
        let digits = values.map { String($0).count }.max() ?? 1
        // The drawing takes the viewport's shape, and is at least three
        // units high so that a few bars are not flat slabs.
        let height = max(width * viewport.height / viewport.width, aux ? 5 : 3.2)
        let rows = aux ? 2.0 : 1.0
        func layout(text: Double) -> (scale: Double, top: Double, bottom: Double, shift: Double) {
            let room = 1.6 * text + 0.2
            let barHeight = max((height - rows * room - (aux ? 0.6 : 0)) / rows, 1)
            let scale = most - least > 0 ? barHeight / (most - least) : 1
            let (top, bottom) = (-most * scale, -least * scale)
            return (scale, top, bottom, bottom - top + room + 0.6)
        }
        // Values are written over the bars of a short array: as large as a
        // bar is wide, at most 3.5% of the frame's shorter side and at
        // least the stage's floor, by the zoom the drawing will get.
        var text = 0.0
        if values.count <= 40 {
            let fits = 0.8 / (0.62 * Double(digits))
            text = min(0.42, fits)
            for _ in 0..<2 {
                let l = layout(text: text)
                let tall = (aux ? l.shift : 0) + l.bottom - l.top + 2 * (1.6 * text + 0.2) + (bracket ? 0.45 : 0)
                let zoom = Camera.zoom(fitting: Size(width: width + 0.2, height: tall), in: viewport, maxZoom: .infinity)
                text = min(fits, max(0.035 * Stage.shortSide, stage.minimumText) / zoom)
            }
        }
        textSize = text
        let l = layout(text: text)
        scale = l.scale
        top = l.top
        bottom = l.bottom
        auxShift = l.shift
        stagePerPlace = viewport.width / (width + 0.4)
        diagonal = (viewport.width * viewport.width + viewport.height * viewport.height).squareRoot()
    }

    /// The bar of item `id` with `value` at index `slot` of the array (or of
    /// the auxiliary row).
    func bar(_ id: ElementID, value: Int, slot: Int, aux: Bool, role: Role) -> Bar {
        let base = aux ? auxShift : 0
        let h = Double(abs(value)) * scale
        let x = Double(slot) - Self.barWidth / 2
        let frame = value >= 0 ? Rect(x: x, y: base - h, width: Self.barWidth, height: h) : Rect(x: x, y: base, width: Self.barWidth, height: h)
        return Bar(id: id, frame: frame, value: Double(value), label: "", role: role, transition: .opacity, direction: .up)
    }

    /// What a bar writes: its value over it, on a short array.
    var words: BarWords { BarWords(size: textSize, format: textSize > 0 ? ValueFormat(grouping: false) : nil) }

    /// The bracket under the part `range` of the array that is being
    /// worked on.
    func bracket(_ id: ElementID, over range: ClosedRange<Int>) -> Bar {
        let thickness = max(0.08, 0.004 * Double(count))
        let y = bottom + (textSize > 0 && bottom > 0 ? 1.6 * textSize : 0) + 0.25
        let x0 = Double(range.lowerBound) - 0.48, x1 = Double(range.upperBound) + 0.48
        return Bar(
            id: id, frame: Rect(x: x0, y: y, width: x1 - x0, height: thickness), value: 0, label: "", role: .accent,
            kind: "range")
    }

    /// The whole drawing: the array, the value texts, the bracket and the
    /// auxiliary row.
    var bounds: Rect {
        let room = 1.6 * textSize + 0.2
        let low = hasAux ? auxShift + bottom + room : bottom + room + (hasBracket ? 0.45 : 0)
        return Rect(x: -0.6, y: top - room, width: Double(count) + 0.2, height: low - (top - room))
    }

    /// The shortest time in which a bar may move `distance` units: its
    /// average speed at most 0.7 frame diagonals a second, which keeps an
    /// eased move under 6% of the diagonal a frame at 30 frames a second.
    func duration(ofMove distance: Double) -> Double {
        distance * stagePerPlace / (0.7 * diagonal)
    }
}
