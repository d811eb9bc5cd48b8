import ChartFiles
import Charts
import Diagram
import Foundation
import Output
import Raster
@testable import Producers
import Testing
import TestSupport
import Trees

/// Bar charts over random data, read back from the scene dump at the last
/// frame of each period's step (its rest): every bar's length is its value
/// times one scale within a pixel, a race shows its top N in value order,
/// and the bars shown are the period's categories with a value.
@Suite(.tags(.sweep)) struct BarChartLawTests {
    static func randomSeries(seed: UInt64) -> ChartData {
        var rng = SeededGenerator(seed: seed)
        let n = rng.next(in: 1...14), periods = rng.next(in: 1...7)
        let names = ["北京", "Lagos", "São Paulo", "Mumbai", "New York City", "القاهرة", "Zürich", "Oslo", "Lima", "Kyiv", "Hà Nội", "Perth", "Quito", "Accra"]
        let magnitude = [1.0, 10, 1000, 1e6][rng.next(in: 0...3)]
        let decimals = rng.next(in: 0...2)
        var values = [[Double?]]()
        var v = (0..<n).map { _ in Double(rng.next(in: 0...1000)) / 1000 * magnitude }
        for _ in 0..<periods {
            values.append(v.map { x in rng.next(in: 0...9) == 0 ? nil : (x * 100).rounded() / 100 })
            v = v.map { $0 * Double(rng.next(in: 80...130)) / 100 }
        }
        var groups = [String: String]()
        if rng.next(in: 0...1) == 0 { for c in names.prefix(n) { groups[c] = ["east", "west", "south"][rng.next(in: 0...2)] } }
        return ChartData(periods: (0..<periods).map { "P\($0 + 1)" }, categories: Array(names.prefix(n)), values: values, groups: groups, decimals: decimals)
    }

    struct Shown {
        var label: String, value: Double, length: Double, slot: Double
    }

    /// The data bars at the last frame of each period's step.
    static func rests(_ series: ChartData, _ options: BarChartOptions) throws -> [[Shown]] {
        let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 10), labels: BSTBoard.labels)
        return try series.periods.indices.map { p in
            let frame = try #require(timeline.steps[p].frames.last)
            let line = SceneDump.line(for: timeline.scene(at: frame))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (object["bars"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "bar" && ($0["opacity"] as! Double) > 0 }.map { b in
                let up = b["direction"] as! String == "up"
                let (x, y, w, h) = (b["x"] as! Double, b["y"] as! Double, b["w"] as! Double, b["h"] as! Double)
                return Shown(label: b["label"] as! String, value: b["value"] as! Double, length: up ? h : w, slot: up ? x + w / 2 : y + h / 2)
            }
        }
    }

    static func problems(_ series: ChartData, _ options: BarChartOptions) throws -> [String] {
        problems(in: try rests(series, options), series, options)
    }

    /// What breaks the rules in `rests`, the bars at each period's rest.
    static func problems(in rests: [[Shown]], _ series: ChartData, _ options: BarChartOptions) -> [String] {
        var out = [String]()
        for (p, bars) in rests.enumerated() {
            let present = series.categories.indices.filter { series.values[p][$0] != nil }
            var expected = present.count
            if case .race(let top) = options.mode { expected = min(top, present.count) }
            if bars.count != expected { out.append("period \(p): \(bars.count) bars for \(expected)") }
            // One scale: from the largest bar, every other within a pixel.
            guard let largest = bars.max(by: { $0.value < $1.value }), largest.value > 0 else { continue }
            let scale = largest.length / largest.value
            for b in bars where abs(b.length - b.value * scale) > 1 {
                out.append("period \(p): \(b.label) \(b.value) is \(b.length) px, \(b.value * scale) at one scale")
            }
            let values = present.map { series.values[p][$0]! }
            for b in bars where !values.contains(where: { abs($0 - b.value) < 1e-9 * max(1, abs($0)) }) {
                out.append("period \(p): \(b.label) shows \(b.value), not a value of the period")
            }
            if case .race = options.mode {
                let order = bars.sorted { $0.slot < $1.slot }.map(\.value)
                if order != order.sorted(by: >) { out.append("period \(p): race order \(order)") }
                if let least = order.last, values.filter({ $0 > least }).count > order.count - 1 {
                    out.append("period \(p): a larger value than \(least) is not shown")
                }
            }
        }
        return out
    }

    @Test func atEachRestBarsAreToOneScaleInFixedOrder() throws {
        for seed in UInt64(1)...30 {
            let series = Self.randomSeries(seed: seed)
            var options = BarChartOptions()
            options.stage = Stage(FrameSettings(width: 480, height: 270))
            options.orientation = seed.isMultiple(of: 3) ? .right : nil
            let problems = try Self.problems(series, options)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
        }
    }

    @Test func atEachRestARaceShowsItsTopInValueOrder() throws {
        for seed in UInt64(31)...60 {
            let series = Self.randomSeries(seed: seed)
            var options = BarChartOptions()
            options.mode = .race(top: Int(seed % 6) + 2)
            options.stage = Stage(FrameSettings(width: 480, height: 270))
            options.orientation = seed.isMultiple(of: 4) ? .up : nil
            let problems = try Self.problems(series, options)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
        }
    }

    /// Values below zero are bars running back from a zero line inside the
    /// plot, to the one scale of the rest, in both orientations and in a
    /// race; the axis has ticks either side of zero.
    @Test(arguments: [BarDirection.right, .up])
    func negativeValuesAreBarsBackFromZeroToOneScale(_ direction: BarDirection) throws {
        let series = ChartData(periods: ["a", "b"], categories: ["w", "x", "y", "z"], values: [[10, -4, 6, -1], [12, -8, 3, 2]])
        for mode in [BarChartOptions.Mode.fixed, .race(top: 3)] {
            var options = BarChartOptions()
            options.mode = mode
            options.orientation = direction
            options.stage = Stage(FrameSettings(width: 480, height: 270))
            let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
            let timeline = try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 10), labels: BSTBoard.labels)
            for p in series.periods.indices {
                let scene = timeline.scene(at: try #require(timeline.steps[p].frames.last))
                let bars = scene.bars.filter { $0.kind == "bar" && $0.opacity > 0.99 }
                let length = { (b: BarState) in direction == .up ? b.h : b.w }
                // Zero: where positive bars start and negative ones end.
                let zero = { (b: BarState) in
                    direction == .up ? (b.value >= 0 ? b.y + b.h : b.y) : (b.value >= 0 ? b.x : b.x + b.w)
                }
                let zeros = bars.map(zero)
                #expect(zeros.allSatisfy { abs($0 - zeros[0]) < 0.5 }, "\(mode) period \(p): zeros \(zeros)")
                let largest = try #require(bars.max { abs($0.value) < abs($1.value) })
                let scale = length(largest) / abs(largest.value)
                for b in bars { #expect(abs(length(b) - abs(b.value) * scale) <= 1, "\(mode) \(b.label) \(b.value)") }
                // A grid line at zero (the axis), and one below it while a bar is.
                let ticks = scene.bars.filter { $0.kind == "grid" || $0.kind == "axis" }.map(\.value)
                let below = bars.contains { $0.value < 0 }
                #expect(below || mode != .fixed)
                // Round steps both ways: a bar reaching a step below zero
                // has a grid line there.
                let sorted = ticks.sorted(), step = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? 1
                let lowest = bars.map(\.value).min() ?? 0
                #expect(ticks.contains(0) && (lowest > -step || ticks.contains { abs($0 + step) < 1e-9 }), "\(mode) period \(p): grid \(sorted)")
            }
        }
    }

    @Test func aBarOffItsScaleOrOutOfOrderIsCaught() throws {
        let series = ChartData(periods: ["a"], categories: ["x", "y", "z"], values: [[10, 20, 5]])
        var race = BarChartOptions()
        race.mode = .race(top: 3)
        var rests = try Self.rests(series, race)
        #expect(Self.problems(in: rests, series, race).isEmpty)
        // The smallest bar 1.5 px too long for the scale of the largest.
        let smallest = try #require(rests[0].indices.min { rests[0][$0].value < rests[0][$1].value })
        rests[0][smallest].length += 1.5
        #expect(Self.problems(in: rests, series, race).count == 1)
        rests[0][smallest].length -= 1.5
        // The largest bar moved below the others.
        let largest = try #require(rests[0].indices.max { rests[0][$0].value < rests[0][$1].value })
        rests[0][largest].slot += 1000
        #expect(Self.problems(in: rests, series, race).contains { $0.contains("race order") })
    }

    /// Every text of a chart (bar labels and values, tick labels, the
    /// legend) at the last frame of each period, with its size in pixels.
    static func textSizes(_ series: ChartData, _ options: BarChartOptions, _ settings: FrameSettings) throws -> [(String, Double)] {
        let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
        let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        var out = [(String, Double)]()
        for step in timeline.steps.prefix(series.periods.count) {
            let frame = try #require(step.frames.last)
            let line = SceneDump.line(for: timeline.scene(at: frame))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for b in object["bars"] as? [[String: Any]] ?? [] where b["kind"] as? String == "bar" {
                out.append((b["label"] as! String, b["fontSize"] as! Double))
            }
            for t in object["texts"] as? [[String: Any]] ?? [] where (t["opacity"] as? Double ?? 1) > 0 {
                out.append((t["text"] as! String, t["fontSize"] as! Double))
            }
        }
        return out
    }

    /// The chart is laid out in stage units: at 1080p every text is 1.5
    /// times its size at 720p, and none is under the chart's floor,
    /// 16 px at 720p (24 px at 1080p), up to 14 categories either way.
    @Test func chartTextsReadAtEverySizeOfTheFrame() throws {
        for seed in UInt64(61)...72 {
            let series = Self.randomSeries(seed: seed)
            var options = BarChartOptions()
            options.orientation = seed.isMultiple(of: 2) ? .right : .up
            if seed.isMultiple(of: 3) { options.mode = .race(top: 10) }
            var sizes = [[(String, Double)]]()
            for (width, height) in [(1280, 720), (1920, 1080)] {
                let settings = FrameSettings(width: width, height: height, fps: 5)
                options.stage = Stage(settings)
                let drawn = try Self.textSizes(series, options, settings)
                let floor = 16 * Double(height) / 720
                let small = drawn.filter { $0.1 < floor - 1e-9 }
                #expect(small.isEmpty, "seed \(seed) at \(height)p: \(small.prefix(3)) under \(floor) px")
                sizes.append(drawn)
            }
            #expect(sizes[0].count == sizes[1].count, "seed \(seed)")
            for (a, b) in zip(sizes[0], sizes[1]) {
                #expect(a.0 == b.0 && abs(b.1 - 1.5 * a.1) <= 0.75, "seed \(seed): \(a) at 720p, \(b) at 1080p")
            }
        }
    }

    /// A bar writes no words; the chart places two texts on it, which the
    /// dump ties to it: its label at its foot and its value, counting with
    /// it, at its end. The bar reports the value as the text writes it.
    @Test func aBarsLabelAndValueAreTextsPlacedOnIt() throws {
        for seed in UInt64(81)...86 {
            let series = Self.randomSeries(seed: seed)
            var options = BarChartOptions()
            options.orientation = seed.isMultiple(of: 2) ? .right : .up
            options.stage = Stage(FrameSettings(width: 480, height: 270))
            let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
            let timeline = try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 10), labels: BSTBoard.labels)
            for step in timeline.steps.prefix(series.periods.count) {
                // Mid-tween, where the values count, and at the rest.
                for frame in [step.frames.lowerBound + step.frames.count / 3, step.frames.upperBound - 1] {
                    let scene = timeline.scene(at: frame)
                    for bar in scene.bars where bar.kind == "bar" && bar.opacity > 0 {
                        let words = scene.texts.filter { $0.bar == bar.id }
                        let value = try #require(words.first { $0.value != nil }, "seed \(seed): bar \(bar.label) has no value")
                        #expect(value.value == bar.value && value.text == bar.valueText, "seed \(seed)")
                        #expect(value.text == ValueFormat(decimals: series.decimals).string(bar.value))
                        #expect(words.contains { $0.value == nil && $0.text == bar.label }, "seed \(seed)")
                        #expect(words.allSatisfy { $0.layer == .bars })
                        // The value stands past the bar's end.
                        if bar.direction == .right { #expect(value.x > bar.x + bar.w) } else { #expect(value.y < bar.y) }
                    }
                }
            }
        }
    }

    /// In a race, no two bars on screen at once share a colour, while there
    /// are colours enough (twenty), and a category keeps its colour: the
    /// first ten categories' old colours by index had Spain and France, and
    /// Italy and Belgium, in one colour in a race of 17.
    @Test func raceBarsOnScreenTogetherNeverShareAColour() throws {
        for seed in UInt64(91)...102 {
            var series = Self.randomSeries(seed: seed)
            series.groups = [:]
            var options = BarChartOptions()
            options.mode = .race(top: Int(seed % 3) * 4 + 8)
            options.stage = Stage(FrameSettings(width: 480, height: 270))
            let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
            let timeline = try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 10), labels: BSTBoard.labels)
            var colourOf = [String: Color]()
            for frame in stride(from: 0, to: timeline.frameCount, by: 2) {
                let bars = timeline.scene(at: frame).bars.filter { $0.kind == "bar" && $0.opacity > 0 }
                let fills = bars.map(\.fill)
                #expect(Set(fills.map { $0.hexRGBA }).count == fills.count, "seed \(seed) frame \(frame): \(bars.map(\.label))")
                for b in bars {
                    if let old = colourOf[b.label] { #expect(old == b.fill, "seed \(seed): \(b.label) changed colour") }
                    colourOf[b.label] = b.fill
                }
            }
        }
    }

    @Test func pastTwentyAtOnceColoursAreSharedAsLittleAsMayBe() {
        let shown = [Array(0..<25)]
        let colours = BarPalette.race(shown: shown, count: 25)
        #expect(Set(colours.prefix(20).map(\.hexRGBA)).count == 20)
        // The five past twenty take the first five colours once more.
        #expect(Array(colours[20...]) == Array(colours[..<5]))
    }

    /// A race whose columns cannot name their bars suggests a smaller --top,
    /// in the same orientation, at which they can: it is smaller than the
    /// top asked for, and a race with it says nothing.
    @Test func theTopSuggestedForAnIllegibleRaceNamesItsBars() throws {
        let names = (0..<30).map { "Provincia\($0)Grande" }
        let series = ChartData(periods: ["a", "b"], categories: names, values: [(0..<30).map { Double($0 + 1) }, (0..<30).map { Double(30 - $0) }])
        func notes(top: Int) -> [String] {
            var options = BarChartOptions()
            options.mode = .race(top: top)
            options.orientation = .up
            options.stage = Stage(FrameSettings(width: 1280, height: 720))
            return BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script.notes
        }
        let note = try #require(notes(top: 30).first)
        let suggested = try #require(note.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.last)
        #expect(note.contains("a smaller --top, such as \(suggested)"), "\(note)")
        #expect(suggested < 30 && suggested >= 1)
        #expect(notes(top: suggested).isEmpty, "\(notes(top: suggested))")
    }
}
