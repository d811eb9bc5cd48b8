import Diagram
import Foundation
import Production
import Testing
import TestSupport

/// The reading rule, a law of the compiler held over every producer: at
/// speed 1, every caption stays on screen at least as long as it takes to
/// read, at least a second and its length at 15 characters a second. Each
/// producer of the registry is played with its defaults and with seeded
/// random programs, and every caption its frames show is timed; played
/// fast, a program shows fewer captions, not shorter ones (that it keeps
/// its rate, the producers' fast-play tests hold).
@Suite(.tags(.sweep)) struct CaptionLawTests {
    static let fps = 10.0

    /// The captions on screen for less than their reading time, with how
    /// long each is up.
    static func shortCaptions(_ timeline: Timeline) -> [String] {
        timeline.cues.compactMap { cue in
            let seconds = Double(cue.frames.count) / fps
            let reading = Timeline.readingTime(of: cue.text)
            // A frame's rounding either side.
            return seconds >= reading - 1 / fps - 1e-9 ? nil : "'\(cue.text)' is up \(seconds) s, and takes \(reading) s to read"
        }
    }

    /// The run compiled as the CLI would, at `fps` when given.
    static func timeline(of run: RegistryRun, fps: Double? = nil) throws -> Timeline {
        var options = RenderOptions()
        if let fps { options.fps = fps }
        let session = RenderSession(options: options, log: .silent)
        return try session.compile(try run.script(in: session), settings: options.settings, font: try session.font())
    }

    @Test(arguments: RegistryRun.all())
    func everyCaptionStaysUpLongEnoughToRead(_ run: RegistryRun) throws {
        let timeline = try Self.timeline(of: run, fps: Self.fps)
        let short = Self.shortCaptions(timeline)
        #expect(short.isEmpty, "\(short.count) of \(timeline.cues.count): \(short.prefix(5).joined(separator: "; "))")
    }

    /// No default is longer than 3 minutes, its captions read: each
    /// producer's defaults, with eight seeds where they draw random keys,
    /// end within 3 minutes at speed 1.
    @Test(arguments: RegistryRun.defaults(seeds: 1...8))
    func everyDefaultLastsAtMostThreeMinutes(_ run: RegistryRun) throws {
        let seconds = try Self.timeline(of: run).pacing.duration(atSpeed: 1)
        #expect(seconds <= 180, "\(seconds) s")
    }

    /// Every real file of `../shared/corpus/` at its producer's defaults
    /// (a graph also with each algorithm it takes), and the generated
    /// large inputs, plays in at most 3 minutes: a summary, sampled
    /// periods or batched steps where the whole would be longer.
    static var realFiles: [RegistryRun] {
        let corpus = FrameRoomLawTests.corpus
        func files(_ folder: String) -> [String] {
            let path = corpus + "/" + folder
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
        }
        let graphs = files("graphs").flatMap { file in
            ["", "bfs", "dfs", "dijkstra", "scc", "topo", "kruskal", "prim"].map { a in
                RegistryRun(producer: "graph", keys: a.isEmpty ? ["file": file] : ["file": file, "algorithm": a])
            }
        }
        return files("gedcom").map { RegistryRun(producer: "family", keys: ["file": $0]) }
            + files("trees").map { RegistryRun(producer: "tree", keys: ["file": $0]) }
            + files("csv").flatMap { [RegistryRun(producer: "bars", keys: ["file": $0]), RegistryRun(producer: "bars", keys: ["file": $0, "race": "true"])] }
            + graphs + LastFrameLawTests.large
    }

    @Test func theCorpusIsThere() {
        #expect(Self.realFiles.count > 40, "no corpus at \(FrameRoomLawTests.corpus)")
    }

    @Test(arguments: realFiles)
    func everyRealFileLastsAtMostThreeMinutes(_ run: RegistryRun) throws {
        let timeline: Timeline
        do {
            timeline = try Self.timeline(of: run)
        } catch {
            // What a producer refuses (an algorithm the graph does not
            // allow, a table it cannot chart as asked) is the readers' and
            // the producers' tests' matter; it plays no minute.
            print("\(run.testDescription): refused: \(error)")
            return
        }
        let seconds = timeline.pacing.duration(atSpeed: 1)
        #expect(seconds <= 180, "\(seconds) s")
    }

    /// Programs too long to play one operation at a time, or given a rate:
    /// their running counts are read, and fewer are shown than there are
    /// steps.
    @Test(arguments: [
        RegistryRun(producer: "bst", keys: ["inserts": "400", "seed": "3"]),
        RegistryRun(producer: "heap", keys: ["inserts": "100", "seed": "3", "ops-per-second": "6"]),
        RegistryRun(producer: "bst", keys: ["inserts": "60", "seed": "3", "ops-per-second": "8"]),
        RegistryRun(producer: "sort", keys: ["random": "120", "seed": "3", "ops-per-second": "40"]),
    ])
    func fastPlayShowsFewerCaptionsNotShorterOnes(_ run: RegistryRun) throws {
        let timeline = try Self.timeline(of: run, fps: Self.fps)
        let short = Self.shortCaptions(timeline)
        #expect(short.isEmpty, "\(short.count) of \(timeline.cues.count): \(short.prefix(5).joined(separator: "; "))")
        // Fewer captions than steps: the counts that could not be read
        // were not shown.
        #expect(timeline.cues.count < timeline.steps.count, "\(timeline.cues.count) captions, \(timeline.steps.count) steps")
    }
}
