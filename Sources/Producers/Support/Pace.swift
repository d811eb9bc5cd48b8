/// The pace every producer keeps, and the one rule of length: an animation
/// that would play one operation (or one decision) at a time for over three
/// minutes plays several a step instead, unless the user sets the pace; and
/// any animation over three minutes gets a note naming what shortens it.
public enum Pace {
    /// The longest an animation plays at the default pace without a word:
    /// a slide's clip that runs for minutes is more than a class can follow.
    public static let longest = 180.0

    /// About how long fast play takes when no rate is given.
    public static let fastPlaySeconds = 60.0

    /// The rate of fast play for `operations` that last `seconds` one at a
    /// time, played at `speed`: none while that is at most ``longest``;
    /// else as many a second as play them in about ``fastPlaySeconds``, and
    /// at least one.
    public static func fastPlayRate(operations: Int, seconds: Double, speed: Double) -> Double? {
        guard seconds / speed > longest else { return nil }
        return max(1, (Double(operations) / fastPlaySeconds).rounded(.up))
    }

    /// How many steps of `seconds` in all to play as one so that they last
    /// about two and a half minutes: nil while they last at most ``longest``.
    public static func batch(seconds: Double) -> Int? {
        guard seconds > longest else { return nil }
        return Int((seconds / 150).rounded(.up))
    }
}
