import Foundation
import Testing
import TestSupport

/// `treeanim avl`: the BST options, with the walk back up and rotations.
@Suite(.tags(.cli)) struct AVLCommandTests {
    @Test func theFourCasesAreNamedStepByStep() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["avl", "--values", "30,20,10,40,50,25,60,5,7", "--size", "320x180", "--fps", "5",
             "-o", "a.gif", "--steps-dir", "steps"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let captions = try TreeCommandTests.reportedSteps(dir).compactMap { $0 }
        #expect(captions.filter { $0.hasPrefix("back up from insert") }.count == 8)
        #expect(captions.first == "insert 30" && captions.last == "size 9, height 3")
        let dump = try CommandRunner.run(
            ["avl", "--values", "30,20,10,40,50,25,60,5,7", "--size", "320x180", "--fps", "5",
             "-o", "b/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(dump.status == 0, "stderr: \(dump.stderr)")
        let text = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        for caption in ["LL at 30: rotate right", "RR at 30: rotate left", "RL at 20: rotate right at 40, then left at 20",
                        "LR at 10: rotate left at 5, then right at 10"] {
            #expect(text.contains("\"caption\":\"\(caption)\""), "\(caption)")
        }
    }

    @Test func aBadOperationIsOneLineNamingIt() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["avl", "--ops", "insert 5; rotate 3", "-o", "a.gif"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("treeanim: error: --ops:") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }
}
