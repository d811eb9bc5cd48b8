import Foundation
import Testing
import TestSupport

/// `treeanim rb`: the BST options, with CLRS's fix-ups after each insert and
/// delete, and the empty places on request.
@Suite(.tags(.cli)) struct RBCommandTests {
    @Test func theFixUpCasesAreNamedAndTheRolesDumped() throws {
        let dir = try CommandRunner.temporaryFolder()
        let ops = "insert 11 2 14 1 7 15 5 8 4; delete 1; delete 14"
        let r = try CommandRunner.run(
            ["rb", "--ops", ops, "--size", "320x180", "--fps", "5", "-o", "a/", "--dump-scene", "d.jsonl", "--show-nil"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        for caption in ["case 1: uncle 8 is red: recolour 5 and 8 black, 7 red",
                        "case 2: uncle 14 is black, 7 an inner child: rotate left at 2",
                        "case 3: uncle 14 is black: 7 black, 11 red, rotate right at 11",
                        "the root 11 is red: colour it black"] {
            #expect(text.contains("\"caption\":\"\(caption)\""), "\(caption)")
        }
        #expect(text.contains("carries an extra black"))
        let last = try #require(text.split(separator: "\n").last)
        #expect(last.contains("\"role\":\"red\"") && last.contains("\"role\":\"black\""))
    }

    @Test func showNilIsAFlagOfRbOnly() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["avl", "--values", "1,2", "--show-nil", "-o", "a.gif"], in: dir)
        #expect(r.status == 64 && r.stderr.contains("--show-nil") && r.stderr.split(separator: "\n").count <= 2, "\(r.stderr)")
    }
}
