import Charts
import Diagram
import Geometry
import Raster
import Tween

/// Writes a bar chart's script period by period. The world is the stage's
/// viewport in stage units (the camera holds still on it), so texts are
/// sized as they read on a 720p slide, never under the stage's floor.
struct BarChartPlayer {
    let series: ChartData
    let options: BarChartOptions
    let labels: LabelFit
    let bottom: OperationBand
    let direction: BarDirection
    /// The categories' colours, by index.
    let fills: [Color?]
    let format: ValueFormat
    var builder: ScriptBuilder
    /// Where the parts go, in stage units.
    let layout: Layout
    let slotCount: Int
    var plot: Rect { layout.plot }
    var textSize: Double { layout.textSize }
    var tickSize: Double { layout.tickSize }
    /// Each category's label as drawn: wrapped, or cut with "…".
    var shownLabels: [String] { layout.labels }
    let legend: [(name: String, color: Color)]
    /// Each period's shown categories, in slot order.
    let shown: [[Int]]

    init(series: ChartData, options: BarChartOptions, labels: LabelFit) {
        self.series = series
        self.options = options
        self.labels = labels
        shown = series.periods.indices.map { BarChartAnimation.shownCategories(of: series, period: $0, mode: options.mode) }
        let fit = labels
        bottom = OperationBand(stage: options.stage, labels: fit)
        let valueFormat = ValueFormat(decimals: series.decimals)
        format = valueFormat
        builder = ScriptBuilder(camera: CameraOptions(maxUnit: 10, padding: 0, animation: .easeInOut(duration: 0.6), bottomBand: OperationBand.band), palette: .chart)

        // Colours: a category's own, else its group's (with a legend), else
        // in a race one that no bar shown beside it has, else the theme's.
        var groupOrder = [String]()
        for c in series.categories { if let g = series.groups[c], !groupOrder.contains(g) { groupOrder.append(g) } }
        let byGroup = Dictionary(uniqueKeysWithValues: groupOrder.enumerated().map { ($0.element, options.colors[$0.element] ?? BarPalette.color($0.offset)) })
        let isRace = options.mode != .fixed
        let given = Dictionary(uniqueKeysWithValues: series.categories.enumerated().compactMap { i, c in
            (options.colors[c] ?? series.groups[c].flatMap { byGroup[$0] }).map { (i, $0) }
        })
        let race = isRace && given.count < series.categories.count
            ? BarPalette.race(shown: shown, count: series.categories.count, given: given) : []
        fills = series.categories.indices.map { i in given[i] ?? (isRace ? race[i] : nil) }
        legend = groupOrder.map { ($0, byGroup[$0]!) }

        // The frame: a value axis with tick labels, the category labels at
        // the bars' base, values at their ends, a legend row under it all.
        // A fixed chart grows up unless its names would be cut there and
        // read whole in rows.
        let shownCount: Int = switch options.mode {
        case .fixed: series.categories.count
        case .race(let top): min(top, series.categories.count)
        }
        let view = bottom.viewport, legendRows = groupOrder.isEmpty ? 0 : 1
        let lay = { (d: BarDirection) in
            Self.layout(direction: d, series: series, slots: max(shownCount, 1), stage: options.stage, view: view, legendRows: legendRows, format: valueFormat, labels: fit)
        }
        var chosen = lay(options.direction)
        if options.orientation == nil, options.mode == .fixed, chosen.cuts > 0 {
            let rows = lay(.right)
            if rows.cuts < chosen.cuts, rows.textSize >= chosen.floor { chosen = rows }
        }
        direction = chosen.direction
        slotCount = max(shownCount, 1)
        self.layout = chosen
        // More bars than the frame can name: say so, and what shows them.
        if !Self.reads(chosen) {
            // A race grows in rows unless told otherwise.
            let raced = options.mode == .fixed ? options.orientation ?? .right : chosen.direction
            let top = Self.legibleCount(
                below: shownCount, direction: raced, series: series, stage: options.stage,
                view: view, legendRows: legendRows,
                format: valueFormat, labels: fit)
            builder.note(
                (options.stage.fitsAll ? "--fit all: " : "") + "\(shownCount) bars are too many to name legibly in a \(Int(options.stage.pixelSize.width))×\(Int(options.stage.pixelSize.height)) frame: "
                    + "names are cut" + (chosen.showsValues ? "" : " and values left out")
                    + (options.mode == .fixed ? "; --race --top \(top) shows the \(top) largest each period" : "; a smaller --top, such as \(top), names them all"))
        }
    }

    /// How many bars a race of `series` names legibly, when a fixed chart
    /// of all its categories does not (growing up, or in rows); nil when
    /// it does, or `options` fix the direction.
    static func legibleRace(series: ChartData, options: BarChartOptions, labels: LabelFit) -> Int? {
        let count = series.categories.count
        guard count > 1 else { return nil }
        let view = OperationBand(stage: options.stage, labels: labels).viewport
        let legendRows = series.groups.isEmpty ? 0 : 1
        let format = ValueFormat(decimals: series.decimals)
        let lay = { (d: BarDirection, n: Int) in
            layout(direction: d, series: series, slots: n, stage: options.stage, view: view, legendRows: legendRows, format: format, labels: labels)
        }
        let directions: [BarDirection] = options.orientation.map { [$0] } ?? [.up, .right]
        // Every name whole (or wrapped), at the floor.
        if directions.contains(where: { let l = lay($0, count); return reads(l) && l.cuts == 0 }) { return nil }
        // A race grows in rows unless told otherwise.
        let raced = options.orientation ?? .right
        return legibleCount(
            below: count, direction: raced, series: series, stage: options.stage, view: view, legendRows: legendRows, format: format,
            labels: labels)
    }

    /// Whether a layout names its bars legibly: text at the floor, and no
    /// name cut to a letter or two.
    static func reads(_ l: Layout) -> Bool {
        l.textSize >= l.floor && !l.labels.contains { $0.count <= 3 && $0.hasSuffix("…") }
    }

    /// The most bars, fewer than `below` and at least 1, that a chart
    /// growing in `direction` names legibly.
    static func legibleCount(
        below: Int, direction: BarDirection, series: ChartData, stage: Stage, view: Size, legendRows: Int,
        format: ValueFormat, labels: LabelFit
    ) -> Int {
        var n = below - 1
        while n > 1 {
            let l = layout(direction: direction, series: series, slots: n, stage: stage, view: view, legendRows: legendRows, format: format, labels: labels)
            if reads(l) { break }
            n -= 1
        }
        return max(n, 1)
    }

    /// Where a chart's parts go, in stage units, for bars growing in
    /// `direction`: the plot, the sizes of texts, each category's name as
    /// drawn, and how many names are cut.
    struct Layout {
        var direction: BarDirection
        var plot: Rect
        var textSize: Double
        var tickSize: Double
        var floor: Double
        var labels: [String]
        var cuts: Int
        /// Whether values are written at the bars' ends: not where they
        /// would run into each other.
        var showsValues: Bool
    }

    static func layout(
        direction: BarDirection, series: ChartData, slots slotCount: Int, stage: Stage, view: Size, legendRows: Int,
        format valueFormat: ValueFormat, labels fit: LabelFit
    ) -> Layout {
        let short = Stage.shortSide
        // Sizes in whole pixels, never under the chart's floor.
        let floor = max(stage.minimumText, Self.smallestText)
        let tickSize = max((0.028 * short).rounded(), floor)
        // The widest value: a negative one is written with its sign.
        let most = series.values.joined().compactMap { $0.map(abs) }.max() ?? 0
        let valueWidth = fit.width(of: valueFormat.string(most * 1.1))
        let legendHeight = Double(legendRows) * 1.8 * tickSize
        let plot: Rect, textSize: Double, shownLabels: [String], showsValues: Bool
        switch direction {
        case .up:
            let slot = view.width / Double(slotCount)
            let widest = series.categories.map { fit.width(of: $0) }.max() ?? 1
            // As large as reads well, smaller to fit the slots, but no
            // smaller than reads at all: longer names wrap, then are cut.
            let size = max(
                min((0.028 * short).rounded(), 0.95 * slot / max(widest, 0.01), 0.95 * slot / max(valueWidth, 0.01)),
                floor)
            textSize = size
            let left = (fit.width(of: NiceTicks(maximum: most * 1.08).values.map { valueFormat.string($0) }.max { $0.count < $1.count } ?? "0") + 0.6) * tickSize
            // A value wider than its slot (at the floor) reaches past the
            // first and last slots by half the excess: room for it inside.
            let value = valueWidth * size, width = view.width - left - 0.2 * size
            // Values wider than their slots would run into each other:
            // none is written then, and the axis gives the scale.
            showsValues = value <= 0.98 * width / Double(slotCount) || slotCount == 1
            var spill = 0.0
            for _ in 0..<2 where showsValues { spill = max(0, value - (width - 2 * spill) / Double(slotCount)) / 2 }
            let room = (width - 2 * spill) / Double(slotCount) * 0.98
            shownLabels = series.categories.map { Self.fit($0, toWidth: room, size: size, labels: fit, lines: 2) }
            // Under the columns: a line of names, or two when one wraps.
            let under = (shownLabels.contains { $0.contains("\n") } ? 1.6 + Font.lineSpacing : 1.6) * size
            plot = Rect(
                x: left + spill, y: 1.5 * size, width: width - 2 * spill,
                height: view.height - 1.5 * size - under - legendHeight)
        case .right:
            let row = (view.height - 1.6 * tickSize - legendHeight) / Double(slotCount)
            let size = max(min((0.028 * short).rounded(), 0.6 * row), min(floor, 0.8 * row))
            textSize = size
            showsValues = true
            let widest = series.categories.map { fit.width(of: $0) }.max() ?? 1
            let column = min(widest * size + 0.5 * size, 0.3 * view.width)
            plot = Rect(
                x: column, y: 1.6 * tickSize, width: view.width - column - (valueWidth + 0.6) * size,
                height: row * Double(slotCount))
            // A name takes two lines where a row has room for them.
            let lines = row >= (1 + Font.lineSpacing) * size * 1.15 ? 2 : 1
            shownLabels = series.categories.map { Self.fit($0, toWidth: column - 0.4 * size, size: size, labels: fit, lines: lines) }
        }
        let cuts = shownLabels.filter { $0.hasSuffix("…") }.count
        return Layout(
            direction: direction, plot: plot, textSize: textSize, tickSize: tickSize, floor: floor, labels: shownLabels,
            cuts: cuts, showsValues: showsValues)
    }

    /// The smallest text of a chart, in stage units: bar labels, values and
    /// tick labels read from the back of a room at 16 px on a 720p slide.
    static let smallestText = 16.0

    /// `text` to fit `width` units at `size`: whole when it fits; else, with
    /// `lines` 2, broken after the last word that fits on the first line,
    /// the rest on a second line, cut with "…" if it must be; else cut.
    static func fit(_ text: String, toWidth width: Double, size: Double, labels: LabelFit, lines: Int) -> String {
        guard labels.width(of: text) * size > width else { return text }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard lines >= 2, words.count > 1 else { return cut(text, toWidth: width, size: size, labels: labels) }
        var first = 0
        while first < words.count - 1, labels.width(of: words[...first].joined(separator: " ")) * size <= width { first += 1 }
        // `first` words fit on the first line; none fitting, the name is cut.
        guard first > 0 else { return cut(text, toWidth: width, size: size, labels: labels) }
        let head = words[..<first].joined(separator: " "), rest = words[first...].joined(separator: " ")
        return head + "\n" + cut(rest, toWidth: width, size: size, labels: labels)
    }

    /// `text` cut with "…" to fit `width` units at `size`: the longest
    /// start of it that fits with the "…". The start is found by doubling
    /// its length while it fits, then halving the gap, so the work follows
    /// the length that fits and, once, the name's: linear in the name.
    static func cut(_ text: String, toWidth width: Double, size: Double, labels: LabelFit) -> String {
        guard labels.width(of: text) * size > width else { return text }
        let characters = Array(text)
        let fits = { (k: Int) in labels.width(of: String(characters[..<k]) + "…") * size <= width }
        var longer = 1
        while longer < characters.count, fits(longer) { longer *= 2 }
        // `kept` fits (or is empty), `longer` does not (or is the whole name,
        // which does not fit without the "…" either).
        var kept = longer / 2
        longer = min(longer, characters.count)
        while longer - kept > 1 {
            let middle = (kept + longer) / 2
            if fits(middle) { kept = middle } else { longer = middle }
        }
        return String(characters[..<kept]) + "…"
    }

    // MARK: Geometry

    /// What a data bar writes: its label and its value.
    var words: BarWords { BarWords(size: textSize, format: layout.showsValues ? format : nil) }

    /// What category `c`'s bar writes: its values with the decimals the
    /// file writes its values with.
    func words(_ c: Int) -> BarWords { BarWords(size: textSize, format: layout.showsValues ? format(c) : nil) }

    /// How category `c`'s values are written.
    func format(_ c: Int) -> ValueFormat {
        series.categoryDecimals == nil ? format : ValueFormat(decimals: series.decimals(of: c))
    }

    /// The stage units of one unit of value in period `p`: the largest shown
    /// value reaches 92% of the plot.
    func scale(_ p: Int) -> Double {
        let most = shownCategories(p).map { series.values[p][$0]! }.max() ?? 0
        let extent = direction == .up ? plot.height : plot.width
        let low = lowest(p)
        let span = (low < 0 ? max(most, 0) - low : most) * 1.08
        let s = extent / span
        // A span of 0, or one so small that the plot over it overflows,
        // draws at the scale of an empty chart.
        return span > 0 && s.isFinite ? s : extent
    }

    /// The lowest value shown in period `p`, or 0 when none is negative.
    func lowest(_ p: Int) -> Double {
        min(0, shownCategories(p).map { series.values[p][$0]! }.min() ?? 0)
    }

    /// Where zero stands in period `p`, in stage units from the plot's
    /// start (its bottom for columns, its left for rows): 0 unless a value
    /// is negative, when the negative bars run back from it.
    func origin(_ p: Int, scale s: Double) -> Double {
        let low = lowest(p)
        return low < 0 ? -low * s * 1.04 : 0
    }

    /// The categories shown in period `p`, in slot order.
    func shownCategories(_ p: Int) -> [Int] { shown[p] }

    /// The slot of category `c` in period `p` (its file index in a fixed
    /// chart, so a missing one leaves a gap), or nil when it is not shown.
    func slot(of c: Int, in p: Int) -> Int? {
        switch options.mode {
        case .fixed: series.values[p][c] == nil ? nil : c
        case .race: shown[p].firstIndex(of: c)
        }
    }

    func barID(_ c: Int) -> ElementID { ElementID("bar", c) }

    /// The bar of category `c` at `slot`, `length` units long, showing
    /// `value`.
    func bar(_ c: Int, slot: Int, value: Double, length: Double, origin: Double = 0) -> Bar {
        let frame: Rect
        // A negative bar runs back from zero.
        let (start, size) = length < 0 ? (origin + length, -length) : (origin, length)
        switch direction {
        case .up:
            let w = plot.width / Double(slotCount)
            let bw = 0.72 * w
            frame = Rect(x: plot.minX + (Double(slot) + 0.5) * w - bw / 2, y: plot.maxY - start - size, width: bw, height: size)
        case .right:
            let h = plot.height / Double(slotCount)
            let bh = 0.74 * h
            frame = Rect(x: plot.minX + start, y: plot.minY + (Double(slot) + 0.5) * h - bh / 2, width: size, height: bh)
        }
        // A horizontal race's bars rise from below the last row and sink
        // back there.
        let transition = options.mode != .fixed && direction == .right
            ? Transition.opacity.combined(with: .move(dx: 0, dy: plot.height / Double(slotCount) * 1.5)) : .opacity
        return Bar(
            id: barID(c), frame: frame, value: value, label: shownLabels[c], fill: fills[c],
            transition: transition, direction: direction)
    }

    /// Grid lines and tick labels for `scale`, each tick by its value, so a
    /// rescale glides the ones that stay and fades the others.
    func axis(scale: Double, origin: Double = 0, into d: inout Diagram) {
        let extent = direction == .up ? plot.height : plot.width
        var ticks = NiceTicks(maximum: extent / scale)
        var values = ticks.values
        if origin > 0 {
            // Zero inside the plot: round steps both ways from it.
            let (low, high) = (-origin / scale, (extent - origin) / scale)
            ticks = NiceTicks(maximum: max(-low, high))
            // Ends that are no whole numbers of steps (a scale so large
            // that they are NaN or infinite) leave the tick at 0 alone.
            if let first = Int(exactly: (low / ticks.step).rounded(.up)), let last = Int(exactly: (high / ticks.step).rounded(.down)),
                first <= last, last - first <= 100 {
                values = (first...last).map { Double($0) * ticks.step }
            } else {
                values = [0]
            }
        }
        let tickFormat = ValueFormat(decimals: max(ticks.decimals, 0))
        var kept = Set<ElementID>()
        for v in values {
            let key = tickFormat.string(v)
            let line = ElementID("grid:" + key), text = ElementID("tick:" + key)
            kept.formUnion([line, text])
            let at = origin + v * scale
            let thin = options.stage.wholePixels(tickSize / 14)
            switch direction {
            case .up:
                let y = plot.maxY - at
                d.bars.insert(Bar(id: line, frame: Rect(x: plot.minX, y: y - thin / 2, width: plot.width, height: thin), value: v, label: "", role: v == 0 ? .axis : .grid, kind: v == 0 ? "axis" : "grid", layer: -1))
                d.texts.insert(TextElement(id: text, text: key, placement: .world(Point(plot.minX - 0.4 * tickSize, y + 0.36 * tickSize)), size: tickSize, alignment: .right, role: .muted))
            case .right:
                let x = plot.minX + at
                d.bars.insert(Bar(id: line, frame: Rect(x: x - thin / 2, y: plot.minY, width: thin, height: plot.height), value: v, label: "", role: v == 0 ? .axis : .grid, kind: v == 0 ? "axis" : "grid", layer: -1))
                d.texts.insert(TextElement(id: text, text: key, placement: .world(Point(x, plot.minY - 0.5 * tickSize)), size: tickSize, alignment: .center, role: .muted))
            }
        }
        d.bars.removeAll { $0.kind != "bar" && $0.kind != "legend" && !kept.contains($0.id) }
        d.texts.removeAll { $0.id.name.hasPrefix("tick:") && !kept.contains($0.id) }
    }

    /// The legend row under the chart: a swatch and a name per group.
    func drawLegend(into d: inout Diagram) {
        guard !legend.isEmpty else { return }
        let y = bottom.viewport.height - 0.9 * tickSize
        var x = plot.minX
        for (i, entry) in legend.enumerated() {
            let side = 0.8 * tickSize
            d.bars.insert(Bar(id: ElementID("legend", i), frame: Rect(x: x, y: y - side / 2, width: side, height: side), value: 0, label: "", fill: entry.color, kind: "legend"))
            d.texts.insert(TextElement(id: ElementID("legend-name", i), text: entry.name, placement: .world(Point(x + 1.3 * side, y + 0.36 * tickSize)), size: tickSize, alignment: .left))
            x += 1.3 * side + (labels.width(of: entry.name) + 1.5) * tickSize
        }
    }

    /// Every shown bar of period `p` at its value, or (`grown` false) at
    /// zero; the axis of its scale; the period's label and notes.
    func draw(period p: Int, grown: Bool = true, into d: inout Diagram) {
        let s = scale(p), o = origin(p, scale: s)
        var drawn = Set<ElementID>()
        for (i, c) in shown[p].enumerated() {
            // Every shown category has a value.
            let v = series.values[p][c]!
            let slot = options.mode == .fixed ? c : i
            words(c).insert(bar(c, slot: slot, value: grown ? v : 0, length: grown ? v * s : 0, origin: o), into: &d)
            drawn.insert(barID(c))
        }
        BarWords.removeAll(from: &d) { $0.kind == "bar" && !drawn.contains($0.id) }
        axis(scale: s, origin: o, into: &d)
        d.texts.insert(
            TextElement(
                id: "period", text: series.periods[p],
                placement: .screen(Point(1 - bottom.margin / bottom.width, (bottom.margin + options.stage.captionSize * 0.95 + 0.01 * bottom.short) / bottom.height)),
                size: 0.07, alignment: .right, role: .muted))
        let missing = series.categories.indices.filter { series.values[p][$0] == nil }.map { series.categories[$0] }
        if missing.isEmpty {
            d.texts.remove("missing")
        } else {
            let names = missing.count <= 4 ? missing.joined(separator: ", ") : missing.prefix(3).joined(separator: ", ") + " and \(missing.count - 3) more"
            d.texts.insert(bottom.text("missing", "no data for \(names)", x: bottom.margin, role: .muted))
        }
    }

    // MARK: Playing

    mutating func play() {
        let period = options.period
        let tween = 0.7 * period, rest = period - tween
        let view = bottom.viewport
        // The script is taken out of the player the steps capture, so that
        // each step extends it instead of copying it.
        var builder = self.builder
        self.builder = ScriptBuilder()
        let player = self
        for p in series.periods.indices {
            builder.step(nil, note: note(for: p)) { s in
                if p == 0 {
                    s.beat(.linear(duration: 0)) { d in
                        d.reserved = [Rect(x: 0, y: 0, width: view.width, height: view.height)]
                        player.drawLegend(into: &d)
                        player.draw(period: 0, grown: false, into: &d)
                    }
                }
                // The period's label switches as its bars set off: a
                // cross-fade of two years reads as neither.
                s.beat(player.options.easing.animation(duration: p == 0 ? max(tween, 1) : tween), timing: ["period": .linear(duration: 0)]) { d in
                    player.draw(period: p, into: &d)
                }
                s.hold(rest)
            }
        }
        self.builder = builder
        tour()
        let hold = options.finalHold
        self.builder.step(nil) { s in s.hold(hold) }
    }

    /// The highlight's tour of the last period: a ring slides from bar to
    /// bar, resting on each, with a callout of its label and value.
    mutating func tour() {
        guard let last = series.periods.indices.last else { return }
        let stops = options.tour.compactMap { name in series.categories.firstIndex(of: name) }.filter { slot(of: $0, in: last) != nil }
        guard !stops.isEmpty else { return }
        var builder = self.builder
        self.builder = ScriptBuilder()
        defer { self.builder = builder }
        let player = self
        let s = scale(last)
        for (i, c) in stops.enumerated() {
            let value = series.values[last][c]!
            let words = "\(series.categories[c])\n\(format(c).string(value))"
            let box = labels.boxSize(for: words, size: textSize, padding: 0.6 * textSize, height: 1.5 * textSize)
            let frame = bar(c, slot: slot(of: c, in: last)!, value: value, length: value * s, origin: origin(last, scale: s)).frame
            let centre: Point = switch direction {
            case .up:
                Point(
                    min(max(frame.center.x, plot.minX + box.width / 2), plot.maxX - box.width / 2),
                    max(plot.minY + box.height / 2, frame.minY - 1.6 * textSize - box.height / 2))
            case .right:
                // Beyond the value when there is room, else over the bar's
                // end.
                Point(
                    frame.maxX + (labels.width(of: format(c).string(value)) + 0.8) * textSize + box.width <= bottom.viewport.width
                        ? frame.maxX + (labels.width(of: format(c).string(value)) + 0.8) * textSize + box.width / 2
                        : max(frame.maxX - 0.4 * textSize - box.width / 2, plot.minX + box.width / 2),
                    min(max(frame.center.y, plot.minY + box.height / 2), plot.maxY - box.height / 2))
            }
            builder.step("\(series.categories[c]): \(format(c).string(value))", note: "\(series.categories[c]) in \(series.periods[last]).") { st in
                let callout = Node.box("callout", at: centre, size: box, cornerRadius: 0.3 * textSize, label: words, labelSize: player.textSize, role: .found)
                if i == 0 {
                    st.beat(.easeOut(duration: 0.4)) { d in
                        d.marks.insert(Mark(id: "ring", placement: .on(player.barID(c)), padding: 0.12))
                        d.nodes.insert(callout)
                    }
                } else {
                    st.beat(.easeInOut(duration: 0.7)) { d in
                        d.marks["ring"]?.placement = .on(player.barID(c))
                        d.nodes.insert(callout)
                    }
                }
                st.hold(1.6)
            }
        }
    }

    func note(for p: Int) -> String {
        let top = shownCategories(p).prefix(5).map { "\(series.categories[$0]) \(format($0).string(series.values[p][$0]!))" }
        return "\(series.periods[p]): " + top.joined(separator: ", ")
    }
}
