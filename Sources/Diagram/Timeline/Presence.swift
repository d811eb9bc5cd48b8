import Tween

/// When an element is on stage: its entrances and exits over time, each an
/// animation of its presence between 0 (absent) and 1 (fully there).
///
/// An entrance that starts while an exit is still under way (or the other
/// way round) picks up from the presence the element has at that moment.
struct Presence: Sendable {
    struct Event: Sendable {
        let from: Double
        let to: Double
        let transition: Transition
    }

    private var events = Timed<Event>()

    /// The presence at `time`, and the transition under way.
    func state(at time: Double) -> (presence: Double, phase: TransitionPhase, transition: Transition)? {
        guard let e = events.latest(at: time) else { return nil }
        let phase: TransitionPhase = e.change.to > e.change.from ? .insertion : .removal
        guard let f = e.fraction(at: time) else { return (e.change.to, phase, e.change.transition) }
        return (e.change.from + (e.change.to - e.change.from) * f, phase, e.change.transition)
    }

    /// Whether the element is on stage at `time`: from the start of an
    /// entrance to the end of the exit that follows it.
    func isVisible(at time: Double) -> Bool {
        guard let e = events.latest(at: time) else { return false }
        return e.change.to > 0 || time < e.end
    }

    /// The effect of the transition at `time`: identity when fully there.
    func effect(at time: Double) -> TransitionEffect {
        guard let s = state(at: time) else { return TransitionEffect(opacity: 0) }
        switch s.phase {
        case .insertion: return s.transition.effect(.insertion, progress: s.presence)
        case .removal: return s.transition.effect(.removal, progress: 1 - s.presence)
        }
    }

    /// Whether the element is there, or on its way in, after the last event.
    var isPresent: Bool { (events.last?.change.to ?? 0) > 0 }

    /// Whether the element has no part on stage at `time`: never entered,
    /// or its last exit has finished. An element coming back then starts
    /// afresh where it is put, instead of gliding from where it left.
    func isGone(at time: Double) -> Bool {
        guard let e = events.latest(at: time) else { return true }
        return e.change.to == 0 && time >= e.end
    }

    mutating func enter(at time: Double, with animation: Animation, transition: Transition) {
        add(to: 1, at: time, with: animation, transition: transition)
    }

    mutating func exit(at time: Double, with animation: Animation, transition: Transition) {
        add(to: 0, at: time, with: animation, transition: transition)
    }

    private mutating func add(to target: Double, at time: Double, with animation: Animation, transition: Transition) {
        let from = state(at: time)?.presence ?? 0
        events.append(Event(from: from, to: target, transition: transition), at: time, with: animation)
    }
}

/// A value that changes in steps: the latest value set at or before a time.
struct Discrete<Value: Sendable>: Sendable {
    let initial: Value
    private var changes = Timed<Value>()

    init(_ initial: Value) {
        self.initial = initial
    }

    mutating func set(_ value: Value, at time: Double) {
        changes.append(value, at: time, with: Animation(curve: .linear, duration: 0))
    }

    func value(at time: Double) -> Value { changes.latest(at: time)?.change ?? initial }

    /// The value after every change so far.
    var last: Value { changes.last?.change ?? initial }
}

/// A text that cross-fades to each new value: the old one fades out as the
/// new one fades in.
struct FadingText: Sendable {
    struct Change: Sendable {
        let from: String
        let to: String
    }

    let initial: String
    private var changes = Timed<Change>()

    init(_ initial: String) {
        self.initial = initial
    }

    var last: String { changes.last?.change.to ?? initial }

    /// Starts a cross-fade to `text`. A change that interrupts another
    /// fades out whichever text shows most at that moment (the other, at
    /// most half visible, goes at once).
    mutating func change(to text: String, at time: Double, with animation: Animation) {
        guard text != last else { return }
        let (now, fading) = value(at: time)
        let from = fading.map { $0.opacity > 0.5 ? $0.text : now } ?? now
        changes.append(Change(from: from, to: text), at: time, with: animation)
    }

    /// The text showing at `time`, and the one fading out with its opacity.
    func value(at time: Double) -> (text: String, fading: FadingLabel?) {
        guard let c = changes.latest(at: time) else { return (initial, nil) }
        guard let f = c.fraction(at: time) else { return (c.change.to, nil) }
        return (c.change.to, FadingLabel(text: c.change.from, opacity: 1 - min(max(f, 0), 1)))
    }
}

/// A word that stands for an animated look (a role, a key): it switches
/// halfway through the tween of what it stands for, so the dump names the
/// colour that dominates. A change that interrupts another switches from
/// the word showing when it starts.
struct Switch<Value: Equatable & Sendable>: Sendable {
    struct Change: Sendable {
        let from: Value
        let to: Value
    }

    let initial: Value
    private var changes = Timed<Change>()

    init(_ initial: Value) {
        self.initial = initial
    }

    var last: Value { changes.last?.change.to ?? initial }

    mutating func change(to value: Value, at time: Double, with animation: Animation) {
        guard value != last else { return }
        changes.append(Change(from: self.value(at: time), to: value), at: time, with: animation)
    }

    func value(at time: Double) -> Value {
        guard let c = changes.latest(at: time) else { return initial }
        guard let f = c.fraction(at: time) else { return c.change.to }
        return f >= 0.5 ? c.change.to : c.change.from
    }
}
