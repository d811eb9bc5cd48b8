import ChartFiles
import Charts
import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered bar-chart frames at 480×270: a fixed-order chart mid-tween
/// while its axis rescales, a race as two bars trade ranks, and a tour's
/// callout in the dark theme.
@Suite(.tags(.golden)) struct BarChartGoldenTests {
    /// Four cities over three years; Lagos overtakes Cairo in the second.
    static let series = ChartData(
        periods: ["2000", "2010", "2020"],
        categories: ["Cairo", "Lagos", "Kinshasa", "Luanda", "北京"],
        values: [[13.6, 7.3, 6.1, 2.8, 13.9], [16.9, 17.5, 9.4, 5.5, 19.0], [20.9, 24.3, 14.3, 8.3, 20.5]],
        groups: ["Cairo": "Africa", "Lagos": "Africa", "Kinshasa": "Africa", "Luanda": "Africa", "北京": "Asia"],
        decimals: 1)

    static func timeline(theme: Theme = .light, _ configure: (inout BarChartOptions) -> Void) throws -> Timeline {
        var options = BarChartOptions()
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        configure(&options)
        let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
        var settings = FrameSettings(width: 480, height: 270, fps: 10)
        settings.theme = theme
        return try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
    }

    static func check(_ timeline: Timeline, _ frame: Int, _ name: String) {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(timeline.scene(at: frame), into: &canvas)
        assertFrame(canvas, matches: name)
    }

    /// Halfway through the tween into period `p` (its step's first half).
    static func midTween(_ timeline: Timeline, period p: Int) -> Int {
        let frames = timeline.steps[p].frames
        return frames.lowerBound + Int(Double(frames.count) * 0.35)
    }

    @Test func aFixedOrderChartMidTweenWithItsAxis() throws {
        let timeline = try Self.timeline { _ in }
        let frame = Self.midTween(timeline, period: 1)
        let scene = timeline.scene(at: frame)
        #expect(scene.bars.contains { $0.kind == "grid" } && scene.texts.contains { $0.text == "10" })
        Self.check(timeline, frame, "bars-fixed-tween")
    }

    @Test func aRaceFrameAsTwoBarsTradeRanks() throws {
        let timeline = try Self.timeline { $0.mode = .race(top: 4) }
        let frame = Self.midTween(timeline, period: 1)
        let bars = timeline.scene(at: frame).bars.filter { $0.kind == "bar" }
        let lagos = try #require(bars.first { $0.label == "Lagos" }), cairo = try #require(bars.first { $0.label == "Cairo" })
        #expect(abs(lagos.y - cairo.y) < lagos.h, "Lagos and Cairo pass each other")
        Self.check(timeline, frame, "bars-race-rank-change")
    }

    @Test func aTourCallout() throws {
        let timeline = try Self.timeline(theme: .dark) { $0.tour = ["Lagos", "北京"] }
        let step = timeline.steps[Self.series.periods.count + 1]
        let frame = step.frames.upperBound - 2
        let scene = timeline.scene(at: frame)
        #expect(scene.nodes.contains { $0.label == "北京\n20.5" } && !scene.marks.isEmpty)
        Self.check(timeline, frame, "bars-tour-callout")
    }
}
