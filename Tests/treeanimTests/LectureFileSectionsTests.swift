import Foundation
import TestSupport
import Testing

/// A lecture's tree, family, bars, sort and graph sections, decoded from
/// their keys as the library's producers take them: each fault of a key
/// said in the lecture's words at its line and column, and each file read
/// from the lecture's folder.
@Suite(.tags(.cli)) struct LectureFileSectionsTests {
    static let small = ["--size", "320x180", "--fps", "5"]

    /// A lecture of `sections` and `files` written into a folder of its
    /// own, run to a GIF.
    static func run(_ sections: String, files: [String: String] = [:]) throws -> CommandRunner.Result {
        let dir = try CommandRunner.temporaryFolder()
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        try ("sections:\n" + sections).write(toFile: dir + "/lecture.yaml", atomically: true, encoding: .utf8)
        return try CommandRunner.run(["lecture", "lecture.yaml"] + small + ["-o", "x.gif"], in: dir)
    }

    @Test(arguments: [
        ("  - sort: {algorithm: bubble, random: 1}\n", "lecture.yaml:2:31: sort: random must be at least 2 (got 1)"),
        ("  - bars: {file: c.csv, top: 5}\n", "lecture.yaml:2:25: bars: top is for race"),
        ("  - bars: {file: c.csv, orientation: diagonal}\n", "lecture.yaml:2:25: bars: orientation: 'diagonal' is not one of vertical, horizontal"),
        ("  - tree: {file: t.txt, wrap: 2}\n", "lecture.yaml:2:25: tree: wrap must be from 4 to 200 characters (got 2)"),
        ("  - tree: {file: t.txt, encoding: klingon}\n", "lecture.yaml:2:25: tree: encoding: 'klingon' is no encoding treeanim reads"),
        ("  - family: {file: f.yaml, up: 3}\n", "lecture.yaml:2:28: family: up is for focus: name the person to chart around"),
        ("  - graph: {file: g.txt, algorithm: fly}\n", "lecture.yaml:2:26: graph: algorithm: unknown algorithm 'fly': use one of bfs, dfs"),
        ("  - graph: {file: g.txt, algorithm: bfs, ops: bfs a}\n",
         "lecture.yaml:2:42: graph: ops names its own algorithms, starts and goals: leave out algorithm, from and to"),
    ])
    func aFaultOfASectionsOwnKeyIsNamedAtItsLineAndColumn(yaml: String, message: String) throws {
        let r = try Self.run(yaml)
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("treeanim: error: \(message)"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
    }

    @Test(arguments: ["tree", "family", "bars", "graph"])
    func aSectionWithoutItsFileSaysSoAtTheSection(section: String) throws {
        let r = try Self.run("  - \(section): {hold: 1}\n")
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr == "treeanim: error: lecture.yaml:2:5: \(section): give the file to read as file:\n", "stderr: \(r.stderr)")
    }

    /// What a reader says of a flag is said of the lecture's key, and a
    /// person a key names is looked for at that key.
    @Test func aFaultFoundInTheFileNamesTheLecturesKey() throws {
        let tree = try Self.run("  - tree: {file: t.txt, pick: 2}\n", files: ["t.txt": "root\n  a\n  b\n"])
        #expect(tree.status == 65, "stderr: \(tree.stderr)")
        #expect(tree.stderr.hasPrefix("treeanim: error: lecture.yaml:2:5: tree: "), "stderr: \(tree.stderr)")
        #expect(tree.stderr.hasSuffix("t.txt: pick 2: the file holds one tree, so pick takes 1\n"), "stderr: \(tree.stderr)")

        let family = try Self.run(
            "  - family: {file: f.yaml, lineage: [Ann, Zed]}\n",
            files: ["f.yaml": "- {id: a, name: Ann, children: [b]}\n- {id: b, name: Bo}\n"])
        #expect(family.status == 65, "stderr: \(family.stderr)")
        #expect(family.stderr == "treeanim: error: lecture.yaml:2:28: family: lineage: no person has the id or name \"Zed\"\n", "stderr: \(family.stderr)")
    }

    /// Names a lecture writes as a list are the command line's comma list.
    @Test func aBarsSectionReadsItsFileFromTheLecturesFolderAndItsNamesAsAList() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "year,Lima,Oslo,Rome\n2000,7.3,0.8,2.6\n2001,7.5,0.9,2.7\n".write(toFile: dir + "/c.csv", atomically: true, encoding: .utf8)
        try "sections:\n  - bars: {file: c.csv, only: [Rome, Lima], hold: 0}\n".write(toFile: dir + "/l.yaml", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["lecture", "l.yaml"] + Self.small + ["-o", "x/", "--dump-scene", "x.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let last = try BarsAndSortCommandTests.lastDump(dir + "/x.jsonl")
        let bars = (last["bars"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "bar" }
        #expect(bars.count == 2)
    }
}
