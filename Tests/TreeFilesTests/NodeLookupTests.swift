import Testing
import TreeFiles
import Trees

/// Finding the node a user names with `--highlight` or `--tour`.
@Suite struct NodeLookupTests {
    /// The label of the node `path` names in the first tree of `text`.
    func found(_ path: String, in text: String, _ format: TreeFileFormat = .outline) throws -> String {
        let version = try read(text, format)[0]
        return version.preorder[try TreeFile.find(path, in: version)].label
    }

    /// The one line a lookup fails with.
    func failure(_ path: String, in text: String, _ format: TreeFileFormat = .outline) throws -> String? {
        let version = try read(text, format)[0]
        do {
            let index = try TreeFile.find(path, in: version)
            Issue.record("\"\(path)\" found node \(index)")
            return nil
        } catch {
            return error.description
        }
    }

    static let family = "爷爷\n  大爷\n    大侄子\n    二侄子\n  爸爸\n    大儿子\n    小儿子\n"

    @Test func aPathOfLabelsFromTheRoot() throws {
        #expect(try found("爷爷", in: Self.family) == "爷爷")
        #expect(try found("爷爷/爸爸/小儿子", in: Self.family) == "小儿子")
        #expect(try found("爷爷/大爷/", in: Self.family) == "大爷")
    }

    @Test func theEndOfAPathWhenOnlyOneNodesPathEndsSo() throws {
        #expect(try found("小儿子", in: Self.family) == "小儿子")
        #expect(try found("爸爸/大儿子", in: Self.family) == "大儿子")
        // The end must be whole labels: "儿子" is no node.
        #expect(try failure("儿子", in: Self.family)?.contains("did you mean \"爷爷/爸爸/大儿子\" or \"爷爷/爸爸/小儿子\"?") == true)
    }

    @Test func theIndexIsThePreorderOfTheTreeWithItsEmptySlots() throws {
        let version = try read("[5,3,8,null,4,null,9]", .levelOrder)[0]
        let labels = ["5", "3", "4", "8", "9"]
        #expect(version.preorder.map(\.label) == labels)
        for label in labels {
            #expect(version.preorder[try TreeFile.find(label, in: version)].label == label)
        }
        #expect(version.preorder[try TreeFile.find("5/8/9", in: version)].label == "9")
    }

    @Test func sameLabelSiblingsArePickedByOccurrence() throws {
        let text = "[a [b x] c [b y] b]"
        #expect(try found("a/b#2/y", in: text, .brackets) == "y")
        #expect(try found("a/b#1/x", in: text, .brackets) == "x")
        #expect(try found("y", in: text, .brackets) == "y")
        let ambiguous = try failure("a/b", in: text, .brackets)
        #expect(ambiguous == "\"a/b\" names 3 nodes (\"a/b\", \"a/b#2\", \"a/b#3\"); give more of its path")
    }

    @Test func foldersWrittenWithASlashStandForTheirOwnSeparator() throws {
        let text = "treeanim/\n  Sources/\n    Diagram/\n      Scene.swift\n  README.md\n"
        #expect(try found("treeanim/Sources/Diagram/Scene.swift", in: text) == "Scene.swift")
        #expect(try found("treeanim//Sources//Diagram//Scene.swift", in: text) == "Scene.swift")
        #expect(try found("Sources/Diagram/", in: text) == "Diagram/")
        #expect(try found("treeanim/README.md", in: text) == "README.md")
    }

    @Test func aBackslashMakesSlashHashAndBackslashPartOfALabel() throws {
        let text = #"[a/b [c#2 d\e] [c [f]]]"#
        #expect(try found(##"a\/b/c\#2"##, in: text, .brackets) == "c#2")
        #expect(try found(##"a\/b/c\#2/d\\e"##, in: text, .brackets) == #"d\e"#)
        #expect(try found(#"a\/b/c/f"#, in: text, .brackets) == "f")
        // Unescaped, the slash may still be read as part of the label.
        #expect(try found("a/b/c/f", in: text, .brackets) == "f")
    }

    @Test func anExplicitIdNamesItsNode() throws {
        let text = #"{"label": "root", "children": [{"label": "left", "id": "L"}, {"label": "right", "id": "R"}]}"#
        #expect(try found("R", in: text, .json) == "right")
        #expect(try found("root/left", in: text, .json) == "left")
    }

    @Test func anUnknownPathSaysWhatTheTreeHasThere() throws {
        #expect(try failure("奶奶", in: Self.family) == "no node \"奶奶\" in the tree; the root is \"爷爷\"")
        #expect(
            try failure("爷爷/妈妈", in: Self.family)
                == "no node \"爷爷/妈妈\" in the tree; the children of \"爷爷\" are \"大爷\", \"爸爸\"")
        #expect(
            try failure("爷爷/爸爸/小儿子/x", in: Self.family)
                == "no node \"爷爷/爸爸/小儿子/x\" in the tree; \"小儿子\" has no children")
        #expect(try failure("", in: Self.family) == "an empty path names no node")
        #expect(try failure("\\", in: Self.family)?.hasPrefix("no node") == true)
    }

    @Test func manyChildrenAreCountedNotAllListed() throws {
        let text = "r\n" + (1...9).map { "  c\($0)\n" }.joined()
        #expect(
            try failure("r/x", in: text)
                == "no node \"r/x\" in the tree; the children of \"r\" are \"c1\", \"c2\", \"c3\", \"c4\", \"c5\", \"c6\", … (9 in all)")
    }
}
