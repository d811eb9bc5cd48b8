import Diagram

/// How long the steps of graph runs last, kept as they are played: enough
/// to say how long the runs' script plays at any batch
/// (``GraphAnimation/seconds(of:)`` of that script) without writing it. A
/// large graph's runs take seconds to write; their length at a batch takes
/// a pass over a list, and keeping it takes a pass of the algorithms that
/// writes nothing (``GraphPlayer/timing``).
///
///     var player = GraphPlayer(graph: g, geometry: geometry, options: options, batch: 1, algorithms: [.bfs], timing: true)
///     player.bfs(from: 0, to: nil)
///     player.times.seconds(batch: 1)  // as long as the runs played one step at a time
struct StepTimes {
    private enum Event {
        /// A step that no run plays (the graph drawn): its seconds.
        case fixed(seconds: Double)
        /// A step of its own at any batch (a run's first and last): its
        /// caption's reading time, its rest, and the node it moves the ring
        /// to, if it does.
        case own(reading: Double, rest: Double, ring: Int?)
        /// A decision: its own step at batch 1, else played with the next
        /// ones; its caption's reading time, its rest alone, and the node
        /// it moves the ring to, if it does.
        case decision(reading: Double, rest: Double, ring: Int?)
        /// A glance at an edge, played only at batch 1: its seconds, and
        /// whether it is a running account.
        case glance(seconds: Double, tally: Bool)
    }
    private var events = [Event]()
    /// On a graph the camera follows, how long it takes from showing one
    /// node to showing another: a flight, which plays before the step, or
    /// a pan, which plays along with it (``CameraFlight/seconds(from:to:frame:viewport:maxZoom:)``);
    /// and the ring's move from the one to the other, which the timeline
    /// slows to a pace a student can follow, unless it leaps
    /// (``CameraFlight/markMove(seconds:distance:zoom:frame:)``).
    var flight: ((Int, Int) -> (flight: Double, pan: Double, ring: Double))?

    /// A step of `beats` (their lengths, in order) with `caption`.
    mutating func fixed(_ beats: [Double], caption: String) {
        events.append(.fixed(seconds: Self.seconds(beats, caption: caption, tally: false)))
    }

    /// A step of its own with `caption`, resting `rest`, which moves the
    /// ring when `ring`. Such a step begins or ends a run: after it, the
    /// ring is on the graph only if it moved it (a run's first step clears
    /// the graph; after its last, the next run's first step does).
    mutating func own(caption: String, rest: Double, ring: Int?) {
        events.append(.own(reading: Timeline.readingTime(of: caption), rest: rest, ring: ring))
    }

    /// A decision shown with `caption`, resting `rest` alone, which moves
    /// the ring when `ring`. A decision never takes the ring away.
    mutating func decision(caption: String, rest: Double, ring: Int?) {
        events.append(.decision(reading: Timeline.readingTime(of: caption), rest: rest, ring: ring))
    }

    /// A glance of `beats` (their lengths, in order) with `caption`, a
    /// running account when `tally`.
    mutating func glance(_ beats: [Double], caption: String, tally: Bool) {
        events.append(.glance(seconds: Self.seconds(beats, caption: caption, tally: tally), tally: tally))
    }

    /// The steps of the script with `batch` decisions at once, as
    /// ``GraphPlayer`` writes them (``GraphPlayer/play(_:note:ring:rest:always:_:)``):
    /// how long each plays at speed 1, and whether it is a running account
    /// (a batch of several, which lasts its beats; a batch of one is the
    /// decision's caption, held until it is read).
    /// With `camera`, a step on a followed graph also counts the camera's
    /// flight to it and a pan longer than its beats (``flight``), which
    /// the compiled script plays; without, it is the script's own account
    /// of its steps (``GraphAnimation/seconds(of:)``).
    /// - Complexity: O(the steps).
    func steps(batch: Int, camera: Bool = true) -> [(seconds: Double, tally: Bool)] {
        let flight = camera ? self.flight : nil
        var out = [(seconds: Double, tally: Bool)]()
        // Whether the ring is on the graph, and the decisions waiting.
        var ring = false
        // The node the camera shows, once a step has moved the ring.
        var shown: Int?
        var waiting = [(reading: Double, ring: Int?)]()
        func step(ring node: Int?, rest: Double, reading: Double, tally: Bool) {
            var ringBeat = node != nil ? (ring ? GraphPlayer.move : GraphPlayer.ringIn) : nil
            let view = node.flatMap { node in shown.flatMap { $0 != node ? flight?($0, node) : nil } }
            if ring, let view { ringBeat = view.ring }
            var seconds = Self.seconds([ringBeat, GraphPlayer.move, rest].compactMap { $0 }, reading: reading, tally: tally)
            if let view { seconds = view.flight + max(seconds, view.pan) }
            out.append((seconds, tally))
            ring = ring || node != nil
            shown = node ?? shown
        }
        func flush() {
            guard !waiting.isEmpty else { return }
            // The batch's ring goes to the last node a decision of it rings.
            let node = waiting.last { $0.ring != nil }?.ring
            step(ring: node, rest: GraphPlayer.rest * 0.5, reading: waiting[0].reading, tally: waiting.count > 1)
            waiting = []
        }
        for event in events {
            switch event {
            case .fixed(let seconds):
                flush()
                out.append((seconds, false))
            case .own(let reading, let rest, let moved):
                flush()
                step(ring: moved, rest: rest, reading: reading, tally: false)
                ring = moved != nil
            case .decision(let reading, let rest, let moved) where batch <= 1:
                step(ring: moved, rest: rest, reading: reading, tally: false)
            case .decision(let reading, _, let moved):
                waiting.append((reading, moved))
                if waiting.count >= batch { flush() }
            case .glance(let seconds, let tally):
                if batch <= 1 { out.append((seconds, tally)) }
            }
        }
        // Every run ends with a step of its own: nothing waits at the end.
        return out
    }

    /// How long the script with `batch` decisions at once plays at speed
    /// 1, with the camera's flights and pans or (`camera` false) without.
    func seconds(batch: Int, camera: Bool = true) -> Double {
        steps(batch: batch, camera: camera).reduce(0) { $0 + $1.seconds }
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
