import Testing
import TreeFiles
import Trees

@Suite struct LevelOrderTests {
    @Test func nullsKeepLeftAndRight() throws {
        let tree = try read("[1,null,2,3]", .levelOrder)[0]
        #expect(sketch(tree) == "1(· 2(3 ·))")
        #expect(tree.children[1]?.children[0]?.children == [])
        #expect(places(tree) == ["1@1:2", "2@1:9", "3@1:11"])
    }

    // LeetCode 112's example: nulls take no children of their own.
    @Test func nullsAreNotExpanded() throws {
        let tree = try read("[5,4,8,11,null,13,4,7,2,null,null,null,1]", .levelOrder)[0]
        #expect(sketch(tree) == "5(4(11(7 2) ·) 8(13 4(· 1)))")
    }

    @Test func trailingNullsMayBeLeftOutOrWritten() throws {
        let short = try read("[1,2]", .levelOrder)[0]
        let long = try read("[1, 2, null, null, null]", .levelOrder)[0]
        #expect(sketch(short) == "1(2 ·)")
        #expect(sketch(long) == "1(2 ·)")
        #expect(try sketch(read("[7]", .levelOrder)[0]) == "7")
    }

    @Test func numbersAreLabelsAsWritten() throws {
        #expect(try sketch(read("[-1, 2.50, 1e3]", .levelOrder)[0]) == "-1(2.50 1e3)")
    }

    /// `-0` is the number 0; numbers no double holds are refused, as every
    /// other reader of them makes them infinity; NaN and inf are no numbers.
    @Test func minusZeroIsZeroAndNumbersBeyondADoubleAreRefused() throws {
        #expect(try sketch(read("[-0, -0.0, 1e308]", .levelOrder)[0]) == "0(0.0 1e308)")
        #expect(failure("[1,\n 1e400]", .levelOrder) == "t:2:2: the number '1e400' is out of range: numbers go up to about 1.8e308")
        let digits = String(repeating: "9", count: 400)
        #expect(failure("[1,\(digits)]", .levelOrder) == "t:1:4: the number '\(digits.prefix(20))…' is out of range: numbers go up to about 1.8e308")
        #expect(failure("[1,NaN]", .levelOrder) == "t:1:4: expected a number or null, found 'NaN'")
        #expect(failure("[1,inf]", .levelOrder) == "t:1:4: expected a number or null, found 'inf'")
    }

    @Test func oneListALineOrSeparatedByDashes() throws {
        // One a line: separate trees (test cases), the first unless picked.
        let cases = Array("[1]\n[1,2]\r\n[1,2,3]\n".utf8)
        #expect(try TreeFile.load(cases, name: "t").versions.map(sketch) == ["1"])
        #expect(try TreeFile.load(cases, name: "t").found == 3)
        #expect(try TreeFile.load(cases, name: "t", reading: TreeFile.Reading(pick: 3)).versions.map(sketch) == ["1(2 3)"])
        #expect(try read("[1,\n 2]\n---\n[3]", .levelOrder).map(sketch) == ["1(2 ·)", "3"])
    }

    @Test(arguments: [
        ("[]", "t:1:2: expected a number for the root, found ']'"),
        ("[null,1]", "t:1:2: expected a number for the root, found null"),
        ("[a]", "t:1:2: expected a number for the root, found 'a'"),
        ("[1,a,2]", "t:1:4: expected a number or null, found 'a'"),
        ("[1,\"2\"]", "t:1:4: expected a number or null, found '\"'"),
        ("[1,2,]", "t:1:6: expected a number or null, found ']'"),
        ("[1,,2]", "t:1:4: expected a number or null, found ','"),
        ("[1,[2]]", "t:1:4: expected a number or null, found '['"),
        ("[1 2]", "t:1:4: expected ',' or ']', found '2'"),
        ("[1,null,null,3]", "t:1:14: expected ']', found '3': every node already has its two children"),
        ("[1,2,3", "t:1:1: expected ']' to close this '[', found the end of the file"),
        ("1,2,3", "t:1:1: expected '[' to start a level-order list, found '1'"),
        ("[1] x", "t:1:5: expected '[' to start a level-order list, found 'x'"),
        ("---\n[1]", "t:1:1: expected '[' to start a level-order list, found '---'"),
        ("[1]\n---\n", "t:3:1: expected a level-order list after '---', found the end of the file"),
        (" ", "t:1:2: expected '[' to start a level-order list, found the end of the file"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect(failure(text, .levelOrder) == message)
    }
}
