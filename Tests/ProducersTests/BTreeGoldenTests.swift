import Diagram
import Producers
import Raster
import TestSupport
import Testing
import Trees

/// Real rendered frames at 480×270, light theme: a median rising into its
/// parent, a separator coming down into a merge, a borrow's separator
/// on its way into the short node, and a B+ leaf dividing with its copy
/// in the air over the linked leaves.
@Suite(.tags(.golden)) struct BTreeGoldenTests {
    static func timeline(_ ops: String, rule: BTree.Rule = .order(3), plus: Bool = false) throws -> Timeline {
        var o = BTreeOptions()
        o.stage = Stage(LinearGoldenTests.settings)
        o.rule = rule
        o.plus = plus
        let script = try BTreeAnimation(program: BTreeOperation.parse(ops), options: o, labels: BSTBoard.labels).script
        return try LinearGoldenTests.timeline(script)
    }

    /// The counter counts the height in edges, as CLRS does (a lone root
    /// is height 0), and counts a new level when the drawing has one: not
    /// from the first moment of the split that makes it.
    @Test func theCounterCountsALevelWhenTheDrawingHasIt() throws {
        let t = try Self.timeline("insert 10 20 30")
        func counter(under caption: String) -> String? {
            let i = (0..<t.frameCount).first { t.scene(at: $0).caption == caption }
            return i.flatMap { t.scene(at: $0 + 1).texts.first { $0.text.hasPrefix("n = ") }?.text }
        }
        #expect(counter(under: "10 is the first key: the root") == "n = 1 · height 0 · order 3")
        #expect(counter(under: "split at the median 20") == "n = 3 · height 0 · order 3")
        #expect(counter(under: "20 rises into a new root: the tree grows a level") == "n = 3 · height 1 · order 3")
    }

    /// A deck makes a slide of each operation: its walk down, splits,
    /// borrows and merges are phases played in that slide, from the first
    /// frame of the walk to the rest of the last phase, with the
    /// operation's caption; the finished tree is a slide of its own.
    @Test func aDeckMakesOneSlideAnOperationWithItsPhasesAsTheClip() throws {
        let ops = "insert 10 20 30 40 50 60 70; delete 10; search 40"
        let t = try Self.timeline(ops)
        let slides = StepSpan.slides(t.steps)
        #expect(t.steps.count > slides.count)
        #expect(slides.count == 10, "\(slides.map { $0.caption ?? "–" })")
        #expect(slides.prefix(9).map(\.caption) == ["insert 10", "insert 20", "insert 30", "insert 40", "insert 50", "insert 60", "insert 70", "delete 10", "search 40"])
        // The slides cover the steps' frames, in order, with no gap.
        #expect(slides.first?.frames.lowerBound == 0 && slides.last?.frames.upperBound == t.steps.last?.frames.upperBound)
        for (a, b) in zip(slides, slides.dropFirst()) { #expect(a.frames.upperBound == b.frames.lowerBound) }
        // A split's phases rest where the operation's last phase rests.
        let splitting = try #require(t.steps.lastIndex { $0.caption == "insert 30" })
        let end = try #require(t.steps[(splitting + 1)...].firstIndex { !$0.phase }) - 1
        #expect(slides[2].restFrame == t.steps[end].restFrame && end > splitting)
    }

    @Test func aSplitAMergeABorrowAndABPlusLeafSplitMatchTheirGoldens() throws {
        let split = try Self.timeline("insert 10 20 30 40 50")
        LinearGoldenTests.check(split, "btree-split", LinearGoldenTests.frame(split, "40 rises into the parent", 3))
        let merge = try Self.timeline("insert 10 20 30 40 50 60 70; delete 10")
        LinearGoldenTests.check(merge, "btree-merge", LinearGoldenTests.frame(merge, "merge: 20 comes down between the two nodes", 7))
        let borrow = try Self.timeline("insert 10 20 30 40 50 35; delete 10")
        LinearGoldenTests.check(borrow, "btree-borrow", LinearGoldenTests.frame(borrow, "borrow from the right sibling: 20 comes down from the parent", 8))
        let plus = try Self.timeline("insert 10 20 30 40", plus: true)
        LinearGoldenTests.check(plus, "bplus-split", LinearGoldenTests.frame(plus, "the leaf divides; the right half keeps 30", 4))
    }
}

/// Real rendered frames at 480×270: a prefix search lighting every word
/// under its node, and a radix tree's edge splitting where a new word
/// leaves it.
@Suite(.tags(.golden)) struct TrieGoldenTests {
    static func timeline(_ ops: String, compressed: Bool) throws -> Timeline {
        var o = TrieOptions()
        o.stage = Stage(LinearGoldenTests.settings)
        o.compressed = compressed
        return try LinearGoldenTests.timeline(try TrieAnimation(program: TrieOperation.parse(ops), options: o, labels: BSTBoard.labels).script)
    }

    @Test func aPrefixSearchAndARadixSplitMatchTheirGoldens() throws {
        let prefix = try Self.timeline("insert tea ten to inn; prefix te", compressed: false)
        LinearGoldenTests.check(prefix, "trie-prefix", LinearGoldenTests.frame(prefix, "2 words start with ‘te’: ‘tea’, ‘ten’", 6))
        let split = try Self.timeline("insert team toast; insert tea", compressed: true)
        LinearGoldenTests.check(split, "radix-split", LinearGoldenTests.frame(split, "‘eam’ splits after ‘ea’: the shared part gets a node of its own", 13))
    }
}
