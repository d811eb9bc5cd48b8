import Producers
import Testing

@Suite struct BSTOperationTests {
    @Test func operationsReadFromAListWithSeveralKeysAndComments() throws {
        let ops = try BSTOperation.parse("insert 50 17 −3; search 23; delete 17; min; max; inorder").map(\.0)
        #expect(ops == [.insert(50), .insert(17), .insert(-3), .search(23), .delete(17), .min, .max, .traverse(.inorder)])
        let lines = try BSTOperation.parse("insert 5 # five\r\n# a comment\r\n\r\nlevelorder\n", lines: true)
        #expect(lines.map(\.0) == [.insert(5), .traverse(.levelorder)])
        #expect(lines.map(\.1.line) == [1, 4])
    }

    @Test(arguments: [
        ("insert 5; serach 3", "operation 2 'serach 3': unknown operation 'serach'"),
        ("insert 5 x", "operation 1 'insert 5 x': 'x' is not a whole number"),
        ("search", "operation 1 'search': 'search' needs a key"),
        ("min 3", "operation 1 'min 3': 'min 3' takes no key"),
        ("insert 99999999999999999999", "key '99999999999999999999' is out of range"),
        ("", "no operations"),
    ])
    func aBadListIsOneLineNamingTheOperation(_ text: String, _ message: String) {
        #expect(throws: BSTOperationError.self) { try BSTOperation.parse(text) }
        do { _ = try BSTOperation.parse(text) } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aFileNamesTheLine() {
        do { _ = try BSTOperation.parse("insert 5\n\ndelte 5\n", lines: true) } catch {
            #expect(error.description.hasPrefix("line 3, operation 2"))
        }
    }

    @Test func insertingAKeyTheTreeHoldsIsRefusedNamingTheOperation() throws {
        let program = try BSTOperation.parse("insert 5 3; delete 3; insert 3; insert 8 5")
        #expect(throws: BSTOperationError.duplicate(program[5].1, key: 5)) {
            try BSTAnimation(program: program, options: BSTOptions(), labels: BSTBoard.labels)
        }
    }

    @Test func negativeKeysWearATrueMinusSign() {
        #expect(KeyLabel.text(-42) == "\u{2212}42" && KeyLabel.text(7) == "7")
    }
}
