import Diagram
import Foundation
import Output
import Producers
import Testing
import TestSupport
import Trees

/// Sort animations read back from their scenes, frame by frame at 30
/// fps: the bars always hold the input's values, end sorted, never jump,
/// and the counters end on the counts of a plain implementation of the
/// same algorithm (below, written apart from the producer's).
@Suite(.tags(.sweep)) struct SortLawTests {
    static func timeline(
        _ values: [Int], _ algorithm: SortAlgorithm, partition: QuickPartition = .lomuto, rate: Double? = nil, width: Int = 480,
        height: Int = 270
    ) throws -> Timeline {
        var options = SortOptions()
        options.algorithm = algorithm
        options.partition = partition
        options.opsPerSecond = rate
        options.stage = Stage(FrameSettings(width: width, height: height))
        options.finalHold = 0.3
        let script = SortAnimation(values: values, options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: width, height: height, fps: 30), labels: BSTBoard.labels)
    }

    struct DumpBar {
        var id: Int, value: Double, x: Double, y: Double
    }

    /// The data bars and texts of every frame, read from the scene the
    /// dump writes them from (the last frame is read back from its dump
    /// line too, and must agree: the dump is the public face).
    static func frames(_ timeline: Timeline) throws -> [(bars: [DumpBar], texts: [String])] {
        let frames = (0..<timeline.frameCount).map { f in
            let scene = timeline.scene(at: f)
            return (
                bars: scene.bars.filter { $0.kind == "bar" }.map { DumpBar(id: $0.id, value: $0.value, x: $0.x, y: $0.y) },
                texts: scene.texts.map(\.text))
        }
        let line = SceneDump.line(for: timeline.scene(at: timeline.frameCount - 1))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let dumped = (object["bars"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "bar" }.map {
            DumpBar(id: $0["id"] as! Int, value: $0["value"] as! Double, x: $0["x"] as! Double, y: $0["y"] as! Double)
        }
        let last = try #require(frames.last)
        #expect(dumped.map(\.id) == last.bars.map(\.id) && zip(dumped, last.bars).allSatisfy { abs($0.x - $1.x) < 0.01 && $0.value == $1.value })
        #expect((object["texts"] as? [[String: Any]] ?? []).map { $0["text"] as! String } == last.texts)
        return frames
    }

    /// What breaks the rules over a whole animation of sorting `values`.
    static func problems(_ values: [Int], _ algorithm: SortAlgorithm, partition: QuickPartition = .lomuto, rate: Double? = nil) throws -> [String] {
        let timeline = try timeline(values, algorithm, partition: partition, rate: rate)
        let frames = try frames(timeline)
        let limit = 0.06 * (480.0 * 480 + 270 * 270).squareRoot()
        var out = [String]()
        var previous = [Int: DumpBar]()
        for (f, frame) in frames.enumerated() {
            let held = frame.bars.map { Int($0.value.rounded()) }.sorted()
            if held != values.sorted() { out.append("frame \(f): bars hold \(held)") }
            for b in frame.bars {
                if let p = previous[b.id], hypot(b.x - p.x, b.y - p.y) > limit {
                    out.append("frame \(f): bar \(b.id) moved \(hypot(b.x - p.x, b.y - p.y)) px")
                }
            }
            previous = Dictionary(frame.bars.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let last = try #require(frames.last)
        let shown = last.bars.sorted { $0.x < $1.x }.map { Int($0.value) }
        if shown != values.sorted() { out.append("last frame shows \(shown)") }
        let (comparisons, swaps) = PlainSorts.counts(algorithm, values, partition: partition)
        let word = algorithm == .merge ? "writes" : "swaps"
        if !last.texts.contains("comparisons \(comparisons)") { out.append("counters \(last.texts), plain \(comparisons) comparisons") }
        if !last.texts.contains("\(word) \(swaps)") { out.append("counters \(last.texts), plain \(swaps) \(word)") }
        return out
    }

    static func input(_ order: SortInputOrder, count: Int, seed: UInt64) -> [Int] {
        var rng = SeededGenerator(seed: seed)
        return order.values(count: count, using: &rng)
    }

    @Test(arguments: SortAlgorithm.allCases)
    func shortArraysPlayedOneByOneKeepTheRules(algorithm: SortAlgorithm) throws {
        for (i, order) in SortInputOrder.allCases.enumerated() {
            let values = Self.input(order, count: 5 + i, seed: UInt64(31 * i + 7))
            let problems = try Self.problems(values, algorithm)
            #expect(problems.isEmpty, "\(algorithm) of \(values): \(problems.prefix(3))")
        }
        let negative = [3, -2, 0, 7, -5, 3]
        #expect(try Self.problems(negative, algorithm).isEmpty, "\(algorithm) of \(negative)")
    }

    /// Hoare's partition too, one by one and fast.
    @Test func aQuickSortWithHoaresPartitionKeepsTheRules() throws {
        for (i, order) in SortInputOrder.allCases.enumerated() {
            let values = Self.input(order, count: 5 + i, seed: UInt64(31 * i + 7))
            let problems = try Self.problems(values, .quick, partition: .hoare)
            #expect(problems.isEmpty, "hoare of \(values): \(problems.prefix(3))")
        }
        let negative = [3, -2, 0, 7, -5, 3]
        #expect(try Self.problems(negative, .quick, partition: .hoare).isEmpty, "hoare of \(negative)")
        let long = Self.input(.fewUnique, count: 60, seed: 11)
        let fast = try Self.problems(long, .quick, partition: .hoare, rate: 400)
        #expect(fast.isEmpty, "hoare of 60: \(fast.prefix(3))")
    }

    @Test(arguments: SortAlgorithm.allCases)
    func longArraysPlayedFastKeepTheRules(algorithm: SortAlgorithm) throws {
        let values = Self.input(algorithm == .quick ? .random : .fewUnique, count: 60, seed: 11)
        let problems = try Self.problems(values, algorithm, rate: 400)
        #expect(problems.isEmpty, "\(algorithm) of 60: \(problems.prefix(3))")
    }

    /// Played fast, the animation says when it plays well under the rate
    /// asked (each beat waits for its moves), and how many it plays a
    /// second, which is what the timeline shows; at a rate it keeps, it says nothing.
    @Test func fastPlayThatFallsShortOfTheRateSaysWhatItPlays() throws {
        var random = SeededGenerator(seed: 7)
        let values = (0..<200).map { _ in random.next(in: 1...999) }
        var options = SortOptions()
        options.opsPerSecond = 300
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        let made = SortAnimation(values: values, options: options, labels: BSTBoard.labels)
        let note = made.script.notes.first { $0.hasPrefix("--ops-per-second 300: it plays about ") }
        #expect(note != nil, "\(made.script.notes)")
        let said = note.flatMap { Double($0.split(separator: " ")[5]) } ?? 0
        #expect(said > 0 && said < 240)
        options.opsPerSecond = 5
        #expect(!SortAnimation(values: values, options: options, labels: BSTBoard.labels).script.notes.contains { $0.hasPrefix("--ops-per-second") })
    }

    @Test func theCountsOfARunAreThoseOfThePlainImplementations() {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<40 {
            let n = rng.next(in: 0...40)
            let values = (0..<n).map { _ in rng.next(in: -20...60) }
            for algorithm in SortAlgorithm.allCases {
                for partition in algorithm == .quick ? QuickPartition.allCases : [.lomuto] {
                    let run = SortRun(algorithm, values: values, partition: partition)
                    let plain = PlainSorts.counts(algorithm, values, partition: partition)
                    #expect(run.result == values.sorted(), "\(algorithm) \(partition) of \(values)")
                    #expect(
                        run.comparisons == plain.comparisons && run.swaps == plain.swaps,
                        "\(algorithm) \(partition) of \(values): \(run.comparisons), \(run.swaps); plain \(plain)")
                }
            }
        }
    }

    /// A 200-value quick sort at the default rate lasts about half a minute.
    @Test func aLongQuickSortLastsAboutHalfAMinute() throws {
        let values = Self.input(.random, count: 200, seed: 7)
        let timeline = try Self.timeline(values, .quick)
        #expect(timeline.duration > 20 && timeline.duration < 45, "\(timeline.duration) s")
    }

    @Test func theCaptionNamesEachComparisonAndItsOutcome() throws {
        let timeline = try Self.timeline([5, 3, 8], .bubble)
        let captions = Set((0..<timeline.frameCount).compactMap { timeline.scene(at: $0).caption })
        #expect(captions.contains("compare 5 and 3 → swap"))
        #expect(captions.contains("compare 5 and 8 → in order"))
        #expect(captions.contains("sorted: 3 5 8"))
    }
}

/// The algorithms as a textbook writes them, counting comparisons of two
/// items and swaps (merge sort: writes into the array).
enum PlainSorts {
    static func counts(_ algorithm: SortAlgorithm, _ input: [Int], partition: QuickPartition = .lomuto) -> (comparisons: Int, swaps: Int) {
        var a = input, c = 0, s = 0
        let n = a.count
        func less(_ x: Int, _ y: Int) -> Bool { c += 1; return x < y }
        switch algorithm {
        case .bubble:
            var end = n - 1
            while end > 0 {
                var swapped = false
                for j in 0..<end where less(a[j + 1], a[j]) { a.swapAt(j, j + 1); s += 1; swapped = true }
                if !swapped { break }
                end -= 1
            }
        case .insertion:
            for i in 1..<max(n, 1) {
                var j = i
                while j > 0, less(a[j], a[j - 1]) { a.swapAt(j, j - 1); s += 1; j -= 1 }
            }
        case .selection:
            for i in 0..<max(n - 1, 0) {
                var m = i
                for j in (i + 1)..<n where less(a[j], a[m]) { m = j }
                if m != i { a.swapAt(i, m); s += 1 }
            }
        case .shell:
            var gap = n / 2
            while gap > 0 {
                for i in gap..<n {
                    var j = i
                    while j >= gap, less(a[j], a[j - gap]) { a.swapAt(j, j - gap); s += 1; j -= gap }
                }
                gap /= 2
            }
        case .merge:
            var aux = a
            func sort(_ lo: Int, _ hi: Int) {
                guard lo < hi else { return }
                let mid = (lo + hi) / 2
                sort(lo, mid)
                sort(mid + 1, hi)
                for k in lo...hi { aux[k] = a[k] }
                var i = lo, j = mid + 1
                for k in lo...hi {
                    if i > mid { a[k] = aux[j]; j += 1 }
                    else if j > hi { a[k] = aux[i]; i += 1 }
                    else if less(aux[j], aux[i]) { a[k] = aux[j]; j += 1 }
                    else { a[k] = aux[i]; i += 1 }
                    s += 1
                }
            }
            sort(0, n - 1)
        case .quick where partition == .hoare:
            // CLRS problem 7-1, HOARE-PARTITION: every `until` a
            // comparison, every exchange (never of an item with itself).
            func partition(_ p: Int, _ r: Int) -> Int {
                let x = a[p]
                var i = p - 1, j = r + 1
                while true {
                    repeat { j -= 1; c += 1 } while !(a[j] <= x)
                    repeat { i += 1; c += 1 } while !(a[i] >= x)
                    guard i < j else { return j }
                    a.swapAt(i, j); s += 1
                }
            }
            func sort(_ p: Int, _ r: Int) {
                guard p < r else { return }
                let q = partition(p, r)
                sort(p, q)
                sort(q + 1, r)
            }
            sort(0, n - 1)
        case .quick:
            // CLRS, QUICKSORT and PARTITION, line for line; an exchange of
            // an item with itself is not counted (it changes nothing).
            func partition(_ p: Int, _ r: Int) -> Int {
                let x = a[r]
                var i = p - 1
                for j in p..<r {
                    c += 1
                    if a[j] <= x {
                        i += 1
                        if i != j { a.swapAt(i, j); s += 1 }
                    }
                }
                if i + 1 != r { a.swapAt(i + 1, r); s += 1 }
                return i + 1
            }
            func sort(_ p: Int, _ r: Int) {
                guard p < r else { return }
                let q = partition(p, r)
                sort(p, q - 1)
                sort(q + 1, r)
            }
            sort(0, n - 1)
        case .heap:
            func sift(_ start: Int, _ size: Int) {
                var root = start
                while 2 * root + 1 < size {
                    var child = 2 * root + 1
                    if child + 1 < size, less(a[child], a[child + 1]) { child += 1 }
                    guard less(a[root], a[child]) else { return }
                    a.swapAt(root, child); s += 1
                    root = child
                }
            }
            if n > 1 {
                for i in stride(from: n / 2 - 1, through: 0, by: -1) { sift(i, n) }
                for end in stride(from: n - 1, to: 0, by: -1) { a.swapAt(0, end); s += 1; sift(0, end) }
            }
        }
        return (c, s)
    }
}
