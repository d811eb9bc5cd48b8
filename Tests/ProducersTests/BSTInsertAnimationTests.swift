import Diagram
import Geometry
import Producers
import Raster
import Testing

/// A BST insert animation at 480×270, 10 fps, as the tests play it.
struct BSTBoard {
    let timeline: Timeline
    var frameCount: Int { timeline.frameCount }
    var duration: Double { timeline.duration }
    func scene(at i: Int) -> Scene { timeline.scene(at: i) }
}

extension BSTBoard {
    static let labels = LabelFit(font: try! Font.default())  // The test machine has DejaVu (setup.sh).

    init(_ keys: [Int], options: BSTOptions = BSTOptions(), _ configure: (inout FrameSettings) -> Void = { _ in }) throws {
        var settings = FrameSettings(width: 480, height: 270, fps: 10)
        configure(&settings)
        let script = try BSTInsertAnimation(keys: keys, options: options, labels: Self.labels).script
        timeline = try Timeline(script: script, settings: settings)
    }
}

@Suite struct BSTInsertAnimationTests {
    static func board(
        _ keys: [Int], options: BSTOptions = BSTOptions(), _ configure: (inout FrameSettings) -> Void = { _ in }
    ) throws -> BSTBoard {
        try BSTBoard(keys, options: options, configure)
    }

    @Test func durationAddsUpTheStagesOfEveryInsert() throws {
        // 50 (root: one comparison slot), 17 (1 comparison), 72 (1), 12 (2).
        let b = try Self.board([50, 17, 72, 12])
        let perInsert = 0.3 + 0.6 + 0.25
        let expected = 4 * perInsert + 0.35 * (1 + 1 + 1 + 2) + 1.0
        #expect(abs(b.duration - expected) < 1e-9)
        #expect(b.frameCount == Int((expected * 10).rounded(.up)) + 1)
        let fast = try Self.board([50, 17, 72, 12]) { $0.speed = 2 }
        #expect(abs(fast.duration - expected / 2) < 1e-9)
    }

    @Test func duplicateKeysAreAnErrorNamingThem() {
        #expect(throws: BSTError.duplicateKeys([5, 3])) { try Self.board([5, 3, 5, 8, 3, 5]) }
    }

    @Test func scenesDoNotDependOnTheOrderTheyAreComputedIn() throws {
        let b = try Self.board([50, 17, 72, 12, 23, 60])
        let inOrder = (0..<b.frameCount).map { b.scene(at: $0) }
        for i in stride(from: b.frameCount - 1, through: 0, by: -3) {
            #expect(b.scene(at: i) == inOrder[i])
        }
    }

    @Test func theLastFrameShowsTheFinishedTreeAtRest() throws {
        let b = try Self.board([50, 17, 72, 12, 23, 60])
        let s = b.scene(at: b.frameCount - 1)
        #expect(s.nodes.map(\.key) == [50, 17, 72, 12, 23, 60])
        #expect(s.nodes.allSatisfy { $0.opacity == 1 })
        #expect(s.highlight == nil)
        #expect(s.caption == "6 keys inserted, height 3")
        #expect(s.edges.count == 5)
        let centre = Dictionary(uniqueKeysWithValues: s.nodes.map { ($0.id, Point($0.x, $0.y)) })
        for e in s.edges {
            #expect(Point(e.x1, e.y1) == centre[e.from])
            #expect(Point(e.x2, e.y2) == centre[e.to])
        }
    }

    @Test func theRingWalksTheComparisonPathWithCaptions() throws {
        let b = try Self.board([50, 17, 72, 12, 23])
        let captions = (0..<b.frameCount).compactMap { b.scene(at: $0).caption }
        var distinct = [String]()
        for c in captions where distinct.last != c { distinct.append(c) }
        #expect(distinct.contains("insert 23"))
        let i = try #require(distinct.firstIndex(of: "insert 23"))
        #expect(Array(distinct[i...].prefix(4)) == [
            "insert 23", "23 < 50 → left", "23 > 17 → right", "23 becomes the right child of 17",
        ])
    }

    @Test(arguments: [3, 30, 200])
    func everythingStaysInTheFrameWithAMargin(_ count: Int) throws {
        // The frame's margin is 5% of 270 px; the camera may use a little of
        // it while it moves, never more than half.
        let m = 270 * 0.05 / 2
        var keys = [Int]()
        var x: UInt64 = 12345
        while keys.count < count {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            let k = Int(x >> 33) % 1000
            if !keys.contains(k) { keys.append(k) }
        }
        let b = try Self.board(keys) { $0.fps = 4 }
        for i in 0..<b.frameCount {
            let s = b.scene(at: i)
            for n in s.nodes {
                #expect(n.x - n.radius >= m && n.x + n.radius <= 480 - m, "frame \(i) node \(n.key)")
                #expect(n.y - n.radius >= m && n.y + n.radius <= 270 - m, "frame \(i) node \(n.key)")
            }
            if let h = s.highlight {
                #expect(h.x - h.radius >= m && h.x + h.radius <= 480 - m && h.y - h.radius >= m && h.y + h.radius <= 270 - m)
            }
        }
    }

    @Test(arguments: Easing.allCases)
    func childrenStayOnTheirSideOfTheParentInEveryFrame(_ easing: Easing) throws {
        var options = BSTOptions()
        options.easing = easing
        let b = try Self.board([50, 17, 72, 12, 23, 60, 80, 5, 14, 20, 30, 55], options: options)
        for i in 0..<b.frameCount {
            let s = b.scene(at: i)
            let node = Dictionary(uniqueKeysWithValues: s.nodes.map { ($0.id, $0) })
            // Every edge that has reached its child; a growing edge follows a
            // node that is still dropping in from beside its parent.
            for e in s.edges where e.x2 == node[e.to]!.x && e.y2 == node[e.to]!.y {
                let (p, c) = (node[e.from]!, node[e.to]!)
                if c.key! < p.key! { #expect(c.x < p.x, "frame \(i): \(c.key) left of \(p.key)") }
                else { #expect(c.x > p.x, "frame \(i): \(c.key) right of \(p.key)") }
                #expect(c.y > p.y)
            }
        }
    }

    @Test func labelsFitTheirCircleWithTheRealFontAndShareASizeInATree() {
        let fit = BSTBoard.labels
        #expect(fit.size(for: "42", inCircleOfRadius: 20) == 19)
        #expect(fit.size(for: "1000", inCircleOfRadius: 20) < 19 * 0.6)
        #expect(fit.width(of: "1000") * fit.size(for: "1000", inCircleOfRadius: 20) <= 1.45 * 20 + 1e-9)
        #expect(fit.commonSize(for: ["7", "42", "1000"], inCircleOfRadius: 20) == fit.size(for: "1000", inCircleOfRadius: 20))
    }

    @Test func everyFrameKnowsItsStepAndStepsCoverTheFrames() throws {
        let b = try Self.board([50, 17, 72, 12])
        let steps = b.timeline.steps
        #expect(steps.map(\.caption) == ["insert 50", "insert 17", "insert 72", "insert 12", "4 keys inserted, height 3"])
        #expect(steps.first?.frames.lowerBound == 0 && steps.last?.frames.upperBound == b.frameCount)
        for (k, span) in steps.enumerated() {
            for i in span.frames { #expect(b.scene(at: i).step == k) }
            if k > 0 { #expect(span.frames.lowerBound == steps[k - 1].frames.upperBound) }
        }
        #expect(steps[1].note?.contains("17 < 50") == true)
    }
}
