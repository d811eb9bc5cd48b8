import Tween

/// The curve of the main moves of an animation (a tree making room, bars
/// changing), as a user picks it on the command line.
public enum Easing: String, Sendable, CaseIterable {
    case linear
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"
    case spring

    /// The animation for a move of nominal length `duration` seconds.
    ///
    /// The spring is a gentle one (bounce 0.15): its overshoot is a few per
    /// cent of each move, far too little to swap two neighbours' order.
    public func animation(duration: Double) -> Animation {
        switch self {
        case .linear: .linear(duration: duration)
        case .easeIn: .easeIn(duration: duration)
        case .easeOut: .easeOut(duration: duration)
        case .easeInOut: .easeInOut(duration: duration)
        case .spring: .spring(duration: duration, bounce: 0.15)
        }
    }
}
