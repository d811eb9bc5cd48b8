import Diagram
import Testing

/// The last operation's answer stays on screen through the final hold,
/// with its caption: the last frame (a poster's) shows what the
/// animation found. An operation that is not last is tidied away as
/// before.
@Suite struct FinalAnswerTests {
    @Test(arguments: [
        ("insert 50 30 70 20; inorder", "inorder: 20 30 50 70", 4),
        ("insert 50 30 70 20; preorder", "preorder: 50 30 20 70", 4),
        ("insert 50 30 70 20; search 20", "found 20", 0),
        ("insert 50 30 70 20; min", "min is 20", 0),
        ("insert 50 30 70 20; max", "max is 70", 0),
    ])
    func theLastAnswerIsInTheLastFrame(ops: String, caption: String, row: Int) throws {
        let board = try BSTBoard(ops)
        let last = board.scene(at: board.frameCount - 1)
        #expect(last.caption == caption)
        // A traversal's row of visited keys; a found key ringed.
        let keys = last.texts.filter { Int($0.text) != nil && $0.opacity > 0 }
        #expect(keys.count == row, "\(last.texts.map(\.text))")
        #expect(last.marks.count == 1 && last.marks[0].opacity > 0)
    }

    @Test func anAnswerBeforeTheLastOperationIsTidiedAway() throws {
        let board = try BSTBoard("insert 50 30 70 20; inorder; insert 60")
        let last = board.scene(at: board.frameCount - 1)
        #expect(last.caption == "size 5, height 2")
        #expect(!last.texts.contains { Int($0.text) != nil && $0.opacity > 0 })
        #expect(last.marks.allSatisfy { $0.opacity == 0 })
    }
}
