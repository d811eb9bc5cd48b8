import Diagram
import Graphs
@testable import Producers
import Testing

/// What a graph run's steps last, kept while it is played at any batch or
/// run without writing a step, says how long its script plays at every
/// batch (``StepTimes``): the batching of a large graph is worked out from
/// it instead of from scripts written only to be timed, so it must be the
/// very figure those scripts give.
@Suite(.tags(.sweep)) struct GraphStepTimesTests {
    /// Every algorithm a random graph allows, alone and all together, and
    /// A* on a placed one.
    static func cases() -> [(Graph, [GraphRun])] {
        var out = [(Graph, [GraphRun])]()
        for seed in UInt64(1)...8 {
            let g = GraphBoard.graph(seed: seed, negative: seed % 4 == 0)
            let runs = GraphAnimation.algorithms(for: g).map { GraphRun($0) }
            out += runs.map { (g, [$0]) }
            out.append((g, runs))
            let placed = GraphBoard.graph(seed: seed, shape: .placed)
            out.append((placed, [GraphRun(.astar, from: "n0", to: "n\(placed.nodes.count - 1)")]))
        }
        return out
    }

    @Test func theTimesOfOneBatchSayHowLongEveryOtherPlays() throws {
        var options = GraphOptions()
        options.stage = Stage(GraphBoard.settings)
        for (g, runs) in Self.cases() {
            let resolved = try runs.map { try GraphAnimation.check($0, on: g) }
            let engine = GraphLayout.Engine.chosen(for: g)
            let geometry = try GraphGeometry(graph: g, engine: engine, labels: BSTBoard.labels)
            var spots = BadgeSpotCache()
            let played = [1, 2, 3, 7].map { batch in
                (batch, GraphAnimation.play(resolved, graph: g, geometry: geometry, options: options, engine: engine, batch: batch, spots: &spots))
            }
            let timing = GraphAnimation.play(
                resolved, graph: g, geometry: geometry, options: options, engine: engine, batch: 1, spots: &spots, timing: true)
            #expect(timing.script.steps.isEmpty)
            for (batch, (script, _)) in played {
                let seconds = GraphAnimation.seconds(of: script)
                for (other, (_, times)) in played + [(0, timing)] {
                    #expect(
                        times.seconds(batch: batch, camera: false) == seconds,
                        "\(runs.map(\.algorithm)) on \(g.nodes.count) nodes: batch \(batch) timed at \(other)")
                    // The camera's flights and pans only add to it.
                    #expect(times.seconds(batch: batch) >= seconds)
                }
                let tallies = script.steps.filter(\.tally).map { GraphAnimation.seconds(of: $0) }
                #expect(timing.times.steps(batch: batch, camera: false).filter(\.tally).map(\.seconds) == tallies)
            }
        }
    }
}
