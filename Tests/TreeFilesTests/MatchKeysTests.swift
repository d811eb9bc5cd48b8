import Testing
import TreeFiles
import Trees

@Suite struct MatchKeysTests {
    func keys(_ text: String, _ format: TreeFileFormat) throws -> [String] {
        nodes(TreeFile.matchKeys(try read(text, format)[0])).map(\.description)
    }

    @Test func pathsOfLabelsFromTheRoot() throws {
        #expect(try keys("a\n  b\n    c\n  d\n", .outline) == ["a", "a/b", "a/b/c", "a/d"])
    }

    @Test func sameLabelSiblingsCountTheirOccurrence() throws {
        let keys = try keys("[a [b x] c [b x] b]", .brackets)
        #expect(keys == ["a", "a/b", "a/b/x", "a/c", "a/b#2", "a/b#2/x", "a/b#3"])
    }

    @Test func explicitIdsWinAndPathsStillGoThroughLabels() throws {
        let text = #"{"label": "a", "children": [{"label": "b", "id": "B", "children": [{"label": "c"}]}, {"label": "d", "id": 4}]}"#
        let tree = TreeFile.matchKeys(try read(text, .json)[0])
        #expect(nodes(tree) == [.path("a"), .id("B"), .path("a/b/c"), .id("4")])
    }

    @Test func separatorsInLabelsAreEscaped() throws {
        let keys = try keys(#"[a/b [c#2 d\e] c [c]]"#, .brackets)
        #expect(keys == [#"a\/b"#, ##"a\/b/c\#2"##, ##"a\/b/c\#2/d\\e"##, #"a\/b/c"#, #"a\/b/c#2"#])
        // A label with a slash is not two labels.
        #expect(try self.keys("[a [b c]]", .brackets)[2] != self.keys("[a [b/c]]", .brackets)[1])
    }

    @Test func keysKeepTheShapeAndEmptySlots() throws {
        let version = try read("[1,null,2,2]", .levelOrder)[0]
        let keys = TreeFile.matchKeys(version)
        #expect(sketch(keys) { $0.description } == "1(· 1/2(1/2/2 ·))")
    }

    @Test func keysAreUniqueWithinAVersion() throws {
        let text = #"{"label": "a", "children": [{"label": "a"}, {"label": "a", "id": "a"}, {"label": "a"}, {"label": "a", "children": [{"label": "a"}]}]}"#
        let keys = nodes(TreeFile.matchKeys(try read(text, .json)[0]))
        #expect(Set(keys).count == keys.count)
        #expect(keys.map(\.description) == ["a", "a/a", "id a", "a/a#3", "a/a#4", "a/a#4/a"])
    }

    @Test func versionsMatchByKey() throws {
        let versions = try read("r\n  a\n  b\n---\nr\n  b\n  c\n", .outline)
        let before = Set(nodes(TreeFile.matchKeys(versions[0])))
        let after = Set(nodes(TreeFile.matchKeys(versions[1])))
        #expect(before.intersection(after) == [.path("r"), .path("r/b")])
    }
}
