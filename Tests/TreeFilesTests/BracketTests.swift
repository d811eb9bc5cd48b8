import Testing
import TreeFiles
import Trees

@Suite struct BracketTests {
    @Test func bracketsAndBareLeaves() throws {
        let tree = try read("[S [NP the cat] [VP sat]]", .brackets)[0]
        #expect(sketch(tree) == "S(NP(the cat) VP(sat))")
        #expect(places(tree) == ["S@1:1", "NP@1:4", "the@1:8", "cat@1:12", "VP@1:17", "sat@1:21"])
    }

    @Test func treesSpanLines() throws {
        let tree = try read("[S\n  [NP the\n      cat]\n  [VP sat]\n]\n", .brackets)[0]
        #expect(sketch(tree) == "S(NP(the cat) VP(sat))")
        #expect(places(tree) == ["S@1:1", "NP@2:3", "the@2:7", "cat@3:7", "VP@4:3", "sat@4:7"])
    }

    @Test func bracesAndQuotesHoldSpaces() throws {
        let tree = try read(#"[{the root} "a \"quoted\" \\ leaf" [{x {y} z} {}] {\textbf{b} c}]"#, .brackets)[0]
        #expect(nodes(tree).map(\.label) == ["the root", #"a "quoted" \ leaf"#, "x {y} z", "", #"\textbf{b} c"#])
    }

    @Test func bareWordsGroupBracesAndKeepTeX() throws {
        let tree = try read(#"[r \textbf{a b} $\alpha$ \[x\] a\{b \"q\" C\\D]"#, .brackets)[0]
        #expect(nodes(tree).map(\.label) == ["r", #"\textbf{a b}"#, #"$\alpha$"#, "[x]", "a{b", #""q""#, #"C\D"#])
    }

    @Test func qtreeDotsAndTreeCommand() throws {
        let tree = try read(#"\Tree [.S [.NP the cat ] [.VP sat ] ]"#, .brackets)[0]
        #expect(sketch(tree) == "S(NP(the cat) VP(sat))")
        #expect(try read("[. [.x]]", .brackets)[0].value.label == ".")
    }

    @Test func emptyLabelsAsInForest() throws {
        #expect(try sketch(read("[[a] [b] []]", .brackets)[0]) == "(a b )")
    }

    @Test func versionsAreSeparatedByDashes() throws {
        #expect(try read("[a b]\n---\n[a b c]\n---\n[a]", .brackets).map(sketch) == ["a(b)", "a(b c)", "a"])
    }

    @Test(arguments: [
        ("   \n", "t:2:1: expected '[' to start a tree, found the end of the file"),
        ("[S [NP the cat] [VP sat]", "t:1:1: expected ']' to close this '[', found the end of the file"),
        ("[S [NP the cat [VP sat]]", "t:1:1: expected ']' to close this '[', found the end of the file"),
        ("[S [NP the] x", "t:1:1: expected ']' to close this '[', found the end of the file"),
        ("[a {b c]", "t:1:4: expected '}' to close this '{', found the end of the file"),
        ("[a \"b c]", "t:1:4: unterminated quoted label: expected '\"' before the end of the file"),
        ("[a \"b\nc\"]", "t:1:4: unterminated quoted label: expected '\"' before the end of the line"),
        (#"[a "b\q"]"#, #"t:1:6: invalid escape '\q' in a quoted label: expected \" or \\"#),
        ("[a b\\", "t:1:5: expected a character after '\\', found the end of the file"),
        ("[a {b}c]", "t:1:7: expected a blank or a bracket after the label, found 'c'"),
        ("[a \"b\"c]", "t:1:7: expected a blank or a bracket after the label, found 'c'"),
        ("[a b] c", "t:1:7: expected a line '---' or the end of the file after the tree, found 'c'"),
        ("[a b]]", "t:1:6: expected a line '---' or the end of the file after the tree, found ']'"),
        ("[a] [b]", "t:1:5: expected a line '---' between two trees, found '['"),
        ("a b", "t:1:1: expected '[' to start a tree, found 'a'"),
        ("]", "t:1:1: expected '[' to start a tree, found ']'"),
        ("---\n[a]", "t:1:1: expected '[' to start a tree, found '---'"),
        ("[a]\n---\n---\n[b]", "t:3:1: expected '[' to start a tree, found '---'"),
        ("[a]\n---\n", "t:3:1: expected a tree after '---', found the end of the file"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect(failure(text, .brackets) == message)
    }
}
