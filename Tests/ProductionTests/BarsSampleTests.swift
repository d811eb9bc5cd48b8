import Foundation
import Production
import Testing
import TestSupport

/// A race of more periods than play in 3 minutes at the default pace plays
/// a sample that fits (every k-th period and the last), said in one line;
/// `all-periods` plays each, and a pace the user sets is kept.
@Suite struct BarsSampleTests {
    /// A wide table of `periods` days and twelve names, each growing.
    static func table(periods: Int) throws -> String {
        // The tests' own folder, removed with the process's others.
        let folder = URL(fileURLWithPath: try TestFolders.make("bars-sample"))
        let names = (1...12).map { "Team \($0)" }
        var lines = ["day," + names.joined(separator: ",")]
        for day in 1...periods {
            lines.append("\(2000 + day)," + names.indices.map { String((day * ($0 + 3)) % 997 + day) }.joined(separator: ","))
        }
        let file = folder.appendingPathComponent("race-\(periods).csv")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func seconds(_ keys: [String: String]) throws -> Double {
        try CaptionLawTests.timeline(of: RegistryRun(producer: "bars", keys: keys), fps: 10).pacing.duration(atSpeed: 1)
    }

    @Test func periodsTooManyForThreeMinutesAreSampled() throws {
        let file = try Self.table(periods: 600)
        let sampled = try Self.seconds(["file": file, "race": "true"])
        #expect(sampled <= 180 && sampled >= 120, "\(sampled) s")
        let all = try Self.seconds(["file": file, "race": "true", "all-periods": "true"])
        #expect(all >= 600 * 1.5, "\(all) s")
        // A pace the user sets is theirs.
        let paced = try Self.seconds(["file": file, "race": "true", "period": "0.5"])
        #expect(paced >= 600 * 0.5, "\(paced) s")
        // Few periods are all played.
        let few = try Self.table(periods: 60)
        #expect(try Self.seconds(["file": few, "race": "true"]) >= 60 * 1.5)
    }
}
