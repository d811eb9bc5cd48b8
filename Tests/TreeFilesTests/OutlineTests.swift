import Testing
import TreeFiles
import Trees

@Suite struct OutlineTests {
    @Test func indentedLinesAreChildren() throws {
        let text = """
            root
              a
                a1
              b
            """
        let tree = try read(text, .outline)[0]
        #expect(sketch(tree) == "root(a(a1) b)")
        #expect(places(tree) == ["root@1:1", "a@2:3", "a1@3:5", "b@4:3"])
    }

    @Test func tabsIndentToo() throws {
        #expect(try sketch(read("r\n\ta\n\t\tb\n\tc\n", .outline)[0]) == "r(a(b) c)")
    }

    @Test func childrenMayBeIndentedByAnyWidthTheSameForSiblings() throws {
        let text = "r\n a\n      b\n      c\n d\n"
        #expect(try sketch(read(text, .outline)[0]) == "r(a(b c) d)")
    }

    @Test func bulletsAreDroppedAndPlaceTheNodeAtItsLabel() throws {
        let text = """
            - root
              * a
              -   b
              -
              -x
            """
        let tree = try read(text, .outline)[0]
        #expect(sketch(tree) == "root(a b - -x)")
        #expect(places(tree)[0...2] == ["root@1:3", "a@2:5", "b@3:7"])
    }

    @Test func blankLinesAndCommentsAreIgnored() throws {
        let text = """
            # the family
            r

              # a note, indented by anything
            \t#
              a  \t
              #1
              C# basics
              - # not a comment
            """
        #expect(try sketch(read(text, .outline)[0]) == "r(a #1 C# basics # not a comment)")
    }

    @Test func aLineOfThreeDashesSeparatesVersions() throws {
        let text = "a\n  b\n---\na\n  b\n  c\n---  \n\nz\n  ---\n"
        #expect(try read(text, .outline).map(sketch) == ["a(b)", "a(b c)", "z(---)"])
    }

    @Test func theRootMayBeIndented() throws {
        #expect(try sketch(read("  r\n    a\n", .outline)[0]) == "r(a)")
    }

    @Test func theBriefsExample() {
        let text = "爷爷\n    大爷\n        大侄子\n        二侄子\n    爸爸\n        大儿子\n     小儿子\n"
        #expect(failure(text, .outline, name: "family.txt") == "family.txt:7:6: indentation of 5 spaces matches no level above (0, 4 or 8 expected)")
    }

    @Test(arguments: [
        ("r\n  a\n\tb\n", "t:3:1: expected spaces (this file indents by spaces since line 2), found a tab in the indentation"),
        ("r\n\ta\n\t \tb\n", "t:3:2: expected tabs (this file indents by tabs since line 2), found a space in the indentation"),
        ("r\n    a\n  b\n", "t:3:3: indentation of 2 spaces matches no level above (0 or 4 expected)"),
        ("r\n\t\ta\n\tb\n", "t:3:2: indentation of 1 tab matches no level above (0 or 2 expected)"),
        ("  r\n    a\nb\n", "t:3:1: indentation of 0 spaces matches no level above (2 or 4 expected)"),
        ("\n  \n# only a comment\n", "t:4:1: expected a tree, found only blank lines and comments"),
        ("---\na\n", "t:1:1: expected a tree before '---'"),
        ("a\n---\n---\nb\n", "t:3:1: expected a tree before '---'"),
        ("a\n---\n", "t:3:1: expected a tree after '---', found the end of the file"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect(failure(text, .outline) == message)
    }
}
