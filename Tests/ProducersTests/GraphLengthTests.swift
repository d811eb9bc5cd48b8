import Diagram
import Foundation
import GraphFiles
import Graphs
import Producers
import Testing
import TestSupport

/// A graph run plays in three minutes at the default pace: counted as the
/// timeline plays it (each caption held until read, the camera's flights
/// from view to view), not as the sum of its beats, which left out two
/// thirds of it: a breadth-first search of Graphviz's 41-node Unix family
/// tree, followed by the camera at 1280×720, played 7 min 26 s.
@Suite(.tags(.sweep)) struct GraphLengthTests {
    static let unix = CorpusLegibilityTests.corpus.appendingPathComponent("graphs/unix.gv")

    static func script(_ run: GraphRun) throws -> Script {
        let graph = try GraphFile.load(Array(Data(contentsOf: unix)), name: "unix.gv").graph
        var options = GraphOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        return try GraphAnimation(graph: graph, runs: [run], options: options, labels: BSTBoard.labels).script
    }

    @Test(arguments: [GraphRun(.bfs), GraphRun(.dfs)])
    func aFollowedRunIsBatchedToPlayInThreeMinutes(_ run: GraphRun) throws {
        let script = try Self.script(run)
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 1280, height: 720, fps: 10), labels: BSTBoard.labels)
        #expect(timeline.duration <= Pace.longest, "\(run.algorithm): \(Int(timeline.duration)) s")
        #expect(script.notes.contains { $0.contains("steps at once") }, "\(script.notes)")
    }
}
