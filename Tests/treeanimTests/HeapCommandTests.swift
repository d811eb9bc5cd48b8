import Foundation
import Testing
import TestSupport

/// `treeanim heap`: the operations end to end, and one line for bad input.
@Suite(.tags(.cli)) struct HeapCommandTests {
    /// A hundred inserts would take over ten minutes one at a time: they
    /// play fast, about a minute, and one line says so.
    @Test func aLongHeapProgramPlaysFast() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["heap", "--inserts", "100", "--seed", "3", "--count-frames"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let frames = Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(frames > 50 * 30 && frames < 75 * 30, "\(frames) frames")
        let shown = try CommandRunner.run(["heap", "--inserts", "100", "--seed", "3", "--frame-range", "0:1", "-o", "f/"], in: dir)
        #expect(shown.stderr.contains("note: 100 operations one at a time would last over 3 minutes: they play fast, 2 a second"), "\(shown.stderr)")
    }

    @Test func aLectureRunsStepByStepWithItsComparisonsNamed() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["heap", "--ops", "heapify 9 4 7 1 8; insert 3; extract; extract; heapsort", "--size", "320x180", "--fps", "5",
             "-o", "f/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        for caption in ["smaller child of 1 and 8: 1", "4 > 1: swap", "3 < 7: swap", "3 ≥ 1: 3 stays", "extract the min: the root, 1",
                        "sorted: 9 8 7 4 (a min-heap sorts largest first)"] {
            #expect(text.contains("\"caption\":\"\(caption)\""), "\(caption)")
        }
    }

    @Test func aMaxHeapFromValuesSaysLarger() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["heap", "--max", "--values", "5,9,2", "--size", "320x180", "--fps", "5", "-o", "f/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        #expect(text.contains("\"caption\":\"9 > 5: swap\""))
        #expect(text.contains("\"caption\":\"a max-heap of 3: root 9\""))
    }

    @Test func extractingFromAnEmptyHeapIsAStepNotAnError() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["heap", "--ops", "extract; insert 4", "--size", "320x180", "--fps", "5", "-o", "f/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8)
        #expect(text.contains("\"caption\":\"the heap is empty: nothing to extract\""))
    }

    @Test(arguments: [
        (["--ops", "insert 5; rotate 3"], "--ops: operation 2 'rotate 3': unknown operation 'rotate'"),
        (["--ops", "insert five"], "--ops: operation 1 'insert five': 'five' is not a whole number"),
        (["--ops", "extract 3"], "--ops: operation 1 'extract 3': 'extract 3' takes no key"),
        (["--ops", "heapify"], "--ops: operation 1 'heapify': 'heapify' needs at least one key"),
        (["--inserts", "200", "--range", "1...999"], "--inserts: operation 128 'insert"),
    ])
    func badInputIsOneLineNamingTheFlag(_ arguments: [String], _ start: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["heap"] + arguments + ["-o", "a.gif"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("treeanim: error: " + start) && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }
}
