import Tween

/// When an element is on stage: its entrances and exits over time, each an
/// animation of its presence between 0 (absent) and 1 (fully there).
///
/// An entrance that starts while an exit is still under way (or the other
/// way round) picks up from the presence the element has at that moment.
struct Presence: Sendable {
    struct Event: Sendable {
        let start: Double
        let end: Double
        let from: Double
        let to: Double
        let animation: Animation
        let transition: Transition
    }

    private(set) var events: [Event] = []

    /// The presence at `time`, and the transition under way.
    func state(at time: Double) -> (presence: Double, phase: TransitionPhase, transition: Transition)? {
        guard let i = lastEvent(startingBy: time) else { return nil }
        let e = events[i]
        let phase: TransitionPhase = e.to > e.from ? .insertion : .removal
        if time >= e.end { return (e.to, phase, e.transition) }
        let f = e.animation.fraction(at: time - e.start)
        return (e.from + (e.to - e.from) * f, phase, e.transition)
    }

    /// Whether the element is on stage at `time`: from the start of an
    /// entrance to the end of the exit that follows it.
    func isVisible(at time: Double) -> Bool {
        guard let i = lastEvent(startingBy: time) else { return false }
        let e = events[i]
        return e.to > e.from || e.to > 0 || time < e.end
    }

    /// The effect of the transition at `time`: identity when fully there.
    func effect(at time: Double) -> TransitionEffect {
        guard let s = state(at: time) else { return TransitionEffect(opacity: 0) }
        switch s.phase {
        case .insertion: return s.transition.effect(.insertion, progress: s.presence)
        case .removal: return s.transition.effect(.removal, progress: 1 - s.presence)
        }
    }

    /// The presence once every event so far has finished.
    var settled: Double { events.last?.to ?? 0 }

    /// Whether the element is there, or on its way in, after the last event.
    var isPresent: Bool { settled > 0 }

    mutating func enter(at time: Double, with animation: Animation, transition: Transition) {
        add(to: 1, at: time, with: animation, transition: transition)
    }

    mutating func exit(at time: Double, with animation: Animation, transition: Transition) {
        add(to: 0, at: time, with: animation, transition: transition)
    }

    private mutating func add(to target: Double, at time: Double, with animation: Animation, transition: Transition) {
        let from = state(at: time)?.presence ?? 0
        events.append(
            Event(start: time, end: time + animation.totalDuration, from: from, to: target, animation: animation,
                  transition: transition))
    }

    private func lastEvent(startingBy time: Double) -> Int? {
        let n = events.count(startingBy: time, start: \.start)
        return n == 0 ? nil : n - 1
    }
}

/// A value that changes in steps: the latest value set at or before a time.
struct Discrete<Value: Sendable>: Sendable {
    private var times: [Double] = []
    private var values: [Value] = []
    let initial: Value

    init(_ initial: Value) {
        self.initial = initial
    }

    /// Sets `value` from `time` on; a time before the last one set is
    /// moved up to it, so the changes stay in order.
    mutating func set(_ value: Value, at time: Double) {
        times.append(max(time, times.last ?? time))
        values.append(value)
    }

    func value(at time: Double) -> Value {
        let n = times.count(startingBy: time) { $0 }
        return n == 0 ? initial : values[n - 1]
    }

    /// The value after every change so far.
    var last: Value { values.last ?? initial }
}

/// A text that cross-fades to each new value: the old one fades out as the
/// new one fades in.
struct FadingText: Sendable {
    struct Change: Sendable {
        let start: Double
        let end: Double
        let from: String
        let to: String
        let animation: Animation
    }

    let initial: String
    private var changes: [Change] = []

    init(_ initial: String) {
        self.initial = initial
    }

    var last: String { changes.last?.to ?? initial }

    mutating func change(to text: String, at time: Double, with animation: Animation) {
        guard text != last else { return }
        changes.append(Change(start: time, end: time + animation.totalDuration, from: last, to: text, animation: animation))
    }

    /// The text showing at `time`, and the one fading out with its opacity.
    func value(at time: Double) -> (text: String, fading: FadingLabel?) {
        let n = changes.count(startingBy: time, start: \.start)
        guard n > 0 else { return (initial, nil) }
        let c = changes[n - 1]
        if time >= c.end { return (c.to, nil) }
        let f = min(max(c.animation.fraction(at: time - c.start), 0), 1)
        return (c.to, FadingLabel(text: c.from, opacity: 1 - f))
    }
}
