import Diagram

/// How long the steps of graph runs last, kept as they are played at any
/// batch: enough to say how long the runs' script would play at any other
/// batch (``GraphAnimation/seconds(of:)`` of that script) without writing
/// it. A large graph's runs take seconds to write; their length at a batch
/// takes a pass over a list.
///
///     var player = GraphPlayer(graph: g, geometry: geometry, options: options, batch: 2, algorithms: [.bfs])
///     player.bfs(from: 0, to: nil)
///     player.times.seconds(batch: 1)  // as long as the runs played one step at a time
struct StepTimes {
    private enum Event {
        /// A step written the same at any batch (the graph drawn, a run's
        /// first and last step): its seconds, and whether the ring is on
        /// the graph after it.
        case own(seconds: Double, ring: Bool)
        /// A decision: its own step at batch 1, else played with the next
        /// ones; its caption's reading time, its rest alone, and whether it
        /// moves the ring.
        case decision(reading: Double, rest: Double, ring: Bool)
        /// A glance at an edge, played only at batch 1: its seconds.
        case glance(seconds: Double)
    }
    private var events = [Event]()

    /// A step written the same at any batch, lasting `seconds`, after which
    /// the ring is on the graph or not (`ring`).
    mutating func own(seconds: Double, ring: Bool) { events.append(.own(seconds: seconds, ring: ring)) }

    /// A decision shown with `caption`, resting `rest` alone, which moves
    /// the ring when `ring`. Only a step of its own takes the ring away.
    mutating func decision(caption: String, rest: Double, ring: Bool) {
        events.append(.decision(reading: Timeline.readingTime(of: caption), rest: rest, ring: ring))
    }

    /// A glance of `beats` (their lengths, in order) with `caption`, a
    /// running account when `tally`.
    mutating func glance(_ beats: [Double], caption: String, tally: Bool) {
        events.append(.glance(seconds: Self.seconds(beats, caption: caption, tally: tally)))
    }

    /// How long the steps play at speed 1 with `batch` decisions at once,
    /// as ``GraphPlayer`` writes them (``GraphPlayer/play(_:note:ring:rest:always:_:)``):
    /// a batch of several is a running account that lasts its beats, a
    /// batch of one is the decision's caption, held until it is read.
    /// - Complexity: O(the steps).
    func seconds(batch: Int) -> Double {
        var total = 0.0
        // Whether the ring is on the graph, and the decisions waiting.
        var ring = false
        var waiting = [(reading: Double, ring: Bool)]()
        func step(ring moved: Bool, rest: Double, reading: Double, tally: Bool) {
            let ringBeat = moved ? (ring ? GraphPlayer.move : GraphPlayer.ringIn) : nil
            total += Self.seconds([ringBeat, GraphPlayer.move, rest].compactMap { $0 }, reading: reading, tally: tally)
            ring = ring || moved
        }
        func flush() {
            guard !waiting.isEmpty else { return }
            step(ring: waiting.contains { $0.ring }, rest: GraphPlayer.rest * 0.5, reading: waiting[0].reading, tally: waiting.count > 1)
            waiting = []
        }
        for event in events {
            switch event {
            case .own(let seconds, let after):
                flush()
                total += seconds
                ring = after
            case .decision(let reading, let rest, let moved) where batch <= 1:
                step(ring: moved, rest: rest, reading: reading, tally: false)
            case .decision(let reading, _, let moved):
                waiting.append((reading, moved))
                if waiting.count >= batch { flush() }
            case .glance(let seconds):
                if batch <= 1 { total += seconds }
            }
        }
        // Every run ends with a step of its own: nothing waits at the end.
        return total
    }

    /// A step of `beats` showing `caption`, as ``GraphAnimation/seconds(of:)``
    /// counts it.
    static func seconds(_ beats: [Double], caption: String?, tally: Bool) -> Double {
        seconds(beats, reading: Timeline.readingTime(of: caption), tally: tally)
    }

    private static func seconds(_ beats: [Double], reading: Double, tally: Bool) -> Double {
        let length = beats.reduce(0, +)
        return tally ? length : max(length, reading)
    }
}
