import Geometry
import Testing
@testable import TreeAnimKit

@Suite struct StoryboardTests {
    static func board(_ keys: [Int], _ configure: (inout StoryboardOptions) -> Void = { _ in }) throws -> Storyboard {
        var options = StoryboardOptions()
        options.width = 480
        options.height = 270
        options.fps = 10
        configure(&options)
        return try Storyboard(keys: keys, options: options)
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
        #expect(throws: TreeAnimError.duplicateKeys([5, 3])) { try Self.board([5, 3, 5, 8, 3, 5]) }
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
        let b = try Self.board([50, 17, 72, 12, 23, 60, 80, 5, 14, 20, 30, 55]) { $0.easing = easing }
        for i in 0..<b.frameCount {
            let s = b.scene(at: i)
            let node = Dictionary(uniqueKeysWithValues: s.nodes.map { ($0.id, $0) })
            // Every edge that has reached its child; a growing edge follows a
            // node that is still dropping in from beside its parent.
            for e in s.edges where e.x2 == node[e.to]!.x && e.y2 == node[e.to]!.y {
                let (p, c) = (node[e.from]!, node[e.to]!)
                if c.key < p.key { #expect(c.x < p.x, "frame \(i): \(c.key) left of \(p.key)") }
                else { #expect(c.x > p.x, "frame \(i): \(c.key) right of \(p.key)") }
                #expect(c.y > p.y)
            }
        }
    }

    @Test func labelsAreLeftOutWhenNodesGetTooSmall() {
        #expect(Storyboard.labelSize(radius: 7.9, label: "42") == 0)
        #expect(Storyboard.labelSize(radius: 20, label: "42") == 19)
        #expect(Storyboard.labelSize(radius: 20, label: "1000") < 19 * 0.6)
        #expect(Storyboard.labelSize(radius: 20, label: "1234567") == 0)
    }
}
