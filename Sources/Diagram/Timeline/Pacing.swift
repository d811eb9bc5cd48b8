/// How long a compiled script lasts at any speed, without compiling it
/// again: what `--duration` and the note on a long animation ask.
///
/// The length of an animation is not its length at speed 1 over the speed:
/// a beat whose moves would cross the screen too fast for a student is
/// slowed to a pace that no speed shortens, the narration says each caption
/// at its own rate, and a camera's flight at the end of a step keeps within
/// the step, and every caption is held until it is read. The compiler
/// records, as it goes, each thing that moves the time on and how it
/// depends on the speed: a beat's written length and the least its moves
/// may take, a flight, a pan, each caption shown and said, each wait for
/// the reading and for the words. ``duration(atSpeed:speaking:)`` plays those
/// records again at another speed: a pass over numbers, with no layout,
/// text measuring or tracks.
public struct Pacing: Sendable {
    enum Event: Sendable {
        /// A step begins (its camera's pan is timed from here).
        case step
        /// A caption shows while narrating, said for `length` seconds (nil:
        /// it has no words, or is taken away).
        case say(length: Double?)
        /// The time waits for the words being said.
        case waitForSpeech
        /// A caption shows that takes `seconds` to read at speed 1: the one
        /// before is first read (unless it showed in this instant).
        case read(seconds: Double)
        /// Back, in the instant it was replaced, to the caption before.
        case back
        /// Beats that lead, in `length` seconds at speed 1, to a new caption:
        /// the time waits until the caption on screen will be read by their
        /// end.
        case lead(length: Double)
        /// The time waits for the caption on screen to be read.
        case waitForReading
        /// A running count (``Step/tally``) that takes `seconds` to read
        /// and is `said` for so long when `narrated`: shown, as a caption is,
        /// only if the caption on screen has been read.
        case tally(seconds: Double, said: Double?, narrated: Bool)
        /// A beat `length` seconds long at speed 1, with an animation that
        /// runs `reach` seconds from its start at speed 1, played no faster
        /// than `rate` × its length at speed 1 allows: at speed `s` it
        /// takes `max(length / s, length × rate)`.
        case beat(length: Double, reach: Double, rate: Double)
        /// A camera's flight to a region before a step's beats, `length`
        /// seconds at speed 1.
        case flight(length: Double)
        /// A camera's pan from the step's start, `length` seconds at speed 1.
        case pan(length: Double)
    }

    var events: [Event] = []
    /// The pause after a caption is said, before the next shows.
    let speechPause: Double

    init(speechPause: Double) {
        self.speechPause = speechPause
    }

    /// The animation's length, in seconds, at `speed`; without the
    /// narration's holds when `speaking` is false (what the animation would
    /// last unsaid).
    public func duration(atSpeed speed: Double, speaking: Bool = true) -> Double {
        var time = 0.0, latestEnd = 0.0, stepStart = 0.0
        var speakingUntil = 0.0, speakingBefore = 0.0
        var reading = CaptionReading()
        var starts: [Double] = []
        func say(_ length: Double?) {
            // As the compiler says a caption: one replaced in the instant
            // it showed is not said.
            if let last = starts.last, last == time {
                starts.removeLast()
                speakingUntil = speakingBefore
            }
            time = max(time, speakingUntil)
            if let length {
                speakingBefore = speakingUntil
                starts.append(time)
                speakingUntil = time + length + speechPause
            }
        }
        for event in events {
            switch event {
            case .step:
                stepStart = time
            case .say(let length):
                if speaking { say(length) }
            case .read(let seconds):
                time = reading.show(seconds / speed, at: time)
            case .back:
                reading.back()
            case .tally(let seconds, let said, let narrated):
                guard time >= reading.until else { continue }
                time = reading.show(seconds / speed, at: time)
                if narrated, speaking { say(said) }
            case .lead(let length):
                time = max(time, reading.until - length / speed)
            case .waitForReading:
                if reading.since == time { continue }
                time = max(time, reading.until)
            case .waitForSpeech:
                if let last = starts.last, last == time { continue }
                time = max(time, speakingUntil)
            case .beat(let length, let reach, let rate):
                latestEnd = max(latestEnd, time + max(reach / speed, reach * rate))
                time += max(length / speed, length * rate)
            case .flight(let length):
                time += length / speed
                latestEnd = max(latestEnd, time)
            case .pan(let length):
                latestEnd = max(latestEnd, stepStart + length / speed)
            }
        }
        return max(time, latestEnd, speakingUntil, reading.until)
    }

    /// The speed, from `slowest` to `fastest` and in hundredths, at which
    /// the animation lasts nearest to `seconds`: found on the records, as
    /// the length never grows with the speed.
    public func speed(lasting seconds: Double, slowest: Double = 0.1, fastest: Double = 10) -> Double {
        var lo = Int((slowest * 100).rounded(.up)), hi = Int((fastest * 100).rounded(.down))
        let length = { (hundredths: Int) in duration(atSpeed: Double(hundredths) / 100) }
        // The slowest speed whose length is within `seconds`, by halving.
        while lo < hi {
            let mid = (lo + hi) / 2
            if length(mid) <= seconds { hi = mid } else { lo = mid + 1 }
        }
        // It, or the one before it, whichever lasts nearer.
        let before = max(lo - 1, Int((slowest * 100).rounded(.up)))
        return Double(abs(length(before) - seconds) < abs(length(lo) - seconds) ? before : lo) / 100
    }
}

/// When the caption on screen, and the one before it, showed, and when each
/// has been up long enough to read: the reading rule's state, kept alike by
/// the compiler and by ``Pacing``.
struct CaptionReading: Sendable {
    var since = -Double.infinity, until = 0.0
    var sinceBefore = -Double.infinity, untilBefore = 0.0

    /// Shows a caption at `time` that takes `seconds` to read, once the one
    /// on screen has been read (one that showed in this instant was never on
    /// screen, and is not waited for); returns when it shows.
    mutating func show(_ seconds: Double, at time: Double) -> Double {
        if since == time { until = untilBefore }
        let at = max(time, until)
        (sinceBefore, untilBefore) = (since, until)
        (since, until) = (at, at + seconds)
        return at
    }

    /// Back to the caption before, replaced in this instant: it is as it
    /// was, neither shown again nor read again.
    mutating func back() {
        (since, until) = (sinceBefore, untilBefore)
    }
}
