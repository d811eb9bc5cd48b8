import AllocationCounter
import Geometry
import Tween

/// An RGBA colour as the storyboard animates it: four doubles.
typealias Color4 = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
/// A node's full drawable state: centre and radius, then opacity and fill colour.
typealias NodeData = AnimatablePair<AnimatablePair<Point, Double>, AnimatablePair<Double, Color4>>

func node(_ x: Double, _ y: Double, radius: Double, opacity: Double, rgba: (Double, Double, Double, Double)) -> NodeData {
    AnimatablePair(
        AnimatablePair(Point(x, y), radius),
        AnimatablePair(opacity, AnimatablePair(AnimatablePair(rgba.0, rgba.1), AnimatablePair(rgba.2, rgba.3))))
}

/// One node's life during an insert: it appears, is highlighted as the
/// search passes, springs to its new place, settles, then moves again.
func nodeTrack() -> Track<NodeData> {
    let white = (1.0, 1.0, 1.0, 1.0), accent = (0.95, 0.55, 0.1, 1.0)
    var track = Track(node(400, 80, radius: 0, opacity: 0, rgba: white))
    track.animate(to: node(400, 80, radius: 22, opacity: 1, rgba: white), with: .easeOut(duration: 0.3), at: 0.5)
    track.animate(to: node(400, 80, radius: 24, opacity: 1, rgba: accent), with: .easeInOut(duration: 0.2), at: 1.0)
    track.animate(to: node(310, 160, radius: 22, opacity: 1, rgba: accent), with: .spring(duration: 0.5, bounce: 0.25), at: 1.4)
    track.animate(to: node(310, 160, radius: 22, opacity: 1, rgba: white), with: .easeInOut(duration: 0.3), at: 2.2)
    track.animate(to: node(250, 240, radius: 22, opacity: 1, rgba: white), with: .timingCurve(0.2, 0, 0, 1, duration: 0.6), at: 3.0)
    return track
}

let evaluations = 4_000_000
let rounds = 7
/// Sample times in frame order: a 4-second scene at 60 frames per second, played over and over.
let frameTimes = (0..<240).map { Double($0) / 60 }

/// Runs `body` over every evaluation `rounds` times and prints the best and
/// median time per evaluation; the checksum keeps the work from being optimised away.
func measure(_ name: String, _ body: (Double) -> Double) {
    let clock = ContinuousClock()
    var perEvaluation: [Double] = []
    var checksum = 0.0
    for _ in 0..<rounds {
        let start = clock.now
        for i in 0..<evaluations {
            checksum += body(frameTimes[i % frameTimes.count])
        }
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        perEvaluation.append(seconds * 1e9 / Double(evaluations))
    }
    perEvaluation.sort()
    let best = perEvaluation[0], median = perEvaluation[rounds / 2]
    print(
        name.padding(toLength: 46), "best", format(best), "ns  median", format(median), "ns  (checksum \(checksum))")
}

func format(_ value: Double) -> String { String((value * 100).rounded() / 100) }

extension String {
    func padding(toLength length: Int) -> String { self + String(repeating: " ", count: max(0, length - count)) }
}

let track = nodeTrack()
var centre = Track(Point(400, 80))
centre.animate(to: Point(310, 160), with: .spring(duration: 0.5, bounce: 0.25), at: 1.4)
centre.animate(to: Point(250, 240), with: .timingCurve(0.2, 0, 0, 1, duration: 0.6), at: 3.0)

measure("node state, Track<NodeData>.value(at:)") { t in
    let state = track.value(at: t)
    return state.first.first.x + state.first.second + state.second.first + state.second.second.second.first
}

// The counter must see an allocation whose size is only known at run time,
// or a count of zero below would prove nothing.
let probe = allocation_count()
let scratch = [Double](repeating: 1, count: 64 + evaluations % 7)
precondition(allocation_count() > probe, "the allocation counter does not see malloc")

let before = allocation_count()
var sink = scratch[0]
for i in 0..<evaluations {
    sink += track.value(at: frameTimes[i % frameTimes.count]).first.second
}
// Read the counter before building the message, whose strings allocate.
let allocations = allocation_count() - before
print("heap allocations in \(evaluations) node-state evaluations:", allocations, "(checksum \(sink))")

measure("centre only, Track<Point>.value(at:)") { t in centre.value(at: t).x }
measure("UnitCurve.easeInOut.value(at:)") { t in UnitCurve.easeInOut.value(at: t / 4) }
let spring = UnitCurve.spring(Spring(duration: 0.5, bounce: 0.25))
measure("UnitCurve.spring(bounce 0.25).value(at:)") { t in spring.value(at: t / 4) }
