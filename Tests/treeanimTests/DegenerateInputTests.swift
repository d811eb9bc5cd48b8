import Foundation
import Testing
import TestSupport

/// Inputs an adversarial run found that built for minutes: each is refused
/// at once, in one line naming the limit, or finishes. A refusal must come
/// before the script is built: each run is held to a modest memory cap and
/// killed past it, which a run that had started building would pass.
@Suite(.tags(.cli)) struct DegenerateInputTests {
    /// What a refused run may take: the binary, its fonts and its input.
    static let refusalCap = 160 << 20

    static func list(_ values: some Sequence<Int>) -> String { values.map(String.init).joined(separator: ",") }

    /// Runs `arguments` in a fresh folder under `cap`, and expects one line
    /// on stderr with `status`, holding every one of `mentions`.
    func expectRefused(
        _ arguments: [String], status: Int32, mentions: [String], cap: Int = refusalCap, files: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, text) in files { try text.write(toFile: "\(dir)/\(name)", atomically: true, encoding: .utf8) }
        let (result, peak) = try CommandRunner.runMeasuringMemory(arguments, in: dir, limit: cap)
        #expect(peak <= cap, "the run took \(peak >> 20) MB: it built what it should have refused", sourceLocation: sourceLocation)
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        for word in mentions { #expect(result.stderr.contains(word), "\(result.stderr)", sourceLocation: sourceLocation) }
        #expect(CommandRunner.files(in: dir) == files.keys.sorted(), sourceLocation: sourceLocation)
    }

    /// A thousand keys in order (a chain, in a plain BST) play fast, in
    /// about a minute, built in little memory: the tree is laid out once a
    /// second's worth, not once an operation.
    @Test(arguments: ["bst", "avl", "rb"])
    func aLongSortedRunOfKeysPlaysFastInAboutAMinute(_ command: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (result, peak) = try CommandRunner.runMeasuringMemory(
            [command, "--values", Self.list(1...1000), "--count-frames"], in: dir, limit: Self.refusalCap)
        #expect(peak <= Self.refusalCap, "the run took \(peak >> 20) MB")
        #expect(result.status == 0, "\(result.stderr)")
        let frames = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        // A minute, and the slowing of steps whose moves would be too fast.
        #expect(frames > 55 * 30 && frames < 85 * 30, "\(frames) frames")
        let shown = try CommandRunner.run([command, "--values", Self.list(1...1000), "--frame-range", "0:1", "-o", "f/"], in: dir)
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("note: 1000 operations one at a time would last over 3 minutes: they play fast, 17 a second"), "\(shown.stderr)")
    }

    /// Fast play turns on when one at a time would pass 3 minutes at the
    /// speed asked, if faster than 1: 40 keys play fast at speed 1, one at
    /// a time at speed 2; slowed down they are not made fast.
    @Test func fastPlayTurnsOnAtTheSpeedAsked() throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func frames(_ extra: [String]) throws -> Int {
            let r = try CommandRunner.run(["--inserts", "40", "--seed", "1", "--count-frames"] + extra, in: dir)
            return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        let fast = try frames([]), faster = try frames(["--speed", "2"]), slower = try frames(["--speed", "0.5"])
        #expect(fast < 60 * 30, "\(fast) frames")
        #expect(faster > 2 * fast, "one at a time at speed 2: \(faster) frames")
        #expect(slower > fast && slower < 3 * fast, "fast play slowed: \(slower) frames")
    }

    @Test(arguments: ["bst", "avl", "rb"])
    func aLongSortedRunOfKeysPlayedSlowlyIsRefusedBeforeItIsBuilt(_ command: String) throws {
        try expectRefused(
            [command, "--values", Self.list(1...1000), "--ops-per-second", "0.5", "--fps", "240", "-o", "a.mp4", "--count-frames"], status: 64,
            mentions: ["the animation would have at least", "frames", "over the limit of 216,000", "--speed", "--fps", "--ops-per-second"])
    }

    @Test func aChainTooLargeForMemoryEvenAtTheFastestSpeedIsRefused() throws {
        try expectRefused(
            ["bst", "--values", Self.list(1...10_000), "--ops-per-second", "10", "--fps", "1", "--speed", "10", "--count-frames"], status: 64,
            mentions: ["GB of memory", "over the limit of 2 GB", "fewer keys", "a higher --ops-per-second"])
    }

    @Test func searchesAlongAChainFromAnOpsFileAreRefusedBeforeTheyAreBuiltWhenPlayedSlowly() throws {
        let ops = "insert " + (1...300).map(String.init).joined(separator: " ") + "\n"
            + String(repeating: "search 300\n", count: 700)
        try expectRefused(
            ["bst", "--ops-file", "ops.txt", "--ops-per-second", "0.5", "--fps", "120", "-o", "a.mp4", "--count-frames"], status: 64,
            mentions: ["over the limit of 216,000"], files: ["ops.txt": ops])
    }

    @Test(arguments: ["bubble", "insertion"])
    func aQuadraticSortOfAThousandReversedValuesIsRefusedBeforeItIsBuilt(_ algorithm: String) throws {
        try expectRefused(
            ["sort", "--algorithm", algorithm, "--values", Self.list((1...1000).reversed()), "--count-frames"], status: 64,
            mentions: ["over the limit of 216,000", "--ops-per-second"])
    }

    @Test(arguments: ["selection", "quick", "merge", "heap", "shell"])
    func theOtherSortsOfAThousandValuesFinish(_ algorithm: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for values in [Array(1...1000), Array(repeating: 5, count: 1000)] {
            let (result, peak) = try CommandRunner.runMeasuringMemory(
                ["sort", "--algorithm", algorithm, "--values", Self.list(values), "--count-frames"], in: dir, limit: 600 << 20)
            #expect(peak <= 600 << 20)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 > 0 && $0 <= 216_000 } == true)
        }
    }

    @Test func aFamilyOfFiveThousandGenerationsIsRefusedByTheReader() throws {
        let people = (0..<5000).map { i in
            "{\"id\": \"p\(i)\", \"name\": \"P\(i)\"" + (i < 4999 ? ", \"children\": [\"p\(i + 1)\"]" : "") + "}"
        }
        try expectRefused(
            ["family", "chain.json", "--count-frames"], status: 65,
            mentions: ["chain.json:1001: the line from 'p0' down to 'p1000' is 1,001 generations: the limit is 1,000 generations"],
            files: ["chain.json": "[" + people.joined(separator: ",\n") + "]"])
    }

    @Test func aFamilyOfAThousandGenerationsFinishes() throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let people = (0..<1000).map { i in
            "{\"id\": \"p\(i)\", \"name\": \"P\(i)\"" + (i < 999 ? ", \"children\": [\"p\(i + 1)\"]" : "") + "}"
        }
        try ("[" + people.joined(separator: ",\n") + "]").write(toFile: "\(dir)/chain.json", atomically: true, encoding: .utf8)
        let (result, _) = try CommandRunner.runMeasuringMemory(["family", "chain.json", "--count-frames"], in: dir, limit: 400 << 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
    }

    @Test func aCategoryNameOfTenThousandCharactersIsRefusedByTheReader() throws {
        let name = String(repeating: "x", count: 10_000)
        try expectRefused(
            ["bars", "long.csv", "--count-frames"], status: 65,
            mentions: ["long.csv:1:3: name of 10,000 characters: the limit is 1,000 characters"],
            files: ["long.csv": "year,A,\(name)\n2000,1,2\n2001,3,4\n"])
    }

    @Test func aCategoryNameOfSomeHundredsOfCharactersIsDrawnCut() throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = String(repeating: "Long name ", count: 100)
        try "year,A,\(name)\n2000,1,2\n2001,3,4\n".write(toFile: "\(dir)/long.csv", atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["bars", "long.csv", "--size", "320x180", "--frame-range", "40:41", "--dump-scene", "d.jsonl", "-o", "f/"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try String(contentsOfFile: "\(dir)/d.jsonl", encoding: .utf8)
        #expect(dump.contains("…"))
        #expect(!dump.contains(name.trimmingCharacters(in: .whitespaces)))
    }

    /// A spine of `levels` nodes with the rest of `count` as leaves spread
    /// along it, in brackets.
    static func deepTree(count: Int, levels: Int) -> String {
        let leaves = (count - levels) / levels, extra = (count - levels) % levels
        var text = ""
        for d in 0..<levels {
            text += "[s\(d) " + (0..<(leaves + (d < extra ? 1 : 0))).map { "l\(d).\($0)" }.joined(separator: " ") + " "
        }
        return text + String(repeating: "]", count: levels) + "\n"
    }

    @Test func aTreeAThousandLevelsDeepFinishesInModestMemory() throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.deepTree(count: 20_000, levels: 999).write(toFile: "\(dir)/deep.tree", atomically: true, encoding: .utf8)
        let (result, peak) = try CommandRunner.runMeasuringMemory(["tree", "deep.tree", "--count-frames"], in: dir, limit: 260 << 20)
        #expect(peak <= 260 << 20, "\(peak >> 20) MB")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
    }
}
