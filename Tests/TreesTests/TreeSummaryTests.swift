import Testing
import Trees

/// A wide or deep tree summarised for a frame: children past the first N
/// become one "+K more" leaf, and what lies below a depth folds into one.
@Suite struct TreeSummaryTests {
    static func item(_ key: String) -> TreeItem { TreeItem(key: key, label: key) }

    /// root → a (a1, a2, a3 → x), b, c, d, e
    static let tree = Tree(
        item("root"),
        children: [
            Tree(item("a"), children: [Tree(item("a1")), Tree(item("a2")), Tree(item("a3"), children: [Tree(item("x"))])]),
            Tree(item("b")), Tree(item("c")), Tree(item("d")), Tree(item("e")),
        ])

    @Test func childrenPastTheLimitBecomeOneLeaf() {
        let summary = Self.tree.summarised(collapseBelow: nil, maxChildren: 2)
        #expect(summary.preorder.map(\.label) == ["root", "a", "a1", "a2", "+1 more", "b", "+3 more"])
        #expect(summary.preorder.map(\.key).filter { $0.hasPrefix("\u{1}more\u{1}") } == ["\u{1}more\u{1}a", "\u{1}more\u{1}root"])
    }

    @Test func whatLiesBelowADepthFoldsIntoOneLeafCountingEveryNode() {
        #expect(Self.tree.summarised(collapseBelow: 1, maxChildren: nil).preorder.map(\.label)
            == ["root", "a", "+4 more", "b", "c", "d", "e"])
        #expect(Self.tree.summarised(collapseBelow: 0, maxChildren: nil).preorder.map(\.label) == ["root", "+9 more"])
        #expect(Self.tree.summarised(collapseBelow: 5, maxChildren: nil).count == Self.tree.count)
    }

    @Test func bothAtOnceAndEmptySlotsKeepTheirPlace() {
        #expect(Self.tree.summarised(collapseBelow: 1, maxChildren: 1).preorder.map(\.label) == ["root", "a", "+4 more", "+4 more"])
        let binary = Tree(Self.item("r"), children: [nil, Tree(Self.item("b")), Tree(Self.item("c"))])
        let kept = binary.summarised(collapseBelow: nil, maxChildren: 1)
        #expect(kept.children.count == 3 && kept.children[0] == nil)
        #expect(kept.preorder.map(\.label) == ["r", "b", "+1 more"])
    }
}
