import Foundation
import Testing
import TestSupport

/// `--reduced-motion` through the command line: every animating subcommand
/// takes it, and a sort played with it shows the same captions with no bar
/// ever between two slots.
@Suite(.tags(.cli)) struct ReducedMotionCommandTests {
    static let small = ["--size", "320x180", "--fps", "5"]

    @Test(arguments: ["bst", "avl", "rb", "heap", "list", "stack", "queue", "hash", "btree", "trie", "tree", "family", "bars", "sort", "graph", "lecture"])
    func everyAnimationListsIt(_ command: String) throws {
        let help = try CommandRunner.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--reduced-motion"), "\(command) --help")
    }

    /// Each frame's captions and the bars' left edges, from a dump.
    static func frames(_ path: String) throws -> [(caption: String, xs: [Double])] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let bars = (frame["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" }
            return (frame["caption"] as? String ?? "", bars.map { $0["x"] as! Double })
        }
    }

    /// The captions, each once for each run of frames that shows it.
    static func captions(_ frames: [(caption: String, xs: [Double])]) -> [String] {
        frames.map(\.caption).reduce(into: []) { out, c in if out.last != c { out.append(c) } }
    }

    @Test func aSortWithItKeepsItsCaptionsAndNeverShowsABarBetweenSlots() throws {
        let dir = try CommandRunner.temporaryFolder()
        let sort = ["sort", "--values", "5,3,8,1", "--algorithm", "bubble"] + Self.small
        let calm = try CommandRunner.run(sort + ["--reduced-motion", "-o", "r/", "--dump-scene", "r.jsonl"], in: dir)
        #expect(calm.status == 0, "stderr: \(calm.stderr)")
        let plain = try CommandRunner.run(sort + ["-o", "n/", "--dump-scene", "n.jsonl"], in: dir)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        let (reduced, normal) = (try Self.frames(dir + "/r.jsonl"), try Self.frames(dir + "/n.jsonl"))
        #expect(Self.captions(reduced) == Self.captions(normal))
        #expect(reduced.count <= normal.count)
        let slots = Set(reduced[0].xs)
        #expect(slots.count == 4)
        #expect(reduced.allSatisfy { Set($0.xs).isSubset(of: slots) }, "a bar between two slots")
        #expect(!normal.allSatisfy { Set($0.xs).isSubset(of: Set(normal[0].xs)) }, "without it the bars glide")
    }
}
