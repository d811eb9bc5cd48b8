import Foundation
import Testing
import TestSupport
import ZIPFoundation

/// `treeanim lecture FILE.yaml`: the example lecture in `docs/examples`
/// read back from the scene dump, and rendered to every document it is
/// meant for, each opened in the program people open it with (Chromium,
/// LibreOffice Impress, poppler, ffprobe); and every mistake in a lecture
/// file as one line naming its line and column.
@Suite(.tags(.cli)) struct LectureCommandTests {
    /// The example lecture, from the repository.
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/lecture.yaml").path
    static let small = ["--size", "320x180", "--fps", "5"]

    /// Each frame's dump, in order.
    static func dump(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func labels(_ frame: [String: Any]) -> [String] {
        (frame["nodes"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }.filter { !$0.isEmpty }.sorted()
    }

    @Test func theExampleLecturePlaysItsSlidesAnimationsAndQuestionsInOrder() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(["lecture", Self.example] + Self.small + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("read 8 sections"), "stderr: \(r.stderr)")
        let frames = try Self.dump(dir + "/x.jsonl")
        // The title slide first, its words set in the regular face.
        let first = frames[0]["texts"] as? [[String: Any]] ?? []
        #expect(first.contains { $0["text"] as? String == "Search trees and heaps" })
        #expect(first.contains { $0["text"] as? String == "Data structures, week 5" && $0["face"] as? String == "regular" })
        // A text slide's code span in the mono face, its strong words in the main one.
        let texts = frames.flatMap { $0["texts"] as? [[String: Any]] ?? [] }
        #expect(texts.contains { $0["text"] as? String == "search" && $0["face"] as? String == "mono" })
        #expect(texts.contains { ($0["text"] as? String)?.contains("left") == true && $0["face"] == nil })

        // Each question holds the diagram as it stands, and the next step answers it.
        let steps = frames.map { $0["step"] as! Int }
        for (question, answer) in [("Where will 45 go?", "insert 45"), ("Which key takes 30's place when we delete it?", "delete 30")] {
            let at = try #require(frames.firstIndex { $0["caption"] as? String == question }, "no frame asks '\(question)'")
            #expect(Self.labels(frames[at]) == Self.labels(frames[at - 1]), "'\(question)' shows the tree as it stood")
            #expect(!Self.labels(frames[at]).isEmpty)
            let next = try #require(frames[at...].first { $0["step"] as! Int == steps[at] + 1 })
            #expect(next["caption"] as? String == answer)
            // No line of code is lit while the room thinks.
            let code = try #require(frames[at]["code"] as? [String: Any])
            #expect(code["line"] is NSNull)
        }
        // 45 went into the same tree: after its step there are eight keys.
        let after = try #require(frames.last { $0["caption"] as? String == "45 becomes the right child of 40" })
        #expect(Self.labels(after) == ["20", "30", "40", "45", "50", "60", "70", "80"])
        // The sort's question comes once the array is on show.
        let sortQuestion = try #require(frames.firstIndex { $0["caption"] as? String == "Which pair does insertion sort swap first?" })
        #expect((frames[sortQuestion]["bars"] as? [Any])?.count == 4)
        // Sections with code show it; the heap's listing is its own.
        #expect(frames.contains { ($0["code"] as? [String: Any])?["title"] as? String == "MIN-HEAP-INSERT(A, key)" })
        #expect(frames.contains { ($0["code"] as? [String: Any])?["title"] as? String == "AVL-REBALANCE(T, z)" })
        // Step numbers run on across the sections.
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 })
        #expect(steps.first == 0 && steps.last! > 30)
    }

    /// A lecture file written into `dir` as `lecture.yaml`, run to a GIF.
    static func fails(_ yaml: String) throws -> CommandRunner.Result {
        let dir = try CommandRunner.temporaryFolder()
        try yaml.write(toFile: dir + "/lecture.yaml", atomically: true, encoding: .utf8)
        return try CommandRunner.run(["lecture", "lecture.yaml"] + Self.small + ["-o", "x.gif"], in: dir)
    }

    @Test(arguments: [
        ("sections:\n  - slide: hello\n", "lecture.yaml:2:5: unknown section 'slide': a section is title, text, question or an animation"),
        ("sections:\n  - bst: {ops: insert 5, colour: red}\n", "lecture.yaml:2:26: bst has no option 'colour': it takes"),
        ("sections:\n  - question: Where will 5 go?\n  - text: hi\n", "lecture.yaml:2:5: a question with no step after it: the next section (line 3) is a text slide"),
        ("sections:\n  - bst: {ops: insert 5}\n  - question: What next?\n", "lecture.yaml:3:5: a question with no step after it"),
        ("sections:\n  - bst: {ops: insert 5, fps: 10}\n", "lecture.yaml:2:26: bst: 'fps' is the whole lecture's: give --fps on the command line"),
        ("sections:\n  - sort: {algorithm: bogo}\n", "lecture.yaml:2:12: sort: algorithm: 'bogo' is not one of bubble, insertion, selection, shell, merge, quick, heap"),
        ("sections:\n  - sort: {partition: lumoto}\n", "lecture.yaml:2:12: sort: partition: 'lumoto' is not one of lomuto, hoare"),
        ("sections:\n  - trie: {ops: insert tea, code: true}\n", "lecture.yaml:2:29: trie has no pseudocode"),
        ("sections:\n  - bst: {ops: insert 5 5}\n", "lecture.yaml:2:11: bst: ops: "),
        ("sections:\n  - bst: {ops: insert 5 3}\n  - question: Q?\n  - bst: {ops: insert 4, hold: 1}\n",
         "lecture.yaml:4:26: bst: after a question, a bst with ops: goes on with the bst before it, and takes no other option ('hold')"),
        ("sections:\n  - bst: {ops: insert 5 3}\n  - question: Q?\n  - bst: {ops: insert 3}\n", "lecture.yaml:4:11: bst: ops: "),
        ("sections:\n  - bst: {ops: insert 1 2 3 4 5 6 7 8 9 10, ops-per-second: 2}\n  - question: Q?\n  - bst: {ops: insert 11}\n",
         "lecture.yaml:3:5: this question cannot stop the bst before the step that answers it"),
        ("sections:\n  - title: \"\"\n", "lecture.yaml:2:12: the title is empty"),
        ("sections: [text: a\n", "lecture.yaml:2:1: not valid YAML"),
        ("title: x\nchapters: []\n", "lecture.yaml:2:1: unknown key 'chapters'"),
        ("sections:\n  - text: |\n" + String(repeating: "      - a line of the list\n", count: 60), "lecture.yaml:2:11: the text does not fit one slide"),
    ])
    func aMistakeInALectureIsOneLineWithItsLineAndColumn(yaml: String, message: String) throws {
        let r = try Self.fails(yaml)
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
    }

    /// A section of a structure the library makes says its own option at
    /// fault by the key the lecture writes (no dashes), at the line and
    /// column it was written: a value the key does not take, a value out
    /// of range, a key the structure does not have.
    @Test(arguments: [
        ("sections:\n  - bst: {ops: insert 5, layout: sideways}\n", "lecture.yaml:2:26: bst: layout: 'sideways' is not one of tidy, inorder"),
        ("sections:\n  - bst: {ops: insert 5, show-nil: true}\n", "lecture.yaml:2:26: bst has no option 'show-nil'"),
        ("sections:\n  - avl: {inserts: 5, ops-per-second: 0.1}\n", "lecture.yaml:2:23: avl: ops-per-second must be from 0.5 to 10000 (got 0.1)"),
        ("sections:\n  - rb: {ops: insert 5, show-nil: maybe}\n", "lecture.yaml:2:25: rb: show-nil: expected true or false"),
        ("sections:\n  - list: {ops: append 1, fit: most}\n", "lecture.yaml:2:27: list: fit: 'most' is not one of legible, all"),
        ("sections:\n  - stack: {ops: push 1, capacity: 40}\n", "lecture.yaml:2:26: stack: capacity must be from 1 to 32 (got 40)"),
        ("sections:\n  - queue: {linked: true, fixed: true, ops: enqueue 1}\n", "lecture.yaml:2:27: queue: fixed sizes an array: it does not go with linked"),
        ("sections:\n  - hash: {ops: insert 1, table-size: 40}\n", "lecture.yaml:2:27: hash: table-size must be from 1 to 37 (got 40)"),
        ("sections:\n  - hash: {ops: insert 1, hash: \"k +\"}\n", "lecture.yaml:2:27: hash: hash 'k +': the expression ends too early"),
        ("sections:\n  - btree: {ops: insert 1, variant: bplus, min-degree: 2}\n",
         "lecture.yaml:2:28: btree: variant bplus grows bottom-up, by order; min-degree is CLRS's one-pass B-tree"),
        ("sections:\n  - trie: {ops: insert tea, fit: most}\n", "lecture.yaml:2:29: trie: fit: 'most' is not one of legible, all"),
    ])
    func aSectionsOwnOptionAtFaultIsNamedAsTheLectureWritesIt(yaml: String, message: String) throws {
        let r = try Self.fails(yaml)
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("--"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
    }

    /// Values that start with a dash are values, not flags; a graph goes
    /// on after a question with its next algorithm.
    @Test func negativeValuesAndAGraphsNextRunAfterAQuestion() throws {
        let dir = try CommandRunner.temporaryFolder()
        let roads = URL(fileURLWithPath: Self.example).deletingLastPathComponent().appendingPathComponent("roads.dot").path
        try """
            sections:
              - sort: {algorithm: bubble, values: [-3, 5, 1]}
              - graph: {file: \(roads), ops: "bfs A", code: true}
              - question: In which order will DFS visit the towns?
              - graph: {ops: "dfs A"}
            """.write(toFile: dir + "/l.yaml", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["lecture", "l.yaml"] + Self.small + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let frames = try Self.dump(dir + "/x.jsonl")
        #expect(frames.contains { $0["caption"] as? String == "sorted: -3 1 5" })
        let q = try #require(frames.firstIndex { $0["caption"] as? String == "In which order will DFS visit the towns?" })
        let before = frames[..<q].compactMap { $0["caption"] as? String }
        let after = frames[q...].compactMap { $0["caption"] as? String }
        #expect(before.contains { $0.hasPrefix("BFS done") } && !before.contains { $0.hasPrefix("DFS") })
        #expect(after.contains { $0.hasPrefix("DFS done") })
    }

    /// A section of random keys says the seed they were drawn with, at the
    /// section, in the lecture's words; written into the section, the seed
    /// gives the same lecture.
    @Test func aRandomSectionSaysItsSeedAtTheSection() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "sections:\n  - title: Keys\n  - heap: {inserts: 5}\n".write(toFile: dir + "/l.yaml", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["lecture", "l.yaml"] + Self.small + ["--dump-scene", "a.jsonl", "-o", "a/"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let said = try #require(r.stderr.split(separator: "\n").first { $0.hasPrefix("l.yaml:3:5: heap: seed ") }, "stderr: \(r.stderr)")
        let seed = try #require(said.split(separator: " ").dropFirst(3).first)
        #expect(said == "l.yaml:3:5: heap: seed \(seed) (write seed: \(seed) in the section to get the same keys)")
        try "sections:\n  - title: Keys\n  - heap: {inserts: 5, seed: \(seed)}\n".write(toFile: dir + "/l.yaml", atomically: true, encoding: .utf8)
        let again = try CommandRunner.run(["lecture", "l.yaml"] + Self.small + ["--dump-scene", "b.jsonl", "-o", "b/"], in: dir)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(!again.stderr.contains("seed "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.jsonl")) == Data(contentsOf: URL(fileURLWithPath: dir + "/b.jsonl")))
    }

    @Test func aWorksheetIsForAHandout() throws {
        let r = try CommandRunner.run(["lecture", Self.example, "--worksheet", "-o", "x.html"], in: try CommandRunner.temporaryFolder())
        #expect(r.status == 64)
        #expect(r.stderr.contains("--worksheet is for a PDF handout"), "stderr: \(r.stderr)")
    }
}
