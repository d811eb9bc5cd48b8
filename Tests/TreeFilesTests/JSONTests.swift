import Testing
import TreeFiles
import Trees

@Suite struct JSONTests {
    @Test func nestedObjectsWithPositions() throws {
        let text = """
            {"label": "root", "children": [
              {"label": "a"},
              {"label": "b", "children": [{"label": "c"}]}
            ]}
            """
        let trees = try read(text, .json)
        #expect(trees.count == 1)
        #expect(sketch(trees[0]) == "root(a b(c))")
        #expect(places(trees[0]) == ["root@1:1", "a@2:3", "b@3:3", "c@3:31"])
    }

    @Test func labelFromLabelThenNameThenValue() throws {
        let text = """
            {"name": "n", "value": 12, "children": [
              {"value": "v"}, {"value": 3, "label": "l", "name": "x"}, {"name": "only", "size": 4}
            ]}
            """
        #expect(try sketch(read(text, .json)[0]) == "n(v l only)")
    }

    @Test func numbersAndBooleansAreLabelsAsWritten() throws {
        let text = #"{"label": 1.50, "children": [{"label": -3e2}, {"label": true}, {"label": false}, {"label": 0}]}"#
        #expect(try sketch(read(text, .json)[0]) == "1.50(-3e2 true false 0)")
    }

    /// Labels and ids as JSON's numbers: `-0` is 0, and a number no double
    /// holds is refused; other keys are not read, so their numbers are not.
    @Test func minusZeroIsZeroAndNumbersBeyondADoubleAreRefused() throws {
        let tree = try read(#"{"label": -0, "id": -0.0, "children": [{"label": 1e308}]}"#, .json)[0]
        #expect(sketch(tree) == "0(1e308)")
        #expect(tree.value.id == "0.0")
        #expect(failure(#"{"label": 1e400}"#, .json) == "t:1:11: the number '1e400' is out of range: numbers go up to about 1.8e308")
        #expect(failure(#"{"label": "a", "id": -1e999}"#, .json) == "t:1:22: the number '-1e999' is out of range: numbers go up to about 1.8e308")
        #expect(try sketch(read(#"{"label": "a", "size": 1e400}"#, .json)[0]) == "a")
    }

    @Test func idsAreStringsOrNumbersAsWritten() throws {
        let text = #"{"label": "a", "id": "root", "children": [{"label": "b", "id": 7.0}, {"label": "c"}]}"#
        #expect(try nodes(read(text, .json)[0]).map(\.id) == ["root", "7.0", nil])
    }

    @Test func stringEscapesAreDecoded() throws {
        let text = #"{"label": "a\"b\\c\/d\n\t\u00e9\uD83D\uDE00"}"#
        #expect(try read(text, .json)[0].value.label == "a\"b\\c/d\n\t\u{e9}\u{1F600}")
    }

    @Test func unknownKeysAreIgnoredWhateverTheyHold() throws {
        let text = #"{"label": "a", "color": {"r": [1, 2.5, {"x": null}], "s": "}"}, "tags": [], "size": 3, "children": [{"label": "b", "extra": [[[]]]}]}"#
        #expect(try sketch(read(text, .json)[0]) == "a(b)")
    }

    @Test func nullChildrenAreEmptySlots() throws {
        let text = #"{"label": 5, "children": [null, {"label": 7, "children": [null, null]}]}"#
        let tree = try read(text, .json)[0]
        #expect(sketch(tree) == "5(· 7)")
        #expect(tree.children[1]?.children == [])
    }

    @Test func aTopLevelArrayHoldsVersions() throws {
        let text = """
            [
              {"label": "a"},
              {"label": "a", "children": [{"label": "b"}]}
            ]
            """
        #expect(try read(text, .json).map(sketch) == ["a", "a(b)"])
    }

    @Test func idsMayRepeatAcrossVersions() throws {
        let text = #"[{"label": "a", "id": 1}, {"label": "b", "id": 1}]"#
        #expect(try read(text, .json).map { $0.value.id } == ["1", "1"])
    }

    @Test func deeplyNestedIgnoredValuesDoNotRecurse() throws {
        let depth = 100_000
        let text = #"{"label": "a", "x": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(try sketch(read(text, .json)[0]) == "a")
    }

    // MARK: Errors

    @Test(arguments: [
        ("", "t:1:1: the file is empty: expected a tree"),
        (" \n ", "t:2:2: expected '{' (a tree) or '[' (versions), found the end of the file"),
        (#"{"label": "ab"#, "t:1:11: unterminated string: expected '\"' before the end of the file"),
        ("{\"label\": \"ab\n\"}", "t:1:11: unterminated string: expected '\"' before the end of the line"),
        (#"{"label": "a", "children": [{"label": "b"}"#, "t:1:28: expected ']' to close this '[', found the end of the file"),
        (#"{"label": "a", "children": [{"label": "b"}]"#, "t:1:1: expected '}' to close this '{', found the end of the file"),
        (#"[{"label": "a"}"#, "t:1:1: expected ']' to close this '[', found the end of the file"),
        (#"{"label": "a"} x"#, "t:1:16: expected the end of the file after the tree, found 'x'"),
        (#"{"label": "a"}{"label": "b"}"#, "t:1:15: expected the end of the file after the tree, found '{'"),
        (#"{"label": "a\q"}"#, #"t:1:13: invalid escape '\q' in a string: expected \", \\, \/, \b, \f, \n, \r, \t or \u and four hex digits"#),
        (#"{"label": "a\u12G4"}"#, #"t:1:13: invalid escape '\u12G4' in a string: expected four hex digits after \u"#),
        (#"{"label": "\uD83D"}"#, #"t:1:12: invalid escape '\uD83D' in a string: a high surrogate without its low surrogate"#),
        (#"{"label": "\uDE00"}"#, #"t:1:12: invalid escape '\uDE00' in a string: a low surrogate without its high surrogate"#),
        ("{\"label\": \"a\tb\"}", "t:1:13: control character U+0009 in a string: write it as an escape"),
        (#"{"label": null}"#, #"t:1:11: "label" must be a string, a number or a boolean, found null"#),
        (#"{"label": {"x": 1}}"#, #"t:1:11: "label" must be a string, a number or a boolean, found an object"#),
        (#"{"name": ["a"]}"#, #"t:1:10: "name" must be a string, a number or a boolean, found an array"#),
        (#"{"label": "a", "id": true}"#, #"t:1:22: "id" must be a string or a number, found a boolean"#),
        (#"{"label": "a", "children": {"label": "b"}}"#, #"t:1:28: "children" must be an array, found an object"#),
        (#"{"label": "a", "children": null}"#, #"t:1:28: "children" must be an array, found null"#),
        (#"{"label": "a", "children": ["b"]}"#, #"t:1:29: expected a node object or null in "children", found a string"#),
        ("{\"label\": \"a\", \"children\": [\n  {\"label\": \"b\", \"id\": \"x\"},\n  {\"label\": \"c\", \"id\": \"x\"}]}",
         #"t:3:24: duplicate id "x": the node at 2:3 has it"#),
        (#"{"label": "a", "label": "b"}"#, #"t:1:16: duplicate key "label" in the node object"#),
        (#"{"label": "a",}"#, "t:1:15: expected a key after ',', found '}'"),
        (#"{"label": "a", "children": [{"label": "b"},]}"#, #"t:1:44: expected a node object or null in "children", found ']'"#),
        (#"{"label" "a"}"#, "t:1:10: expected ':' after the key, found '\"'"),
        (#"{"label": "a" "b"}"#, "t:1:15: expected ',' or '}' in the node object, found '\"'"),
        (#"{"label": "a", "x": [1 2]}"#, "t:1:24: expected ',' or ']', found '2'"),
        (#"{"label": "a", "x": tru}"#, "t:1:21: expected a value, found 'tru'"),
        (#"{"label": -}"#, "t:1:12: invalid number: expected a digit after '-', found '}'"),
        (#"{"label": 1.}"#, "t:1:13: invalid number: expected a digit after '.', found '}'"),
        (#""tree""#, "t:1:1: expected '{' (a tree) or '[' (versions), found a string"),
        ("[]", "t:1:2: expected a node object (the first version), found ']'"),
        (#"[{"label": "a"}, 3]"#, "t:1:18: expected a node object (a version), found a number"),
        (#"[{"label": "a"} {"label": "b"}]"#, "t:1:17: expected ',' or ']' after a version, found '{'"),
        (#"[{"label": "a"}] x"#, "t:1:18: expected the end of the file after the versions, found 'x'"),
        ("// c\n{}", "t:1:1: expected '{' (a tree) or '[' (versions), found '//'"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect(failure(text, .json) == message)
    }

    /// d3 hierarchies without names: a node is labelled by its label or
    /// name, else its id, else its value, else its place from the root.
    @Test func nodesWithoutANameAreLabelledByIdValueOrPlace() throws {
        let text = #"{"children": [{"id": "a.b", "value": 3}, {"value": 4}, {"children": [{"size": 1}]}, {"name": "n", "id": "x"}]}"#
        #expect(try sketch(read(text, .json)[0]) == "/(a.b 4 /3(/3/1) n)")
    }
}
