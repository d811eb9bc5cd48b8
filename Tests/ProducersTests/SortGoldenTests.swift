import Diagram
import Producers
import Raster
import TestSupport
import Testing

/// Real rendered sort frames at 480×270, light theme: a bubble-sort swap
/// mid-flight, a quick-sort partition with its pivot and bracket, its
/// regions, indices and `i` and `j` (Lomuto's, and Hoare's), and a
/// merge-sort write coming up from the auxiliary row. Each is found by the
/// caption of its comparison and taken a set time after it arrives.
@Suite(.tags(.golden)) struct SortGoldenTests {
    static func timeline(_ values: [Int], _ algorithm: SortAlgorithm, partition: QuickPartition = .lomuto) throws -> Timeline {
        var options = SortOptions()
        options.algorithm = algorithm
        options.partition = partition
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        let script = SortAnimation(values: values, options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 10), labels: BSTBoard.labels)
    }

    /// The frame `seconds` after `caption` first shows.
    static func frame(_ timeline: Timeline, after caption: String, seconds: Double) throws -> Int {
        let first = try #require((0..<timeline.frameCount).first { timeline.scene(at: $0).caption == caption }, "no frame captioned \(caption)")
        return first + Int((seconds * timeline.settings.fps).rounded())
    }

    static func check(_ timeline: Timeline, _ frame: Int, _ name: String) {
        var canvas = Canvas(width: 480, height: 270)
        FrameRenderer(font: BSTBoard.font).render(timeline.scene(at: frame), into: &canvas)
        assertFrame(canvas, matches: name)
    }

    @Test func aBubbleSortSwapMidFlight() throws {
        let timeline = try Self.timeline([5, 3, 8, 1], .bubble)
        // The mark (0.25 s) and the rest (0.55 s), then half the swap.
        let frame = try Self.frame(timeline, after: "compare 8 and 1 → swap", seconds: 1.1)
        let bars = timeline.scene(at: frame).bars
        #expect(Set(bars.map(\.y)).count == bars.count, "two bars mid-arc stand at other heights")
        Self.check(timeline, frame, "sort-bubble-swap")
    }

    /// The regions and markers a frame shows, by their names.
    static func working(_ scene: Scene) -> (regions: [String: Double], markers: Set<String>) {
        (Dictionary(scene.bars.filter { $0.kind == "region" }.map { ($0.name, $0.w) }, uniquingKeysWith: { a, _ in a }),
         Set(scene.texts.filter { $0.name.hasPrefix("marker:") && $0.opacity > 0.99 }.map(\.name)))
    }

    /// Lomuto's partition mid-way (CLRS's PARTITION): the ≤, > and unseen
    /// regions each hold items, `i` and `j` under theirs.
    @Test func aQuickSortPartitionWithItsPivot() throws {
        let timeline = try Self.timeline([5, 3, 8, 1, 9, 2, 7, 4], .quick)
        let frame = try Self.frame(timeline, after: "A[4] = 9 > pivot 4: j moves on, 9 stays in the > part", seconds: 0.3)
        let scene = timeline.scene(at: frame)
        let roles = scene.bars.map(\.role)
        #expect(roles.contains("pivot") && roles.contains("compare"))
        #expect(scene.bars.contains { $0.kind == "range" })
        let (regions, markers) = Self.working(scene)
        #expect(["region:le", "region:gt", "region:unseen"].allSatisfy { (regions[$0] ?? 0) > 0 }, "\(regions)")
        #expect(markers == ["marker:i", "marker:i:arrow", "marker:j", "marker:j:arrow"])
        Self.check(timeline, frame, "sort-quick-partition")
    }

    /// Hoare's partition mid-way (HOARE-PARTITION): `i` scanning up past
    /// an item under the pivot, the ≤ and ≥ regions either side of the
    /// unseen middle, the pivot's item already exchanged to the right.
    @Test func aQuickSortHoarePartitionMidWay() throws {
        let timeline = try Self.timeline([5, 3, 8, 1, 9, 2, 7, 4], .quick, partition: .hoare)
        let frame = try Self.frame(timeline, after: "A[1] = 3 < 5: i moves on, 3 joins the ≤ part", seconds: 0.3)
        let scene = timeline.scene(at: frame)
        #expect(scene.bars.map(\.role).contains("pivot"))
        let (regions, markers) = Self.working(scene)
        #expect(["region:le", "region:ge", "region:unseen"].allSatisfy { (regions[$0] ?? 0) > 0 }, "\(regions)")
        #expect(markers == ["marker:i", "marker:i:arrow", "marker:j", "marker:j:arrow"])
        #expect(scene.texts.filter { $0.name.hasPrefix("index:") }.count == 8)
        Self.check(timeline, frame, "sort-quick-hoare-partition")
    }

    @Test func aMergeSortWriteFromTheAuxiliaryRow() throws {
        let timeline = try Self.timeline([5, 3, 8, 1, 9, 2, 7, 4], .merge)
        let frame = try Self.frame(timeline, after: "compare 3 and 1 → 1 is smaller: write it", seconds: 1.1)
        let bars = timeline.scene(at: frame).bars.filter { $0.kind == "bar" }
        let base = bars.map { $0.y + $0.h }.min()!
        #expect(bars.contains { $0.y + $0.h > base + 20 }, "some bars are in the auxiliary row")
        Self.check(timeline, frame, "sort-merge-write")
    }
}
