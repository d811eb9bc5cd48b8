extension Animation: CustomStringConvertible {
    /// The curve, duration and delay, e.g.
    /// `easeInOut over 0.3 s after 0.1 s`.
    public var description: String {
        let delay = delaySeconds == 0 ? "" : " after \(delaySeconds) s"
        return "\(curve) over \(duration) s\(delay)"
    }
}
