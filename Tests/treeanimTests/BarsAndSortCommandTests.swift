import Foundation
import Testing
import TestSupport

/// `treeanim bars FILE.csv` and `treeanim sort`, through the command line.
@Suite(.tags(.cli)) struct BarsAndSortCommandTests {
    static let small = ["--size", "320x180", "--fps", "5"]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let cities = "\(root)/docs/examples/cities.csv"

    static func lastDump(_ path: String) throws -> [String: Any] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        return try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
    }

    @Test func aRaceOfTheExampleShowsItsTopAndTours() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["bars", Self.cities, "--race", "--top", "5", "--tour", "Tokyo,Delhi", "--period", "0.4", "--hold", "0"]
                + Self.small + ["-o", "r/", "--dump-scene", "r.jsonl", "--steps-dir", "steps"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let last = try Self.lastDump(dir + "/r.jsonl")
        let bars = (last["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" }
        #expect(bars.count == 5)
        #expect(bars.map { $0["direction"] as! String }.allSatisfy { $0 == "right" })
        let steps = try TreeCommandTests.reportedSteps(dir)
        #expect(steps.contains("Tokyo: 37.4"))
        #expect(steps.contains("Delhi: 30.3"))
    }

    @Test func aFixedChartOfALongFileWithGroupsDrawsALegend() throws {
        let dir = try CommandRunner.temporaryFolder()
        try "year,city,value,region\n2000,Lima,7.3,Americas\n2000,Oslo,0.8,Europe\n2001,Lima,7.5,Americas\n2001,Oslo,0.9,Europe\n"
            .write(toFile: dir + "/c.csv", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(
            ["bars", "c.csv", "--long", "--colors", "Europe=#123456", "--hold", "0"] + Self.small + ["-o", "c/", "--dump-scene", "c.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let last = try Self.lastDump(dir + "/c.jsonl")
        let bars = last["bars"] as! [[String: Any]]
        #expect(bars.filter { $0["kind"] as? String == "legend" }.count == 2)
        #expect(bars.contains { $0["label"] as? String == "Oslo" && $0["fill"] as? String == "#123456ff" })
        #expect((last["texts"] as! [[String: Any]]).contains { $0["text"] as? String == "Americas" })
    }

    @Test(arguments: [
        (["bars", "bad.csv"], "year,A\n2000,x\n", "bad.csv:2:2: 'x' is not a number", 65),
        (["bars", "bad.csv"], "year,A\n2000,\"1\n", "bad.csv:2: a quoted field is never closed", 65),
        (["bars", "ok.csv", "--tour", "B"], "year,A\n2000,1\n", "--tour: 'B' is not a category of ok.csv", 64),
        (["bars", "ok.csv", "--race", "--top", "1", "--tour", "A"], "year,A,B\n2000,1,2\n", "--tour: 'A' has no bar in the last period, 2000", 64),
        (["bars", "ok.csv", "--colors", "A=red"], "year,A\n2000,1\n", "--colors: 'red' for A is not a colour like #1f77b4 or #f80", 64),
        (["bars", "ok.csv", "--colors", "Z=#fff"], "year,A\n2000,1\n", "--colors: 'Z' is neither a category nor a group of ok.csv", 64),
        (["bars", "ok.csv", "--top", "3"], "year,A\n2000,1\n", "--top is for --race", 64),
        (["bars", "ok.csv", "--tour", ""], "year,A\n2000,1\n", "--tour \"\" has an empty name: give bar names separated by commas, or all", 64),
        (["bars", "ok.csv", "--tour", "A,,B"], "year,A,B\n2000,1,2\n", "--tour \"A,,B\" has an empty name", 64),
        (["bars", "ok.csv", "--colors", "A=#fff,,B=#000"], "year,A,B\n2000,1,2\n", "--colors \"A=#fff,,B=#000\" has an empty entry", 64),
        (["bars", "ok.csv", "--colors", ""], "year,A\n2000,1\n", "--colors \"\" has an empty entry", 64),
        (["bars", "ok.csv", "--race", "--top", "-1"], "year,A\n2000,1\n", "--top must be from 1 to", 64),
        (["bars", "ok.csv", "--period", "٢"], "year,A\n2000,1\n", "'٢' is not an ASCII digit: write numbers with the digits 0-9", 64),
        (["sort", "-", "--random", "٥"], "", "'٥' is not an ASCII digit", 64),
        (["sort", "-", "--seed", "-2"], "", "'-2' is negative: a seed is a whole number from 0 to 18446744073709551615", 64),
        (["bars", "ok.csv", "--period", "0"], "year,A\n2000,1\n", "--period must be from 0.2 to 30 seconds (got 0)", 64),
        (["sort", "-", "--values", "5"], "", "--values needs at least 2 values to sort (got 1)", 64),
        // The smallest Int has no magnitude: it is refused, not trapped on.
        (["sort", "-", "--values", "-9223372036854775808,1"], "", "--values: -9223372036854775808 is too large; values are from -999999999 to 999999999", 64),
        (["sort", "-", "--random", "1001"], "", "--random 1001 is too many; at most 1000 fit across a frame", 64),
        (["sort", "-", "--values", "1,2", "--random", "3"], "", "give --values or --random, not both", 64),
        (["sort", "-", "--values", "1,2", "--order", "reversed"], "", "--order is for --random; --values are sorted as given", 64),
        (["sort", "-", "--algorithm", "bogo"], "", "bogo", 64),
        (["sort", "-", "--ops-per-second", "0"], "", "--ops-per-second must be from 0.5 to 100000 (got 0.0)", 64),
        (["sort", "-", "--algorithm", "bubble", "--partition", "hoare"], "", "--partition is for quick sort (pass --algorithm quick)", 64),
    ] as [([String], String, String, Int32)])
    func badInputIsOneLineAndAnExitStatus(_ args: [String], _ content: String, _ message: String, _ status: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        var args = args
        if args[1] == "-" { args.remove(at: 1) } else { try content.write(toFile: "\(dir)/\(args[1])", atomically: true, encoding: .utf8) }
        let r = try CommandRunner.run(args + Self.small + ["-o", "out.gif"], in: dir)
        #expect(r.status == status)
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("Fatal error") && !FileManager.default.fileExists(atPath: "\(dir)/out.gif"))
    }

    /// `--partition hoare` plays CLRS's HOARE-PARTITION, its listing in
    /// the code panel and its regions in the dump; lomuto (the default) its
    /// PARTITION. A value it does not take is one line naming the flag and
    /// the values it takes.
    @Test func aQuickSortTakesItsPartition() throws {
        let dir = try CommandRunner.temporaryFolder()
        for (partition, line, region) in [("hoare", "  q = HOARE-PARTITION(A, p, r)", "region:ge"), ("lomuto", "  q = PARTITION(A, p, r)", "region:gt")] {
            let r = try CommandRunner.run(
                ["sort", "--partition", partition, "--values", "5,3,8,1", "--code", "--hold", "0"] + Self.small
                    + ["-o", "\(partition)/", "--dump-scene", "\(partition).jsonl"], in: dir)
            #expect(r.status == 0, "stderr: \(r.stderr)")
            let frames = try String(contentsOfFile: "\(dir)/\(partition).jsonl", encoding: .utf8).split(separator: "\n")
                .map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(frames.contains { (($0["code"] as? [String: Any])?["lines"] as? [String])?[1] == line })
            #expect(frames.contains { ($0["bars"] as! [[String: Any]]).contains { $0["name"] as? String == region } })
            #expect(frames.contains { ($0["texts"] as! [[String: Any]]).contains { $0["name"] as? String == "marker:j" } })
        }
        let bad = try CommandRunner.run(["sort", "--partition", "lumoto"] + Self.small + ["-o", "bad.gif"], in: dir)
        #expect(bad.status == 64)
        let lines = bad.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("'lumoto'") && lines[0].contains("--partition"), "stderr: \(bad.stderr)")
        #expect(lines.first.map { $0.contains("'lomuto'") && $0.contains("'hoare'") } == true, "stderr: \(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/bad.gif"))
    }

    @Test func aSortOfRandomValuesIsReproducibleByItsSeed() throws {
        let dir = try CommandRunner.temporaryFolder()
        for name in ["a", "b"] {
            let r = try CommandRunner.run(
                ["sort", "--algorithm", "heap", "--random", "30", "--seed", "9", "--order", "few-unique", "--hold", "0"] + Self.small
                    + ["-o", "\(name).gif", "--dump-scene", "\(name).jsonl"], in: dir)
            #expect(r.status == 0, "stderr: \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.jsonl")) == Data(contentsOf: URL(fileURLWithPath: dir + "/b.jsonl")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif")) == Data(contentsOf: URL(fileURLWithPath: dir + "/b.gif")))
        let last = try Self.lastDump(dir + "/a.jsonl")
        let values = (last["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" }
            .sorted { ($0["x"] as! Double) < ($1["x"] as! Double) }.map { $0["value"] as! Double }
        #expect(values == values.sorted() && values.count == 30)
        #expect(Set(values).count <= 4)
    }

    /// An animation over three minutes says so, once, before it renders:
    /// how long it is, the --speed that brings it under three minutes, and
    /// what else shortens it. A shorter one says nothing of its length.
    @Test func aLongAnimationSaysHowLongAndHowToShortenIt() throws {
        let dir = try CommandRunner.temporaryFolder()
        let rows = (0..<200).map { "\(2000 + $0),\($0 % 7 + 1),\($0 % 5 + 2)" }
        try ("period,A,B\n" + rows.joined(separator: "\n") + "\n").write(toFile: dir + "/long.csv", atomically: true, encoding: .utf8)
        let long = try CommandRunner.run(
            ["bars", "long.csv", "--period", "1.5", "--hold", "0", "--frame-range", "0:2"] + Self.small + ["-o", "l/"], in: dir)
        #expect(long.status == 0, "stderr: \(long.stderr)")
        let notes = long.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(notes == ["treeanim: note: the animation lasts 5 min 00 s, over 3 minutes; --speed 1.7 plays it in 2 min 57 s; or use fewer periods, a shorter --period"], "stderr: \(long.stderr)")
        let short = try CommandRunner.run(
            ["bars", "long.csv", "--period", "0.5", "--hold", "0", "--frame-range", "0:2"] + Self.small + ["-o", "s/"], in: dir)
        #expect(short.status == 0 && !short.stderr.contains("note:"), "stderr: \(short.stderr)")
    }

    /// A table of more categories than one chart holds (every country of
    /// a population table) is read, not refused: its largest ten race,
    /// and one note says so and how to choose others.
    @Test func tooManyCategoriesForOneChartRaceTheLargest() throws {
        let dir = try CommandRunner.temporaryFolder()
        let names = (0..<70).map { "Country \($0 + 1)" }
        let rows = (0..<4).map { y in "\(2000 + y)," + names.indices.map { String(($0 * 37 + y * 11) % 900 + 10) }.joined(separator: ",") }
        try ("year," + names.joined(separator: ",") + "\n" + rows.joined(separator: "\n") + "\n").write(toFile: dir + "/all.csv", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["bars", "all.csv", "--hold", "0", "--fps", "5", "-o", "a/", "--frame-range", "0:1", "--dump-scene", "a.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let notes = r.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(notes.contains { $0.contains("all.csv: 70 categories are too many for one chart (at most 60): the largest 10 race; --race --top N") }, "stderr: \(r.stderr)")
        let bars = (try Self.lastDump(dir + "/a.jsonl")["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" && $0["opacity"] as! Double > 0.99 }
        #expect(bars.count <= 11 && !bars.isEmpty, "\(bars.count) bars standing")
    }

    /// `--count-frames`, how a length is checked before a render, says the
    /// same notes: the count on standard output, the note on the error
    /// stream.
    @Test func aCountSaysALongAnimationsNoteToo() throws {
        let dir = try CommandRunner.temporaryFolder()
        let rows = (0..<200).map { "\(2000 + $0),\($0 % 7 + 1),\($0 % 5 + 2)" }
        try ("period,A,B\n" + rows.joined(separator: "\n") + "\n").write(toFile: dir + "/long.csv", atomically: true, encoding: .utf8)
        let counted = try CommandRunner.run(["bars", "long.csv", "--period", "1.5", "--hold", "0", "--count-frames"] + Self.small, in: dir)
        #expect(counted.status == 0, "stderr: \(counted.stderr)")
        #expect(Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, "stdout: \(counted.stdout)")
        let notes = counted.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(notes == ["treeanim: note: the animation lasts 5 min 00 s, over 3 minutes; --speed 1.7 plays it in 2 min 57 s; or use fewer periods, a shorter --period"], "stderr: \(counted.stderr)")
    }

    /// A fixed chart whose names would be cut under its columns grows
    /// right instead, where they read whole; one with more bars than a
    /// frame can name races the most it can, and says so; drawn whole
    /// with --fit all, it warns, with the --top that shows them, and
    /// writes no values that would run into each other.
    @Test func aChartOfManyCategoriesReadsOrSaysWhatWould() throws {
        let dir = try CommandRunner.temporaryFolder()
        func csv(_ names: [String]) -> String {
            "year," + names.joined(separator: ",") + "\n" + (0..<3).map { y in "\(2000 + y)," + names.indices.map { String(($0 * 37 + y * 11) % 90 + 10) }.joined(separator: ",") }.joined(separator: "\n") + "\n"
        }
        let countries = ["Switzerland", "Netherlands", "Indonesia", "United Kingdom", "Philippines", "Bangladesh", "South Korea", "Argentina", "Portugal", "Belgium", "Germany", "Mexico", "Canada", "Turkey", "Sweden", "France", "Brazil", "India", "Spain"]
        try csv(countries).write(toFile: dir + "/some.csv", atomically: true, encoding: .utf8)
        try csv((0..<40).map { "Region \($0 + 1)" }).write(toFile: dir + "/many.csv", atomically: true, encoding: .utf8)
        let some = try CommandRunner.run(["bars", "some.csv", "--hold", "0", "--fps", "5", "-o", "s/", "--frame-range", "0:1", "--dump-scene", "s.jsonl"], in: dir)
        #expect(some.status == 0 && !some.stderr.contains("note:"), "stderr: \(some.stderr)")
        let bars = (try Self.lastDump(dir + "/s.jsonl")["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" }
        #expect(bars.count == 19 && bars.allSatisfy { $0["direction"] as? String == "right" })
        #expect(Set(bars.map { $0["label"] as! String }) == Set(countries), "names cut: \(bars.map { $0["label"]! })")
        let raced = try CommandRunner.run(["bars", "many.csv", "--hold", "0", "--fps", "5", "-o", "r/", "--frame-range", "10:11", "--dump-scene", "r.jsonl"], in: dir)
        #expect(raced.status == 0)
        let said = raced.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(
            said.count == 1 && said[0].contains("40 categories are too many to name legibly in one 1280×720 frame: the chart races the ")
                && said[0].contains("--fit all"), "stderr: \(raced.stderr)")
        let rows = (try Self.lastDump(dir + "/r.jsonl")["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" }
        let standing = rows.filter { $0["opacity"] as! Double > 0.99 }
        #expect(standing.count > 10 && standing.count < 40, "\(standing.count) bars")
        #expect(standing.allSatisfy { ($0["label"] as! String).hasPrefix("Region ") && $0["fontSize"] as! Double >= 15.95 }, "\(standing)")
        let many = try CommandRunner.run(["bars", "many.csv", "--fit", "all", "--hold", "0", "--fps", "5", "-o", "m/", "--frame-range", "0:1", "--dump-scene", "m.jsonl"], in: dir)
        #expect(many.status == 0)
        let notes = many.stderr.split(separator: "\n").filter { $0.hasPrefix("treeanim: note: ") }
        #expect(notes.count == 1 && notes[0].contains("--fit all: 40 bars are too many to name legibly in a 1280×720 frame") && notes[0].contains("--race --top "), "stderr: \(many.stderr)")
        let texts = try Self.lastDump(dir + "/m.jsonl")["texts"] as! [[String: Any]]
        #expect(!texts.contains { $0["value"] != nil }, "values written where they run into each other")
    }

    /// `--duration` fits a whole animation into a length by finding the
    /// speed: a sort and a chart come out within a frame or two of it, and
    /// a tree whose paced moves cannot go that fast says how long it lasts.
    @Test func aDurationFitsTheAnimationIntoALength() throws {
        let dir = try CommandRunner.temporaryFolder()
        let csv = "year,a,b,c\n" + (0..<40).map { "\(1980 + $0),\($0 + 5),\(50 - $0),\(($0 * 7) % 30 + 3)" }.joined(separator: "\n") + "\n"
        try csv.write(toFile: dir + "/c.csv", atomically: true, encoding: .utf8)
        for (arguments, seconds) in [(["bars", "c.csv", "--duration", "20"], 20.0), (["sort", "--random", "60", "--seed", "3", "--duration", "12"], 12.0)] {
            let r = try CommandRunner.run(arguments + ["--count-frames"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let frames = Double(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(abs((frames - 1) / 30 - seconds) < 0.05 * seconds, "\(arguments): \(frames) frames")
        }
        let tight = try CommandRunner.run(["--inserts", "8", "--seed", "2", "--duration", "2", "--frame-range", "0:1", "-o", "f/"], in: dir)
        #expect(tight.status == 0)
        #expect(tight.stderr.contains("treeanim: note: --duration 2: the animation lasts ") && tight.stderr.contains("at --speed 10, the fastest it plays"), "\(tight.stderr)")
    }

    /// A GIF keeps each bar's colour: a palette built only from the pixels
    /// that change between frames had no entry for a bar that stands from
    /// the first frame to the last, and drew the leader of the example's
    /// race grey.
    @Test func aGIFKeepsEveryBarsColour() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["bars", Self.cities, "--race", "--top", "8", "--hold", "0", "--size", "400x224", "--fps", "15", "-o", "r.gif", "--dump-scene", "r.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/r.jsonl", encoding: .utf8).split(separator: "\n")
        let decode = try CommandRunner.run(
            ["-v", "error", "-i", "r.gif", "-vf", "select=eq(n\\,\(lines.count - 1))", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "last.rgb"],
            in: dir, executable: CommandRunner.onPath("ffmpeg"))
        #expect(decode.status == 0, "\(decode.stderr)")
        let pixels = try #require(FileManager.default.contents(atPath: dir + "/last.rgb"))
        #expect(pixels.count == 400 * 224 * 3)
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        let bars = (last["bars"] as! [[String: Any]]).filter { $0["kind"] as? String == "bar" }
        #expect(bars.count == 8)
        for bar in bars {
            let (x, y) = (Int((bar["x"] as! Double) + (bar["w"] as! Double) / 2), Int((bar["y"] as! Double) + (bar["h"] as! Double) / 2))
            let fill = bar["fill"] as! String
            let want = [1, 3, 5].map { Int(fill.dropFirst($0).prefix(2), radix: 16)! }
            let i = (y * 400 + x) * 3
            let got = [Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2])]
            #expect(zip(want, got).allSatisfy { abs($0 - $1) <= 12 }, "\(bar["label"]!): \(fill) drawn as \(got)")
        }
    }
}
