import ChartFiles
import Diagram
import FamilyFiles
import Foundation
@testable import Producers
import Testing
import Trees

/// The estimates the commands check before building a script are lower
/// bounds of its length: an animation within the frame limit is never
/// refused by its estimate.
@Suite struct ScriptEstimateTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func seconds(_ script: Script) throws -> Double {
        try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 10), labels: BSTBoard.labels).duration
    }

    static let programs = [
        "insert 50 30 70 20 40 60 80 10; search 45; search 20; delete 30; delete 50; min; max; inorder; levelorder",
        "insert 1 2 3 4 5 6 7 8 9 10 11 12; delete 4; delete 1; search 13; postorder",
        "insert 30 20 10 40 50 25 60 5 7; delete 40; delete 5; delete 30; preorder; min",
    ]

    @Test(arguments: Balancing.allCases)
    func aSearchTreeLastsAtLeastItsEstimate(_ balancing: Balancing) throws {
        for text in Self.programs {
            let program = try BSTOperation.parse(text)
            var options = BSTOptions()
            options.balancing = balancing
            let script = try BSTAnimation(program: program, options: options, labels: BSTBoard.labels).script
            let estimate = BSTAnimation.estimate(program: program, balancing: balancing)
            #expect(estimate.seconds <= (try Self.seconds(script)), "\(text)")
        }
    }

    @Test(arguments: SortAlgorithm.allCases)
    func aSortLastsAtLeastItsEstimate(_ algorithm: SortAlgorithm) throws {
        for (values, rate) in [([5, 3, 8, 1, 9, 2, 7], nil), (Array((1...60).reversed()), nil), (Array(1...40), 7.0)] as [([Int], Double?)] {
            var options = SortOptions()
            options.algorithm = algorithm
            options.opsPerSecond = rate
            let script = SortAnimation(values: values, options: options, labels: BSTBoard.labels).script
            #expect(SortAnimation.estimate(values: values, options: options).seconds <= (try Self.seconds(script)))
        }
    }

    @Test(arguments: FamilyOptions.Reveal.allCases)
    func aFamilyChartLastsAtLeastItsEstimate(_ reveal: FamilyOptions.Reveal) throws {
        let versions = try FamilyFile.read(path: "\(Self.root)/docs/examples/family.yaml")
        var options = FamilyOptions()
        options.reveal = reveal
        options.lineage = ("wzx", "wjg")
        let script = FamilyAnimation(versions: versions, options: options, labels: BSTBoard.labels).script
        #expect(FamilyAnimation.estimate(versions: versions, options: options).seconds <= (try Self.seconds(script)))
    }

    @Test func aBarChartLastsAtLeastItsEstimate() throws {
        let series = try ChartFile.read(path: "\(Self.root)/docs/examples/cities.csv", format: .wide)
        for mode in [BarChartOptions.Mode.fixed, .race(top: 5)] {
            var options = BarChartOptions()
            options.mode = mode
            options.tour = ["Tokyo", "Delhi"]
            let script = BarChartAnimation(series: series, options: options, labels: BSTBoard.labels).script
            #expect(BarChartAnimation.estimate(series: series, options: options).seconds <= (try Self.seconds(script)))
        }
    }

    @Test func aHeapLastsAtLeastItsEstimate() throws {
        let program = try HeapOperation.parse("heapify 9 4 7 1 8; insert 3; extract; extract; heapsort")
        let script = try HeapAnimation(program: program, options: HeapOptions(), labels: BSTBoard.labels).script
        #expect(HeapAnimation.estimate(program: program).seconds <= (try Self.seconds(script)))
    }

    /// The cut of the old, quadratic way: shorter by a character until it fits.
    static func cutOneByOne(_ text: String, toWidth width: Double, size: Double, labels: LabelFit) -> String {
        guard labels.width(of: text) * size > width else { return text }
        var kept = Array(text)
        while !kept.isEmpty, labels.width(of: String(kept) + "…") * size > width { kept.removeLast() }
        return String(kept) + "…"
    }

    @Test func aBarLabelIsCutAsOneCharacterAtATimeWouldCutIt() {
        let names = ["Tokyo", "São Paulo", "Osaka, Kansai", String(repeating: "北京上海", count: 20), String(repeating: "Long name ", count: 40), "W"]
        for name in names {
            for room in [1.0, 8, 40, 120, 400] {
                let cut = BarChartPlayer.cut(name, toWidth: room, size: 14, labels: BSTBoard.labels)
                #expect(cut == Self.cutOneByOne(name, toWidth: room, size: 14, labels: BSTBoard.labels), "\(name) in \(room)")
            }
        }
    }

    @Test func aNameOfAHundredThousandCharactersIsCutToWhatFits() {
        let cut = BarChartPlayer.cut(String(repeating: "x", count: 100_000), toWidth: 200, size: 14, labels: BSTBoard.labels)
        #expect(cut.hasSuffix("…") && cut.count < 40)
    }
}
