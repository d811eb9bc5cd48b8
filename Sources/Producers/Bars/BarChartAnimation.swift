import Charts
import Diagram
import Geometry
import Raster
import Tween

/// The script of an animated bar chart: bars growing from zero, then
/// tweening to each period's values while the axis rescales smoothly with
/// nice ticks; or, as a race, the top N sorted by value each period,
/// gliding past each other, entering from below and sinking out; and a
/// tour in which a ring slides from bar to bar with a callout of the bar's
/// label and value.
///
///     let script = BarChartAnimation(series: series, options: BarChartOptions(), labels: LabelFit(font: font)).script
public struct BarChartAnimation: Sendable {
    public let script: Script

    public init(series: ChartData, options: BarChartOptions, labels: LabelFit) {
        let (options, note) = options.legible(for: series, labels: labels)
        var player = BarChartPlayer(series: series, options: options, labels: labels)
        if let note { player.builder.note(note) }
        player.play()
        script = player.builder.script
    }

    /// The categories shown in period `p` of `series`, in slot order: all
    /// with a value in file order; in a race the top N by value, ties in
    /// file order.
    public static func shownCategories(of series: ChartData, period p: Int, mode: BarChartOptions.Mode) -> [Int] {
        let present = series.categories.indices.filter { series.values[p][$0] != nil }
        switch mode {
        case .fixed: return present
        case .race(let top):
            return Array(present.sorted { (series.values[p][$0]!, -$0) > (series.values[p][$1]!, -$1) }.prefix(top))
        }
    }

    /// The script of `series`, estimated without laying it out: each period
    /// lasts its `period`, each stop of the tour at least 2 s; a change for
    /// each bar shown in each period, and a dozen more a period (the axis,
    /// the period's label).
    public static func estimate(series: ChartData, options: BarChartOptions) -> ScriptEstimate {
        let shown = series.values.reduce(0) { total, period in
            let present = period.lazy.filter { $0 != nil }.count
            return switch options.mode {
            case .fixed: total + present
            case .race(let top): total + min(present, top + 2)
            }
        }
        let seconds = options.period * Double(series.periods.count) + 2 * Double(options.tour.count) + options.finalHold
        return ScriptEstimate(seconds: seconds, changes: shown + 12 * series.periods.count)
    }

    /// The most categories a chart draws; a race shows its top N of any
    /// number.
    public static let categoryLimit = 60
}

/// How a bar chart animates and is framed, apart from its data.
public struct BarChartOptions: Sendable {
    /// Which bars show and in what order.
    public enum Mode: Sendable, Equatable {
        /// Every category, in the file's order.
        case fixed
        /// The `top` largest each period, largest first.
        case race(top: Int)
    }

    public var mode: Mode = .fixed
    /// nil: vertical for a fixed order, horizontal for a race.
    public var orientation: BarDirection?
    /// Seconds each period takes: the bars tween for most of it and rest
    /// for the rest.
    public var period = 1.5
    /// The categories the highlight visits at the end, in order.
    public var tour: [String] = []
    /// Colours by category or group name.
    public var colors: [String: Color] = [:]
    public var easing: Easing = .easeInOut
    public var finalHold = 3.0
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()

    public init() {}

    /// The direction bars grow in.
    public var direction: BarDirection {
        orientation ?? (mode == .fixed ? .up : .right)
    }

    /// These options as drawn for `series`: a fixed chart whose names would
    /// not read in one frame (in either direction) becomes, unless the
    /// stage fits all (`--fit all`), a race of the
    /// most bars that do, with the note that says so; anything else as it
    /// is. A name is read whole (or wrapped) at the chart's floor, 16 px at
    /// 720p, or the chart is not legible.
    public func legible(for series: ChartData, labels: LabelFit) -> (options: BarChartOptions, note: String?) {
        guard mode == .fixed, !stage.fitsAll, let top = BarChartPlayer.legibleRace(series: series, options: self, labels: labels) else {
            return (self, nil)
        }
        var raced = self
        raced.mode = .race(top: top)
        let size = stage.pixelSize
        return (
            raced,
            "\(series.categories.count) categories are too many to name legibly in one \(Int(size.width))×\(Int(size.height)) frame: "
                + "the chart races the \(top) largest each period (--race --top N shows another number; --fit all draws every bar, names cut)"
        )
    }
}

/// Colours of categories without a colour of their own: Tableau 10, which
/// reads on light and dark slides and tells ten groups apart.
enum BarPalette {
    /// Tableau 10, then the lighter ten of Tableau 20: twenty colours
    /// told apart, the first ten the strongest.
    static let colors: [Color] = [
        0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC,
        0xA0CBE8, 0xFFBE7D, 0xFF9D9A, 0x86BCB6, 0x8CD17D, 0xF1CE63, 0xD4A6C8, 0xFABFD2, 0xD7B5A6, 0x79706E,
    ].map { Color(hex: $0) }

    static func color(_ i: Int) -> Color { colors[i % 10] }

    /// A colour for each of `count` categories of a race, so that no two
    /// on screen together (in one period of `shown`, each period's
    /// categories, or in two that follow each other) share one
    /// while the palette lasts: categories are coloured in the order they
    /// first appear, each with the first colour none of those it is ever
    /// shown with has (`given` colours, a user's, count as taken); past
    /// twenty at once, the one they use least. A category keeps its colour
    /// throughout, so a bar is followed by its colour.
    static func race(shown: [[Int]], count: Int, given: [Int: Color] = [:]) -> [Color] {
        var neighbours = [Set<Int>](repeating: [], count: count)
        var order = [Int](), seen = Set<Int>()
        for (p, period) in shown.enumerated() {
            for c in period where seen.insert(c).inserted { order.append(c) }
            // On screen together: a period's bars, and while it gives way to
            // the next, those leaving with those coming.
            let together = p + 1 < shown.count ? Set(period).union(shown[p + 1]) : Set(period)
            for c in together { neighbours[c].formUnion(together) }
        }
        for c in 0..<count where seen.insert(c).inserted { order.append(c) }
        var chosen = [Color?](repeating: nil, count: count)
        for (c, color) in given where c < count { chosen[c] = color }
        for c in order where chosen[c] == nil {
            var uses = [Int](repeating: 0, count: colors.count)
            for n in neighbours[c] where n != c {
                guard let taken = chosen[n], let k = colors.firstIndex(of: taken) else { continue }
                uses[k] += 1
            }
            // The first free colour, else the least used (the first of those).
            let k = uses.indices.min { (uses[$0], $0) < (uses[$1], $1) }!
            chosen[c] = colors[k]
        }
        return chosen.map { $0! }
    }
}
