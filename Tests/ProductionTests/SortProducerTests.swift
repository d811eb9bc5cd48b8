import Diagram
import Production
import Testing
import TestSupport

/// The sort producer's `partition` option, as a lecture writes it: quick
/// sort's partition (Lomuto's by default, Hoare's given `hoare`), and for
/// quick sort only.
@Suite struct SortProducerTests {
    static func captions(_ keys: [String: String]) throws -> [String] {
        var options = RenderOptions()
        options.fps = 4
        let session = RenderSession(options: options, log: .silent)
        let script = try RegistryRun(producer: "sort", keys: keys).script(in: session)
        let timeline = try session.compile(script, settings: options.settings, font: try session.font())
        return timeline.cues.map(\.text)
    }

    @Test func aLectureSortTakesItsPartition() throws {
        let hoare = try Self.captions(["partition": "hoare", "random": "6", "seed": "2"])
        #expect(hoare.contains { $0.hasPrefix("partition A[0..5] around the pivot x = A[0] = ") }, "\(hoare)")
        #expect(hoare.contains("j starts at r + 1 = 6") && hoare.contains { $0.contains(": j stops at ") }, "\(hoare)")
        let lomuto = try Self.captions(["random": "6", "seed": "2"])
        #expect(lomuto.contains { $0.hasPrefix("partition A[0..5] around the pivot x = A[5] = ") }, "\(lomuto)")
        #expect(lomuto.contains("i starts at p − 1 = −1") && !lomuto.contains { $0.contains("stops at") }, "\(lomuto)")
        #expect(try Self.captions(["partition": "lomuto", "random": "6", "seed": "2"]) == lomuto)
        #expect(throws: ProductionFailure("partition is for quick sort (write algorithm: quick in the section)", status: 64)) {
            try Self.captions(["partition": "hoare", "algorithm": "bubble", "random": "6", "seed": "2"])
        }
    }
}
