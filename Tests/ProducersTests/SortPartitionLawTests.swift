import Diagram
import Foundation
import Geometry
import Output
import Producers
import Testing
import TestSupport
import Trees

/// Quick sort's working, read back from the scene dump at every
/// comparison: the regions behind the bars and the `i` and `j` markers
/// under them say what the partition's invariant says (CLRS, lemma 7.1 for
/// PARTITION; problem 7-1 for HOARE-PARTITION). Each comparison is looked
/// at once its mark is in and while its caption is read: the bar it
/// names (`A[k] = v`), the markers, the regions' places and the values in
/// them.
@Suite(.tags(.sweep)) struct SortPartitionLawTests {
    /// A frame of a partition as the dump writes it.
    struct Working {
        /// Each bar's value by the index under it.
        var values: [Int: Int]
        /// The places under each region (`le`, `gt`, `ge`, `unseen`), the
        /// markers' places (`i`, `j`: −1 or n just outside the array), the
        /// pivot's value and place.
        var regions: [String: [Int]]
        var markers: [String: Int]
        var pivot: (value: Int, index: Int)?
        var caption: String
    }

    /// The dump's line of `scene`, read back as JSON.
    static func dumped(_ scene: Scene) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(SceneDump.line(for: scene).utf8)) as? [String: Any])
    }

    /// The working of frame `f`, read from its dump line: places are told
    /// by the indices written under the array (`index:k`), one place apart.
    static func working(_ timeline: Timeline, _ f: Int) throws -> Working {
        let object = try dumped(timeline.scene(at: f))
        let bars = object["bars"] as? [[String: Any]] ?? [], texts = object["texts"] as? [[String: Any]] ?? []
        var xs = [Int: Double]()
        for t in texts {
            guard let name = t["name"] as? String, name.hasPrefix("index:"), let k = Int(name.dropFirst(6)) else { continue }
            #expect(t["text"] as? String == String(k), "\(name) writes \(t["text"] ?? "")")
            xs[k] = t["x"] as? Double
        }
        let n = xs.count
        let (x0, x1) = (try #require(xs[0]), try #require(xs[n - 1]))
        let unit = n > 1 ? (x1 - x0) / Double(n - 1) : 1
        func place(_ x: Double) -> Int { Int(((x - x0) / unit).rounded()) }
        var values = [Int: Int](), regions = [String: [Int]](), markers = [String: Int]()
        var pivot: (Int, Int)?
        for b in bars {
            let (x, w) = (b["x"] as! Double, b["w"] as! Double)
            switch b["kind"] as? String {
            case "bar":
                let k = place(x + w / 2)
                values[k] = Int(b["value"] as! Double)
                if b["role"] as? String == "pivot" { pivot = (values[k]!, k) }
            case "region":
                let name = String((b["name"] as! String).dropFirst("region:".count))
                regions[name] = (0..<n).filter { x0 + Double($0) * unit > x && x0 + Double($0) * unit < x + w }
            default: break
            }
        }
        for t in texts {
            guard let name = t["name"] as? String, name.hasPrefix("marker:") else { continue }
            // A marker may stand a little to the side when both are at one place.
            let k = Int(((t["x"] as! Double - x0) / unit).rounded())
            markers[String(name.dropFirst("marker:".count))] = k
        }
        return Working(values: values, regions: regions, markers: markers, pivot: pivot, caption: object["caption"] as? String ?? "")
    }

    /// The frames at which each comparison is checked: a quarter second
    /// after its counter first shows it (its mark is in, its caption up).
    static func comparisonFrames(_ timeline: Timeline) -> [Int] {
        var out = [Int](), last = "comparisons 0"
        for f in 0..<timeline.frameCount {
            guard let counter = timeline.scene(at: f).texts.first(where: { $0.text.hasPrefix("comparisons ") })?.text else { continue }
            if counter != last {
                out.append(min(f + Int(0.27 * timeline.settings.fps), timeline.frameCount - 1))
                last = counter
            }
        }
        return out
    }

    /// The compared place and value a caption names (`A[4] = 7 > …`).
    static func named(_ caption: String) -> (index: Int, value: Int)? {
        guard caption.hasPrefix("A["), let close = caption.firstIndex(of: "]") else { return nil }
        let index = Int(caption[caption.index(caption.startIndex, offsetBy: 2)..<close])
        let rest = caption[caption.index(after: close)...].dropFirst(3)
        let value = Int(rest.prefix { $0 == "-" || $0.isNumber })
        return index.flatMap { i in value.map { (i, $0) } }
    }

    /// What breaks the invariant at any comparison of a quick sort of
    /// `values` with `partition`, and how many comparisons were checked.
    static func problems(_ values: [Int], _ partition: QuickPartition) throws -> (problems: [String], checked: Int) {
        let timeline = try SortLawTests.timeline(values, .quick, partition: partition, width: 640, height: 360)
        var out = [String]()
        let frames = comparisonFrames(timeline)
        for f in frames {
            let w = try working(timeline, f)
            func say(_ what: String) { out.append("\(partition) of \(values), frame \(f) ('\(w.caption)'): \(what)") }
            guard let (k, v) = named(w.caption) else { say("the caption names no comparison"); continue }
            guard w.values[k] == v else { say("A[\(k)] holds \(w.values[k].map(String.init) ?? "no bar"), not \(v)"); continue }
            guard let pivot = w.pivot, let i = w.markers["i"], let j = w.markers["j"] else {
                say("no pivot or no markers: \(w.markers)")
                continue
            }
            let x = pivot.value
            let low = w.regions["le"] ?? [], unseen = w.regions["unseen"] ?? []
            let high = w.regions[partition == .hoare ? "ge" : "gt"] ?? []
            if let bad = low.first(where: { w.values[$0]! > x }) { say("A[\(bad)] = \(w.values[bad]!) is in the ≤ region, over the pivot \(x)") }
            switch partition {
            case .lomuto:
                if let bad = high.first(where: { w.values[$0]! <= x }) { say("A[\(bad)] = \(w.values[bad]!) is in the > region, not over \(x)") }
                // A[p..i] ≤ x, A[i+1..j−1] > x, A[j..r−1] unseen, x = A[r].
                let p = low.first ?? high.first ?? unseen.first ?? k
                let r = pivot.index
                if j != k { say("j is under \(j), the comparison is of A[\(k)]") }
                if i != (low.last ?? p - 1) { say("i is under \(i), the ≤ region is \(low)") }
                if low != Array(p..<(i + 1)) || high != Array((i + 1)..<j) || unseen != Array(j..<r) {
                    say("regions ≤ \(low), > \(high), unseen \(unseen) with p \(p), i \(i), j \(j), r \(r)")
                }
            case .hoare:
                if let bad = high.first(where: { w.values[$0]! < x }) { say("A[\(bad)] = \(w.values[bad]!) is in the ≥ region, under \(x)") }
                // j scans down (`until A[j] ≤ x`), i up (`until A[i] ≥ x`).
                let scanning = w.caption.contains(": j ") ? j : i
                if scanning != k { say("the scanning marker is under \(scanning), the comparison is of A[\(k)]") }
                if let last = low.last, last >= (high.first ?? .max) { say("the regions overlap: ≤ \(low), ≥ \(high)") }
                if !low.isEmpty, i < low.last! { say("i is under \(i), left of the ≤ region \(low)") }
                if !high.isEmpty, j > high.first! { say("j is under \(j), right of the ≥ region \(high)") }
                if let first = unseen.first, unseen != Array(first..<(first + unseen.count)) { say("unseen is \(unseen)") }
            }
        }
        return (out, frames.count)
    }

    static func inputs() -> [[Int]] {
        var out: [[Int]] = [[5, 3, 8, 1, 9, 2, 7, 4], [2, 8, 7, 1, 3, 5, 6, 4], [3, -2, 0, 7, -5, 3], [4, 4, 4, 1, 4]]
        for (i, order) in SortInputOrder.allCases.enumerated() {
            out.append(SortLawTests.input(order, count: 6 + 2 * i, seed: UInt64(13 * i + 5)))
        }
        return out
    }

    @Test(arguments: QuickPartition.allCases)
    func atEveryComparisonTheRegionsAndMarkersShowTheInvariant(partition: QuickPartition) throws {
        var checked = 0
        for values in Self.inputs() {
            let (problems, count) = try Self.problems(values, partition)
            #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(4).joined(separator: "; "))")
            #expect(count == SortRun(.quick, values: values, partition: partition).comparisons, "\(values): \(count) comparisons checked")
            checked += count
        }
        #expect(checked > 100)
    }

    /// CLRS figure 7.1: PARTITION of 2 8 7 1 3 5 6 4 leaves 2 1 3 4 7 5 6 8,
    /// the pivot at index 3 (from 0), after 7 comparisons and, of its 4
    /// exchanges, the 3 that move items (the exchange of 2 with itself is
    /// neither played nor counted).
    @Test func theFigureOfCLRSPartitionsAsInTheBook() {
        let run = SortRun(.quick, values: [2, 8, 7, 1, 3, 5, 6, 4])
        let first = run.events.firstIndex { if case .sorted = $0 { return true }; return false }!
        #expect(run.events[first] == .sorted([3]))
        let before = run.events[..<first]
        #expect(before.filter { if case .compare = $0 { return true }; return false }.count == 7)
        #expect(before.filter { if case .swap = $0 { return true }; return false } == [.swap(1, 3), .swap(2, 4), .swap(3, 7)])
        #expect(run.pseudocode.lines[8] == "    if A[j] ≤ x")
        let hoare = SortRun(.quick, values: [13, 19, 9, 5, 12, 8, 7, 4, 11, 2, 6, 21], partition: .hoare)
        // CLRS exercise 7-1(a): HOARE-PARTITION of this array returns 8.
        #expect(hoare.events.contains(.split(8)))
        #expect(hoare.pseudocode.lines[1] == "  q = HOARE-PARTITION(A, p, r)")
    }

    /// The working reads at 720p and nothing of it overlaps: the indices
    /// and markers are 20 px or more for ten values (14 px, the floor, for
    /// 24 beside the code panel), each marker's arrow stands between the
    /// indices and its letter, the letters clear the counters along the
    /// bottom, and the legend clears the caption. Over every frame of a
    /// partition's first steps.
    @Test(arguments: [(10, false, 20.0), (24, true, 14.0)])
    func theWorkingReadsAt720pAndNothingOverlaps(count: Int, code: Bool, least: Double) throws {
        var options = SortOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        options.code = code
        options.finalHold = 0
        let values = SortLawTests.input(.random, count: count, seed: 9)
        let script = SortAnimation(values: values, options: options, labels: BSTBoard.labels).script
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 1280, height: 720, fps: 5), labels: BSTBoard.labels)
        var looked = 0
        for f in stride(from: 0, to: min(timeline.frameCount, 400), by: 3) {
            let scene = timeline.scene(at: f)
            let shown = scene.texts.filter { $0.opacity > 0.99 }
            // A text's ink, from its baseline: digits and arrows rise 0.75
            // of its size, a j falls 0.25 under.
            func top(_ t: TextState) -> Double { t.y - 0.76 * t.fontSize }
            func bottom(_ t: TextState) -> Double { t.y + 0.25 * t.fontSize }
            let indices = shown.filter { $0.name.hasPrefix("index:") }
            let arrows = shown.filter { $0.name.hasPrefix("marker:") && $0.name.hasSuffix(":arrow") }
            let letters = shown.filter { $0.name == "marker:i" || $0.name == "marker:j" }
            guard let index = indices.first else { continue }
            #expect(indices.count == count)
            for t in indices + arrows + letters { #expect(t.fontSize >= least, "frame \(f): \(t.name) at \(t.fontSize) px") }
            for a in arrows { #expect(top(a) > index.y + 1, "frame \(f): \(a.name) reaches the indices") }
            for l in letters {
                // An arrow's ink ends on its baseline.
                #expect(arrows.allSatisfy { $0.y < top(l) + 1 }, "frame \(f): \(l.name) under its arrow")
                let counters = shown.filter { $0.name == "comparisons" || $0.name == "counter" }
                #expect(counters.allSatisfy { bottom(l) < top($0) }, "frame \(f): \(l.name) runs into the counters")
                looked += 1
            }
            let legend = shown.filter { $0.name.hasPrefix("legend:") }
            #expect(legend.allSatisfy { top($0) > scene.captionStyle.baseline + 2 }, "frame \(f): the legend runs into the caption")
            if let box = scene.code?.frame {
                #expect((indices + arrows + letters + legend).allSatisfy { !box.contains(Point($0.x, $0.y)) }, "frame \(f): under the code panel")
            }
        }
        #expect(looked > 20)
    }

    /// Played fast, no working is drawn: no indices, markers or regions.
    @Test func fastPlayLeavesTheWorkingOut() throws {
        let values = SortLawTests.input(.random, count: 40, seed: 3)
        for partition in QuickPartition.allCases {
            let timeline = try SortLawTests.timeline(values, .quick, partition: partition, rate: 200)
            for f in stride(from: 0, to: timeline.frameCount, by: 7) {
                let scene = timeline.scene(at: f)
                #expect(!scene.bars.contains { $0.kind == "region" || $0.kind == "legend" })
                #expect(!scene.texts.contains { $0.name.hasPrefix("index:") || $0.name.hasPrefix("marker:") })
            }
        }
    }
}
