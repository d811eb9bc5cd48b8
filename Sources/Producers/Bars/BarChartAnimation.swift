import ChartFiles
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
        var player = BarChartPlayer(series: series, options: options, labels: labels)
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
}

/// Colours of categories without a colour of their own: Tableau 10, which
/// reads on light and dark slides and tells ten groups apart.
enum BarPalette {
    static let colors: [Color] = [
        0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC,
    ].map { Color(hex: $0) }

    static func color(_ i: Int) -> Color { colors[i % colors.count] }
}
