import Diagram
import Geometry

/// Where a sort's bars go, in layout units: index i's bar is centred on
/// x = i, one unit to a place; heights are in proportion to the values,
/// from a base line at y = 0 (up for positive values, down for negative
/// ones). Merge sort's auxiliary row is the same again, lower down.
///
/// A quick sort played one operation at a time also shows its working
/// (see ``SortLegendEntry``): an index under every bar, the partition's `i`
/// and `j` under the indices (a place either side of the array is kept
/// for them: Lomuto's `i` starts at p − 1, Hoare's `j` at r + 1), its
/// regions as tints behind the bars, and a legend over the array naming
/// every colour shown.
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
    /// The legend of a partition's working, each entry with the left of
    /// its swatch and its row (from 0, the top); empty when the working is
    /// not drawn.
    let legend: [(entry: SortLegendEntry, x: Double, row: Int)]
    /// The size of the indices and of the `i` and `j` markers, and of the
    /// legend's words; 0 when the working is not drawn.
    let indexSize: Double
    let legendSize: Double

    /// Whether the partition's working is drawn.
    var working: Bool { indexSize > 0 }

    /// The layout of `values` for the viewport `stage` leaves above the
    /// operation band; with the working of a partition when given its
    /// `legend`.
    init(values: [Int], aux: Bool, bracket: Bool, stage: Stage, legend entries: [SortLegendEntry] = [], labels: LabelFit? = nil) {
        let viewport = stage.viewport(bottomBand: OperationBand.band).size
        count = values.count
        hasAux = aux
        hasBracket = bracket
        let working = !entries.isEmpty && labels != nil
        // A marker's place either side of the array, as much as the
        // marker needs.
        let side = working ? Self.markerRoom : 0
        let width = Double(max(values.count, 1)) + 2 * side
        let most = Double(max(values.max() ?? 1, 0)), least = Double(min(values.min() ?? 0, 0))
        let digits = values.map { String($0).count }.max() ?? 1
        // The drawing takes the viewport's shape, and is at least three
        // units high so that a few bars are not flat slabs.
        let height = max(width * viewport.height / viewport.width, aux ? 5 : 3.2)
        let rows = aux ? 2.0 : 1.0
        func layout(text: Double, under: Double) -> (scale: Double, top: Double, bottom: Double, shift: Double) {
            let room = 1.6 * text + 0.2
            let barHeight = max((height - rows * room - (aux ? 0.6 : 0) - under) / rows, 1)
            let scale = most - least > 0 ? barHeight / (most - least) : 1
            let (top, bottom) = (-most * scale, -least * scale)
            return (scale, top, bottom, bottom - top + room + 0.6)
        }
        // The legend's entries in rows no wider than the drawing.
        // The legend may be as wide as the viewport at the drawing's zoom.
        var across = width
        func rowsOf(_ size: Double) -> [(entry: SortLegendEntry, x: Double, row: Int)] {
            guard working, let labels else { return [] }
            let left = -0.6 - side, right = left + across
            var out = [(entry: SortLegendEntry, x: Double, row: Int)]()
            var (x, row) = (left, 0)
            for entry in entries {
                let w = size * (Self.swatch + Self.swatchGap + labels.width(of: entry.name))
                if x > left, x + w > right { (x, row) = (left, row + 1) }
                out.append((entry, x, row))
                x += w + size * Self.entryGap
            }
            return out
        }
        // Values are written over the bars of a short array: as large as a
        // bar is wide, at most 3.5% of the frame's shorter side and at
        // least the stage's floor, by the zoom the drawing will get. The
        // indices and markers are 3% of it and the legend 2.6%, no less
        // than the floor.
        var text = 0.0, index = 0.0, words = 0.0
        var legendRows = 0
        if values.count <= 40 || working {
            let fits = 0.8 / (0.62 * Double(digits))
            let indexFits = 0.8 / (0.62 * Double(String(max(values.count - 1, 0)).count))
            text = values.count <= 40 ? min(0.42, fits) : 0
            index = working ? min(0.3, indexFits) : 0
            words = working ? 0.8 * index : 0
            // (Twice without the working, as the layout always was.)
            for _ in 0..<(working ? 3 : 2) {
                legendRows = (rowsOf(words).map(\.row).max() ?? -1) + 1
                let under = Self.under(index: index), above = Self.legendHeight(rows: legendRows, size: words)
                let l = layout(text: text, under: under + above)
                let tall = (aux ? l.shift : 0) + l.bottom - l.top + 2 * (1.6 * text + 0.2) + (bracket ? 0.45 : 0) + under + above
                let zoom = Camera.zoom(fitting: Size(width: width + 0.2, height: tall), in: viewport, maxZoom: .infinity)
                across = max(width + 0.2, 0.96 * viewport.width / zoom)
                if values.count <= 40 { text = min(fits, max(0.035 * Stage.shortSide, stage.minimumText) / zoom) }
                if working {
                    index = min(indexFits, max(0.03 * Stage.shortSide, stage.minimumText) / zoom)
                    words = max(0.026 * Stage.shortSide, stage.minimumText) / zoom
                }
            }
        }
        textSize = text
        indexSize = index
        legendSize = words
        legend = rowsOf(words)
        legendRows = (legend.map(\.row).max() ?? -1) + 1
        let l = layout(text: text, under: Self.under(index: index) + Self.legendHeight(rows: legendRows, size: words))
        scale = l.scale
        top = l.top
        bottom = l.bottom
        auxShift = l.shift
        stagePerPlace = viewport.width / (width + 0.4)
        diagonal = (viewport.width * viewport.width + viewport.height * viewport.height).squareRoot()
    }

    /// Layout units kept either side of the array for a marker outside it.
    static let markerRoom = 0.75
    /// A legend entry: its swatch, the gap to its name, and the gap to the
    /// next entry, in sizes of its words.
    static let swatch = 0.8
    static let swatchGap = 0.35
    static let entryGap = 1.1

    /// The height of the working under the bracket: the indices, then
    /// each marker's arrow and letter; 0 without it.
    static func under(index s: Double) -> Double { s > 0 ? 0.12 + 1.18 * s + 1.9 * markerScale * s : 0 }

    /// The markers' size, in sizes of the indices: larger, as they are
    /// what the eye follows.
    static let markerScale = 1.25
    var markerSize: Double { Self.markerScale * indexSize }

    /// The height of `rows` rows of the legend, with the gap under them.
    static func legendHeight(rows: Int, size: Double) -> Double { rows > 0 ? Double(rows) * 1.5 * size + 0.15 : 0 }

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
        let x0 = Double(range.lowerBound) - 0.48, x1 = Double(range.upperBound) + 0.48
        return Bar(
            id: id, frame: Rect(x: x0, y: bracketY, width: x1 - x0, height: bracketThickness), value: 0, label: "", role: .accent,
            kind: "range")
    }

    var bracketThickness: Double { max(0.08, 0.004 * Double(count)) }
    var bracketY: Double { bottom + (textSize > 0 && bottom > 0 ? 1.6 * textSize : 0) + 0.25 }

    // The working, from the bracket down: the indices' baseline, then the
    // markers' arrows and letters.
    var indexBaseline: Double { bracketY + bracketThickness + 0.12 + 0.78 * indexSize }
    var arrowBaseline: Double { indexBaseline + 0.4 * indexSize + 0.8 * markerSize }
    var letterBaseline: Double { arrowBaseline + 0.85 * markerSize }
    /// The top of the values written over the tallest bar.
    var valuesTop: Double { top - (1.6 * textSize + 0.2) }

    /// The index under place `k`.
    func index(_ k: Int) -> TextElement {
        TextElement(
            id: ElementID("index:\(k)"), text: String(k), placement: .world(Point(Double(k), indexBaseline)), size: indexSize,
            alignment: .baseline, role: .muted)
    }

    /// The marker of variable `name` at place `k` (which may be just outside
    /// the array), `shift` across from under it: an arrow pointing up at
    /// the index, the variable's letter under it.
    func marker(_ name: String, at k: Int, shift: Double) -> [TextElement] {
        let x = Double(k) + shift
        return [
            TextElement(
                id: ElementID("marker:\(name):arrow"), text: "↑", placement: .world(Point(x, arrowBaseline)), size: markerSize,
                alignment: .baseline),
            TextElement(
                id: ElementID("marker:\(name)"), text: name, placement: .world(Point(x, letterBaseline)), size: markerSize,
                alignment: .baseline),
        ]
    }

    /// How far two markers at one place stand either side of it.
    var markerShift: Double { 0.5 * markerSize + 0.05 }

    /// The tint of a partition's region over `places`, behind the bars
    /// from the values over them down to the indices under them; empty
    /// (no width, at its start) when it has no place.
    func region(_ id: ElementID, role: Role, places: Range<Int>) -> Bar {
        let bottomY = indexBaseline + 0.3 * indexSize
        return Bar(
            id: id,
            frame: Rect(x: Double(places.lowerBound) - 0.5, y: valuesTop, width: Double(places.count), height: bottomY - valuesTop),
            value: 0, label: "", role: role, kind: "region", layer: -1)
    }

    /// The legend's swatches and names, over the values.
    func legendElements() -> (bars: [Bar], texts: [TextElement]) {
        var bars = [Bar](), texts = [TextElement]()
        let s = legendSize
        let firstBaseline = valuesTop - Self.legendHeight(rows: (legend.map(\.row).max() ?? -1) + 1, size: s) + 1.1 * s
        for (entry, x, row) in legend {
            let baseline = firstBaseline + Double(row) * 1.5 * s
            let side = Self.swatch * s
            bars.append(
                Bar(
                    id: ElementID("legend:\(entry.key)"), frame: Rect(x: x, y: baseline - 0.76 * s, width: side, height: side), value: 0,
                    label: entry.name, role: entry.role, kind: "legend"))
            texts.append(
                TextElement(
                    id: ElementID("legend:\(entry.key):name"), text: entry.name,
                    placement: .world(Point(x + (Self.swatch + Self.swatchGap) * s, baseline)), size: s, alignment: .left))
        }
        return (bars, texts)
    }

    /// The whole drawing: the array, the value texts, the bracket and the
    /// auxiliary row; and the working (the legend over the array, the room
    /// for markers either side, the indices and markers under it).
    var bounds: Rect {
        let room = 1.6 * textSize + 0.2
        var low = hasAux ? auxShift + bottom + room : bottom + room + (hasBracket ? 0.45 : 0)
        guard working else { return Rect(x: -0.6, y: top - room, width: Double(count) + 0.2, height: low - (top - room)) }
        low = max(low, letterBaseline + 0.3 * markerSize)
        let high = valuesTop - Self.legendHeight(rows: (legend.map(\.row).max() ?? -1) + 1, size: legendSize)
        let side = Self.markerRoom
        return Rect(x: -0.6 - side, y: high, width: Double(count) + 0.2 + 2 * side, height: low - high)
    }

    /// The shortest time in which a bar may move `distance` units: its
    /// average speed at most 0.7 frame diagonals a second, which keeps an
    /// eased move under 6% of the diagonal a frame at 30 frames a second.
    func duration(ofMove distance: Double) -> Double {
        distance * stagePerPlace / (0.7 * diagonal)
    }
}

/// An entry of the legend of a partition's working: a colour role shown,
/// and its name (`≤ pivot`, `compared`).
struct SortLegendEntry: Sendable, Equatable {
    /// What its elements' ids are named by (`legend:le`).
    var key: String
    var role: Role
    var name: String
}
