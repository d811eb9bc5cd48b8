import Testing
import TreeFiles
import Trees

@Suite struct BracketTests {
    @Test func bracketsAndBareLeaves() throws {
        let tree = try read("[S [NP the cat] [VP sat]]", .brackets)[0]
        #expect(sketch(tree) == "S(NP(the cat) VP(sat))")
        // The words under a category are one leaf, as syntax-tree generators read them.
        #expect(places(tree) == ["S@1:1", "NP@1:4", "the cat@1:8", "VP@1:17", "sat@1:21"])
    }

    @Test func treesSpanLines() throws {
        let tree = try read("[S\n  [NP the\n      cat]\n  [VP sat]\n]\n", .brackets)[0]
        #expect(sketch(tree) == "S(NP(the cat) VP(sat))")
        #expect(places(tree) == ["S@1:1", "NP@2:3", "the cat@2:7", "VP@4:3", "sat@4:7"])
    }

    @Test func bracesAndQuotesHoldSpaces() throws {
        let tree = try read(#"[{the root} "a \"quoted\" \\ leaf" [{x {y} z} {}] {\textbf{b} c}]"#, .brackets)[0]
        #expect(nodes(tree).map(\.label) == ["the root", #"a "quoted" \ leaf"#, "x {y} z", "", #"\textbf{b} c"#])
    }

    @Test func bareWordsGroupBracesAndKeepTeX() throws {
        let tree = try read(#"[r \textbf{a b} $\alpha$ \[x\] a\{b \"q\" C\\D]"#, .brackets)[0]
        #expect(nodes(tree).map(\.label) == ["r", #"\textbf{a b}"#, #"$\alpha$"#, "[x]", "a{b", #""q""#, #"C\D"#])
    }

    /// `[DP the king]` is DP over one leaf, as syntree, jsSyntaxTree and
    /// RSyntaxTree draw it; qtree's dotted brackets split at blanks, as
    /// qtree does; a data structure's words and numbers stay apart.
    @Test func wordsUnderACategoryAreOneLeaf() throws {
        #expect(try nodes(read("[S [DP the king] [VP sleeps]]", .brackets)[0]).map(\.label) == ["S", "DP", "the king", "VP", "sleeps"])
        #expect(try nodes(read("[DP the [NP old king] now]", .brackets)[0]).map(\.label) == ["DP", "the", "NP", "old king", "now"])
        #expect(try nodes(read(#"\Tree [.DP the king ]"#, .brackets)[0]).map(\.label) == ["DP", "the", "king"])
        #expect(try nodes(read("[DP {the king} x]", .brackets)[0]).map(\.label) == ["DP", "the king", "x"])
        #expect(try nodes(read("[8 3 10 -1.5]", .brackets)[0]).map(\.label) == ["8", "3", "10", "-1.5"])
        #expect(try nodes(read("[a b c]", .brackets)[0]).map(\.label) == ["a", "b", "c"])
        #expect(try nodes(read("[A B C]", .brackets)[0]).map(\.label) == ["A", "B", "C"])
        #expect(try nodes(read("[NP 3 10]", .brackets)[0]).map(\.label) == ["NP", "3", "10"])
        #expect(try nodes(read("[V' [Det a] [N′ big dog]]", .brackets)[0]).map(\.label) == ["V'", "Det", "a", "N′", "big dog"])
    }

    /// Subscripts and qtree's primes, as the syntax-tree packages print
    /// them; names with underscores stay.
    @Test func subscriptsAndPrimesAreShown() throws {
        let tree = try read(#"[CP [DP what_1] [C\1 [C did] [TP_{i} t_1 \_x]] [my_node x_12 V\0 a\_b]]"#, .brackets)[0]
        #expect(nodes(tree).map(\.label) == ["CP", "DP", "what₁", "C′", "C", "did", "TPᵢ", #"t₁ \_x"#, "my_node", "x_12", "V⁰", #"a\_b"#])
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
